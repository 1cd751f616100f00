import HitTestCore

/// The honest baseline: a view tree with UIKit's hit-test rules (Behaviour A2) written the way a
/// good app developer writes them, with nothing borrowed from the engine.
///
/// A `final class` per view, subviews in an array, an `unowned` superview, a recursive
/// `hitTest`. What a careful developer caches is cached when a property is set: the transform's
/// inverse (and whether it is the identity, so the common case skips the multiply) and the hit
/// area (bounds inset, grown to the minimum size). Unlike `HitTestReference`, which is the oracle
/// and deliberately literal (it inverts each transform twice per visit and recomputes the hit
/// area), nothing here is recomputed per query that need not be. Overrides are not modelled: the
/// benchmark trees have none.
final class NaiveView {
    /// The spec index, so that answers can be compared with the other implementations.
    let id: Int
    var center = Point.zero
    var bounds = Rect.zero { didSet { updateHitArea() } }
    var transform = AffineTransform.identity {
        didSet {
            inverse = transform.inverted()
            isIdentityTransform = transform.isIdentity
        }
    }
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var isHidden = false
    var alpha = 1.0
    var isUserInteractionEnabled = true
    var hitsOutsideBounds = false
    var passThrough = false
    var redirectsToSuperview = false
    var hitTestInsets = EdgeInsets.zero { didSet { updateHitArea() } }
    var minimumHitSize = Size.zero { didSet { updateHitArea() } }

    private(set) var subviews: [NaiveView] = []
    private(set) unowned var superview: NaiveView?

    /// Cached on write: `nil` when the transform cannot be inverted (the view is then unhittable).
    private var inverse: AffineTransform? = .identity
    private var isIdentityTransform = true
    private var hitArea = Rect.zero

    init(id: Int) { self.id = id }

    func setFrame(_ frame: Rect) {
        center = Point(x: frame.midX, y: frame.midY)
        bounds.size = frame.size
    }

    func addSubview(_ view: NaiveView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    private func updateHitArea() {
        hitArea = Rect.hitArea(bounds: bounds, insets: hitTestInsets, minimumSize: minimumHitSize)
    }

    /// A point in the superview's coordinates, in this view's (Behaviour A1).
    func convert(fromSuperview p: Point) -> Point {
        var u = Point(x: p.x - center.x, y: p.y - center.y)
        if !isIdentityTransform {
            guard let inverse else { return Point(x: .nan, y: .nan) }
            u = inverse.apply(to: u)
        }
        return Point(x: u.x + (bounds.origin.x + anchorPoint.x * bounds.size.width),
                     y: u.y + (bounds.origin.y + anchorPoint.y * bounds.size.height))
    }

    func point(inside p: Point) -> Bool {
        hitArea.contains(p)
    }

    /// Behaviour A2, steps 1 to 5.
    func hitTest(_ p: Point) -> NaiveView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, inverse != nil else { return nil }
        let inside = point(inside: p)
        guard inside || hitsOutsideBounds else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(fromSuperview: p)) {
                return redirectsToSuperview ? superview : hit
            }
        }
        guard inside, !passThrough else { return nil }
        return redirectsToSuperview ? superview : self
    }
}

/// The spec built from ``NaiveView``s; a view's `id` is its spec index.
struct NaiveTree {
    let window: NaiveView
    /// Every view, in spec order: tearing down releases parents before subviews, so a deep chain
    /// never recurses in `deinit` (as ``ReferenceTree``).
    let views: [NaiveView]

    init(_ spec: ShapeSpec) {
        var views: [NaiveView] = []
        views.reserveCapacity(spec.count)
        for index in 0..<spec.count {
            let view = NaiveView(id: index)
            view.setFrame(spec.frame[index])
            if let transform = spec.transforms[Int32(index)] { view.transform = transform }
            if index > 0 { views[Int(spec.parent[index])].addSubview(view) }
            views.append(view)
        }
        window = views[0]
        self.views = views
    }

    /// The answer for a screen point, as a spec index (`-1` for none).
    @inline(__always)
    func hitTest(_ screenPoint: Point) -> Int {
        window.hitTest(window.convert(fromSuperview: screenPoint))?.id ?? -1
    }
}
