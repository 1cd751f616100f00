import Glibc

/// The share of its random work a randomized test does in this run: which seeds it plays, and
/// how many times it repeats a random step.
///
/// The plain `swift test` plays every seed and every repeat. CI's AddressSanitizer run
/// (`Scripts/sanitizers.sh`), where a random world costs four to ten times what it costs in the
/// plain build, sets `HITKIT_SEED_STRIDE=4`: the first seed and every fourth after it, and a
/// quarter of the repeats. The same promises, checked under the sanitizer and the internal checks
/// on a quarter of the worlds. How much of a feature the worlds reach is the generator's property,
/// not the build's: the full run alone checks it (`playsEverySeed`), since a sample's share of
/// it is a matter of chance.
public enum TestSeeds {
    /// 1 plays every seed; n plays the first seed and every n-th after it.
    public static let stride: Int = {
        guard let variable = getenv("HITKIT_SEED_STRIDE") else { return 1 }
        let text = String(cString: variable)
        guard let value = Int(text), value >= 1 else {
            fatalError("HITKIT_SEED_STRIDE must be a whole number, 1 or more; it is \"\(text)\"")
        }
        return value
    }()

    /// Whether this run plays every seed, and so can hold the worlds to what they reach.
    public static var playsEverySeed: Bool { stride == 1 }

    /// The seeds of `range` this run plays.
    public static func of(_ range: ClosedRange<UInt64>) -> StrideThrough<UInt64> {
        Swift.stride(from: range.lowerBound, through: range.upperBound, by: stride)
    }

    /// The seeds of `range` this run plays.
    public static func of(_ range: Range<UInt64>) -> StrideTo<UInt64> {
        Swift.stride(from: range.lowerBound, to: range.upperBound, by: stride)
    }

    /// The elements of `items` this run takes, for a test that checks each of a fixed set (the
    /// scenario fixtures) rather than random worlds: the first and every `stride`-th after it.
    public static func sample<Items: Collection>(_ items: Items) -> [Items.Element] {
        items.enumerated().compactMap { $0.offset % stride == 0 ? $0.element : nil }
    }

    /// How many of `count` repeats of a step (a random edit, a level of a deep chain) this run
    /// makes: at least one.
    public static func repeats(_ count: Int) -> Int {
        max(1, count / stride)
    }
}
