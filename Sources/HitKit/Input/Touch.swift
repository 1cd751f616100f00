/// One finger on the screen (UIKit's `UITouch`), from its began to its end (SPEC A3).
///
/// Its ``view`` is the hit-test view at began, fixed for the touch's whole life even when the
/// finger leaves that view. Identity is the object: a touch is the same `Touch` in every event
/// of its life.
public final class Touch {
    /// Where a touch is in its life.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// What step 5 of the delivery has done with this touch so far.
    enum Delivery {
        /// Not yet offered to its view.
        case awaitingBegan
        /// Accepted by its view's multiple- and exclusive-touch rules; `touchesBegan` is on its way.
        case admitted
        /// Its view received `touchesBegan`; it will receive exactly one end or cancel.
        case tracking
        /// Never delivered to a view (no view, or refused by the multiple- or exclusive-touch rules).
        case refused
        /// Its view received the end or cancel; nothing more goes to views.
        case finished
    }

    /// The input's finger id.
    public let id: Int
    /// The phase in the event being delivered.
    public internal(set) var phase: Phase
    /// When the touch last changed.
    public internal(set) var timestamp: Double
    /// 1 for a single tap, 2 for the second of a double tap, … (SPEC A3).
    public internal(set) var tapCount: Int
    /// The hit-test view at began (held weakly, as the touch does not own it).
    public private(set) weak var view: View?
    /// The window of ``view``.
    public private(set) weak var window: Window?
    /// The recognizers collected at began: from the hit view up to its window, each view's
    /// enabled recognizers, the most recently added first (SPEC A3 step 1).
    public internal(set) var gestureRecognizers: [GestureRecognizer]

    /// The location on the screen.
    var screenLocation: Point
    /// The location on the screen before the last move.
    var previousScreenLocation: Point
    /// Began order across the application's touches: views are served in this order.
    let beganSequence: Int
    var delivery = Delivery.awaitingBegan
    /// The finger moved while a recognizer withheld its began: one `touchesMoved` follows the
    /// began when it is released (SPEC A4 g).
    var movedWhileWithheld = false
    /// The pointer's buttons when this touch began, for a pointer's click; `nil` for a finger
    /// (Behaviour A8, see Touch+Pointer).
    var buttonMaskAtBegan: Event.ButtonMask?

    /// One step of the route the touch's began took through default touch methods.
    private struct Hop {
        weak var from: Responder?
        weak var to: Responder?
    }
    /// The route, by the identity of the responder that passed the began on.
    private var route: [ObjectIdentifier: Hop] = [:]

    func recordRoute(from responder: Responder, to next: Responder?) {
        route[ObjectIdentifier(responder)] = Hop(from: responder, to: next)
    }

    /// Where `responder` passed this touch's began, if it did.
    func routeTarget(from responder: Responder) -> Responder? {
        guard let hop = route[ObjectIdentifier(responder)], hop.from === responder else { return nil }
        return hop.to
    }

    init(id: Int, at location: Point, time: Double, view: View?, tapCount: Int, sequence: Int) {
        self.id = id
        self.phase = .began
        self.timestamp = time
        self.tapCount = tapCount
        self.view = view
        self.window = view?.window
        self.screenLocation = location
        self.previousScreenLocation = location
        self.beganSequence = sequence
        self.gestureRecognizers = view.map(Touch.recognizers(from:)) ?? []
    }

    /// The touch's location in `view`'s coordinates (`nil`: the touch's window, or the screen
    /// when it has none). A view outside every window gives a non-finite point.
    public func location(in view: View?) -> Point {
        convert(screenLocation, to: view)
    }

    /// The location before the last move, in `view`'s coordinates (`nil` as in ``location(in:)``).
    public func previousLocation(in view: View?) -> Point {
        convert(previousScreenLocation, to: view)
    }

    private func convert(_ point: Point, to view: View?) -> Point {
        guard let target = view ?? window else { return point }
        return target.convertFromScreen(point)
    }

    /// SPEC A3 step 1's priority order.
    private static func recognizers(from view: View) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        var current: View? = view
        while let v = current {
            result += v.gestureRecognizers.reversed().filter(\.isEnabled)
            current = v is Window ? nil : v.superview
        }
        return result
    }
}

extension Touch: Hashable {
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Touch: CustomStringConvertible {
    public var description: String { "Touch(\(id), \(phase), \(screenLocation))" }
}
