// Behaviour A4's arbitration, as the GestureArbitration article states it: step 3's resolution
// loop, then rules a–j, each one function under its letter.

extension GestureArena {
    // MARK: Step 3

    /// Step 3: requested transitions are resolved by rules a–e in priority order until nothing
    /// more moves (a failure may release a recognizer waiting for it).
    func resolveTransitions() {
        fenced.resolutions &+= 1
        failAbandoned()
        // Waiting recognizers are looked at again in every frame: what they wait for may have
        // failed since (a timer, a disabled recognizer).
        requeuePending()
        resolveDirty()
        if failDeadlockedWaiters() {
            requeuePending()
            resolveDirty()
        }
    }

    /// Whether step 3 has anything to do beyond what the last one did.
    var hasRequests: Bool { !fenced.dirty.isEmpty || !fenced.pending.isEmpty }
    /// Whether a transition was requested since the last step 3.
    var hasNewRequests: Bool { !fenced.dirty.isEmpty }
    /// How many step 3s have run: whether one ran in a span of time.
    var resolutions: Int { fenced.resolutions }

    private func resolveDirty() {
        // The batch swaps buffers with `dirty`; both keep their capacity from frame to frame.
        var batch = fenced.scratch.takeDirtyBatch()
        defer { fenced.scratch.giveBack(dirtyBatch: &batch) }
        while !fenced.dirty.isEmpty {
            swap(&batch, &fenced.dirty)
            fenced.dirty.removeAllKeepingCapacity()
            for entry in batch { entry.isDirty = false }
            // Ordered now, not as requests came: what rule d compares may have changed since.
            PriorityOrder.order(&batch, comesBefore: Self.comesBefore)               // rule d
            var moved = false
            var resolved = 0
            // Held: the batch holds its entries (no retain and release per entry and frame).
            let releasedWaiters = batch.containsHeld { entry in
                resolved += 1
                guard let recognizer = entry.recognizer, resolve(recognizer, entry) else { return false }
                moved = true
                return !fenced.pending.isEmpty
            }
            if releasedWaiters {
                // The change may release waiters (a failure they waited for): they are ready in
                // this frame too, so they take their places among the batch's rest in rule d's
                // order, not after it (a deeper waiter first, even one looked at already).
                for rest in batch[resolved...] { markDirty(rest) }
                requeuePending()
            } else if moved {
                requeuePending()
            }
            batch.removeAllKeepingCapacity()
        }
    }

    private func requeuePending() {
        for entry in fenced.pending {
            entry.isPending = false
            markDirty(entry)
        }
        fenced.pending.removeAllKeepingCapacity()
    }

    /// A recognizer still possible whose touches have all ended, with nothing requested and no
    /// timer to wait for, can never move on: it fails (so withheld touches are released). Only
    /// entries on the work list can be such (`GestureArena+WorkList.swift`).
    private func failAbandoned() {
        // A request changes no list (the entry is on the work list already) and calls nothing.
        let entries = fenced.workList.entries
        entries.forEachHeld { entry in
            fenced.workList.countVisit(of: entry)
            guard let recognizer = entry.recognizer, isAbandoned(entry, recognizer) else { return }
            if let tracer { tracer.noteCause(of: recognizer, "its touches all ended while it was still possible") }
            recognizer.state = .failed
        }
    }

    /// Whether ``failAbandoned()`` fails the entry's recognizer.
    func isAbandoned(_ entry: ArenaEntry, _ recognizer: GestureRecognizer) -> Bool {
        recognizer.resolvedState == .possible && entry.fenced.requests.isEmpty && recognizer.timers.isEmpty
            && !entry.fenced.sequenceTouches.isEmpty && entry.fenced.sequenceTouches.allSatisfy(\.hasLifted)
    }

