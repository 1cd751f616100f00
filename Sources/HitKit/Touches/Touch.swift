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

    /// Everything the touch stores, as one value that a new life replaces whole (Touch+Life.swift);
    /// the dispatcher's part of it is ``TouchBookkeeping``.
    // Fenced (``ExclusivityFence``): set by the dispatcher and the arena, read on every step; the
    // one list a loop calls out over, `gestureRecognizers`, is taken out while it is filtered.
    #if HITKIT_INTERNAL_CHECKS
    var life: Life
    #else
    @exclusivity(unchecked) var life: Life
    #endif

    // The life's fields under the touch's names. `_modify` lends the stored field itself, so an
    // in-place change (a sample appended, a list filtered) copies nothing.

    /// The input's finger id.
    public var id: Int { life.id }
    /// The phase in the event being delivered.
    public internal(set) var phase: Phase {
        get { life.phase }
        _modify { yield &life.phase }
    }
    /// When the touch last changed.
    public internal(set) var timestamp: Double {
        get { life.timestamp }
        _modify { yield &life.timestamp }
    }
    /// 1 for a single tap, 2 for the second of a double tap, … (Behaviour A3).
    public internal(set) var tapCount: Int {
        get { life.tapCount }
        _modify { yield &life.tapCount }
    }
    /// The hit-test view at began (the touch does not keep it alive: `nil` once it is freed).
    public var view: View? { life.viewLink?.object }
    /// The window of ``view``.
    public internal(set) var window: Window? {
        get { life.windowLink?.object }
        set { life.windowLink = newValue.map(ViewLink.init) }
    }
    /// The id of ``window`` when it was set: ``isIn(_:)`` compares it without looking the window
    /// up. A freed window's id is never issued again (its row's generation moves on), so the
    /// answer is the same as comparing ``window``.
    var windowID: ViewID? { life.windowLink?.id }
    /// The recognizers collected at began: from the hit view up to its window, each view's
    /// enabled recognizers, the most recently added first (Behaviour A3 step 1).
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get { life.gestureRecognizers }
        _modify { yield &life.gestureRecognizers }
    }

    // High-rate input (Behaviour A3; Touch+Samples.swift): 0 where the input gives none.
    /// The pressure of the touch (1 is an average touch), from its last sample.
    public internal(set) var force: Double {
        get { life.force }
        _modify { yield &life.force }
    }
    /// The highest force the device can report.
    public internal(set) var maximumPossibleForce: Double {
        get { life.maximumPossibleForce }
        _modify { yield &life.maximumPossibleForce }
    }
    /// The radius of the contact in points, from its last sample.
    public internal(set) var majorRadius: Double {
        get { life.majorRadius }
        _modify { yield &life.majorRadius }
    }
    /// How far ``majorRadius`` may be off, in points.
    public internal(set) var majorRadiusTolerance: Double {
        get { life.majorRadiusTolerance }
        _modify { yield &life.majorRadiusTolerance }
    }
    /// The last frame's samples with force and radius filled in, oldest first.
    var frameSamples: [TouchSample] {
        get { life.frameSamples }
        _modify { yield &life.frameSamples }
    }
    /// The last frame's predicted samples.
    var framePredictedSamples: [TouchSample] {
        get { life.framePredictedSamples }
        _modify { yield &life.framePredictedSamples }
    }
    /// The location on the screen.
    var screenLocation: Point {
        get { life.screenLocation }
        _modify { yield &life.screenLocation }
    }
    /// The location on the screen before the last move.
    var previousScreenLocation: Point {
        get { life.previousScreenLocation }
        _modify { yield &life.previousScreenLocation }
    }
    /// Where the touch began, on the screen.
    var beganScreenLocation: Point { life.beganScreenLocation }
    /// The pointer's buttons when this touch began, for a pointer's click; `nil` for a finger.
    var buttonMaskAtBegan: Event.ButtonMask? {
        get { life.buttonMaskAtBegan }
        _modify { yield &life.buttonMaskAtBegan }
    }

    /// A new touch beginning now.
    init(id: Int, at location: Point, time: Double, view: View?, tapCount: Int, sequence: Int) {
        life = Life(id: id, at: location, time: time, view: view, tapCount: tapCount, sequence: sequence,
                    buffers: Life.Buffers())
    }

    /// Makes this ended touch, which nothing outside HitKit holds any more, a new one: a new life
    /// through the same initializer as a new touch's, the buffers keeping their capacity.
    func reuse(id: Int, at location: Point, time: Double, view: View?, tapCount: Int, sequence: Int) {
        let buffers = life.takeBuffers()
        life = Life(id: id, at: location, time: time, view: view, tapCount: tapCount, sequence: sequence,
                    buffers: buffers)
    }

    /// Whether the touch's window is `window` (no lookup: see ``windowID``).
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
}

extension Touch: Hashable {
    /// Identity: two touches are equal when they are the same object.
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// What a `Set<Touch>` hashes with (the standard library's hook for a type's own hash): the
    /// touch's identity, mixed with the set's seed without SipHash, since every touch method
    /// gets a set made for its call (Machinery/IdentityHash.swift).
    public func _rawHashValue(seed: Int) -> Int { identityHash(ObjectIdentifier(self), seed: seed) }
}

extension Touch: CustomStringConvertible {
    public var description: String { "Touch(\(id), \(phase), \(screenLocation))" }
}
