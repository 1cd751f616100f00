/// The gesture arena (Behaviour A4; Flutter's `GestureArenaManager` is the model): the recognizers
/// taking part in the touches under way, each through an ``ArenaEntry`` the arena owns, and the
/// dispatcher's steps 2–4 for them. The rules a–j that decide between them are in
/// `GestureArena+Rules.swift`, one function beside each letter of the GestureArbitration article.
///
/// Only recognizers with a sequence under way have an entry, so no step scans every recognizer
/// of the application.
final class GestureArena {
    // An owner's back link (Links.swift): checked with the internal checks, a bare pointer otherwise.
    #if HITKIT_INTERNAL_CHECKS
    unowned let application: Application
    #else
    unowned(unsafe) let application: Application
    #endif
    /// Where the hooks reach the trace (``TracePoint``).
    let tracePoint: TracePoint
    /// The application's tracer while a trace is observed.
    var tracer: Tracer? { tracePoint.tracer }

    /// The arena's lists and counters (``Storage``).
    // Fenced (``ExclusivityFence``): only the arena's own code touches it (`GestureArena*.swift`,
    // and the `GestureRecognizer` hooks at the end of `GestureArena+WorkList.swift`). Loops that
    // call out iterate over a list taken out of its field (step 3's batch, step 2's touch list,
    // ``forEachEntry(_:)``'s snapshot) or re-read the field after each call
    // (``forEachEntryWithWork(_:)``, step 2's collected entries).
    #if HITKIT_INTERNAL_CHECKS
    var fenced = Storage()
    #else
    @exclusivity(unchecked) var fenced = Storage()
    #endif

    /// What the arena changes while a frame runs: the arbitration state of Behaviour A4 — who
    /// takes part, who asked for a transition, who waits, which touches step 4 cancels — and,
    /// apart from it, the machinery that keeps a frame cheap.
    struct Storage {
        /// The entries of the recognizers taking part, in the order they joined.
        var entries: [ArenaEntry] = []
        /// Entries with transition requests, waiting for step 3.
        var dirty: [ArenaEntry] = []
        /// Entries whose recognizer wants to begin or recognize but waits for others to fail
        /// (rule a).
        var pending: [ArenaEntry] = []
        /// Touches to cancel in their views in step 4.
        var touchesToCancel: [Touch] = []
        /// The entry whose recognizer is beginning or recognizing while its actions run: what the
        /// begin does to the others and to the views (rules c, f, g) is still to come, and a stop
        /// from those actions makes it first (``GestureArena/stop(_:)``).
        var beginning: ObjectIdentifier?
        /// Step 3s run so far (``GestureArena/resolutions``).
        var resolutions = 0

        /// The entries the per-frame passes visit, and nothing else (``ArenaWorkList``).
        var workList = ArenaWorkList()
        /// Entries kept for the next recognizers that join (``ArenaEntryPool``).
        var entryPool = ArenaEntryPool()
        /// The steps' reused lists and marks (``ArenaScratch``).
        var scratch = ArenaScratch()
    }

    init(application: Application, tracePoint: TracePoint) {
        self.application = application
        self.tracePoint = tracePoint
    }

    deinit {
        // Recognizers that outlive the arena must not keep a handle on a freed entry, nor the
        // touches of the application that is gone: a touch holds its recognizers, so a
        // recognizer mid-gesture and its touches would keep each other alive forever.
        for entry in fenced.entries {
            entry.recognizer?.entry = nil
            entry.recognizer?.fenced.touches = []
        }
    }

    /// Whether no recognizer takes part.
    var isEmpty: Bool { fenced.entries.isEmpty }
    /// Read-only views of the storage (the tests read them).
    var entries: [ArenaEntry] { fenced.entries }
    var work: [ArenaEntry] { fenced.workList.entries }
    var entriesVisited: Int { fenced.workList.visits }

    // MARK: Membership

