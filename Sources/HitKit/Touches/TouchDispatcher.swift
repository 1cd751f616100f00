/// The frame function: turns accepted input into touches and delivers them (Behaviour A3's five
/// steps), keeping the promise that every responder that receives `touchesBegan` for a touch
/// receives exactly one `touchesEnded` or `touchesCancelled` for it.
///
/// ``runFrame(_:at:)`` is the one entry for every frame, input or timer: it does step 1 once, then
/// runs the one steps 2–5 routine (``runSteps(_:changed:)``) once — for an input frame on the
/// touches of the windows that took theirs through the overridable `Application.sendEvent` /
/// `Window.sendEvent`, for a timer's frame with nothing changed. The dispatcher owns the fingers
/// down (``TouchRegistry``) and the ``TapCountTracker``; the recognizers' part is the
/// ``GestureArena``; ``TouchAdmission`` holds the multiple- and exclusive-touch rules.
final class TouchDispatcher {
    // An owner's back link (Links.swift): checked with the internal checks, a bare pointer otherwise.
    #if HITKIT_INTERNAL_CHECKS
    unowned let application: Application
    #else
    unowned(unsafe) let application: Application
    #endif
    let arena: GestureArena
    /// Where the hooks reach the trace (``TracePoint``).
    let tracePoint: TracePoint
    /// The application's tracer while a trace is observed.
    var tracer: Tracer? { tracePoint.tracer }
    /// The fingers down.
    let registry = TouchRegistry()
    /// Behaviour A3's tap counts.
    let tapCounts = TapCountTracker()
    /// The dispatcher's lists (``Storage``).
    // Fenced (``ExclusivityFence``): only the dispatcher's own methods touch it; the loops that
    // call responders iterate over a copy or over a scratch list taken out of its pool.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// What the frame changes, in one place so that one fence covers it: the touches of the
    /// delivery, then the machinery that reuses events, touches and lists.
    private struct Storage {
        /// Touches whose views are owed a withheld began or end (rules g, h), oldest first. An
        /// ended touch stays here after it leaves the registry, until its end is delivered.
        var heldTouches: [Touch] = []
        /// The touches the frame under way changed, in input order (step 1's output).
        var changed: [Touch] = []
        /// The windows that took their touches of the frame's event (`Window.sendEvent`), while
        /// ``isSendingEvent``.
        var takingWindows: [Window] = []
        /// Whether the frame's event is being handed to the windows (`Application.sendEvent`).
        var isSendingEvent = false

        /// The events made, refilled when nobody else holds them. Two are kept, as a frame's
        /// cancels need an event while the frame's own is being delivered.
        var events = ReusePool<Event>(keeping: 2)
        /// Touches that ended, for a later finger (a new touch then allocates nothing once warm).
        var endedTouches = ReusePool<Touch>(keeping: 16)
        /// The frame's working lists (``DispatcherScratch``).
        var scratch = DispatcherScratch()
    }

    /// Touches whose views are owed a withheld began or end (rules g, h), oldest first.
    var heldTouches: [Touch] { fenced.heldTouches }
    /// Whether a touch's began or end is withheld by a recognizer.
    var hasHeldTouches: Bool { !fenced.heldTouches.isEmpty }

    init(application: Application, tracePoint: TracePoint) {
        self.application = application
        self.tracePoint = tracePoint
        self.arena = GestureArena(application: application, tracePoint: tracePoint)
    }

    deinit {
        // The application is gone, and with it every delivery: touches that a host or a
        // recognizer subclass still holds let go of their recognizers, which may hold those
        // touches back (a touch set kept by a recognizer would otherwise be a cycle).
        // An interaction's participant lets go of what it keeps for its touch the same way.
        for touch in fenced.endedTouches.all { touch.letGoOfRecognizers() }
        for touch in registry.all { touch.letGoOfRecognizers() }
    }

    // MARK: The frame

