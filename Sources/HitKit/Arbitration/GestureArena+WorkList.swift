// The arena's work list (issue 21 item 2): the per-frame passes (the end of the frame, step 3's
// `failAbandoned`) visit only entries that may have something to do, never the idle ones (a long
// press waiting for its timer, a recognizer whose touch is stationary).
//
// The rule that makes this exact: **an entry off the list is settled** — it has no request, its
// view is alive, it holds no lifted touch, it is not done and not abandoned (`isSettled`), so
// each pass would pass it by. An entry leaves the list only at the end of a frame, and only when
// settled then; and whatever can unsettle it puts it back on the list at once:
// - a transition request (`markDirty`) or a state change (rule e's `change`);
// - a touch of its sequence lifting (`noteLifted`: step 1, or a cancel shown to the views);
// - a timer of its recognizer fired (`TimerAction.run`) or cancelled (`cancelTimer`), a touch
//   ignored (`ignore`), the end of a touchpad gesture (Behaviour A9);
// - its recognizer's view freed: the view's `deinit` (`Views/View.swift`) tells the arena, so the
//   recognizer is stopped at the end of the frame under way or the next, exactly where the old
//   pass over every entry found it;
// The end of the frame's first two passes (freed views, lifted touches) run only in frames where
// a view was freed or a touch lifted (`viewFreed`, `touchLifted`): nothing else makes them act.
// A flag stays raised when its event comes after its pass, so without it no entry has a freed
// view (or holds a lifted touch), and settling does not look for one.
// - joining (looked at once, at the end of its first frame).
// Nothing else changes what the passes read (they read nothing the delivery of a touch changes).

extension GestureArena {
    /// Puts `entry` on the work list, in joining order.
    func noteWork(_ entry: ArenaEntry) {
        guard !entry.hasWork, entry.isInArena else { return }
        entry.hasWork = true
        fenced.work.append(entry)
        // Usually the newest already; else it moves down past the later joiners.
        var index = fenced.work.count - 1
        while index > 0 && fenced.work[index - 1].joinOrder > entry.joinOrder {
            fenced.work.swapAt(index - 1, index)
            index -= 1
        }
    }

    /// A touch lifted (or shows cancelled to its views): its recognizers' entries have work.
    func noteLifted(_ touch: Touch) {
        for recognizer in touch.gestureRecognizers {
            guard let entry = recognizer.entry else { continue }
            fenced.touchLifted = true
            noteWork(entry)
        }
    }

    /// Takes `entry` off the list as its recognizer leaves.
    func dropWork(_ entry: ArenaEntry) {
        entry.hasWork = false
        remove(entry, from: &fenced.work)
    }

    /// Calls `body` for each entry on the work list that was in the arena when the call began,
    /// in joining order, as a pass over a snapshot of every entry would reach them: `body` may
    /// call out, and entries may join, leave or come onto the list meanwhile. One that comes on
    /// after the pass went by it waits for the next pass; one that joined meanwhile is not visited.
    func forEachEntryWithWork(_ body: (ArenaEntry, GestureRecognizer) -> Void) {
        let newest = fenced.joins
        var last = 0  // the joining order of the last entry visited (orders start at 1)
        var index = 0
        while index < fenced.work.count {
            let entry = fenced.work[index]
            guard entry.joinOrder > last else {
                index += 1
                continue
            }
            guard entry.joinOrder <= newest else { return }
            last = entry.joinOrder
            fenced.entriesVisited &+= 1
            entry.timesVisited &+= 1
            if let recognizer = entry.recognizer { body(entry, recognizer) }
            // The list is ordered: if it changed under `body`, look again from its start.
            index = index < fenced.work.count && fenced.work[index] === entry ? index + 1 : 0
        }
    }

    /// Whether every pass would leave the entry alone: nothing requested or waiting, its view
    /// alive, no lifted touch held, neither done nor abandoned. Calls nothing.
    func isSettled(_ entry: ArenaEntry) -> Bool {
        !isDone(entry) && isQuiet(entry)
    }

    /// ``isSettled(_:)`` but for being done. A view freed or a touch lifted since the passes
    /// that look for them ran raised their flag (``viewFreed``, ``touchLifted``): without it,
    /// no entry has a freed view or holds a lifted touch, and neither is looked for.
    private func isQuiet(_ entry: ArenaEntry) -> Bool {
        guard let recognizer = entry.recognizer else { return true }
        return entry.fenced.requests.isEmpty && !entry.isDirty && !entry.isPending
            && (!fenced.viewFreed || recognizer.view != nil)
            && (!fenced.touchLifted || !recognizer.touches.contains(where: \.hasLifted))
            && !isAbandoned(entry, recognizer)
    }

    /// Settled entries leave the list, in place and in order (this calls nothing, and the list
    /// keeps its capacity); the others stay for the next frame. Returns whether one is done.
    func settleWork() -> Bool {
        var kept = 0
        var anyDone = false
        for index in fenced.work.indices {
            let entry = fenced.work[index]
            let isDone = isDone(entry)
            if !isDone && isQuiet(entry) {
                entry.hasWork = false
                continue
            }
            anyDone = anyDone || isDone
            if kept != index { fenced.work.swapAt(kept, index) }
            kept += 1
        }
        while fenced.work.count > kept { fenced.work.removeLast() }
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
        entry.arena.fenced.viewFreed = true
        entry.arena.noteWork(entry)
    }
}