    /// Failure requirements that form a cycle are a programming error: recognizers waiting only
    /// for each other, whose touches have all ended and that have no timer, can never move on.
    /// They fail together, so the touches they withhold reach their views (Behaviour A3's promise).
    /// Returns whether any failed, or whether a waiter turned out to wait for nothing: either way
    /// the waiters are to be resolved again.
    private func failDeadlockedWaiters() -> Bool {
        guard !fenced.pending.isEmpty else { return false }
        var stuck = fenced.pending.filter { entry in
            entry.recognizer.map { $0.timers.isEmpty } ?? false && entry.fenced.sequenceTouches.allSatisfy(\.hasLifted)
        }
        var changed = true
        var readyAgain = false
        while changed && !stuck.isEmpty {
            changed = false
            let members = stuck.compactMap(\.recognizer)
            stuck.removeAll { entry in
                guard let recognizer = entry.recognizer else { return true }
                let blockers = blockers(of: recognizer)
                // Waiting for none any more (a delegate asked about a requirement stopped the
                // recognizer it named): not stuck but ready, resolved again by the caller.
                if blockers.isEmpty { readyAgain = true }
                let waitsOnAnOutsider = blockers.isEmpty || blockers.contains { blocker in !members.contains { $0 === blocker } }
                if waitsOnAnOutsider { changed = true }
                return waitsOnAnOutsider
            }
        }
        guard !stuck.isEmpty else { return readyAgain }
        for entry in stuck {
            guard let recognizer = entry.recognizer else { continue }
            entry.fenced.requests.removeAll()
            removeFromPending(entry)
            if let tracer { tracer.noteCause(of: recognizer, "it waits only for recognizers that wait for it (a cycle of A4 a)") }
            change(recognizer, to: .failed)
        }
        return true
    }

    /// Applies as many of the recognizer's requests as the rules allow. Returns whether its
    /// state changed.
    private func resolve(_ recognizer: GestureRecognizer, _ entry: ArenaEntry) -> Bool {
        var changed = false
        while entry.recognizer === recognizer, let next = entry.fenced.requests.first {
            let from = recognizer.resolvedState
            // Another recognizer may have moved this one meanwhile (exclusion, a failure).
            guard GestureRecognizer.isLegal(from: from, to: next, discrete: type(of: recognizer).isDiscrete) else {
                entry.fenced.requests.removeFirst()
                continue
            }
            if from == .possible && next != .failed {
                // Rules a and b ask the host's code (delegates, overrides), which may stop this
                // recognizer — remove its view, disable or detach it — emptying its requests or
                // moving its state: then go on from what is left.
                func isUnchanged() -> Bool {
                    entry.recognizer === recognizer && recognizer.resolvedState == from
                        && entry.fenced.requests.first == next
                }
                let requirement = requirement(of: recognizer)                        // rule a
                guard isUnchanged() else { changed = true; continue }
                switch requirement {
                case .waiting:
                    if let tracer { tracer.recordWaiting(recognizer, for: blockers(of: recognizer).first) }
                    addToPending(entry)
                    return changed
                case .preempted:
                    if let tracer { tracer.notePreempted(recognizer, by: preemptor(of: recognizer)) }
                    entry.fenced.requests.removeAll()
                    change(recognizer, to: .failed)
                    return true
                case .clear:
                    if let tracer { tracer.noteWaitOver(recognizer) }
                }
                let mayBegin = shouldBegin(recognizer, entry)                        // rule b
                guard isUnchanged() else { changed = true; continue }
                guard mayBegin else {
                    entry.fenced.requests.removeAll()
                    change(recognizer, to: .failed)
                    return true
                }
                // The winner moves (and its actions go) first; then the others give way, unless
                // an action stopped it, which made them give way before it was stopped.
                entry.fenced.requests.removeFirst()
                let outerBeginning = fenced.beginning
                fenced.beginning = ObjectIdentifier(entry)
                change(recognizer, to: next)                                         // rule e
                let stillBeginning = fenced.beginning == ObjectIdentifier(entry)
                fenced.beginning = outerBeginning
                if stillBeginning { giveWay(to: recognizer, entry) }
            } else {
                entry.fenced.requests.removeFirst()
                if next == .failed { entry.fenced.requests.removeAll() }
                change(recognizer, to: next)                                         // rule e
            }
            changed = true
        }
        return changed
    }

    // MARK: a. Require-to-fail

    enum Requirement { case clear, waiting, preempted }

    /// Rule a: whether the recognizers `recognizer` must wait for have all failed (clear), one
    /// is still possible (waiting) or one began or recognized (preempted). A recognizer with no
    /// sequence under way never blocks: it is not taking part in these touches.
    func requirement(of recognizer: GestureRecognizer) -> Requirement {
        var result = Requirement.clear
        forEachRequirement(of: recognizer) { other in
            switch other.resolvedState {
            case .possible: result = .waiting
            case .began, .changed, .ended:
                // A lift holds a long press back without failing it (Behaviour A11).
                if other.holdsBack(recognizer) { result = .waiting } else { result = .preempted; return true }
            case .cancelled, .failed: break
            }
            return false
        }
        // A lift's hold outlasts the lift (Behaviour A11).
        if result == .clear && recognizer.isHeldBack { return .waiting }
        return result
    }

