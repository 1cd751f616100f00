// The dispatcher's machinery, kept apart from the delivery's steps: what it reuses so that a warm
// frame allocates nothing — its events, ended touches and working lists. None of it decides
// anything; each operation is a leaf (``ExclusivityFence``). Letting go of what a reused object
// holds can free objects in turn, so the dispatcher does that outside these types, one object
// at a time (``ReusePool/isUnshared(at:)``).

/// Objects the dispatcher made — its events, its ended touches — kept for reuse once nothing
/// outside HitKit holds them, oldest first, at most `limit` of them.
struct ReusePool<Object: AnyObject> {
    /// The objects kept, oldest first.
    private(set) var all: [Object] = []
    private let limit: Int

    init(keeping limit: Int) {
        self.limit = limit
    }

    /// Whether only the dispatcher holds `all[index]`.
    mutating func isUnshared(at index: Int) -> Bool {
        isKnownUniquelyReferenced(&all[index])
    }

    /// The oldest object only the dispatcher holds, left in the pool (an event to refill).
    mutating func firstUnshared() -> Object? {
        for index in all.indices where isUnshared(at: index) { return all[index] }
        return nil
    }

    /// The newest object only the dispatcher holds, taken out of the pool (a touch for a new
    /// finger).
    mutating func takeLastUnshared() -> Object? {
        var index = all.count - 1
        while index >= 0 {
            if isUnshared(at: index) { return all.remove(at: index) }
            index -= 1
        }
        return nil
    }

    /// Keeps `object` for reuse; the oldest makes room when the pool is full.
    mutating func keep(_ object: Object) {
        if all.count == limit { all.removeFirst() }
        all.append(object)
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
