/// The touches of one input frame (UIKit's `UIEvent` of type touches).
public final class Event {
    // Fenced (``ExclusivityFence``), read by every step of a frame: changed only by ``refill``,
    // whose fill (the dispatcher's) reads the registry and not the event, ``removeTouches()``,
    // ``allTouches`` and the dispatcher's one assignment of the pointer's state.
    #if HITKIT_INTERNAL_CHECKS
    /// When the frame happened.
    public private(set) var timestamp: Double
    /// The frame's touches as the dispatcher filled them: the touches down, oldest first, then
    /// those whose end is still withheld; each once. HitKit's own readers use this list, so a
    /// frame hashes nothing.
    private(set) var touchList: [Touch]
    /// ``allTouches`` once someone asked for it, until the next refill.
    private var touchSet: Set<Touch>?
    /// The pointer's buttons and modifier keys in this frame (Behaviour A8, see Pointer/PointerState.swift).
    var pointerState = PointerEventState()
    #else
    /// When the frame happened.
    @exclusivity(unchecked) public private(set) var timestamp: Double
    @exclusivity(unchecked) private(set) var touchList: [Touch]
    @exclusivity(unchecked) private var touchSet: Set<Touch>?
    @exclusivity(unchecked) var pointerState = PointerEventState()
    #endif

    init(timestamp: Double, touches: [Touch]) {
        self.timestamp = timestamp
        self.touchList = touches
    }

    convenience init(timestamp: Double, allTouches: Set<Touch>) {
        self.init(timestamp: timestamp, touches: Array(allTouches))
    }

    /// Every touch down, stationary ones included, and those that end in this event.
    public var allTouches: Set<Touch> {
        // Built on demand: the dispatcher refills the list every frame, and few handlers ask
        // for the set, so a frame hashes no touch unless one does.
        if let touchSet { return touchSet }
        let set = Set(touchList)
        touchSet = set
        return set
    }

    /// Whether `touch` is one of this event's touches.
    func contains(_ touch: Touch) -> Bool {
        touchList.contains { $0 === touch }
    }

    /// The event's touch with `id`, if any, found without building ``allTouches``: for the C
    /// API's reads in a touch callback, which allocate nothing.
    package func touch(id: Int) -> Touch? {
        touchList.first { $0.id == id }
    }

    /// The dispatcher's registry version at which the list was filled with just the touches
    /// down, while it still holds them; else `nil` (see ``refill(timestamp:version:_:)``).
    /// Fenced with the fields above.
    #if HITKIT_INTERNAL_CHECKS
    private(set) var filledVersion: Int?
    #else
    @exclusivity(unchecked) private(set) var filledVersion: Int?
    #endif

    /// Refills a recycled event (the dispatcher reuses an event nobody else holds). `version`
    /// is the registry's when the fill is the touches down and nothing else: an event already
    /// filled at that version keeps its touches, which are the same ones.
    func refill(timestamp: Double, version: Int?, _ fill: (inout [Touch]) -> Void) {
        self.timestamp = timestamp
        if let version, version == filledVersion { return }
        touchList.removeAllKeepingCapacity()
        touchSet = nil
        fill(&touchList)
        filledVersion = version
    }

    /// Empties a recycled event between frames, so it does not keep ended touches alive.
    func removeTouches() {
        touchList.removeAllKeepingCapacity()
        touchSet = nil
        filledVersion = nil
    }

    /// The touches whose hit-test view is `view`.
    public func touches(for view: View) -> Set<Touch> {
        Set(touchList.lazy.filter { $0.view === view })
    }

    /// The touches in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        Set(touchList.lazy.filter { $0.window === window })
    }

    /// The touches delivered to `recognizer`.
    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        Set(touchList.lazy.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } })
    }
}
