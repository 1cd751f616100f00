// Destroying one view's own row, as an object façade does when the object is freed — which may
// happen in the middle of a hit test, when an override drops the last reference to a view.

extension ViewStore {
    /// Destroys the row of `id` alone: its subviews are detached first and keep their rows (an
    /// object façade's subviews may be referenced elsewhere and destroy their own rows when
    /// freed).
    ///
    /// Unlike the other edits it is never refused during a hit test: a view object can be freed
    /// by an override while a query runs. The row is then destroyed once the outermost query is
    /// over; until then it stays where it is, and ``contains(_:)`` still accepts its handle.
    public func destroyDetachingSubviews(_ id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        if query.queriesCallingOut != 0 {
            if !pendingDestroys.contains(id) { pendingDestroys.append(id) }
            query.hasPendingWork = true
            return
        }
        var child = firstChild[r]
        while child != noRow {
            let next = nextSibling[child]
            unlink(child)
            child = next
        }
        try destroy(id)
    }

    /// Destroys the rows freed during the queries that just ended.
    func processPendingDestroys() {
        guard !pendingDestroys.isEmpty else { return }
        let ids = pendingDestroys
        pendingDestroys.removeAll(keepingCapacity: true)
        // A pending row may have been destroyed meanwhile with its ancestor: skip stale handles.
        for id in ids where contains(id) { try? destroyDetachingSubviews(id) }
    }
}