    /// Runs one frame at `time`: an input frame with its accepted `inputs`, or with `nil` a
    /// timer's frame (no input changed, but recognizers may have moved on; the fingers down are
    /// stationary in it).
    func runFrame(_ inputs: [TouchInput]?, at time: Double) {
        // Step 1, once: the inputs become touches; every other finger down is stationary.
        fenced.changed.removeAllKeepingCapacity()
        // Read in place through the buffer: iterating the array would copy each input (its two
        // sample arrays retained and released), a tenth of a ten-finger frame.
        inputs?.withUnsafeBufferPointer { inputs in
            guard !inputs.isEmpty else { return }
            // Read once: each read of the back link retains the application for its use, and
            // step 1 asks it about every finger.
            let application = application
            for index in inputs.indices {
                if let touch = apply(inputs, index, at: time, in: application) { fenced.changed.append(touch) }
            }
            application.scrollMotion.endStep()
        }
        markStationary(exceptChanged: !fenced.changed.isEmpty)
        if inputs != nil {
            let event = makeEvent(at: time, withHeldTouches: false)
            fenced.isSendingEvent = true
            application.sendEvent(event)
            fenced.isSendingEvent = false
            // Steps 2–5 once for every window that took its touches: one frame's calls follow
            // the order its touches began, across windows as within one (Behaviour A3).
            if !takenTouchesAreTheChanged() {
                var touches = fenced.scratch.touchLists.take()
                defer { fenced.scratch.touchLists.give(&touches) }
                for touch in fenced.changed where fenced.takingWindows.containsHeld(where: { touch.isIn($0) }) {
                    touches.append(touch)
                }
                touches.sort { $0.beganSequence < $1.beganSequence }
                fenced.takingWindows.removeAllKeepingCapacity()
                runSteps(event, changed: touches)
            } else {
                fenced.takingWindows.removeAllKeepingCapacity()
                // The changed list itself, shared (one reference to the array), not copied touch
                // by touch (a reference to each, and a release of each to empty it).
                runSteps(event, changed: fenced.changed)
            }
        } else {
            runSteps(nil, changed: [])
        }
        arena.endFrame()
        retireLiftedTouches(at: time)
    }

    /// `Application.sendEvent`'s list of windows, empty; give it back with ``returnWindowScratch(_:)``.
    func takeWindowScratch() -> [(window: Window, firstBegan: Int)] { fenced.scratch.windowLists.take() }

    func returnWindowScratch(_ list: inout [(window: Window, firstBegan: Int)]) {
        fenced.scratch.windowLists.give(&list)
    }

    /// An event of the fingers down (and with `withHeldTouches`, of the touches whose end is
    /// still withheld). An earlier event is refilled when the dispatcher holds the only
    /// reference to it (no responder kept it, no delivery with it is under way); two are kept,
    /// as a frame's cancels need an event while the frame's own is being delivered.
    private func makeEvent(at time: Double, withHeldTouches: Bool) -> Event {
        func fill(_ touches: inout [Touch]) {
            // A list, not a set: nothing is hashed per frame (the event builds its set only if
            // asked). A withheld touch still down is among the registry's already.
            registry.forEach { touches.append($0) }
            if withHeldTouches { for touch in fenced.heldTouches where !touch.isRegistered { touches.append(touch) } }
        }
        if let event = fenced.events.firstUnshared() {
            event.refill(timestamp: time, version: withHeldTouches ? nil : registry.version, fill)
            event.pointerState = application.pointerState.eventState                 // Behaviour A8
            return event
        }
        var touches: [Touch] = []
        fill(&touches)
        let event = Event(timestamp: time, touches: touches)
        event.pointerState = application.pointerState.eventState                     // Behaviour A8
        fenced.events.keep(event)
        return event
    }

    /// Step 1 for the input at `index`, read in place (a move without high-rate values copies
    /// nothing): a began's touch (``begin(_:_:at:in:)``), and the new phase and location for the
    /// others.
    private func apply(_ inputs: UnsafeBufferPointer<TouchInput>, _ index: Int, at time: Double,
                       in application: Application) -> Touch? {
        switch inputs[index].phase {
        case .began:
            return begin(inputs, index, at: time, in: application)
        case .stationary:
            return nil
        case .moved, .ended, .cancelled:
            guard let touch = registry.touch(id: inputs[index].id) else { return nil }
            touch.previousScreenLocation = touch.screenLocation
            if let location = inputs[index].location { touch.screenLocation = location }
            touch.phase = inputs[index].phase
            if touch.hasLifted { arena.noteLifted(touch) }
            touch.timestamp = time
            if inputs[index].carriesHighRateValues {
                touch.takeHighRateInput(inputs.address(of: index), at: time)
            } else {
                touch.takeFrameWithoutHighRateValues(at: time)
            }
            if application.interactionState.isClaimed(touch) {                       // Behaviour A11
                application.interactionState.claimedTouchChanged(touch)
            }
            return touch
        }
    }

