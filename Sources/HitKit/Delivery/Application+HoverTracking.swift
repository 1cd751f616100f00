// Behaviour A8: the view under the pointer is recomputed after every change of a view's flags,
// hierarchy or geometry made through the API, not only after frames. Setters report the change
// here; without a pointer on the screen that costs one comparison.

extension Application {
    /// A view's flags, hierarchy, geometry or recognizers changed through the API. With a pointer
    /// on the screen, hover follows at once, or — inside a frame, a hover pass or a structural
    /// change — when that finishes (see Application+DeferredUpdates).
    func viewsDidChange() {
        guard pointerState.id != nil else { return }
        if deferredWork.isDeferring {  // the outermost delivery's end follows it
            deferredWork.hoverIsStale = true
        } else {
            deliverHoverAndScroll(nil, at: time)
        }
    }
}
