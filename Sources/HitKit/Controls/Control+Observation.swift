// What a control tells a logger (the scene replay's delivery log, Behaviour B6) about its tracking and
// the actions it sends.

extension Control {
    /// The four tracking methods, named as the delivery log names them.
    public enum TrackingCall: String, Hashable, Sendable, CaseIterable {
        case beginTracking, continueTracking, endTracking, cancelTracking
    }

    /// One target-action pair sent by ``Control/sendActions(for:)``, reported to
    /// the observers of ``Control/observeActions(_:)`` once it was sent.
    public struct ActionReport {
        /// The action name.
        public let action: Action
        /// The registered target, or `nil` for a target-less action.
        public let target: Responder?
        /// Who performed it: the target, or for a target-less action the responder that the
        /// default routing of ``Application/sendAction(_:to:from:for:)`` chose (the key window's
        /// first responder or else the control, climbing to the first that `canPerformAction`);
        /// `nil` when nobody could.
        public let receiver: Responder?
        /// The single control event the action was sent for.
        public let controlEvent: Control.Event
        /// What ``Control/sendAction(_:to:for:)`` answered: false for an unhandled action.
        public let handled: Bool
    }
}

extension Control {
    /// Calls `body` with each tracking method the control calls, just before it calls it (for a
    /// logger such as the scene replay's `logTracking`). Observers are called in the order they
    /// were added.
    @discardableResult
    public func observeTracking(_ body: @escaping (Control, TrackingCall) -> Void) -> ObservationToken {
        trackingObservers.add(body) { [link = ViewLink<Control>(self)] in link.object?.trackingObservers.remove($0) }
    }

    /// Calls `body` after each target-action pair ``sendActions(for:)`` sent, in sending order
    /// (for a logger such as the scene replay's delivery log). Closure actions are not reported.
    /// Observers are called in the order they were added.
    @discardableResult
    public func observeActions(_ body: @escaping (Control, ActionReport) -> Void) -> ObservationToken {
        actionObservers.add(body) { [link = ViewLink<Control>(self)] in link.object?.actionObservers.remove($0) }
    }

    func notifyTracking(_ call: TrackingCall) {
        guard !trackingObservers.isEmpty else { return }
        let observers = trackingObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self, call) }
    }

    func notifyAction(_ report: @autoclosure () -> ActionReport) {
        guard !actionObservers.isEmpty else { return }
        let observers = actionObservers, report = report()  // a copy: an observer may cancel itself
        observers.callEach { $0(self, report) }
    }
}
