// Behaviour A8: the hover recognizers of the chain under the pointer, kept between frames.

/// The hover recognizers on one view's responder chain of views, enabled or not, in the walk's
/// order (``ViewContext/forEachRecognizer(onChainOf:_:)``), kept while nothing the walk read has
/// changed: the view, the store's rows and the application's view table and recognizer lists.
/// The walk is most of a hover frame's work, and a pointer moving within a view finds the same
/// list every frame. Whether each is enabled is read at each use: `isEnabled` may be overridden.
struct HoverChain {
    private(set) var hovers: [HoverGestureRecognizer] = []
    private var view: ViewID?
    private var rowWrites: UInt64 = 0
    private var recognizerChainEdits: UInt64 = 0

    /// Makes ``hovers`` the list of `view`'s chain, walking it only when the list is out of date.
    mutating func read(onChainOf view: View, in context: ViewContext) {
        let writes = view.store.rowWrites, edits = context.recognizerChainEdits
        guard view.id != self.view || writes != rowWrites || edits != recognizerChainEdits else { return }
        hovers.removeAllKeepingCapacity()
        // Each hover gets its view's depth below the window, as a touch's walk gives its
        // recognizers: rule d orders a frame's hover changes by it (Behaviour A4 d), deepest
        // first. The level counts up from the hit view until the chain's length is known.
        let length = context.forEachRecognizer(onChainOf: view) { recognizer, level in
            if let hover = recognizer as? HoverGestureRecognizer {
                hover.lastPriorityDepth = level
                hovers.append(hover)
            }
            return true
        }
        for hover in hovers { hover.lastPriorityDepth = length - 1 - hover.lastPriorityDepth }
        (self.view, rowWrites, recognizerChainEdits) = (view.id, writes, edits)
    }

    /// Forgets the list, letting its recognizers go.
    mutating func clear() {
        guard view != nil else { return }  // every frame without a pointer passes here
        view = nil
        hovers.removeAll()
    }
}
