/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`). Positive values shrink the
/// rectangle, negative values enlarge it.
public struct EdgeInsets: Hashable, Sendable, BitwiseCopyable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
