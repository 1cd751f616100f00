// Observation for loggers (Behaviour B6): every state change and every touch call, in order.

extension GestureRecognizer {
    /// Which touch method a recognizer received.
    public typealias TouchCall = TouchMethod

    /// Calls `body` at every state change (not the resets to possible), before the actions.
    public func observeStateChanges(_ body: @escaping (GestureRecognizer, State) -> Void) {
        stateObservers.append(body)
    }

    /// Calls `body` just before each touch method of this recognizer is called by the delivery.
    public func observeTouches(_ body: @escaping (GestureRecognizer, TouchCall, Set<Touch>) -> Void) {
        touchObservers.append(body)
    }

    func notifyStateChange() {
        for observer in stateObservers { observer(self, resolvedState) }
    }

    func notifyTouches(_ call: TouchCall, _ touches: Set<Touch>) {
        for observer in touchObservers { observer(self, call, touches) }
    }
}
