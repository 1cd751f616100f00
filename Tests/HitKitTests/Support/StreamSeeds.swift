import Foundation

/// The seeds a random-stream property test plays.
///
/// The plain `swift test` plays every seed. CI's AddressSanitizer run (`Scripts/sanitizers.sh`),
/// where a stream costs about four times what it costs in the plain build and these tests were a
/// third of the run, sets `HITKIT_STREAM_SEED_STRIDE=4` and plays every fourth seed: the same
/// promises, checked under the sanitizer and the internal checks on a quarter of the worlds. How
/// much of each feature the streams reach is the generator's property, not the build's: the full
/// run alone checks it (`playsEverySeed`), since a sample's share of it is a matter of chance.
enum StreamSeeds {
    /// 1 plays every seed; n plays the first seed and every n-th after it.
    static let stride: Int = {
        guard let text = ProcessInfo.processInfo.environment["HITKIT_STREAM_SEED_STRIDE"] else { return 1 }
        guard let value = Int(text), value >= 1 else {
            fatalError("HITKIT_STREAM_SEED_STRIDE must be a whole number, 1 or more; it is \"\(text)\"")
        }
        return value
    }()

    /// Whether this run plays every seed, and so can hold the streams to what they reach.
    static var playsEverySeed: Bool { stride == 1 }

    /// The seeds of `range` this run plays.
    static func of(_ range: ClosedRange<UInt64>) -> StrideThrough<UInt64> {
        Swift.stride(from: range.lowerBound, through: range.upperBound, by: stride)
    }
}
