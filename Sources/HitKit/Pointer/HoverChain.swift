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
        context.forEachRecognizer(onChainOf: view) { recognizer, _ in
            if let hover = recognizer as? HoverGestureRecognizer { hovers.append(hover) }
            return true
        }
        (self.view, rowWrites, recognizerChainEdits) = (view.id, writes, edits)
    }

    /// Forgets the list, letting its recognizers go.
    mutating func clear() {
        guard view != nil else { return }  // every frame without a pointer passes here
        view = nil
        hovers.removeAll()
    }
}
