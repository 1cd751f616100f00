/// A location in a two-dimensional coordinate system (CoreGraphics' `CGPoint`).
public struct Point: Hashable, Sendable, BitwiseCopyable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite. Behaviour A1: a NaN or infinite point hits nothing.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
