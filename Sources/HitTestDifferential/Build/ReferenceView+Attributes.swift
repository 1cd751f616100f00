import HitTestCore
import HitTestReference

// Setting a spec's attributes on a reference view: the reference half of building a forest.

extension ReferenceView {
    /// Sets every attribute. `view(key)` answers a fixed hit-test answer's view, `nil` once that
    /// view is destroyed (the engine's stale handle answers nothing too).
    public func setAttributes(_ a: ViewAttributes, view: @escaping (Int) -> ReferenceView?) {
        bounds = a.bounds
        center = a.center
        transform = a.transform
        anchorPoint = a.anchorPoint
        isHidden = a.isHidden
        isUserInteractionEnabled = a.isUserInteractionEnabled
        passThrough = a.passThrough
        hitsOutsideBounds = a.hitsOutsideBounds
        redirectsToSuperview = a.redirectsToSuperview
        alpha = a.alpha
        hitTestInsets = a.hitTestInsets
        minimumHitSize = a.minimumHitSize
        setPointInsideRule(a.pointInsideRule)
        setHitTestRule(a.hitTestRule, view: view)
    }

    /// Installs `rule` as the `pointInside` override (or removes it with `nil`).
    public func setPointInsideRule(_ rule: PointInsideRule?) {
        switch rule {
        case nil: pointInsideOverride = nil
        case .containedIn(let rect)?: pointInsideOverride = { rect.contains($0) }
        }
    }

    /// Installs `rule` as the `hitTest` override (or removes it with `nil`).
    public func setHitTestRule(_ rule: HitTestRule?, view: @escaping (Int) -> ReferenceView?) {
        switch rule {
        case nil: hitTestOverride = nil
        // Unowned: the view owns the closure, so a strong capture would leak it.
        case .defaultHitTest?: hitTestOverride = { [unowned self] p in self.defaultHitTest(p) }
        case .fixed(let target)?: hitTestOverride = { _ in view(target) }
        case .noAnswer?: hitTestOverride = { _ in nil }
        }
    }
}
