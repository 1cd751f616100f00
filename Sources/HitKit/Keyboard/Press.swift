/// One key held down (UIKit's `UIPress` for a hardware keyboard; Behaviour A10): made by a key
/// `down` that is not a repeat, delivered to `pressesBegan`, and ended by the key's `up` or
/// cancelled.
///
/// HitKit reuses a press object once its end has been delivered (as it reuses touches): keep
/// its values, not the object.
public final class Press {
    /// Where a press is in its life. A keyboard key is never `changed` or `stationary`: a held
    /// key makes no calls.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        case began, changed, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .changed: "changed"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    public internal(set) var phase: Phase = .began
    /// The key pressed, as its `down` gave it.
    public internal(set) var key: Key?
    /// When the press began or last changed phase (the application's time).
    public internal(set) var timestamp: Double = 0
    /// The responder the press was delivered to first (the focused item, the first responder,
    /// the root view controller or the key window, Behaviour A10), fixed at its `down`.
    public var responder: Responder? { target?.object }

    var target: ResponderLink?
    /// The responders the began reached, the target first: where its end goes.
    // Fenced (``ExclusivityFence``): changed only by HitKit's delivery, which calls nothing while
    // it appends or empties it; read at every level a began is passed on.
    #if HITKIT_INTERNAL_CHECKS
    var route: [ResponderLink] = []
    #else
    @exclusivity(unchecked) var route: [ResponderLink] = []
    #endif
    /// Whether the began was passed on by the last responder of the chain (no one consumed it).
    var passedEndOfChain = false
    /// The order presses began in (unique for the application's life).
    var sequence = 0

    init() {}

    /// Starts the press's life over for a new key `down`.
    func begin(_ key: Key, target: Responder, at time: Double, sequence: Int) {
        self.key = key
        self.target = ResponderLink(target)
        self.timestamp = time
        self.sequence = sequence
        phase = .began
        route.removeAll(keepingCapacity: true)
        route.append(ResponderLink(target))
        passedEndOfChain = false
    }

    /// Whether `responder` is the last one the began reached (the one now handling it).
    func isAtEndOfRoute(_ responder: Responder) -> Bool {
        route.last?.object === responder
    }

    /// Whether the began reached `responder`.
    func routeContains(_ responder: Responder) -> Bool {
        route.contains { $0.object === responder }
    }
}

extension Press: Hashable {
    public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Press: CustomStringConvertible {
    public var description: String {
        "Press(\(key.map { "\($0.keyCode)" } ?? "-"), \(phase))"
    }
}

/// The event of a press call (UIKit's `UIPressesEvent`): its time, the modifier flags of the key
/// event being delivered and every press under way.
public final class PressesEvent {
    /// The time of the key event being delivered.
    public internal(set) var timestamp: Double = 0
    /// The modifier flags of the key event being delivered.
    public internal(set) var modifierFlags: KeyModifierFlags = []
    /// The presses under way (not yet ended or cancelled), made when asked.
    public var allPresses: Set<Press> { Set(underWay.presses) }

    /// The keyboard's list of presses under way, shared (a plain object: the event may outlive
    /// the application without dangling).
    private let underWay: PressesUnderWay

    init(underWay: PressesUnderWay) {
        self.underWay = underWay
    }
}

/// The presses under way, in the order they began: the keyboard's list, which its events share.
final class PressesUnderWay {
    var presses: [Press] = []
}
