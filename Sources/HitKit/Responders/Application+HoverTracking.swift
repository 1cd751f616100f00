// Behaviour A8: the view under the pointer is recomputed after every change of a view's flags,
// hierarchy or geometry made through the API, not only after frames. Setters report the change
// here; without a pointer on the screen that costs one comparison.

extension Application {
    /// A view's flags, hierarchy, geometry or recognizers changed through the API. With a pointer
    /// on the screen, hover follows at once, or — inside a frame, a hover pass or a structural
    /// change — when that finishes.
    func viewsDidChange() {
        let state = pointerState
        guard state.id != nil else { return }
        if state.hoverUpdateDeferral > 0 {
            state.hoverIsStale = true
        } else {
            deliverHoverAndScroll(nil, at: time)
        }
    }

    /// Runs `body`, a group of view changes, and recomputes hover once at its end (if a view
    /// changed and a pointer is on the screen), so the hover recognizers see only the final
    /// state. Nested groups recompute at the end of the outermost one.
    package func deferringHoverUpdates<T>(_ body: () throws -> T) rethrows -> T {
        beginDeferringHoverUpdates()
        defer { endDeferringHoverUpdates() }
        return try body()
    }

    /// Opens a group of view changes (see ``deferringHoverUpdates(_:)``).
    func beginDeferringHoverUpdates() {
        pointerState.hoverUpdateDeferral += 1
    }

    /// Closes a group; the outermost one recomputes hover if a view changed within it.
    func endDeferringHoverUpdates() {
        let state = pointerState
        state.hoverUpdateDeferral -= 1
        guard state.hoverUpdateDeferral == 0, state.hoverIsStale else { return }
        state.hoverIsStale = false
        if state.id != nil { deliverHoverAndScroll(nil, at: time) }
    }
}
