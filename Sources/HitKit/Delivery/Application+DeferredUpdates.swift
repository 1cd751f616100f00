// Work that a change makes due is done once, when the outermost delivery around it ends: hover
// is recomputed (Behaviour A8) and waiters released by a stopped recognizer are resolved (A4 i).
// A change made outside any delivery is followed before its call returns. Inside a delivery the
// same work would run re-entrantly, in the middle of a step, so it waits for that delivery's end.
// What is due, and how deep the deliveries are, is kept in one place: ``DeferredWork``.

extension Application {
    /// Runs `body`, a group of changes, and does what they made due once at its end (hover
    /// recomputed if a view changed and a pointer is on the screen, so the hover recognizers see
    /// only the final state). Nested groups are followed at the end of the outermost one.
    package func deferringUpdates<T>(_ body: () throws -> T) rethrows -> T {
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        return try body()
    }

    /// Opens a group of changes (see ``deferringUpdates(_:)``).
    func beginDeferringUpdates() {
        deferredWork.open()
    }

    /// Closes a group; the outermost one does what its changes made due.
    func endDeferringUpdates() {
        let work = deferredWork
        guard work.close() else { return }
        resolveReleasedWaiters()
        guard work.hoverIsStale else { return }
        work.hoverIsStale = false
        if pointerState.id != nil { deliverHoverAndScroll(nil, at: time) }
    }

    /// The frames a stopped recognizer asked for (``DeferredWork/needsResolution``): steps 3–5
    /// as in a timer's frame, at the current time. A recognizer stopped by an action of one asks
    /// for another, followed up to ``DeferredWork/maximumFollowUps`` times so that actions
    /// disabling and enabling each other cannot loop (what is left is resolved at the next
    /// delivery's end). An idle host may send no frame until the next input, and what the
    /// waiters withhold must not wait for it (Behaviour A3).
    private func resolveReleasedWaiters() {
        let work = deferredWork
        DeferredWork.followUp {
            guard work.needsResolution else { return false }
            work.needsResolution = false
            work.nested { runFrameWithoutInput() }
            return true
        }
    }
}
