/// Entropy read from a fuzzer's input: one byte per draw, scrambled with its position so that
/// every draw uses the full 64 bits while a mutation of one byte changes one choice.
///
/// Past the end of the bytes it keeps answering (the scramble of a zero byte and the position),
/// so decoding never traps; callers stop generating work once ``isExhausted`` is true.
public struct ByteEntropy: EntropySource {
    private let bytes: [UInt8]
    private var position = 0

    public init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { position >= bytes.count }

    public mutating func next() -> UInt64 {
        let byte = position < bytes.count ? bytes[position] : 0
        if position < Int.max { position += 1 }
        return SplitMix64.mix(UInt64(byte) << 56 ^ UInt64(truncatingIfNeeded: position))
    }
}