    /// The entry of `recognizer`, which joins the arena if it had none.
    func join(_ recognizer: GestureRecognizer) -> ArenaEntry {
        if let entry = recognizer.entry { return entry }
        let entry = fenced.entryPool.take() ?? ArenaEntry(arena: self)
        entry.bind(recognizer)
        entry.priorityDepth = recognizer.lastPriorityDepth
        recognizer.entry = entry
        fenced.entries.append(entry)
        listingMayHaveChanged()
        entry.joinOrder = fenced.workList.nextJoinOrder()
        // Looked at once at the end of its first frame, whatever brought it in.
        noteWork(entry)
        return entry
    }

    func markDirty(_ entry: ArenaEntry) {
        guard !entry.isDirty else { return }
        entry.isDirty = true
        fenced.dirty.append(entry)
        noteWork(entry)
    }

    /// Cancels the timers `recognizer` scheduled: at its reset, and when it fails, after which
    /// none of them can act (each acts only while its recognizer is possible), and a pending one
    /// would still wake a host's loop (``Application/nextDeadline``) and run a timer frame.
    func cancelTimers(of recognizer: GestureRecognizer) {
        guard !recognizer.fenced.timers.isEmpty else { return }
        // Read once: each read of the back link retains the application for its use.
        let application = application
        for handle in recognizer.timers { application.cancelTimer(handle) }
        recognizer.fenced.timers.removeAllKeepingCapacity()
    }

    /// The recognizer leaves the arena: it resets (timers cancelled, touches let go, back to
    /// possible, its ``GestureRecognizer/reset()`` called).
    func retire(_ entry: ArenaEntry) {
        guard let recognizer = entry.recognizer else { return }
        remove(entry, from: &fenced.entries)
        listingMayHaveChanged()
        if entry.hasWork { dropWork(entry) }
        if entry.isDirty { remove(entry, from: &fenced.dirty) }
        if entry.isPending { remove(entry, from: &fenced.pending) }
        cancelTimers(of: recognizer)
        entry.fenced.sequenceTouches.forEachHeld { $0.removeRecognizer(recognizer) }
        recognizer.fenced.touches.removeAllKeepingCapacity()
        recognizer.entry = nil
        recognizer.isDrivenByTouchpad = false                                        // Behaviour A9
        entry.unbind()
        fenced.entryPool.giveBack(entry)
        recognizer.resolvedState = .possible
        if let tracer { tracer.forget(recognizer) }
        application.dispatcher.releaseRecognizersOfEndedTouches()
        recognizer.reset()
    }

    func remove(_ entry: ArenaEntry, from list: inout [ArenaEntry]) {
        if let index = list.firstIndexHeld(where: { $0 === entry }) { list.remove(at: index) }
    }

    func removeFromPending(_ entry: ArenaEntry) {
        guard entry.isPending else { return }
        entry.isPending = false
        remove(entry, from: &fenced.pending)
    }

    func addToPending(_ entry: ArenaEntry) {
        guard !entry.isPending else { return }
        entry.isPending = true
        fenced.pending.append(entry)
    }

    // MARK: Step 2

    /// Step 2: the recognizers of the frame's touches get them, in priority order (rule d), one
    /// call per phase. A began first collects its touch's recognizers (step 1's list, less those
    /// that do not take it).
    func deliverTouches(_ touches: [Touch], of event: Event) {
        var began = false
        for touch in touches where touch.phase == .began {
            began = true
            if let tracer { tracer.recordDisabledRecognizers(of: touch) }
            if !touch.gestureRecognizers.isEmpty { collect(touch) }
        }
        if began || !fenced.scratch.listing.holds(for: touches) { list(touches) }
        guard !fenced.scratch.collected.isEmpty else { return }
        fenced.scratch.deliveries += 1
        defer { fenced.scratch.deliveries -= 1 }
        // A recognizer's touch method may start another frame's work (a timer cannot, but a
        // nested send could): the list is read again after each call.
        var index = 0
        while index < fenced.scratch.collected.count {
            // The entry is not bound to a name: bound, it stays retained across the delivery below.
            let recognizer = fenced.scratch.collected[index].recognizer
            index += 1
            // One heading to an end (failed, finished, its touches not all ended) gets no call.
            guard let recognizer, recognizer.acceptsNewTouches else { continue }
            deliver(touches, to: recognizer, event: event)
        }
        // A nested frame's list is not kept: the frame around it, reading the list again, finds
        // it empty and is done.
        if fenced.scratch.deliveries > 1 {
            fenced.scratch.collected.removeAllKeepingCapacity()
            fenced.scratch.listing.invalidate()
        }
    }

