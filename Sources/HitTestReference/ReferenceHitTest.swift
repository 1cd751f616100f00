import HitTestCore

// Behaviour A2, word for word. Do not optimize this file: it is the oracle.

extension ReferenceView {
    /// Behaviour A1: `q = T⁻¹ · (p − center) + (bounds.minX + anchorPoint.x · width, …)`; a transform
    /// that cannot be inverted gives a non-finite point.
    public func convertFromSuperview(_ p: Point) -> Point {
        guard let inverse = transform.inverted() else { return Point(x: .nan, y: .nan) }
        let u = inverse.apply(to: Point(x: p.x - center.x, y: p.y - center.y))
        return Point(x: u.x + (bounds.origin.x + anchorPoint.x * bounds.size.width),
                     y: u.y + (bounds.origin.y + anchorPoint.y * bounds.size.height))
    }

    /// Behaviour A2's `pointInside`: the hit area (bounds inset, grown to the minimum size) contains p.
    public func pointInside(_ p: Point) -> Bool {
        guard p.isFinite else { return false }
        if let pointInsideOverride { return pointInsideOverride(p) }
        return Rect.hitArea(bounds: bounds, insets: hitTestInsets, minimumSize: minimumHitSize).contains(p)
    }

    /// Behaviour A2's `hitTest(p)`, with this view's override if it has one.
    public func hitTest(_ p: Point) -> ReferenceView? {
        guard p.isFinite else { return nil }
        if let hitTestOverride { return hitTestOverride(p) }
        return defaultHitTest(p)
    }

    /// Behaviour A2 steps 1–5 (what an override reaches as `super.hitTest`).
    public func defaultHitTest(_ p: Point) -> ReferenceView? {
        guard p.isFinite else { return nil }
        // 1. Hidden, not interactive, transparent (alpha < 0.01; NaN counts as transparent) or
        //    an uninvertible transform: no hit.
        if isHidden || !isUserInteractionEnabled || !(alpha >= 0.01) || transform.inverted() == nil {
            return nil
        }
        // 2. Outside: no hit, unless the view hits outside its bounds (but never answers itself).
        let inside = pointInside(p)
        if !inside && !hitsOutsideBounds { return nil }
        var answer: ReferenceView?
        // 3. Subviews, front-most first.
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convertFromSuperview(p)) {
                answer = hit
                break
            }
        }
        // 4. Otherwise the view itself, unless it passes touches through.
        if answer == nil && inside && !passThrough { answer = self }
        // 5. Tap the child, let the parent respond.
        if redirectsToSuperview, let found = answer, found.isDescendant(of: self) {
            return superview
        }
        return answer
    }
}

/// The reference's screen: windows (root views) with levels, tested front to back.
public struct ReferenceScreen {
    /// Windows in the order they were shown, with their levels.
    public var windows: [(window: ReferenceView, level: Double)] = []

    /// A screen with no windows.
    public init() {}

    /// Windows front to back: higher level first, and among equal levels the one shown last.
    public var frontToBack: [ReferenceView] {
        windows.enumerated()
            .sorted { lhs, rhs in
                lhs.element.level != rhs.element.level
                    ? lhs.element.level > rhs.element.level : lhs.offset > rhs.offset
            }
            .map(\.element.window)
    }

    /// Behaviour A2's windows rule: hidden windows are skipped (step 1 does it), the first that
    /// answers gives the answer.
    public func hitTest(screenPoint p: Point) -> ReferenceView? {
        guard p.isFinite else { return nil }
        for window in frontToBack {
            if let hit = window.hitTest(window.convertFromSuperview(p)) { return hit }
        }
        return nil
    }
}
