/// A source of 64-bit values that drives every random choice of the differential harness.
///
/// Deliberately not `RandomNumberGenerator`: the standard library's `random(in:using:)` retries
/// until a draw is unbiased, which never ends on a source that has run out of bytes and answers
/// zeros. These helpers take one draw per choice and never loop, so any source, however poor,
/// always produces a spec.
public protocol EntropySource {
    /// The next value.
    mutating func next() -> UInt64
}

extension EntropySource {
    /// A value in `0..<count` (0 when `count` is 0 or 1). Slightly biased; no retries.
    public mutating func int(below count: Int) -> Int {
        count <= 1 ? 0 : Int(next() % UInt64(count))
    }

    /// A value in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.upperBound - range.lowerBound + 1)
    }

    /// A value in `[0, 1)` with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A value in `range` (its upper bound included only by rounding).
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One of `items`, which must not be empty.
    public mutating func pick<Element>(_ items: [Element]) -> Element {
        precondition(!items.isEmpty, "pick needs at least one item")
        return items[int(below: items.count)]
    }

    /// A multiple of `step` in `range`: small grids keep most geometry exactly representable, so
    /// points land exactly on edges after conversion.
    public mutating func grid(_ range: ClosedRange<Int>, step: Double = 0.5) -> Double {
        Double(int(in: range)) * step
    }
}