    /// Lists the entries of the recognizers of `touches`, in priority order (rule d).
    private func list(_ touches: [Touch]) {
        fenced.scratch.collected.removeAllKeepingCapacity()
        let stamp = fenced.scratch.nextStamp()
        for touch in touches {
            // Every entry listed already (fingers of one gesture share their recognizers): the
            // other touches can add none, as a recognizer with an entry is in ``entries``.
            if fenced.scratch.collected.count == fenced.entries.count { break }
            touch.gestureRecognizers.forEachHeld { recognizer in
                recognizer.fenced.entry.withObject { entry in
                    guard entry.listedStamp != stamp else { return }
                    entry.listedStamp = stamp
                    insertInPriorityOrder(entry, into: &fenced.scratch.collected)                   // rule d
                }
            }
        }
        fenced.scratch.listing.listed(touches)
    }

    /// Something step 2's list is made from changed (``ArenaListing``): the next frame lists again.
    func listingMayHaveChanged() {
        fenced.scratch.listing.invalidate()
    }

    /// Step 1's list of a new touch, filtered: the recognizers that do not take the touch
    /// (disabled, detached, heading to an end, or refused by their delegate) are dropped; the
    /// others join the arena with the priority depth step 1's walk gave them
    /// (``listRecognizers(from:into:)``: no second walk up the chain).
    private func collect(_ touch: Touch) {
        var place = 0
        touch.filterRecognizers { recognizer in
            guard recognizer.isEnabled, recognizer.isAttached, recognizer.acceptsNewTouches,
                  recognizer.acceptsByPointerRules(touch),                           // Behaviour A8
                  recognizer.takesPart(in: touch)                                    // Behaviour A11
            else {
                if let tracer { tracer.recordFiltered(recognizer, touch, byDelegate: false) }
                return false
            }
            if let delegate = recognizer.delegate {
                guard delegate.gestureRecognizer(recognizer, shouldReceive: touch) else {
                    if let tracer { tracer.recordFiltered(recognizer, touch, byDelegate: true) }
                    return false
                }
                // The delegate's code may have disabled or detached the recognizer, or taken its
                // view or the touch's out of the window (the touch then goes nowhere, A3).
                guard recognizer.isEnabled, recognizer.isAttached, recognizer.view?.window != nil,
                      touch.view?.window != nil else { return false }
            }
            place += 1
            if let tracer { tracer.recordCollected(recognizer, touch, place: place) }
            let entry = join(recognizer)
            entry.priorityDepth = recognizer.lastPriorityDepth
            recognizer.fenced.touches.append(touch)
            entry.fenced.sequenceTouches.append(touch)
            joinedAfterBeginning(recognizer, touch)                                  // rule f
            return true
        }
    }

