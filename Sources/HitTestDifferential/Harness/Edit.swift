import HitTestCore

/// One edit of the forest, naming views by key. Applied to both sides by
/// ``DifferentialHarness/apply(_:)``; an edit the engine must refuse (a cycle, a stale handle, an
/// index out of range, …) is expected to throw that exact ``ViewStoreError`` there and is skipped
/// on the reference.
public enum Edit: Sendable, Equatable {
    case addSubview(child: Int, parent: Int)
    case insertSubview(child: Int, parent: Int, index: Int)
    case insertAbove(child: Int, sibling: Int)
    case insertBelow(child: Int, sibling: Int)
    case removeFromSuperview(Int)
    case bringToFront(Int)
    case sendToBack(Int)
    case exchangeSubviews(parent: Int, Int, Int)
    case destroy(Int)
    case setCenter(Int, Point)
    case setBounds(Int, Rect)
    case setFrame(Int, Rect)
    case setTransform(Int, AffineTransform)
    case setAnchorPoint(Int, Point)
    case setFlag(Int, ViewStore.Flag, Bool)
    case setAlpha(Int, Double)
    case setHitTestInsets(Int, EdgeInsets)
    case setMinimumHitSize(Int, Size)
    case setPointInsideRule(Int, PointInsideRule?)
    case setHitTestRule(Int, HitTestRule?)
    /// Creates a detached view with these attributes (its key is the next one).
    case makeView(ViewAttributes)
    /// Creates a window at `level`, shown in front of its level (its key is the next one).
    case makeWindow(level: Double, ViewAttributes)
    case setWindowLevel(Int, Double)
    case orderFront(Int)
}
