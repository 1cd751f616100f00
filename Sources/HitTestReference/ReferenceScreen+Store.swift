import HitTestCore

extension ReferenceScreen {
    /// The reference's copy of every window of `store` and the views under them, with each
    /// view's `id` its row index (`ViewID.index`). A view with an override gets one that asks the
    /// store (whose override it is), so only the rest is computed independently. For measuring
    /// and checking a user's own hierarchy against the engine (`hitkit bench`).
    public init(copying store: ViewStore) throws(ViewStoreError) {
        self.init()
        // Windows back to front, so that "shown last" keeps each level's order.
        for window in store.windows.reversed() {
            windows.append((window: try Self.copy(window, of: store), level: try store.windowLevel(of: window)))
        }
    }

    private static func copy(_ id: ViewID, of store: ViewStore) throws(ViewStoreError) -> ReferenceView {
        let view = ReferenceView(id: Int(id.index))
        view.center = try store.center(of: id)
        view.bounds = try store.bounds(of: id)
        view.transform = try store.transform(of: id)
        view.anchorPoint = try store.anchorPoint(of: id)
        view.isHidden = try store.flag(.hidden, of: id)
        view.isUserInteractionEnabled = try store.flag(.userInteractionEnabled, of: id)
        view.passThrough = try store.flag(.passThrough, of: id)
        view.hitsOutsideBounds = try store.flag(.hitsOutsideBounds, of: id)
        view.redirectsToSuperview = try store.flag(.redirectsToSuperview, of: id)
        view.alpha = try store.alpha(of: id)
        view.hitTestInsets = try store.hitTestInsets(of: id)
        view.minimumHitSize = try store.minimumHitSize(of: id)
        if try store.hasPointInsideOverride(id) {
            view.pointInsideOverride = { [unowned store] p in (try? store.pointInside(id, p)) ?? false }
        }
        if try store.hasHitTestOverride(id) {
            view.hitTestOverride = { [unowned store, unowned view] p in
                guard let answer = (try? store.hitTest(p, in: id)) ?? nil else { return nil }
                var root = view
                while let superview = root.superview { root = superview }
                return root.descendant(withID: Int(answer.index))
            }
        }
        for subview in try store.subviews(of: id) {
            view.addSubview(try copy(subview, of: store))
        }
        return view
    }
}

extension ReferenceView {
    /// This view or the first view under it with `id`, depth first.
    public func descendant(withID id: Int) -> ReferenceView? {
        if self.id == id { return self }
        for subview in subviews {
            if let found = subview.descendant(withID: id) { return found }
        }
        return nil
    }
}
