/// Sebastiano Vigna's SplitMix64: a tiny, fast, seedable generator whose sequence is the same on
/// every platform, so a failing seed reproduces anywhere.
public struct SplitMix64: EntropySource, RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    /// SplitMix64's output function: a bijective scramble of 64 bits.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
