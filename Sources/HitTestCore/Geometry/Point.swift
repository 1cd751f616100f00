/// A location in a two-dimensional coordinate system (CoreGraphics' `CGPoint`).
public struct Point: Hashable, Sendable, BitwiseCopyable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// The point at `(x, y)`.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at `(x, y)`: ``init(x:y:)`` without labels.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite. Behaviour A1: a NaN or infinite point hits nothing.
    @inlinable
    public var isFinite: Bool {
        // `v − v` is +0 for a finite `v` and NaN for an infinite or NaN one: both lanes at once,
        // each lane's mask all ones or zero (a subtraction, a compare and `movmskpd`, where the
        // two `isFinite` tests took fourteen instructions; every query tests its point twice).
        let v = SIMD2(x, y)
        let finite = unsafeBitCast((v - v) .== SIMD2<Double>(), to: SIMD2<Int64>.self)
        return finite.x & finite.y != 0
    }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