    /// Step 1 for a began: the hit test, the tap count, the touch and the recognizers of its view
    /// and above. Out of line, once a touch: inlined, it made the frame's loop too large for the
    /// compiler to inline the moves' registry lookup and sample bookkeeping, about 90
    /// instructions a finger a frame.
    @inline(never)
    private func begin(_ inputs: UnsafeBufferPointer<TouchInput>, _ index: Int, at time: Double,
                       in application: Application) -> Touch {
        let id = inputs[index].id
        let location = inputs[index].location!  // the validator requires it
        // The slot belongs to this began: only its own walk (in `makeTouch`) may fill it.
        application.scrollMotion.stoppedByBegan = nil
        // Explained first: the trace's observers are host code and may edit the views (take the
        // window away, say), and the touch must go where the tree as then left sends it, as
        // after any other edit, not to a view the edit took out of its window unheard.
        if let tracer { tracer.explainHitTest(at: location, touch: id, for: "touch began") }
        let view = application.hitTest(screenPoint: location)
        let tapCount = tapCounts.tapCount(
            on: view, at: time, location: location,
            maximumInterval: application.multiTapMaximumInterval,
            maximumDistance: application.multiTapMaximumDistance)
        let touch = makeTouch(id: id, at: location, time: time, view: view, tapCount: tapCount)
        application.pointerState.markIfClick(touch)                                  // Behaviour A8
        registry.add(touch)
        if application.interactionState.claimAtPress(touch) {                       // Behaviour A11
            // The press stops nothing: drop the walk's scroll view rather than hold it
            // (strongly) until the next began.
            application.scrollMotion.stoppedByBegan = nil
            touch.gestureRecognizers.removeAllKeepingCapacity()
            // The menu's delegate may have taken the touch's view out of its window while the
            // menu showed, which refused the touch already.
            if touch.delivery != .refused { touch.transition(to: .refused) }
            touch.takeHighRateInput(inputs.address(of: index), at: time)
            return touch
        }
        application.stopScrollMotion(for: touch)                                     // Behaviour A6.1
        touch.takeHighRateInput(inputs.address(of: index), at: time)
        return touch
    }

    /// A new touch: an ended one that only the dispatcher still holds, reused, or a fresh one.
    private func makeTouch(id: Int, at location: Point, time: Double, view: View?, tapCount: Int) -> Touch {
        let sequence = registry.takeSequence()
        if let touch = fenced.endedTouches.takeLastUnshared() {
            touch.reuse(id: id, at: location, time: time, view: view, tapCount: tapCount, sequence: sequence)
            return touch
        }
        return Touch(id: id, at: location, time: time, view: view, tapCount: tapCount, sequence: sequence)
    }

    /// The fingers down that did not change are stationary in this frame.
    private func markStationary(exceptChanged: Bool) {
        if exceptChanged { for touch in fenced.changed { touch.isChangedThisFrame = true } }
        registry.forEach { touch in
            guard !touch.isChangedThisFrame else { return }
            touch.phase = .stationary
            touch.previousScreenLocation = touch.screenLocation
        }
        if exceptChanged { for touch in fenced.changed { touch.isChangedThisFrame = false } }
    }