    /// The recognizer whose beginning or recognizing makes `recognizer` fail (rule a), for the trace.
    func preemptor(of recognizer: GestureRecognizer) -> GestureRecognizer? {
        var found: GestureRecognizer?
        forEachRequirement(of: recognizer) { other in
            guard other.resolvedState == .began || other.resolvedState == .changed || other.resolvedState == .ended else { return false }
            found = other
            return true
        }
        return found
    }

    /// The recognizers `recognizer` is waiting for (still possible, or holding it back).
    func blockers(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        forEachRequirement(of: recognizer) { other in
            if other.resolvedState == .possible || other.holdsBack(recognizer) { result.append(other) }
            return false
        }
        return result
    }

    /// Calls `body` with each recognizer taking part in these touches that `recognizer` must
    /// wait for, until `body` returns true.
    func forEachRequirement(of recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Bool) {
        func taking(part other: GestureRecognizer) -> Bool {
            other !== recognizer && other.entry != nil && other.isEnabled && other.isAttached
                && !(other is HoverGestureRecognizer)   // Behaviour A8: hovers wait for none and
        }
        if recognizer is HoverGestureRecognizer { return }  // make none wait
        for reference in recognizer.requiredToFail {
            if let other = reference.object, taking(part: other), body(other) { return }
        }
        for entry in fenced.entries {
            guard let other = entry.recognizer, taking(part: other),
                  requiresDynamically(recognizer, toWaitFor: other) else { continue }
            if body(other) { return }
        }
    }

    private func requiresDynamically(_ recognizer: GestureRecognizer, toWaitFor other: GestureRecognizer) -> Bool {
        recognizer.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: recognizer)
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    // MARK: b. Should begin

    /// Rule b: the recognizer's view, each distinct hit-test view of its touches, then its
    /// delegate are asked; any `false` and it fails.
    func shouldBegin(_ recognizer: GestureRecognizer, _ entry: ArenaEntry) -> Bool {
        let ownView = recognizer.view
        if let ownView, !ownView.gestureRecognizerShouldBegin(recognizer) {
            if let tracer { tracer.noteRefusal(of: recognizer, by: ownView) }
            return false
        }
        for (index, touch) in entry.fenced.sequenceTouches.enumerated() {
            guard let view = touch.view, view !== ownView,
                  !entry.fenced.sequenceTouches[..<index].contains(where: { $0.view === view }) else { continue }
            guard view.gestureRecognizerShouldBegin(recognizer) else {
                if let tracer { tracer.noteRefusal(of: recognizer, by: view) }
                return false
            }
        }
        guard recognizer.mayLeavePossible() else {                                   // Behaviour A11
            if let tracer { tracer.noteRefusal(of: recognizer, by: nil) }
            return false
        }
        let answer = recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true
        if !answer, let tracer { tracer.noteRefusal(of: recognizer, by: nil) }
        return answer
    }

    // MARK: c. Exclusion

    /// Rule c: `winner` begins or recognizes: the others sharing a touch with it fail or are
    /// cancelled, unless they may recognize together or prevention is declined.
    /// What a recognizer's begin or recognition does once its actions have gone: the others
    /// give way (rule c) and its touches leave their views (rules f, g).
    private func giveWay(to winner: GestureRecognizer, _ entry: ArenaEntry) {
        exclude(by: winner, entry)                                                   // rule c
        takeTouchesFromViews(of: winner, entry)                                      // rules f, g
    }

    func exclude(by winner: GestureRecognizer, _ winnerEntry: ArenaEntry) {
        forEachEntry { entry, other in
            guard other !== winner else { return }
            let state = other.resolvedState
            guard state == .possible || state.isActive, shareATouch(winnerEntry, entry),
                  !mayRecognizeSimultaneously(winner, other),
                  winner.canPrevent(other), other.canBePrevented(by: winner),
                  // The questions run the host's code, which may have stopped either one (taken a
                  // view out of its window): one stopped is no longer here to exclude or be excluded.
                  other.entry === entry, other.resolvedState == state, winner.entry === winnerEntry
            else { return }
            entry.fenced.requests.removeAll()
            removeFromPending(entry)
            if let tracer { tracer.noteCause(of: other, "excluded by \(tracer.name(of: winner)), which shares a touch with it (A4 c)", other: winner) }
            change(other, to: state == .possible ? .failed : .cancelled)
        }
    }