    /// Calls the recognizer's touch methods with its touches of this frame, one call per phase.
    /// Which touches are its is decided once, before the first call.
    private func deliver(_ touches: [Touch], to recognizer: GestureRecognizer, event: Event) {
        // A recognizer heading to an end (failed, finished) would get no call below: `send`
        // stops at its first non-empty batch (``GestureRecognizer/isReceiving``). Nothing else
        // is done for it; this part of the test reads no weak reference.
        guard recognizer.acceptsNewTouches else { return }
        if recognizer.isInteractionParticipant { return deliver(touches, toParticipant: recognizer, event: event) }
        // The recognizer's touches are stamped, then the frame's read in their order: linear,
        // where a search of its list per touch would be quadratic. No code runs in between, so a
        // nested frame cannot restamp them.
        let stamp = fenced.scratch.nextStamp()
        recognizer.touches.forEachHeld { $0.arenaStamp = stamp }
        var stamped = 0
        touches.forEachHeld { if $0.arenaStamp == stamp { stamped += 1 } }
        // The usual frame: all the frame's touches are this recognizer's (one gesture's fingers).
        // The frame's list is then its list, shared, not copied touch by touch.
        if stamped == touches.count { return send(touches, to: recognizer, event) }
        // Taken out while in use: a nested frame (a send from inside a touch method) gets its own.
        var mine = fenced.scratch.takeTouchList()
        defer { fenced.scratch.giveBack(touchList: &mine) }
        touches.forEachHeld { if $0.arenaStamp == stamp { mine.append($0) } }
        send(mine, to: recognizer, event)
    }

    /// The touch calls of step 2 for `mine`, the frame's touches of `recognizer`: phase by phase
    /// until one leaves it failed or finished.
    private func send(_ mine: [Touch], to recognizer: GestureRecognizer, _ event: Event) {
        guard send(.touchesBegan, .began, of: mine, to: recognizer, event),
              send(.touchesMoved, .moved, of: mine, to: recognizer, event),
              send(.touchesEnded, .ended, of: mine, to: recognizer, event)
        else { return }
        if !send(.touchesCancelled, .cancelled, of: mine, to: recognizer, event),
           recognizer.resolvedState.isActive, recognizer.requestedState == .ended {
            // A lift of this frame asked the begun recognizer to end, so it takes no more
            // touches; the input's cancel of another of its touches still cancels it (rule j).
            endAfterCancelledInput(recognizer)                                       // rule j
        }
    }

    /// Step 2 for an interaction's participant (Behaviour A11): its touches of the frame, one by one
    /// in the frame's order, without the batch sets recognizers get (a participant follows one
    /// touch, and is told of a second only to end).
    private func deliver(_ touches: [Touch], toParticipant recognizer: GestureRecognizer, event: Event) {
        // Only `InteractionParticipant`'s initializer sets the flag that brought the call here.
        let participant = unsafeDowncast(recognizer, to: InteractionParticipant.self)
        for touch in touches where participant.fenced.touches.contains(where: { $0 === touch }) {
            guard participant.isReceiving else { return }
            participant.receive(touch, event: event)
            if touch.phase == .cancelled {
                if let tracer { tracer.noteCause(of: participant, "its touch was cancelled by the input (A4 j)") }
                endAfterCancelledInput(participant)                                  // rule j
            }
        }
    }

    /// One touch call on a recognizer, unless the batch is empty. Returns false when the
    /// recognizer failed or finished: it receives no more touches of its sequence.
    private func send(_ call: TouchMethod, _ phase: Touch.Phase, of touches: [Touch],
                      to recognizer: GestureRecognizer, _ event: Event) -> Bool {
        guard touches.contains(where: { $0.phase == phase }) else { return true }
        guard recognizer.isReceiving else { return false }
        // The entry's last set when the touches are the same, else a new one it keeps.
        guard let entry = recognizer.entry else {
            // Not in the arena any more (it left from an earlier call of this frame): a fresh
            // set, without the entry's reuse.
            return send(call, Set(touches.lazy.filter { $0.phase == phase }), to: recognizer, event)
        }
        // The set is lent to the call: the scope ends before the lending does, so that the
        // entry then holds the only reference again (``TouchSetCache/endLending()``).
        let delivered: Bool
        do {
            let batch = entry.beginLendingBatch(of: touches, in: phase)
            delivered = send(call, batch, to: recognizer, event)
        }
        entry.endLendingBatch()
        return delivered
    }

