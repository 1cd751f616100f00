import HitTestCore

/// A view of the reference implementation: plain stored properties and an array of subviews,
/// exactly the inputs Behaviour A1 and A2 name.
public final class ReferenceView {
    /// The caller's name for this view (the differential tests use the engine's row index).
    public var id: Int
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
    /// A replacement for `pointInside`, in this view's coordinates.
    public var pointInsideOverride: ((Point) -> Bool)?
    /// A replacement for `hitTest`, in this view's coordinates; may call ``defaultHitTest(_:)``.
    public var hitTestOverride: ((Point) -> ReferenceView?)?
    public private(set) var subviews: [ReferenceView] = []
    /// Set exactly while this view is in `superview.subviews`: `removeFromSuperview` and the
    /// superview's `deinit` clear it, so it never outlives its target. `unowned`, which traps if
    /// that ever fails, rather than `weak`: a weak reference gives the view a side table, which
    /// puts every retain and release of it on the runtime's slow path.
    public private(set) unowned var superview: ReferenceView?

    public init(id: Int) {
        self.id = id
    }

    deinit {
        for subview in subviews { subview.superview = nil }
    }

    /// Sets `center` to the frame's midpoint and `bounds.size` to its size (Behaviour A1).
    public func setFrame(_ frame: Rect) {
        center = Point(x: frame.midX, y: frame.midY)
        bounds.size = frame.size
    }

    public func insertSubview(_ view: ReferenceView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: index)
        view.superview = self
    }

    public func addSubview(_ view: ReferenceView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    public func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether `self` is `view` or under it.
    public func isDescendant(of view: ReferenceView) -> Bool {
        var v: ReferenceView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }
}
