/// Insets for each edge of a rectangle (UIKit's `UIEdgeInsets`). Positive values shrink the
/// rectangle, negative values enlarge it.
public struct EdgeInsets: Hashable, Sendable, BitwiseCopyable {
    /// How far the top (min-y) edge moves inwards.
    public var top: Double
    /// How far the left (min-x) edge moves inwards.
    public var left: Double
    /// How far the bottom (max-y) edge moves inwards.
    public var bottom: Double
    /// How far the right (max-x) edge moves inwards.
    public var right: Double

    /// Insets of `top`, `left`, `bottom` and `right` (UIKit's `UIEdgeInsets(top:left:bottom:right:)`).
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
