/// The gesture arena (Behaviour A4; Flutter's `GestureArenaManager` is the model): the recognizers
/// taking part in the touches under way, each through an ``ArenaEntry`` the arena owns, and the
/// dispatcher's steps 2–4 for them. The rules a–j that decide between them are in
/// `GestureArena+Rules.swift`, one function beside each letter of the GestureArbitration article.
///
/// Only recognizers with a sequence under way have an entry, so no step scans every recognizer
/// of the application.
final class GestureArena {
    unowned let application: Application

    // `@exclusivity(unchecked)` on the lists below: they are mutated only by short in-place
    // operations that call no user code (appends, removals by identity); loops that call out
    // iterate over a copy or over a list taken out of its property, so accesses never overlap.
    /// The entries of the recognizers taking part, in the order they joined.
    @exclusivity(unchecked) private(set) var entries: [ArenaEntry] = []
    /// Entries with transition requests, waiting for step 3.
    @exclusivity(unchecked) var dirty: [ArenaEntry] = []
    /// Entries whose recognizer wants to begin or recognize but waits for others to fail (rule a).
    @exclusivity(unchecked) var pending: [ArenaEntry] = []
    /// Touches to cancel in their views in step 4.
    @exclusivity(unchecked) var touchesToCancel: [Touch] = []

    /// Entries whose recognizer left during this frame: they are reused only from the next
    /// frame on, so an entry a step is holding never changes recognizer under it.
    @exclusivity(unchecked) private var leftThisFrame: [ArenaEntry] = []
    /// Entries ready for the next recognizer that joins.
    @exclusivity(unchecked) private var spare: [ArenaEntry] = []
    /// Step 2's scratch: the frame's entries in priority order, a recognizer's touches of the
    /// frame, and the set handed to its touch methods.
    @exclusivity(unchecked) private var collected: [ArenaEntry] = []
    @exclusivity(unchecked) private var spareTouchList: [Touch] = []
    @exclusivity(unchecked) private var spareTouchSet: Set<Touch> = []

    init(application: Application) {
        self.application = application
    }

    deinit {
        // Recognizers that outlive the arena must not keep a handle on a freed entry, nor the
        // touches of the application that is gone: a touch holds its recognizers, so a
        // recognizer mid-gesture and its touches would keep each other alive forever.
        for entry in entries {
            entry.recognizer?.entry = nil
            entry.recognizer?.touches = []
        }
    }

    /// Whether no recognizer takes part.
    var isEmpty: Bool { entries.isEmpty }

    // MARK: Membership

    /// The entry of `recognizer`, which joins the arena if it had none.
    func join(_ recognizer: GestureRecognizer) -> ArenaEntry {
        if let entry = recognizer.entry { return entry }
        let entry = spare.popLast() ?? ArenaEntry(arena: self)
        entry.bind(recognizer)
        entry.priorityDepth = recognizer.lastPriorityDepth
        recognizer.entry = entry
        entries.append(entry)
        return entry
    }

    func markDirty(_ entry: ArenaEntry) {
        guard !entry.isDirty else { return }
        entry.isDirty = true
        dirty.append(entry)
    }

    /// The recognizer leaves the arena: it resets (timers cancelled, touches let go, back to
    /// possible, its ``GestureRecognizer/reset()`` called).
    func retire(_ entry: ArenaEntry) {
        guard let recognizer = entry.recognizer else { return }
        remove(entry, from: &entries)
        if entry.isDirty { remove(entry, from: &dirty) }
        if entry.isPending { remove(entry, from: &pending) }
        for handle in recognizer.timers { application.cancelTimer(handle) }
        recognizer.timers.removeAll()
        for touch in entry.sequenceTouches { touch.removeRecognizer(recognizer) }
        recognizer.touches.removeAll()
        recognizer.entry = nil
        entry.unbind()
        leftThisFrame.append(entry)
        recognizer.resolvedState = .possible
        recognizer.reset()
    }

    private func remove(_ entry: ArenaEntry, from list: inout [ArenaEntry]) {
        if let index = list.firstIndex(where: { $0 === entry }) { list.remove(at: index) }
    }

    func removeFromPending(_ entry: ArenaEntry) {
        guard entry.isPending else { return }
        entry.isPending = false
        remove(entry, from: &pending)
    }

    func addToPending(_ entry: ArenaEntry) {
        guard !entry.isPending else { return }
        entry.isPending = true
        pending.append(entry)
    }

    // MARK: Step 2

    /// Step 2: the recognizers of the frame's touches get them, in priority order (rule d), one
    /// call per phase. A began first collects its touch's recognizers (step 1's list, less those
    /// that do not take it).
    func deliverTouches(_ touches: [Touch], of event: Event) {
        for touch in touches where touch.phase == .began && !touch.gestureRecognizers.isEmpty {
            collect(touch)
        }
        collected.removeAll(keepingCapacity: true)
        for touch in touches {
            for recognizer in touch.gestureRecognizers {
                guard let entry = recognizer.entry, !entry.isCollected else { continue }
                entry.isCollected = true
                collected.append(entry)
            }
        }
        guard !collected.isEmpty else { return }
        sortByPriority(&collected)
        // A recognizer's touch method may start another frame's work (a timer cannot, but a
        // nested send could): iterate over a copy of the scratch list's contents.
        var index = 0
        while index < collected.count {
            let entry = collected[index]
            index += 1
            entry.isCollected = false
            guard let recognizer = entry.recognizer else { continue }
            deliver(touches, to: recognizer, event: event)
        }
        collected.removeAll(keepingCapacity: true)
    }

