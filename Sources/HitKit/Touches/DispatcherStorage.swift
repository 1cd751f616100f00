// The dispatcher's machinery, kept apart from the delivery's steps: what it reuses so that a warm
// frame allocates nothing — its events, ended touches and working lists. None of it decides
// anything; each operation is a leaf (``ExclusivityFence``). Letting go of what a reused object
// holds can free objects in turn, so the dispatcher does that outside these types, one object
// at a time (``RecycledEvents/isUnshared(at:)``).

/// The events the dispatcher made, refilled for a later frame when nobody else holds them. Two
/// are kept, as a frame's cancels need an event while the frame's own is being delivered.
struct RecycledEvents {
    /// The events kept, oldest first.
    private(set) var all: [Event] = []
    private static let kept = 2

    /// An event only the dispatcher holds — no responder kept it, no delivery with it is under
    /// way — to refill, if there is one.
    mutating func unshared() -> Event? {
        for index in all.indices where isUnshared(at: index) { return all[index] }
        return nil
    }

    /// Whether only the dispatcher holds `all[index]`.
    mutating func isUnshared(at index: Int) -> Bool {
        isKnownUniquelyReferenced(&all[index])
    }

    /// Keeps a new event for reuse; the oldest makes room when two are kept.
    mutating func keep(_ event: Event) {
        if all.count == Self.kept { all.removeFirst() }
        all.append(event)
    }
}

/// Ended touches, kept so that a later finger reuses one once nothing outside HitKit holds it
/// (a new touch then allocates nothing once warm).
struct ReusableTouches {
    /// The touches kept, oldest first.
    private(set) var all: [Touch] = []
    private static let kept = 16

    /// An ended touch only the dispatcher holds, taken out for a new finger, if there is one.
    mutating func takeUnshared() -> Touch? {
        var index = all.count - 1
        while index >= 0 {
            if isUnshared(at: index) { return all.remove(at: index) }
            index -= 1
        }
        return nil
    }

    /// Whether only the dispatcher holds `all[index]`.
    mutating func isUnshared(at index: Int) -> Bool {
        isKnownUniquelyReferenced(&all[index])
    }

    /// Keeps a touch that ended; the oldest makes room when many are kept.
    mutating func keep(_ touch: Touch) {
        if all.count == Self.kept { all.removeFirst() }
        all.append(touch)
    }
}

/// The dispatcher's working lists, kept with their capacity from frame to frame. A list is
/// taken out while in use (a nested delivery takes another) and given back emptied.
struct DispatcherScratch {
    /// The frame's working lists of touches.
    var touchLists = ScratchPool<Touch>()
    /// The phases of touches shown another phase for a call (``TouchDispatcher``'s `showing`).
    var phaseLists = ScratchPool<Touch.Phase>()
    /// `Application.sendEvent`'s list of windows.
    var windowLists = ScratchPool<(window: Window, firstBegan: Int)>()
    /// Grouping buffers not in use (one per nested delivery at most).
    var spareBatches: [TouchBatches] = []
}
