// Attaching gesture recognizers to a view.

extension View {
    /// The recognizers attached to this view, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] {
        get { attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { recognizer.view = nil }
            attachedRecognizers = []
            for recognizer in newValue { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `recognizer`, taking it from the view it was on. The most recently added
    /// recognizer has the highest priority among this view's (SPEC A3 step 1).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let previous = recognizer.view { previous.removeGestureRecognizer(recognizer) }
        attachedRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer` if it is attached to this view.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = attachedRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        attachedRecognizers.remove(at: index)
        recognizer.view = nil
    }
}
