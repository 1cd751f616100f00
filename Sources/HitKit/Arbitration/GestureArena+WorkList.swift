// The arena's work list: the per-frame passes (the end of the frame, step 3's `failAbandoned`)
// visit only entries that may have something to do, never the idle ones (a long press waiting
// for its timer, a recognizer whose touch is stationary), so a frame's cost does not grow with
// the recognizers that merely wait.
//
// The rule that makes this exact: **an entry off the list is settled** — it has no request, its
// view is alive, it holds no lifted touch, it is not done and not abandoned (`isSettled`), so
// each pass would pass it by. An entry leaves the list only at the end of a frame, and only when
// settled then; and whatever can unsettle it puts it back on the list at once:
// - joining (it is looked at once, at the end of its first frame);
// - a transition request (`markDirty`) or a state change (rule e's `change`);
// - a touch of its sequence lifting (`noteLifted`: step 1, or a cancel shown to the views);
// - a timer of its recognizer fired (`TimerAction.run`) or cancelled (`cancelTimer`), a touch
//   ignored (`ignore`), the end of a touchpad gesture (Behaviour A9);
// - its recognizer's view freed: the view's `deinit` (`Views/View.swift`) tells the arena, so the
//   recognizer is stopped at the end of the frame under way or the next, as a pass over every
//   entry would find it.
// The end of the frame's first two passes (freed views, lifted touches) run only in frames where
// a view was freed or a touch lifted (`viewFreed`, `touchLifted`): nothing else makes them act.
// A flag stays raised when its event comes after its pass, so without it no entry has a freed
// view (or holds a lifted touch), and settling does not look for one.
// Nothing else changes what the passes read (they read nothing the delivery of a touch changes).

/// The arena's work list, in joining order, with the flags that tell the end of the frame which
/// passes to run and the visit counter the tests read. Its operations are leaves (they call
/// nothing); the passes that call out over it are the arena's (``GestureArena/forEachEntryWithWork(_:)``).
struct ArenaWorkList {
    /// The entries that may have something for the end of the frame or step 3 to do, in
    /// joining order. No other entry is visited.
    private(set) var entries: [ArenaEntry] = []
    /// The last joining order given (``ArenaEntry/joinOrder``).
    private(set) var joins = 0
    /// Whether a view with a recognizer taking part was freed, or a touch of one lifted, since
    /// the end of the frame last looked: the end of the frame's first two passes run only then.
    var viewFreed = false
    var touchLifted = false
    /// How many times a per-frame pass has visited an entry of the list (for the tests).
    private(set) var visits = 0

    /// An entry's place on the list: its joining order and whether it is on it, and how often a
    /// pass visited it while it belonged to its recognizer (for the tests).
    struct Place {
        var joinOrder = 0
        var isListed = false
        var visits = 0
    }

    /// The joining order of an entry joining now (a later one is greater).
    mutating func nextJoinOrder() -> Int {
        joins &+= 1
        return joins
    }

    /// Puts `entry`, which is not on the list, on it in joining order.
    mutating func add(_ entry: ArenaEntry) {
        entry.hasWork = true
        entries.append(entry)
        // Usually the newest already; else it moves down past the later joiners.
        var index = entries.count - 1
        while index > 0 && entries[index - 1].joinOrder > entry.joinOrder {
            entries.swapAt(index - 1, index)
            index -= 1
        }
    }

    /// Takes `entry` off the list.
    mutating func remove(_ entry: ArenaEntry) {
        entry.hasWork = false
        if let index = entries.firstIndex(where: { $0 === entry }) { entries.remove(at: index) }
    }

    /// Counts a pass's visit of `entry`.
    mutating func countVisit(of entry: ArenaEntry) {
        visits &+= 1
        entry.timesVisited &+= 1
    }

    /// Keeps, in order and in place, the entries for which `keep` answers true; the others
    /// leave the list (the list keeps its capacity). `keep` runs while the list is being
    /// changed: it must call nothing and read nothing of the arena's storage.
    mutating func keep(where keep: (ArenaEntry) -> Bool) {
        var kept = 0
        for index in entries.indices {
            let entry = entries[index]
            guard keep(entry) else {
                entry.hasWork = false
                continue
            }
            if kept != index { entries.swapAt(kept, index) }
            kept += 1
        }
        while entries.count > kept { entries.removeLast() }
    }
}

