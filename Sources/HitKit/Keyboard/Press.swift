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

    // Fenced (``ExclusivityFence``): a press's life is written only by HitKit's key delivery,
    // one assignment at a time, calling nothing while it writes.
    #if HITKIT_INTERNAL_CHECKS
    /// Where the press is in its life: `began` from its key's `down`, then `ended` at its `up`, or
    /// `cancelled`.
    public internal(set) var phase: Phase = .began
    /// The key pressed, as its `down` gave it.
    public internal(set) var key: Key?
    /// When the press began or last changed phase (the application's time).
    public internal(set) var timestamp: Double = 0
    var target: ResponderLink?
    /// Whether the began was passed on by the last responder of the chain (no one consumed it).
    var passedEndOfChain = false
    /// The order presses began in (unique for the application's life).
    package internal(set) var sequence = 0
    /// The index of the key `down` that began it in its frame's keys (a scenario names the press
    /// by that event, Behaviour B6).
    package internal(set) var keyIndex = 0
    /// Whether every responder the began reached handled it by default, unobserved
    /// (``Responder/handlesPressesByDefault``): then no code outside HitKit ran, and the route
    /// is the responder chain from the target, as it still is.
    var beganRanOnlyDefaults = false
    #else
    /// Where the press is in its life: `began` from its key's `down`, then `ended` at its `up`, or
    /// `cancelled`.
    @exclusivity(unchecked) public internal(set) var phase: Phase = .began
    /// The key pressed, as its `down` gave it.
    @exclusivity(unchecked) public internal(set) var key: Key?
    /// When the press began or last changed phase (the application's time).
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    @exclusivity(unchecked) var target: ResponderLink?
    /// Whether the began was passed on by the last responder of the chain (no one consumed it).
    @exclusivity(unchecked) var passedEndOfChain = false
    /// The order presses began in (unique for the application's life).
    @exclusivity(unchecked) package internal(set) var sequence = 0
    /// The index of the key `down` that began it in its frame's keys (a scenario names the press
    /// by that event, Behaviour B6).
    @exclusivity(unchecked) package internal(set) var keyIndex = 0
    /// Whether every responder the began reached handled it by default, unobserved
    /// (``Responder/handlesPressesByDefault``): then no code outside HitKit ran, and the route
    /// is the responder chain from the target, as it still is.
    @exclusivity(unchecked) var beganRanOnlyDefaults = false
    #endif
    /// The responders the began reached, the target first: where its end goes.
    let route = PressRoute()

    /// The responder the press was delivered to first (the focused item, the first responder,
    /// the root view controller or the key window, Behaviour A10), fixed at its `down`.
    public var responder: Responder? { target?.object }

    init() {}

    /// Starts the press's life over for a new key `down`.
    func begin(_ key: Key, keyIndex: Int, target: Responder, at time: Double, sequence: Int) {
        self.key = key
        self.target = ResponderLink(target)
        self.timestamp = time
        self.sequence = sequence
        self.keyIndex = keyIndex
        phase = .began
        route.removeAll()
        route.append(target)
        passedEndOfChain = false
        beganRanOnlyDefaults = target.handlesPressesByDefault
    }

    /// Whether `responder` is the last one the began reached (the one now handling it).
    func isAtEndOfRoute(_ responder: Responder) -> Bool {
        route.endsAt(responder)
    }

    /// `responder` passes the began on to `next`: when it is the one handling the began, `next`
    /// joins the route, or — with no `next` — the press is marked as having passed the end of
    /// the chain. Returns whether the began goes on to `next`.
    func passBegan(from responder: Responder, to next: Responder?) -> Bool {
        guard route.endsAt(responder) else { return false }
        guard let next else {
            passedEndOfChain = true
            return false
        }
        route.append(next)
        return true
    }

    /// Whether the began reached `responder`.
    func routeContains(_ responder: Responder) -> Bool {
        route.contains(responder)
    }
}

extension Press: Hashable {
    /// Identity: two presses are equal when they are the same object.
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
    // Fenced (``ExclusivityFence``): set by the key delivery before each press call, which
    // calls nothing while it writes them.
    #if HITKIT_INTERNAL_CHECKS
    /// The time of the key event being delivered.
    public internal(set) var timestamp: Double = 0
    /// The modifier flags of the key event being delivered.
    public internal(set) var modifierFlags: KeyModifierFlags = []
    #else
    /// The time of the key event being delivered.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// The modifier flags of the key event being delivered.
    @exclusivity(unchecked) public internal(set) var modifierFlags: KeyModifierFlags = []
    #endif
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
    // Fenced (``ExclusivityFence``): changed only by the keyboard's appends and removals by
    // identity; an event's `allPresses` copies it.
    #if HITKIT_INTERNAL_CHECKS
    var presses: [Press] = []
    #else
    @exclusivity(unchecked) var presses: [Press] = []
    #endif
}
