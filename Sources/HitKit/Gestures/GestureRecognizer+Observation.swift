// Observation for loggers (Behaviour B6): every state change and every touch call, in order.

// The tokens link to the recognizer (RecognizerLink) rather than capturing it weakly: a weak
// reference would slow every retain of it.
extension GestureRecognizer {
    /// Which touch method a recognizer received.
    public typealias TouchCall = TouchMethod

    /// Calls `body` at every state change (not the resets to possible), after the state is set
    /// and before the actions are sent. Observers are called in the order they were added.
    @discardableResult
    public func observeStateChanges(_ body: @escaping (GestureRecognizer, State) -> Void) -> ObservationToken {
        stateObservers.add(body) { [link = RecognizerLink<GestureRecognizer>(self)] in
            link.object?.stateObservers.remove($0)
        }
    }

    /// Calls `body` just before each touch method of this recognizer is called by the delivery,
    /// with the touches of the call. Observers are called in the order they were added.
    @discardableResult
    public func observeTouches(_ body: @escaping (GestureRecognizer, TouchCall, Set<Touch>) -> Void) -> ObservationToken {
        touchObservers.add(body) { [link = RecognizerLink<GestureRecognizer>(self)] in
            link.object?.touchObservers.remove($0)
        }
    }

    func notifyStateChange() {
        guard !stateObservers.isEmpty else { return }
        let observers = stateObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self, resolvedState) }
    }

    func notifyTouches(_ call: TouchCall, _ touches: Set<Touch>) {
        guard !touchObservers.isEmpty else { return }
        let observers = touchObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self, call, touches) }
    }
}