extension GestureArena {
    /// Puts `entry` on the work list, in joining order.
    func noteWork(_ entry: ArenaEntry) {
        guard !entry.hasWork, entry.isInArena else { return }
        fenced.workList.add(entry)
    }

    /// A touch lifted (or shows cancelled to its views): its recognizers' entries have work.
    func noteLifted(_ touch: Touch) {
        for recognizer in touch.gestureRecognizers {
            guard let entry = recognizer.entry else { continue }
            fenced.workList.touchLifted = true
            noteWork(entry)
        }
    }

    /// Takes `entry` off the list as its recognizer leaves.
    func dropWork(_ entry: ArenaEntry) {
        fenced.workList.remove(entry)
    }

    /// Calls `body` for each entry on the work list that was in the arena when the call began,
    /// in joining order, as a pass over a snapshot of every entry would reach them: `body` may
    /// call out, and entries may join, leave or come onto the list meanwhile. One that comes on
    /// after the pass went by it waits for the next pass; one that joined meanwhile is not visited.
    func forEachEntryWithWork(_ body: (ArenaEntry, GestureRecognizer) -> Void) {
        let newest = fenced.workList.joins
        var last = 0  // the joining order of the last entry visited (orders start at 1)
        var index = 0
        while index < fenced.workList.entries.count {
            let entry = fenced.workList.entries[index]
            guard entry.joinOrder > last else {
                index += 1
                continue
            }
            guard entry.joinOrder <= newest else { return }
            last = entry.joinOrder
            fenced.workList.countVisit(of: entry)
            if let recognizer = entry.recognizer { body(entry, recognizer) }
            // The list is ordered: if it changed under `body`, look again from its start.
            index = index < fenced.workList.entries.count && fenced.workList.entries[index] === entry ? index + 1 : 0
        }
    }

    /// Whether every pass would leave the entry alone: nothing requested or waiting, its view
    /// alive, no lifted touch held, neither done nor abandoned. Calls nothing.
    func isSettled(_ entry: ArenaEntry) -> Bool {
        !isDone(entry) && isQuiet(entry, viewFreed: fenced.workList.viewFreed, touchLifted: fenced.workList.touchLifted)
    }

    /// ``isSettled(_:)`` but for being done. A view freed or a touch lifted since the passes
    /// that look for them ran raised their flag (``ArenaWorkList/viewFreed``,
    /// ``ArenaWorkList/touchLifted``): without it, no entry has a freed view or holds a lifted
    /// touch, and neither is looked for.
    private func isQuiet(_ entry: ArenaEntry, viewFreed: Bool, touchLifted: Bool) -> Bool {
        guard let recognizer = entry.recognizer else { return true }
        return entry.fenced.requests.isEmpty && !entry.isDirty && !entry.isPending
            && (!viewFreed || recognizer.isAttached)
            && (!touchLifted || !recognizer.touches.contains(where: \.hasLifted))
            && !isAbandoned(entry, recognizer)
    }

    /// Settled entries leave the list, in place and in order (this calls nothing, and the list
    /// keeps its capacity); the others stay for the next frame. Returns whether one is done.
    func settleWork() -> Bool {
        var anyDone = false
        // Read before the list changes: deciding reads the flags, not the list.
        let viewFreed = fenced.workList.viewFreed, touchLifted = fenced.workList.touchLifted
        fenced.workList.keep { entry in
            let isDone = isDone(entry)
            anyDone = anyDone || isDone
            return isDone || !isQuiet(entry, viewFreed: viewFreed, touchLifted: touchLifted)
        }
        return anyDone
    }
}

extension GestureRecognizer {
    /// Puts the recognizer's entry, if it takes part, on its arena's work list.
    func noteArenaWork() {
        if let entry { entry.arena.noteWork(entry) }
    }

    /// The recognizer's view is being freed: if it takes part, it is stopped at the frame's end.
    func noteViewFreed() {
        guard let entry else { return }
        entry.arena.fenced.workList.viewFreed = true
        entry.arena.noteWork(entry)
        entry.arena.listingMayHaveChanged()  // rule d reads the view
    }
}
