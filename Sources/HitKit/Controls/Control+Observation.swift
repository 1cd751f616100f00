// What a control tells a logger (the scene replay's delivery log, Behaviour B6) about its tracking and
// the actions it sends.

extension Control {
    /// The four tracking methods, named as the delivery log names them.
    public enum TrackingCall: String, Hashable, Sendable, CaseIterable {
        case beginTracking, continueTracking, endTracking, cancelTracking
    }

    /// One target-action pair sent by ``Control/sendActions(for:)``, reported to
    /// ``Control/actionObserver`` once it was sent.
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
