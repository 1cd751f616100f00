/// One finger on the screen (UIKit's `UITouch`), from its began to its end (Behaviour A3).
///
/// Its ``view`` is the hit-test view at began, fixed for the touch's whole life even when the
/// finger leaves that view. Identity is the object: a touch is the same `Touch` in every event
/// of its life.
///
/// As in UIKit, do not keep a touch past its end: once nothing but HitKit holds an ended touch,
/// HitKit reuses the object for a later finger (so a frame's new touch allocates nothing). Copy
/// what you need from it instead; a touch you hold strongly is never reused.
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

        /// Whether step 5 may still deliver something of the touch to its view.
        var isOpen: Bool { self != .refused && self != .finished }
    }

    /// The input's finger id.
    @exclusivity(unchecked) public private(set) var id: Int
    // `@exclusivity(unchecked)` on the stored fields of a touch: they are plain values set by the
    // dispatcher and the arena in code that calls nothing while a modification is under way (the
    // one list, `gestureRecognizers`, is filtered after being taken out of the property), so two
    // accesses never overlap; the dynamic checks were a large share of a frame's cost.
    /// The phase in the event being delivered.
    @exclusivity(unchecked) public internal(set) var phase: Phase
    /// When the touch last changed.
    @exclusivity(unchecked) public internal(set) var timestamp: Double
    /// 1 for a single tap, 2 for the second of a double tap, … (Behaviour A3).
    @exclusivity(unchecked) public internal(set) var tapCount: Int
    /// The hit-test view at began (held weakly, as the touch does not own it).
    @exclusivity(unchecked) public private(set) weak var view: View?
    /// The window of ``view``.
    @exclusivity(unchecked) public internal(set) weak var window: Window? {
        didSet { windowID = window?.id }
    }
    /// The id of ``window`` when it was set: ``isIn(_:)`` compares it instead of loading the weak
    /// reference, which costs a side-table load and a slow-path release on every touch of a frame.
    /// A freed window's id is never issued again (its row's generation moves on), so the answer
    /// is the same as comparing ``window``.
    @exclusivity(unchecked) private(set) var windowID: ViewID?
    /// The recognizers collected at began: from the hit view up to its window, each view's
    /// enabled recognizers, the most recently added first (Behaviour A3 step 1).
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer]

    // High-rate input (Behaviour A3; Touch+Samples.swift): 0 where the input gives none.
    /// The pressure of the touch (1 is an average touch), from its last sample.
    @exclusivity(unchecked) public internal(set) var force: Double = 0
    /// The highest force the device can report.
    @exclusivity(unchecked) public internal(set) var maximumPossibleForce: Double = 0
    /// The radius of the contact in points, from its last sample.
    @exclusivity(unchecked) public internal(set) var majorRadius: Double = 0
    /// How far ``majorRadius`` may be off, in points.
    @exclusivity(unchecked) public internal(set) var majorRadiusTolerance: Double = 0
    /// The last frame's samples with force and radius filled in, oldest first (one at least, once
    /// the touch has changed in a frame); kept with their capacity from frame to frame.
    @exclusivity(unchecked) var frameSamples: [TouchSample] = []
    /// The last frame's predicted samples.
    @exclusivity(unchecked) var framePredictedSamples: [TouchSample] = []

    /// The location on the screen.
    @exclusivity(unchecked) var screenLocation: Point
    /// The location on the screen before the last move.
    @exclusivity(unchecked) var previousScreenLocation: Point
    /// Began order across the application's touches: views are served in this order.
    @exclusivity(unchecked) private(set) var beganSequence: Int
    @exclusivity(unchecked) private(set) var delivery = Delivery.awaitingBegan
    /// Whether the touch is in its application's registry of fingers down.
    @exclusivity(unchecked) var isRegistered = false
    /// Whether the touch counts in its view's and window's admission counters.
    @exclusivity(unchecked) var isCountedForAdmission = false
    /// Marks the touch while step 1 sets the unchanged fingers stationary.
    @exclusivity(unchecked) var isChangedThisFrame = false
    /// Marks the touch as one of a recognizer's while step 2 picks that recognizer's touches of
    /// the frame (the arena's counter: a stamp never needs clearing).
    @exclusivity(unchecked) var arenaStamp = 0
    /// Marks the touch while step 4's list is made, so it is cancelled once.
    @exclusivity(unchecked) var isQueuedForCancel = false
    /// The finger moved while a recognizer withheld its began: one `touchesMoved` follows the
    /// began when it is released (Behaviour A4 g).
    @exclusivity(unchecked) var movedWhileWithheld = false
    /// The pointer's buttons when this touch began, for a pointer's click; `nil` for a finger
    /// (Behaviour A8, see Touch+Pointer).
    @exclusivity(unchecked) var buttonMaskAtBegan: Event.ButtonMask?

    /// One step of the route the touch's began took through default touch methods.
    private struct Hop {
        weak var from: Responder?
        weak var to: Responder?
        /// `to`'s identity: once `to` is freed, its own hop carries the route on.
        let toID: ObjectIdentifier?
    }
    /// The route, by the identity of the responder that passed the began on.
    @exclusivity(unchecked) private var route: [ObjectIdentifier: Hop] = [:]

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

    /// Whether the touch's window is `window` (no weak load: see ``windowID``).
    @inline(__always)
    func isIn(_ window: Window) -> Bool { windowID == window.id }

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
        let window = view?.window
        self.window = window
        self.windowID = window?.id  // observers do not run in `init`
        self.screenLocation = location
        self.previousScreenLocation = location
        self.beganSequence = sequence
        self.gestureRecognizers = []
        if let view { Touch.appendRecognizers(from: view, to: &gestureRecognizers) }
    }

    /// Makes this ended touch, which nothing outside HitKit holds any more, a new one: every
    /// field as `init` sets it, the buffers keeping their capacity.
    func reuse(id: Int, at location: Point, time: Double, view: View?, tapCount: Int, sequence: Int) {
        self.id = id
        phase = .began
        timestamp = time
        self.tapCount = tapCount
        self.view = view
        window = view?.window
        gestureRecognizers.empty()
        if let view { Touch.appendRecognizers(from: view, to: &gestureRecognizers) }
        force = 0
        maximumPossibleForce = 0
        majorRadius = 0
        majorRadiusTolerance = 0
        frameSamples.empty()
        framePredictedSamples.empty()
        screenLocation = location
        previousScreenLocation = location
        beganSequence = sequence
        delivery = .awaitingBegan
        isRegistered = false
        isCountedForAdmission = false
        isChangedThisFrame = false
        isQueuedForCancel = false
        movedWhileWithheld = false
        buttonMaskAtBegan = nil
        route.empty()
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

    /// Behaviour A3 step 1's priority order, appended to `list`.
    private static func appendRecognizers(from view: View, to list: inout [GestureRecognizer]) {
        // Without its application a view has no superview to look up.
        let application = view.application
        var current: View? = view
        while let v = current {
            for recognizer in v.attachedRecognizers.reversed() where recognizer.isEnabled { list.append(recognizer) }
            current = application.flatMap { v.nextInChain(in: $0) }
        }
    }
}

extension Touch: Hashable {
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Touch: CustomStringConvertible {
    public var description: String { "Touch(\(id), \(phase), \(screenLocation))" }
}