    private func retireLiftedTouches(at time: Double) {
        var stopLifted = false
        for touch in fenced.changed where touch.hasLifted {
            if touch.phase == .ended {
                tapCounts.touchEnded(touch, at: time)
            } else {
                tapCounts.touchCancelled(touch)
            }
            registry.remove(touch)
            if application.scrollMotion.noteLifted(touch) { stopLifted = true }        // Behaviour A6.1, A6.2
            // Kept for reuse once nothing else holds it.
            fenced.endedTouches.keep(touch)
        }
        registry.compact()
        // The recycled event no one else holds lets go of its touches (nobody can see it),
        // unless they are exactly the touches down, which the registry holds anyway: the next
        // frame's event then needs no refill (no hashing) while the same fingers stay down.
        for index in fenced.events.all.indices where fenced.events.isUnshared(at: index) {
            let event = fenced.events.all[index]
            if event.filledVersion != registry.version { event.removeTouches() }
        }
        releaseRecognizersOfEndedTouches()
        // Last: settling calls the scroll views' delegates, which may send a frame.
        while stopLifted, let scrollView = application.scrollMotion.takeLiftedStop() {
            scrollView.settleIfStoppingTouchesEnded()
        }
    }

    /// An ended touch that only the dispatcher holds lets go of its recognizers, so keeping it
    /// for reuse keeps nothing else alive (the arena calls this too when a recognizer leaves).
    func releaseRecognizersOfEndedTouches() {
        for index in fenced.endedTouches.all.indices where fenced.endedTouches.isUnshared(at: index) {
            fenced.endedTouches.all[index].gestureRecognizers.removeAllKeepingCapacity()
        }
    }

    // MARK: Steps 2–5

    /// `Window.sendEvent`: `window`'s touches of the frame under way are delivered once every
    /// window has been offered its own. Outside the frame's `Application.sendEvent`, nothing:
    /// a frame is delivered once.
    func take(_ event: Event, in window: Window) {
        // Every touch's window is one of this application's: a window of another one has none
        // of them (checked once here, as `isIn` compares ids, which are per store).
        guard fenced.isSendingEvent, window.application === application,
              !fenced.takingWindows.containsHeld(where: { $0 === window }) else { return }
        fenced.takingWindows.append(window)
    }

    /// The usual frame: one window took its touches, which are all the frame changed, listed in
    /// began order.
    private func takenTouchesAreTheChanged() -> Bool {
        guard fenced.takingWindows.count == 1 else { return fenced.takingWindows.isEmpty && fenced.changed.isEmpty }
        let window = fenced.takingWindows[0]
        let changed = fenced.changed
        return isInBeganOrder(changed) && !changed.containsHeld(where: { !$0.isIn(window) })
    }

    /// Whether `touches` are listed in the order they began.
    private func isInBeganOrder(_ touches: [Touch]) -> Bool {
        var previous = Int.min
        return !touches.containsHeld { touch in
            defer { previous = touch.beganSequence }
            return touch.beganSequence < previous
        }
    }

    /// The one steps 2–5 routine of input and timer frames: `changed` are the touches the frame
    /// changed in the windows that took theirs, in began order (none in a timer's frame); the
    /// withheld touches of every window go with them.
    func runSteps(_ event: Event?, changed touches: [Touch]) {
        if let event, !touches.isEmpty { arena.deliverTouches(touches, of: event) }    // step 2
        arena.resolveTransitions()                                                   // step 3
        if arena.hasTouchesToCancel {                                                // step 4
            var cancelled = fenced.scratch.touchLists.take()
            arena.takeTouchesCancelledInViews(into: &cancelled)
            cancelInViews(cancelled)
            fenced.scratch.touchLists.give(&cancelled)
        }
        // Step 5 for the frame's touches and the withheld ones with them.
        var list = fenced.scratch.touchLists.take()
        defer { fenced.scratch.touchLists.give(&list) }
        for touch in fenced.heldTouches where !touches.contains(touch) { list.append(touch) }
        guard !touches.isEmpty || !list.isEmpty else { return }
        let event = event ?? makeEvent(at: application.time, withHeldTouches: true)
        if list.isEmpty { return deliverToViews(touches, of: event) }
        list.append(contentsOf: touches)
        list.sort { $0.beganSequence < $1.beganSequence }
        deliverToViews(list, of: event)
    }

