/// One finger on the screen (UIKit's `UITouch`), from its began to its end (Behaviour A3).
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

    /// What step 5 of the delivery has done with this touch so far. It changes only through
    /// ``transition(to:)``.
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

        /// Whether a touch may go from this state to `next`.
        func allows(_ next: Delivery) -> Bool {
            switch (self, next) {
            case (.awaitingBegan, .admitted), (.awaitingBegan, .refused): true
            case (.admitted, .tracking), (.admitted, .refused): true
            case (.tracking, .tracking), (.tracking, .finished): true
            default: false
            }
        }

        /// Whether a touch in this state holds its view (the multiple- and exclusive-touch rules).
        var holdsItsView: Bool { self == .admitted || self == .tracking }
    }

    /// The input's finger id.
    public let id: Int
    // `@exclusivity(unchecked)` on the fields below: they are plain values set by the dispatcher
    // and the arena in code that calls nothing while a modification is under way (the one list,
    // `gestureRecognizers`, is filtered after being taken out of the property), so two accesses
    // never overlap; the dynamic checks were a large share of a frame's cost.
    /// The phase in the event being delivered.
    @exclusivity(unchecked) public internal(set) var phase: Phase
    /// When the touch last changed.
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// 1 for a single tap, 2 for the second of a double tap, … (Behaviour A3).
    public internal(set) var tapCount: Int
    /// The hit-test view at began (held weakly, as the touch does not own it).
    public private(set) weak var view: View?
    /// The window of ``view``.
    public internal(set) weak var window: Window?
    /// The recognizers collected at began: from the hit view up to its window, each view's
    /// enabled recognizers, the most recently added first (Behaviour A3 step 1).
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer]

    // High-rate input (Behaviour A3; Touch+Samples.swift): 0 where the input gives none.
    /// The pressure of the touch (1 is an average touch), from its last sample.
    public internal(set) var force: Double = 0
    /// The highest force the device can report.
    public internal(set) var maximumPossibleForce: Double = 0
    /// The radius of the contact in points, from its last sample.
    public internal(set) var majorRadius: Double = 0
    /// How far ``majorRadius`` may be off, in points.
    public internal(set) var majorRadiusTolerance: Double = 0
    /// The last frame's samples with force and radius filled in, oldest first (one at least, once
    /// the touch has changed in a frame); kept with their capacity from frame to frame.
    var frameSamples: [TouchSample] = []
    /// The last frame's predicted samples.
    var framePredictedSamples: [TouchSample] = []

    /// The location on the screen.
    @exclusivity(unchecked) var screenLocation: Point
    /// The location on the screen before the last move.
    @exclusivity(unchecked) var previousScreenLocation: Point
    /// Began order across the application's touches: views are served in this order.
    let beganSequence: Int
    @exclusivity(unchecked) private(set) var delivery = Delivery.awaitingBegan
    /// Whether the touch is in its application's registry of fingers down.
    @exclusivity(unchecked) var isRegistered = false
    /// Whether the touch counts in its view's and window's admission counters.
    @exclusivity(unchecked) var isCountedForAdmission = false
    /// Marks the touch while step 1 sets the unchanged fingers stationary.
    @exclusivity(unchecked) var isChangedThisFrame = false
    /// The finger moved while a recognizer withheld its began: one `touchesMoved` follows the
    /// began when it is released (Behaviour A4 g).
    @exclusivity(unchecked) var movedWhileWithheld = false
    /// The pointer's buttons when this touch began, for a pointer's click; `nil` for a finger
    /// (Behaviour A8, see Touch+Pointer).
    var buttonMaskAtBegan: Event.ButtonMask?

    /// One step of the route the touch's began took through default touch methods.
    private struct Hop {
        weak var from: Responder?
        weak var to: Responder?
        /// `to`'s identity: once `to` is freed, its own hop carries the route on.
        let toID: ObjectIdentifier?
    }
    /// The route, by the identity of the responder that passed the began on.
    private var route: [ObjectIdentifier: Hop] = [:]

    func recordRoute(from responder: Responder, to next: Responder?) {
        route[ObjectIdentifier(responder)] = Hop(from: responder, to: next, toID: next.map(ObjectIdentifier.init))
    }

    /// Where `responder` passed this touch's began, if it did. With `ending`, the hop is used up:
    /// a route carries one end (ended or cancelled) and nothing after it, so a call that resumes
    /// after a removal cancelled the touch from inside it is not passed on.
    ///
    /// A responder of the route freed since the began (removed from its window's hierarchy after
    /// its subview moved elsewhere in that window) is passed over: the call goes on to where that
    /// responder had passed the began, so the responders beyond it still get their end.
    func routeTarget(from responder: Responder, ending: Bool) -> Responder? {
        let key = ObjectIdentifier(responder)
        guard var hop = route[key], hop.from === responder else { return nil }
        if ending { route[key] = nil }
        // A freed responder's hop has no `from` any more (one with a live `from` belongs to a new
        // object at the same address). At most one step per hop, so the walk always ends.
        var steps = route.count
        while hop.to == nil, steps > 0, let freed = hop.toID, let next = route[freed], next.from == nil {
            if ending { route[freed] = nil }
            hop = next
            steps -= 1
        }
        return hop.to
    }

    /// The one place ``delivery`` changes: checks the transition and keeps the admission
    /// counters (``TouchAdmission``) in step.
    func transition(to next: Delivery) {
        assert(delivery.allows(next), "HitKit: touch delivery cannot go from \(delivery) to \(next)")
        guard delivery != next else { return }
        delivery = next
        if next == .admitted && isRegistered {
            TouchAdmission.count(self)
        } else if !next.holdsItsView && isCountedForAdmission {
            TouchAdmission.uncount(self)
        }
    }

    /// Whether the finger lifted or its touch was cancelled.
    var hasLifted: Bool { phase == .ended || phase == .cancelled }

    /// Takes `recognizer` out of ``gestureRecognizers``.
    func removeRecognizer(_ recognizer: GestureRecognizer) {
        if let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) {
            gestureRecognizers.remove(at: index)
        }
    }

    /// Keeps, in order, the recognizers for which `keep` answers true (asked once each, in order).
    /// The list is taken out while it is filtered in place, so whatever `keep` does cannot
    /// disturb the loop (and nothing is copied).
    func filterRecognizers(_ keep: (GestureRecognizer) -> Bool) {
        var list = gestureRecognizers
        gestureRecognizers = []
        var kept = 0
        for index in list.indices where keep(list[index]) {
            list.swapAt(kept, index)
            kept += 1
        }
        list.removeLast(list.count - kept)
        gestureRecognizers = list
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

    /// Behaviour A3 step 1's priority order.
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
