extension ViewStore {
    /// Whether the view has a `point(inside:)` override installed.
    public func hasPointInsideOverride(_ id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].contains(.customPointInside)
    }

    /// Whether the view has a `hitTest` override installed.
    public func hasHitTestOverride(_ id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].contains(.customHitTest)
    }
}
