import HitTestCore

// Setting a spec's attributes on an engine view: the engine half of building a forest.

extension ViewStore {
    /// Sets every attribute of `id`. `keys` maps a fixed hit-test answer's key to its handle.
    public func setAttributes(_ a: ViewAttributes, of id: ViewID, keys: [ViewID]) throws(ViewStoreError) {
        try setBounds(a.bounds, of: id)
        try setCenter(a.center, of: id)
        try setTransform(a.transform, of: id)
        try setAnchorPoint(a.anchorPoint, of: id)
        try setFlag(.hidden, a.isHidden, of: id)
        try setFlag(.userInteractionEnabled, a.isUserInteractionEnabled, of: id)
        try setFlag(.passThrough, a.passThrough, of: id)
        try setFlag(.hitsOutsideBounds, a.hitsOutsideBounds, of: id)
        try setFlag(.redirectsToSuperview, a.redirectsToSuperview, of: id)
        try setAlpha(a.alpha, of: id)
        try setHitTestInsets(a.hitTestInsets, of: id)
        try setMinimumHitSize(a.minimumHitSize, of: id)
        try setPointInsideRule(a.pointInsideRule, of: id)
        try setHitTestRule(a.hitTestRule, of: id, keys: keys)
    }

    /// Installs `rule` as the view's `point(inside:)` override (or removes it with `nil`).
    public func setPointInsideRule(_ rule: PointInsideRule?, of id: ViewID) throws(ViewStoreError) {
        switch rule {
        case nil: try setPointInsideOverride(nil, of: id)
        case .containedIn(let rect)?: try setPointInsideOverride({ rect.contains($0) }, of: id)
        }
    }

    /// Installs `rule` as the view's `hitTest` override (or removes it with `nil`). A fixed answer
    /// naming a key outside `keys` answers nothing.
    public func setHitTestRule(_ rule: HitTestRule?, of id: ViewID, keys: [ViewID]) throws(ViewStoreError) {
        switch rule {
        case nil:
            try setHitTestOverride(nil, of: id)
        case .defaultHitTest?:
            // Unowned: the store owns its closures, so a strong capture would leak it.
            try setHitTestOverride({ [unowned self] p in (try? self.defaultHitTest(id, at: p)) ?? nil }, of: id)
        case .fixed(let target)?:
            let answer = target >= 0 && target < keys.count ? keys[target] : nil
            try setHitTestOverride({ _ in answer }, of: id)
        case .noAnswer?:
            try setHitTestOverride({ _ in nil }, of: id)
        }
    }
}