    /// Step 5: views in the order their touches of the frame began, each with one call per phase
    /// (began, moved, ended, cancelled), as a recognizer gets its calls in step 2. Touches a
    /// recognizer withholds (rules g, h) are kept in ``heldTouches``; a released began is
    /// delivered with one move if the finger moved meanwhile, and shows the phase of the call.
    private func deliverToViews(_ touches: [Touch], of event: Event) {
        // Touches all done with their views (a recognizer took them, the usual case of a pan's
        // frames) get nothing below: skip the grouping.
        guard touches.containsHeld(where: { $0.delivery.isOpen }) else { return updateHeldTouches(from: touches) }
        let arena = arena
        // Held loops here and below: the list holds its touches, and a frame's passes would
        // otherwise retain and release each touch once per pass.
        touches.forEachHeld { touch in
            guard touch.delivery == .awaitingBegan else { return }
            if arena.withholdsBegan(touch) {
                if touch.phase == .moved { touch.movedWhileWithheld = true }
                if let tracer { tracer.recordWithheld(touch, end: false) }
                return
            }
            touch.transition(to: TouchAdmission.admits(touch) ? .admitted : .refused)
            if let tracer {
                if touch.delivery == .admitted { tracer.recordReleased(touch, end: false) } else { tracer.forgetWithheld(touch) }
            }
        }
        if let tracer {
            for touch in touches where touch.phase == .ended && touch.delivery == .tracking && arena.withholdsEnd(touch) {
                tracer.recordWithheld(touch, end: true)
            }
        }
        func getsBegan(_ touch: Touch) -> Bool { touch.delivery == .admitted }
        func getsMoved(_ touch: Touch) -> Bool {
            (touch.phase == .moved || touch.movedWhileWithheld) && touch.delivery == .tracking
        }
        func getsEnded(_ touch: Touch) -> Bool {
            touch.phase == .ended && touch.delivery == .tracking && !arena.withholdsEnd(touch)
        }
        func getsCancelled(_ touch: Touch) -> Bool { touch.phase == .cancelled && touch.delivery == .tracking }
        // A view's place is its first touch that gets a call: a touch whose end stays withheld
        // is not among the view's touches of this frame.
        func getsACall(_ touch: Touch) -> Bool {
            getsBegan(touch) || getsMoved(touch) || getsEnded(touch) || getsCancelled(touch)
        }
        guard touches.containsHeld(where: getsACall) else { return updateHeldTouches(from: touches) }
        let batches = fenced.scratch.spareBatches.popLast() ?? TouchBatches()
        defer { fenced.scratch.spareBatches.append(batches) }
        batches.forEachView(of: touches, where: getsACall) { view, group in
            showing(.began, on: group, where: { getsBegan($0) && $0.phase != .began }) {
                batches.send(group, to: view, eligible: getsBegan, becomes: .tracking) {
                    $0.receive(.touchesBegan, $1, with: event)
                }
            }
            showing(.moved, on: group, where: { $0.movedWhileWithheld && $0.phase != .moved && $0.delivery == .tracking }) {
                batches.send(group, to: view, eligible: getsMoved, becomes: .tracking) { view, batch in
                    for touch in batch { touch.movedWhileWithheld = false }
                    view.receive(.touchesMoved, batch, with: event)
                }
            }
            batches.send(group, to: view, eligible: getsEnded, becomes: .finished) {
                $0.receive(.touchesEnded, $1, with: event)
            }
            batches.send(group, to: view, eligible: getsCancelled, becomes: .finished) {
                $0.receive(.touchesCancelled, $1, with: event)
            }
        }
        if let tracer {
            for touch in touches where touch.phase == .ended && touch.delivery == .finished { tracer.recordReleased(touch, end: true) }
        }
        updateHeldTouches(from: touches)
    }

    /// Keeps, of `touches`, those still owed a withheld began or end; drops the others.
    private func updateHeldTouches(from touches: [Touch]) {
        func owed(_ touch: Touch) -> Bool {
            touch.delivery == .awaitingBegan || (touch.delivery == .tracking && touch.phase == .ended)
        }
        // In place (this calls nothing else), so the list keeps its capacity.
        if !fenced.heldTouches.isEmpty { fenced.heldTouches.removeAll { !owed($0) || touches.contains($0) } }
        var added = false
        for touch in touches where owed(touch) {
            fenced.heldTouches.append(touch)
            added = true
        }
        if added { fenced.heldTouches.sort { $0.beganSequence < $1.beganSequence } }
    }