    /// The call itself, with its observers first; rule j after a cancel.
    private func send(_ call: TouchMethod, _ batch: Set<Touch>, to recognizer: GestureRecognizer,
                      _ event: Event) -> Bool {
        recognizer.notifyTouches(call, batch)
        switch call {
        case .touchesBegan: recognizer.touchesBegan(batch, with: event)
        case .touchesMoved: recognizer.touchesMoved(batch, with: event)
        case .touchesEnded: recognizer.touchesEnded(batch, with: event)
        case .touchesCancelled:
            // Rule j's cause, whether the recognizer or the rule then ends it.
            if let tracer { tracer.noteCause(of: recognizer, "its touch was cancelled by the input (A4 j)") }
            recognizer.touchesCancelled(batch, with: event)
            endAfterCancelledInput(recognizer)                                       // rule j
        }
        return true
    }

    // MARK: Views leaving

    /// A view is leaving its window: the recognizers of it and its subviews stop (rule i).
    func viewWillLeaveWindow(_ view: View) {
        forEachEntry { _, recognizer in
            // A hover ends rather than stops: the hover pass that follows the change ends it
            // among the other hovers' changes, deepest first, as hiding the view would (A8).
            if recognizer is HoverGestureRecognizer { return }
            if recognizer.view.map({ $0.isDescendant(of: view) }) ?? true { stop(recognizer) }
        }
    }

    // MARK: End of frame

    /// The frame is over: recognizers that are done, and whose touches have all ended, reset.
    /// Only the work list's entries are visited: every other one has nothing here to do
    /// (`GestureArena+WorkList.swift`).
    func endFrame() {
        defer { fenced.entryPool.endFrame() }
        guard !fenced.workList.entries.isEmpty else { return }
        // A recognizer whose view was freed mid-sequence can never resolve: stop it (the view's
        // `deinit` put it on the work list).
        if fenced.workList.viewFreed {
            fenced.workList.viewFreed = false
            forEachEntryWithWork { _, recognizer in
                if !recognizer.isAttached { stop(recognizer) }
            }
        }
        if fenced.workList.touchLifted {
            fenced.workList.touchLifted = false
            forEachEntryWithWork { _, recognizer in
                guard recognizer.touches.contains(where: \.hasLifted) else { return }
                // Remembered first: a recognizer still waiting (for a required one to fail)
                // reports where its touches were once they are gone, as UIKit does.
                _ = recognizer.centroidOnScreen()
                // Usually every touch lifted: emptying the list costs far less than filtering it.
                if recognizer.fenced.touches.allSatisfy(\.hasLifted) {
                    recognizer.fenced.touches.removeAllKeepingCapacity()
                } else {
                    recognizer.fenced.touches.removeAll { $0.hasLifted }
                }
            }
        }
        // Settled entries leave the list first (this calls nothing), which also tells whether one
        // is done; the pass that retires those may call out, so the list settles again after it.
        if settleWork() {
            forEachEntryWithWork { entry, _ in
                if isDone(entry) { retire(entry) }
            }
            _ = settleWork()
        }
    }

    /// Whether the entry's recognizer has nothing left in its sequence: no touch, no request,
    /// and finished, or possible with nothing left to wait for (every touch ignored).
    func isDone(_ entry: ArenaEntry) -> Bool {
        guard let recognizer = entry.recognizer, recognizer.touches.isEmpty && entry.fenced.requests.isEmpty else { return false }
        return recognizer.resolvedState.isTerminal
            || (recognizer.resolvedState == .possible && entry.fenced.sequenceTouches.isEmpty && recognizer.timers.isEmpty
                && !recognizer.isDrivenByTouchpad)                                   // Behaviour A9
    }

    /// Calls `body` for each entry in joining order, as the list was when the call began;
    /// entries that left meanwhile are skipped.
    func forEachEntry(_ body: (ArenaEntry, GestureRecognizer) -> Void) {
        // The snapshot is a scratch list, not a copy of `entries` that a removal would then
        // have to copy again.
        var snapshot = fenced.scratch.entryLists.take()
        snapshot.append(contentsOf: fenced.entries)
        defer { fenced.scratch.entryLists.give(&snapshot) }
        for entry in snapshot {
            guard let recognizer = entry.recognizer else { continue }
            body(entry, recognizer)
        }
    }
}
