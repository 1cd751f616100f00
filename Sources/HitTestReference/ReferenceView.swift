import HitTestCore

/// A view of the reference implementation: plain stored properties and an array of subviews,
/// exactly the inputs Behaviour A1 and A2 name.
public final class ReferenceView {
    /// The caller's name for this view (the differential tests use the engine's row index).
    public var id: Int
    /// Where ``anchorPoint`` sits in the superview's coordinates (for a window: on the screen).
    public var center = Point.zero
    /// The view's own coordinate system: its origin and size (zero by default). The hit area is made
    /// from it.
    public var bounds = Rect.zero
    /// Applied about the anchor point (identity by default). One that cannot be inverted makes the
    /// view and its subtree unhittable.
    public var transform = AffineTransform.identity
    /// The point of the bounds, in unit coordinates, placed at ``center`` (default (0.5, 0.5)).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Whether the view is hidden (default false): a hidden view and its subtree are never hit.
    public var isHidden = false
    /// The view's opacity (default 1), not clamped; below 0.01, or NaN, the view and its subtree are
    /// never hit.
    public var alpha = 1.0
    /// Whether the view takes user interaction (default true): when false, the view and its subtree
    /// are never hit.
    public var isUserInteractionEnabled = true
    /// When true, the view is never the answer itself, though its subviews may be (default false).
    public var passThrough = false
    /// Subviews are searched even outside the view's hit area, where the view itself cannot be the
    /// answer (default false).
    public var hitsOutsideBounds = false
    /// A hit on the view or anything under it answers its superview instead (no hit for a root view;
    /// default false).
    public var redirectsToSuperview = false
    /// Insets applied to the bounds to make the hit area (default zero; negative values enlarge it).
    public var hitTestInsets = EdgeInsets.zero
    /// The smallest hit area: a smaller one is grown about its center to this size (default zero,
    /// which grows nothing).
    public var minimumHitSize = Size.zero
    /// A replacement for `pointInside`, in this view's coordinates.
    public var pointInsideOverride: ((Point) -> Bool)?
    /// A replacement for `hitTest`, in this view's coordinates; may call ``defaultHitTest(_:)``.
    public var hitTestOverride: ((Point) -> ReferenceView?)?
    /// The subviews, back-most first: the hit test tries them from the last.
    public private(set) var subviews: [ReferenceView] = []
    /// Set exactly while this view is in `superview.subviews`: `removeFromSuperview` and the
    /// superview's `deinit` clear it, so it never outlives its target. `unowned`, which traps if
    /// that ever fails, rather than `weak`: a weak reference gives the view a side table, which
    /// puts every retain and release of it on the runtime's slow path.
    public private(set) unowned var superview: ReferenceView?

    /// A view named `id`, in no tree, with every other property at its default.
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

    /// Removes `view` from its superview, if any, then inserts it at `index` among the subviews (0 is
    /// the back-most), as HitKit's `View.insertSubview(_:at:)` does: `index` counts after that
    /// removal, one past the end puts the view in front and a negative one behind.
    ///
    /// - Precondition: `view` is neither this view nor one of its ancestors (the tree would become
    ///   a cycle, which the recursive hit test would never leave).
    public func insertSubview(_ view: ReferenceView, at index: Int) {
        // A leaf is no ancestor of this view unless it is this view: trees built top-down, adding
        // leaves, skip the walk.
        precondition(view !== self && (view.subviews.isEmpty || !isDescendant(of: view)),
                     "HitTestReference: adding view \(view.id) under view \(id) makes a cycle")
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Removes `view` from its superview, if any, then puts it in front of the subviews.
    ///
    /// - Precondition: as for ``insertSubview(_:at:)``.
    public func addSubview(_ view: ReferenceView) {
        insertSubview(view, at: .max)
    }

    /// Takes the view out of its superview's ``subviews`` and clears ``superview``; without a
    /// superview it does nothing.
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