    /// Runs `body` with the touches of `group` that `picked` chooses showing `phase`, then
    /// restores their phases.
    private func showing(_ phase: Touch.Phase, on group: ArraySlice<Touch>, where picked: (Touch) -> Bool,
                         _ body: () -> Void) {
        guard group.contains(where: picked) else { return body() }
        var shown = fenced.scratch.touchLists.take()
        defer { fenced.scratch.touchLists.give(&shown) }
        for touch in group where picked(touch) { shown.append(touch) }
        showing(phase, on: shown, body)
    }

    /// Runs `body` with `touches` showing `phase`, then restores their phases.
    private func showing(_ phase: Touch.Phase, on touches: [Touch], _ body: () -> Void) {
        guard !touches.isEmpty else { return body() }
        var phases = fenced.scratch.phaseLists.take()
        defer { fenced.scratch.phaseLists.give(&phases) }
        for touch in touches {
            let wasLifted = touch.hasLifted
            phases.append(touch.phase)
            touch.phase = phase
            // A pass of a frame sent from inside `body` sees the touch lifted (the arena's work
            // list). Restored, it is as it was before: nothing to note.
            if touch.hasLifted && !wasLifted { arena.noteLifted(touch) }
        }
        body()
        for (touch, saved) in zip(touches, phases) { touch.phase = saved }
    }

    /// Groups the eligible touches by view and calls `send` once per view. Eligibility is checked
    /// again just before each call, and the new state set before it: a responder may remove a
    /// view (cancelling its touches) from inside a call.
    private func deliverGrouped(_ touches: [Touch], eligible: (Touch) -> Bool, becomes state: Touch.Delivery,
                                send: (View, Set<Touch>) -> Void) {
        // Most frames have touches in one phase: the other passes end here, before the grouping.
        guard touches.containsHeld(where: eligible) else { return }
        let batches = fenced.scratch.spareBatches.popLast() ?? TouchBatches()
        defer { fenced.scratch.spareBatches.append(batches) }
        batches.deliver(touches, eligible: eligible, becomes: state, send: send)
    }

    // MARK: Cancelling in views

    /// Cancels, at once, the touches owned by `root` or its subviews (the view is leaving its
    /// window), then stops the recognizers of the subtree, in that order (Behaviour A3). Runs
    /// before the hierarchy changes, so the cancel travels the same responder chain as the began
    /// did. The touches then go nowhere until they end.
    func cancelTouches(ownedBySubtreeOf root: View) {
        // A withheld end of a touch lifted in this very frame is down still: listed once.
        let held = fenced.heldTouches.filter { $0.phase == .ended && !$0.isRegistered }
        let owned = (registry.all + held).filter { touch in
            guard let view = touch.view else { return false }
            return view.isDescendant(of: root)
        }
        cancelInViews(owned)
        arena.viewWillLeaveWindow(root)
    }

    /// A drag session takes `touch` (Behaviour A11): every recognizer but `owner` that shares it
    /// fails or is cancelled, in priority order, then its view gets `touchesCancelled`.
    func takeTouch(_ touch: Touch, from owner: GestureRecognizer) {
        arena.yield(touch, to: owner)
        cancelInViews([touch])
    }

    /// Sends `touchesCancelled` to the views tracking `touches`; the others are just closed.
    private func cancelInViews(_ touches: [Touch]) {
        var tracked = fenced.scratch.touchLists.take()
        defer { fenced.scratch.touchLists.give(&tracked) }
        for touch in touches {
            switch touch.delivery {
            case .tracking: tracked.append(touch)
            case .awaitingBegan, .admitted: touch.transition(to: .refused)
            case .refused, .finished: break
            }
        }
        guard !tracked.isEmpty else { return }
        tracked.sort { $0.beganSequence < $1.beganSequence }
        // The touches show `cancelled` during the call, then their input phase again: the
        // fingers are still down.
        // A removal from inside a touch method cancels at once, up to the chains' tops
        // (TouchForwarding).
        application.viewContext.deliveringAfresh {
            showing(.cancelled, on: tracked) {
                let event = makeEvent(at: application.time, withHeldTouches: false)
                deliverGrouped(tracked, eligible: { $0.delivery == .tracking }, becomes: .finished) {
                    $0.receive(.touchesCancelled, $1, with: event)
                }
            }
        }
    }
}