    /// Step 1's list of a new touch, filtered: the recognizers that do not take the touch
    /// (disabled, detached, heading to an end, or refused by their delegate) are dropped; the
    /// others join the arena with their priority depth.
    private func collect(_ touch: Touch) {
        var chainLength = 0
        var cursor: View? = touch.view
        while let view = cursor {
            chainLength += 1
            cursor = view is Window ? nil : view.superview
        }
        var distance = 0
        cursor = touch.view
        touch.filterRecognizers { recognizer in
            while let view = cursor, recognizer.view !== view {
                distance += 1
                cursor = view is Window ? nil : view.superview
            }
            guard recognizer.isEnabled, recognizer.view != nil, recognizer.acceptsNewTouches,
                  recognizer.acceptsByPointerRules(touch),                           // Behaviour A8
                  recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
            else { return false }
            let entry = join(recognizer)
            entry.priorityDepth = chainLength - 1 - distance
            recognizer.lastPriorityDepth = entry.priorityDepth
            recognizer.touches.append(touch)
            entry.sequenceTouches.append(touch)
            joinedAfterBeginning(recognizer, touch)                                  // rule f
            return true
        }
    }

    /// Calls the recognizer's touch methods with its touches of this frame, one call per phase.
    /// Which touches are its is decided once, before the first call.
    private func deliver(_ touches: [Touch], to recognizer: GestureRecognizer, event: Event) {
        // Taken out while in use: a nested frame (a send from inside a touch method) gets its own.
        var mine = spareTouchList
        spareTouchList = []
        defer {
            mine.removeAll(keepingCapacity: true)
            spareTouchList = mine
        }
        for touch in touches where recognizer.touches.contains(where: { $0 === touch }) { mine.append(touch) }
        guard send(.touchesBegan, .began, of: mine, to: recognizer, event),
              send(.touchesMoved, .moved, of: mine, to: recognizer, event),
              send(.touchesEnded, .ended, of: mine, to: recognizer, event)
        else { return }
        _ = send(.touchesCancelled, .cancelled, of: mine, to: recognizer, event)
    }

    /// One touch call on a recognizer, unless the batch is empty. Returns false when the
    /// recognizer failed or finished: it receives no more touches of its sequence.
    private func send(_ call: TouchMethod, _ phase: Touch.Phase, of touches: [Touch],
                      to recognizer: GestureRecognizer, _ event: Event) -> Bool {
        guard touches.contains(where: { $0.phase == phase }) else { return true }
        guard recognizer.isReceiving else { return false }
        // A recycled set: emptied after the call, which copies it only if the recognizer kept it.
        var batch = spareTouchSet
        spareTouchSet = []
        defer {
            batch.removeAll(keepingCapacity: true)
            spareTouchSet = batch
        }
        for touch in touches where touch.phase == phase { batch.insert(touch) }
        recognizer.notifyTouches(call, batch)
        switch call {
        case .touchesBegan: recognizer.touchesBegan(batch, with: event)
        case .touchesMoved: recognizer.touchesMoved(batch, with: event)
        case .touchesEnded: recognizer.touchesEnded(batch, with: event)
        case .touchesCancelled:
            recognizer.touchesCancelled(batch, with: event)
            endAfterCancelledInput(recognizer)                                       // rule j
        }
        return true
    }

    // MARK: Views leaving

    /// A view is leaving its window: the recognizers of it and its subviews stop (rule i).
    func viewWillLeaveWindow(_ view: View) {
        forEachEntry { _, recognizer in
            if recognizer.view.map({ $0.isDescendant(of: view) }) ?? true { stop(recognizer) }
        }
    }

    // MARK: End of frame

    /// The frame is over: recognizers that are done, and whose touches have all ended, reset.
    func endFrame() {
        defer { recycleLeftEntries() }
        guard !entries.isEmpty else { return }
        // A recognizer whose view was freed mid-sequence can never resolve: stop it.
        forEachEntry { entry, recognizer in
            if recognizer.view == nil { stop(recognizer) }
        }
        for entry in entries {
            entry.recognizer?.touches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        }
        forEachEntry { entry, recognizer in
            guard recognizer.touches.isEmpty && entry.requests.isEmpty else { return }
            // Finished, or possible with nothing left to wait for (every touch ignored).
            if recognizer.resolvedState.isTerminal
                || (recognizer.resolvedState == .possible && entry.sequenceTouches.isEmpty && recognizer.timers.isEmpty) {
                retire(entry)
            }
        }
    }

    /// Calls `body` for each entry in joining order, as the list was when the call began;
    /// entries that left meanwhile are skipped.
    func forEachEntry(_ body: (ArenaEntry, GestureRecognizer) -> Void) {
        let snapshot = entries
        for entry in snapshot {
            guard let recognizer = entry.recognizer else { continue }
            body(entry, recognizer)
        }
    }

    private func recycleLeftEntries() {
        guard !leftThisFrame.isEmpty else { return }
        spare.append(contentsOf: leftThisFrame)
        leftThisFrame.removeAll(keepingCapacity: true)
    }
}