    /// A drag session takes `touch` (Behaviour A11): the other recognizers sharing it fail (or are
    /// cancelled if they had begun), in priority order.
    func yield(_ touch: Touch, to owner: GestureRecognizer) {
        for recognizer in touch.gestureRecognizers where recognizer !== owner {
            guard let entry = recognizer.entry, entry.fenced.sequenceTouches.contains(where: { $0 === touch }) else { continue }
            let state = recognizer.resolvedState
            guard state == .possible || state.isActive else { continue }
            entry.fenced.requests.removeAll()
            removeFromPending(entry)
            if let tracer { tracer.noteCause(of: recognizer, "its touch was taken by a drag session (A11)") }
            change(recognizer, to: state == .possible ? .failed : .cancelled)
        }
    }

    private func shareATouch(_ a: ArenaEntry, _ b: ArenaEntry) -> Bool {
        a.fenced.sequenceTouches.contains { touch in b.fenced.sequenceTouches.contains { $0 === touch } }
            || sharesTouchpadGesture(a, b)                                           // Behaviour A9
    }

    /// Whether `winner`'s begin spares `other` (rule c's exemption): a delegate lets the two
    /// recognize together. Never for an interaction: its presentation or lift takes the touch from
    /// every other recognizer, with Behaviour A11's own exceptions (``canPrevent(_:)``), and where
    /// A11 says a recognizer's begin ends an interaction, it does.
    private func mayRecognizeSimultaneously(_ winner: GestureRecognizer, _ other: GestureRecognizer) -> Bool {
        if winner.isInteractionParticipant { return false }
        if other.isInteractionParticipant,
           unsafeDowncast(other, to: InteractionParticipant.self).isEndedWhateverTheDelegatesSay(by: winner) { return false }
        return winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: winner) == true
    }

    // MARK: d. Same frame

    // Rule d's priority order is `comesBefore` in `GestureArena+PriorityOrder.swift`.

    // MARK: e. Actions

    /// Rule e: sets the state, tells the observers, then sends the actions (not for a failure).
    func change(_ recognizer: GestureRecognizer, to state: GestureRecognizer.State) {
        if let tracer { tracer.recordStateChange(recognizer, from: recognizer.resolvedState, to: state) }
        recognizer.fenced.entry.withObject { noteWork($0) }
        recognizer.resolvedState = state
        if state == .failed { cancelTimers(of: recognizer) }
        recognizer.resolvedStateDidChange()                                          // Behaviour A11
        recognizer.notifyStateChange()
        if state != .failed { recognizer.sendActions() }
    }

    // MARK: f. Cancels touches in view

    /// Rule f (and g's drop): with `cancelsTouchesInView`, every touch of the recognizer is
    /// cancelled in its view (step 4). Without it, touches whose began a `delaysTouchesBegan`
    /// recognizer withheld are still dropped: their views never hear of them.
    func takeTouchesFromViews(of recognizer: GestureRecognizer, _ entry: ArenaEntry) {
        if recognizer.cancelsTouchesInView {
            fenced.touchesToCancel += entry.fenced.sequenceTouches
            if let tracer {
                for touch in entry.fenced.sequenceTouches where touch.delivery.isOpen { tracer.recordCancelledInView(touch, by: recognizer) }
            }
        } else if recognizer.delaysTouchesBegan {
            for touch in entry.fenced.sequenceTouches where touch.delivery == .awaitingBegan {
                if let tracer { tracer.recordCancelledInView(touch, by: recognizer) }
                fenced.touchesToCancel.append(touch)
            }
        }
    }

    /// Rule f: a touch joining a recognizer that already began is taken from its view at once.
    func joinedAfterBeginning(_ recognizer: GestureRecognizer, _ touch: Touch) {
        if recognizer.resolvedState.isActive && recognizer.cancelsTouchesInView {
            if let tracer { tracer.recordCancelledInView(touch, by: recognizer) }
            fenced.touchesToCancel.append(touch)
        }
    }

    /// Whether step 4 has touches to cancel.
    var hasTouchesToCancel: Bool { !fenced.touchesToCancel.isEmpty }

    /// Step 4's list, appended to `list`: each touch to cancel once, however many recognizers
    /// took it (a mark on the touch finds the repeats in one pass). The arena's list is emptied,
    /// keeping its capacity.
    func takeTouchesCancelledInViews(into list: inout [Touch]) {
        for touch in fenced.touchesToCancel where !touch.isQueuedForCancel {
            touch.isQueuedForCancel = true
            list.append(touch)
        }
        for touch in list { touch.isQueuedForCancel = false }
        fenced.touchesToCancel.removeAllKeepingCapacity()
    }

    // MARK: g. Delays touches began

    /// Rule g: whether a possible recognizer with `delaysTouchesBegan` holds the touch's began
    /// (and moves) back from its view.
    func withholdsBegan(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.containsHeld { $0.delaysTouchesBegan && $0.withholds(touch) }
    }

    // MARK: h. Delays touches ended

    /// Rule h: whether a possible recognizer with `delaysTouchesEnded` holds the touch's end back.
    func withholdsEnd(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.containsHeld { $0.delaysTouchesEnded && $0.withholds(touch) }
    }

    // MARK: i. Enabled

    /// Rule i: a recognizer disabled, detached or whose view left the window stops: a begun one
    /// is cancelled, a possible one fails; then it resets and lets go of its touches.
    ///
    /// Recognizers waiting for it to fail (rule a) may go on, and the touches it withheld may
    /// reach their views: a frame without input resolves them when the outermost delivery around
    /// the stop ends — at once when the stop came from outside any (a setter the host called).
    /// Its observers and actions, and its `reset`, run inside that delivery, so what they change
    /// is followed at its end too.
    func stop(_ recognizer: GestureRecognizer) {
        guard let entry = recognizer.entry else { return }
        application.beginDeferringUpdates()
        defer { application.endDeferringUpdates() }
        // Stopped by its own begin's actions (a one-shot recognizer removing itself): the begin
        // still fails the others and takes its touches from the views, before it is cancelled.
        if fenced.beginning == ObjectIdentifier(entry) {
            fenced.beginning = nil
            giveWay(to: recognizer, entry)
        }
        entry.fenced.requests.removeAll()
        if let tracer { tracer.noteCause(of: recognizer, "disabled, detached or its view left the window (A4 i)") }
        switch recognizer.resolvedState {
        case .possible: change(recognizer, to: .failed)
        case .began, .changed: change(recognizer, to: .cancelled)
        default: break
        }
        retire(entry)
        if hasRequests || application.dispatcher.hasHeldTouches { application.deferredWork.needsResolution = true }
    }

    // MARK: j. Cancelled input

    /// Rule j: after `touchesCancelled`, whatever the recognizer did, a possible one fails and a
    /// begun one is cancelled. A recognizer waiting to begin is possible (rule a): it fails.
    func endAfterCancelledInput(_ recognizer: GestureRecognizer) {
        switch recognizer.resolvedState {
        case .possible: failStillPossible(recognizer)
        case .began, .changed:
            // A lift earlier in this frame (another finger's) asked it to end: the cancel wins,
            // as it does over a possible one's request (Behaviour A4 j).
            if recognizer.requestedState == .ended { recognizer.entry?.fenced.requests.removeLast() }
            if recognizer.requestedState.isActive { recognizer.state = .cancelled }
        default: break
        }
    }

    /// Fails a recognizer whose state is still possible, withdrawing the transition it asked for
    /// and may be waiting to make: one pending on another's failure stays possible (rule a), so
    /// what would fail a possible one fails it too.
    func failStillPossible(_ recognizer: GestureRecognizer) {
        guard recognizer.resolvedState == .possible, recognizer.requestedState != .failed else { return }
        if let entry = recognizer.entry {
            entry.fenced.requests.removeAll()
            removeFromPending(entry)
        }
        recognizer.state = .failed
    }
}

extension GestureRecognizer {
    /// Whether the recognizer is possible and `touch` is one of its sequence.
    func withholds(_ touch: Touch) -> Bool {
        guard resolvedState == .possible, isEnabled else { return false }
        return fenced.entry.withObject { $0.fenced.sequenceTouches.containsHeld { $0 === touch } } ?? false
    }

    /// Whether a new touch may join the recognizer's sequence.
    var acceptsNewTouches: Bool {
        let next = requestedState
        // One waiting to recognize is still possible (rule a): it takes them, as one waiting to
        // begin does.
        return next == .possible || next.isActive || (next == .recognized && resolvedState == .possible)
    }

    /// Whether the recognizer still receives touches of its sequence (step 2).
    var isReceiving: Bool { isEnabled && isAttached && acceptsNewTouches }

    /// Whether its view is alive (``view`` is not `nil`), told without a reference to the view.
    var isAttached: Bool { fenced.viewLink?.isAlive == true }

    /// The recognizer's index among its view's (a later one has a higher priority).
    var indexInView: Int { view?.attachedRecognizers.firstIndex { $0 === self } ?? 0 }
}
