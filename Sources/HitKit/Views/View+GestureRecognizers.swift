// Attaching gesture recognizers to a view.

extension View {
    /// The recognizers attached to this view, in the order they were added.
    /// (The recognizers through which its interactions take part are not listed.)
    ///
    /// - Precondition: every recognizer set may be attached here, as for
    ///   ``addGestureRecognizer(_:)``: checked for all of them before any is removed or added.
    public var gestureRecognizers: [GestureRecognizer] {
        get { attachedRecognizers.filter { !$0.isInteractionParticipant } }
        set {
            for recognizer in newValue { requireAttachable(recognizer) }
            // One hover recomputation for the whole replacement (Behaviour A8).
            let application = application
            application?.beginDeferringUpdates()
            defer { application?.endDeferringUpdates() }
            if attachedRecognizers.contains(where: { $0 is HoverGestureRecognizer }) { application?.viewsDidChange() }
            // Off the list before each is stopped, as one removed alone is (an action told of its
            // cancellation may attach it again).
            let removed = attachedRecognizers.filter { !$0.isInteractionParticipant }
            attachedRecognizers.removeAll { !$0.isInteractionParticipant }
            for recognizer in removed { recognizer.view = nil }
            for recognizer in newValue { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `recognizer`, taking it from the view it was on. The most recently added
    /// recognizer has the highest priority among this view's (Behaviour A3 step 1) — except a
    /// scroll view's own pinch given back to it, which goes back just below its pan (the pan
    /// acts first in a frame, Behaviour A6.2).
    ///
    /// - Precondition: `recognizer` is not a scroll view's built-in recognizer (its
    ///   ``ScrollView/panGestureRecognizer``, its ``ScrollView/pinchGestureRecognizer``, or the
    ///   one that delays content touches) unless this view is that scroll view. Another view
    ///   traps with a message naming both, as UIKit raises `NSInvalidArgumentException` ("must
    ///   have its scroll view as its view"): a mistake in the host's code, not input. Removing
    ///   one, and giving it back to its own scroll view, are allowed. Nor is it the recognizer
    ///   through which a context menu or drag interaction takes part (seen among a
    ///   ``Touch/gestureRecognizers``): it belongs to its interaction, which attaches it with
    ///   itself (``addInteraction(_:)``).
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        requireAttachable(recognizer)
        attach(recognizer)
    }

    /// Attaches `recognizer` as ``addGestureRecognizer(_:)`` does, an interaction's participant
    /// included.
    func attach(_ recognizer: GestureRecognizer) {
        if let scrollView = self as? ScrollView, recognizer === scrollView.pinchGestureRecognizer,
           scrollView.panGestureRecognizer.view === self {
            return insertGestureRecognizer(recognizer, below: scrollView.panGestureRecognizer)
        }
        if let previous = recognizer.view { previous.detach(recognizer) }
        // (The removal above is a whole change of its own: a stopped recognizer's waiters are
        // resolved once it is off its old view, before it joins this one.)
        attachedRecognizers.append(recognizer)
        recognizer.view = self
        if recognizer is HoverGestureRecognizer { application?.viewsDidChange() }  // Behaviour A8
    }

    /// Attaches `recognizer` just below `sibling` in this view's priority order (a scroll view's
    /// pinch goes below its pan: the pan acts first in a frame, Behaviour A6.2).
    func insertGestureRecognizer(_ recognizer: GestureRecognizer, below sibling: GestureRecognizer) {
        if let previous = recognizer.view { previous.detach(recognizer) }
        guard let index = attachedRecognizers.firstIndex(where: { $0 === sibling }) else {
            return addGestureRecognizer(recognizer)
        }
        attachedRecognizers.insert(recognizer, at: index)
        recognizer.view = self
    }

    /// Traps unless `recognizer` may be attached to this view (``addGestureRecognizer(_:)``'s
    /// precondition).
    private func requireAttachable(_ recognizer: GestureRecognizer) {
        if let owner = recognizer.builtInOwnerRole(otherThan: self) {
            preconditionFailure("HitKit: a scroll view's built-in \(owner) gesture recognizer must have its scroll view as its view, not \(self)")
        }
        // Moved, it would take touches for an interaction of another view, or of another
        // application, and leave its own view's interaction without any.
        precondition(!recognizer.isInteractionParticipant,
                     "HitKit: an interaction's own recognizer is attached with its interaction (addInteraction), not to \(self)")
    }

    /// Detaches `recognizer` if it is one of this view's ``gestureRecognizers``. An
    /// interaction's own recognizer is not among them: it goes with its interaction
    /// (``removeInteraction(_:)``), and removing it here does nothing.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard !recognizer.isInteractionParticipant else { return }
        detach(recognizer)
    }

    /// Detaches `recognizer` if it is attached to this view, an interaction's participant included.
    func detach(_ recognizer: GestureRecognizer) {
        guard let index = attachedRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        // One change: what the stop makes due (waiters released, hover) follows its end.
        let application = application
        application?.beginDeferringUpdates()
        defer { application?.endDeferringUpdates() }
        attachedRecognizers.remove(at: index)
        recognizer.view = nil
        if recognizer is HoverGestureRecognizer { application?.viewsDidChange() }  // Behaviour A8
    }
}
