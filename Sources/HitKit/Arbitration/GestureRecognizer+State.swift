// The recognizer's states and Behaviour A4's legal transitions.

extension GestureRecognizer {
    /// A recognizer's states (Behaviour A4).
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        /// The discrete recognizers' name for ``ended``.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Whether the recognizer is done with its sequence (it resets once its touches end).
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Whether a continuous recognizer is running.
        var isActive: Bool { self == .began || self == .changed }
    }

    /// A transition Behaviour A4 does not allow, set by a recognizer: a programming error. It is
    /// recorded in ``illegalTransitions`` and ignored; it never crashes the application.
    public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
        /// The state the recognizer was heading to when it asked (its ``requestedState``).
        public let from: State
        /// The state it asked for.
        public let to: State
        /// Whether the recognizer is discrete (``GestureRecognizer/isDiscrete``): the transitions
        /// allowed depend on it.
        public let isDiscrete: Bool

        public var description: String {
            "illegal transition \(from) → \(to) for a \(isDiscrete ? "discrete" : "continuous") recognizer"
        }
    }

    /// Behaviour A4's transitions.
    static func isLegal(from: State, to: State, discrete: Bool) -> Bool {
        switch (from, to) {
        case (.possible, .failed): true
        case (.possible, .ended): discrete               // recognized
        case (.possible, .began): !discrete
        case (.began, .changed), (.changed, .changed): !discrete
        case (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled): !discrete
        default: false
        }
    }
}
