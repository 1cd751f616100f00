// The arena's machinery, kept apart from its rules: the storage it reuses so that a warm frame
// allocates nothing. None of it decides anything; each operation is a leaf (it calls no
// recognizer, responder or host code), as the arena's fence requires (``ExclusivityFence``).

/// Entries kept for the next recognizers that join, so none is allocated per sequence once the
/// arena is warm.
struct ArenaEntryPool {
    /// Ready for the next recognizer that joins.
    private var spare: [ArenaEntry] = []
    /// Entries whose recognizer left during this frame: reused only from the next frame on, so
    /// an entry a step is holding never changes recognizer under it.
    private var leftThisFrame: [ArenaEntry] = []

    /// An entry for a recognizer joining now, if one is spare.
    mutating func take() -> ArenaEntry? {
        spare.popLast()
    }

    /// `entry`'s recognizer left the arena; the entry is spare from the next frame on.
    mutating func giveBack(_ entry: ArenaEntry) {
        leftThisFrame.append(entry)
    }

    /// The frame is over: the entries left during it become spare.
    mutating func endFrame() {
        guard !leftThisFrame.isEmpty else { return }
        spare.append(contentsOf: leftThisFrame)
        leftThisFrame.removeAllKeepingCapacity()
    }
}

/// The lists and marks steps 2 and 3 reuse from frame to frame. A list a step calls out over is
/// taken out while in use, so a nested frame (a send from inside a touch method) finds it empty
/// and grows its own.
struct ArenaScratch {
    /// Step 2: the frame's entries, put in priority order as they are listed; kept for the next
    /// frame while ``listing`` says it still holds.
    var collected: [ArenaEntry] = []
    /// What ``collected`` was made from (``ArenaListing``).
    var listing = ArenaListing()
    /// How many step 2s are under way (a nested frame's runs inside a touch method).
    var deliveries = 0
    /// Step 2: one recognizer's touches of the frame.
    private var touchList: [Touch] = []
    /// Step 2: the last stamp put on a recognizer's touches (``Touch/arenaStamp``).
    private var stamp = 0
    /// Step 3's second buffer, swapped with the dirty list.
    private var dirtyBatch: [ArenaEntry] = []
    /// Snapshots of the arena's entries for ``GestureArena/forEachEntry(_:)``.
    var entryLists = ScratchPool<ArenaEntry>()

    /// A stamp no touch or entry carries yet: a recognizer's touches are stamped with it, then the
    /// frame's touches read in their order; the entries step 2 lists are stamped as they are
    /// (a stamp never needs clearing).
    mutating func nextStamp() -> Int {
        stamp &+= 1
        return stamp
    }

    /// Step 2's list for one recognizer's touches, empty; give it back with
    /// ``giveBack(touchList:)``.
    mutating func takeTouchList() -> [Touch] {
        var list: [Touch] = []
        swap(&list, &touchList)
        return list
    }

    mutating func giveBack(touchList list: inout [Touch]) {
        list.removeAllKeepingCapacity()
        swap(&list, &touchList)
    }

    /// Step 3's batch buffer, empty; give it back with ``giveBack(dirtyBatch:)``.
    mutating func takeDirtyBatch() -> [ArenaEntry] {
        var batch: [ArenaEntry] = []
        swap(&batch, &dirtyBatch)
        return batch
    }

    mutating func giveBack(dirtyBatch batch: inout [ArenaEntry]) {
        swap(&batch, &dirtyBatch)
    }
}

/// What step 2's last list of entries was made from, so that a frame with the same touches gets
/// the same list without listing and ordering them again (a gesture's fingers moving, frame after
/// frame): the touches, by identity, and the arena's version then. Whatever can change a list
/// moves the version on (``GestureArena/listingMayHaveChanged()``): an entry joining or leaving,
/// a touch's recognizers filtered or one of them ignoring it, a recognizer's view changing or
/// being freed. A frame with a began lists again anyway, so a touch object reused (or a new one
/// where a freed one was) is never taken for the one listed.
struct ArenaListing {
    private var version = 0
    private var listedAt = -1
    private var touches: [ObjectIdentifier] = []

    mutating func invalidate() {
        version &+= 1
    }

    /// Whether the list made last still holds for a frame of `frameTouches` without a began.
    func holds(for frameTouches: [Touch]) -> Bool {
        guard listedAt == version, touches.count == frameTouches.count else { return false }
        for index in touches.indices where touches[index] != ObjectIdentifier(frameTouches[index]) { return false }
        return true
    }

    /// A list was made now for `frameTouches`.
    mutating func listed(_ frameTouches: [Touch]) {
        touches.removeAllKeepingCapacity()
        for touch in frameTouches { touches.append(ObjectIdentifier(touch)) }
        listedAt = version
    }
}

/// The last set an entry handed to its recognizer's touch methods, and its touches in frame
/// order: the next call with the same touches (a pan's fingers, frame after frame) gets the same
/// set without hashing them again. A set is a value: a recognizer that keeps one keeps its own,
/// whatever the cache does next.
///
/// While a call has the set (it is *lent*, between ``beginLending(of:in:)`` and
/// ``endLending()``), the call shares its storage, and emptying it then would copy it: a touch
/// ignored during the call (a pinch keeping two of a began's fingers) is let go of when the
/// call is over instead.
struct TouchSetCache {
    private var set: Set<Touch> = []
    private var touches: [Touch] = []
    /// How many calls (nested frames included) have the set now.
    private var lendings = 0
    /// Whether the set is to be let go of when the last lending ends.
    private var isStale = false

    /// The set of the touches of `frameTouches` in `phase` (at least one), lent to a call.
    mutating func beginLending(of frameTouches: [Touch], in phase: Touch.Phase) -> Set<Touch> {
        lendings += 1
        var count = 0
        var isLast = !isStale
        for touch in frameTouches where touch.phase == phase {
            guard count < touches.count, touches[count] === touch else {
                isLast = false
                break
            }
            count += 1
        }
        if isLast && count == touches.count { return set }
        clear()
        for touch in frameTouches where touch.phase == phase {
            touches.append(touch)
            set.insert(touch)
        }
        return set
    }

    /// A call that had the set is over; the set is let go of now if it was forgotten meanwhile.
    mutating func endLending() {
        lendings -= 1
        if lendings == 0 && isStale { clear() }
    }

    /// Lets go of the set and its touches (the buffers keep their capacity), at once or, while
    /// the set is lent, when the call is over (no later call gets it meanwhile).
    mutating func forget() {
        if lendings > 0 {
            isStale = true
        } else {
            clear()
        }
    }

    private mutating func clear() {
        set.removeAllKeepingCapacity()
        touches.removeAllKeepingCapacity()
        isStale = false
    }
}
