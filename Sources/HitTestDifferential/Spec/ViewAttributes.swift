import HitTestCore

/// A custom `point(inside:)` installed identically on both engines.
public enum PointInsideRule: Sendable, Equatable {
    /// Inside exactly where `rect` contains the point (in the view's own coordinates).
    case containedIn(Rect)
}

/// A custom `hitTest(_:with:)` installed identically on both engines.
public enum HitTestRule: Sendable, Equatable {
    /// Calls the default hit test ("super"), as an override that only observes would.
    case defaultHitTest
    /// Always answers the view with this key (no answer once that view is destroyed).
    case fixed(key: Int)
    /// Never answers: the view and its subtree are invisible to touches.
    case noAnswer
}

/// Every per-view input of Behaviour A1 and A2, as a value.
public struct ViewAttributes: Sendable, Equatable {
    public var center = Point.zero
    public var bounds = Rect.zero
    public var transform = AffineTransform.identity
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var isHidden = false
    public var alpha = 1.0
    public var isUserInteractionEnabled = true
    public var passThrough = false
    public var hitsOutsideBounds = false
    public var redirectsToSuperview = false
    public var hitTestInsets = EdgeInsets.zero
    public var minimumHitSize = Size.zero
    public var pointInsideRule: PointInsideRule?
    public var hitTestRule: HitTestRule?

    public init() {}

    public init(center: Point, bounds: Rect) {
        self.center = center
        self.bounds = bounds
    }
}
