import HitTestCore

extension Application {
    /// An immutable copy of every window and view of the application as they are now, which
    /// any thread may hit-test and convert points on while this thread goes on changing them
    /// (``HitTestCore/ViewStore/snapshot()``).
    ///
    /// Its answers are view handles (``HitTestCore/ViewID``): back on this thread,
    /// ``view(for:)`` gives the view, or `nil` if it has gone since. A view with a custom
    /// `hitTest` or `point(inside:)` cannot be decided on another thread: the answer is then
    /// ``HitTestCore/SnapshotAnswer/ask(_:)``, confirmed here with ``hitTest(screenPoint:with:)``.
    /// Call it on the application's thread; the snapshot itself is `Sendable`.
    public func windowsSnapshot() -> ViewStoreSnapshot {
        store.snapshot()
    }
}
