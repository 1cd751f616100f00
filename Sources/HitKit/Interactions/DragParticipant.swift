// A drag's part in touch delivery (Behaviour A11): a hidden continuous recognizer on the drag's
// view. Possible while armed; `began` is the lift, which takes the touch (unless the lift is
// simultaneous) from every recognizer but the long presses. Once the session begins, the
// application's interaction state follows the touch itself (``InteractionState``).

final class DragParticipant: InteractionParticipant {
    /// The interaction, which owns the participant and is attached to the same view for as long
    /// as the participant is.
    // Fenced (``ExclusivityFence``): set once, by the interaction's initializer.
    #if HITKIT_INTERNAL_CHECKS
    unowned var interaction: DragInteraction?
    #else
    @exclusivity(unchecked) unowned var interaction: DragInteraction?
    #endif

    /// The arming under way, reset with the recognizer.
    private struct Arming {
        /// Where (in its window) and when the touch began.
        var start = Point.zero
        var touchDownTime = 0.0
        var isPointer = false
        /// The lift is due but a context menu on the touch's chain is pending: it waits.
        var waitsForMenus = false
        /// A presented menu on the touch's chain may turn into this drag, from where it was shown
        /// (in its window).
        var turnFrom: Point?
        /// The lift begins the session in the same frame (a click drag, a menu turning).
        var beginsSessionAtLift = false
        /// The drag under way from the lift on.
        var session: DragSession?
        /// Where the touch was at the lift, in its window.
        var liftLocation = Point.zero
    }
    // Fenced (``ExclusivityFence``): changed only by this participant's own touch methods, timers,
    // state hook and reset, by assignments that call nothing while they write, so no two
    // accesses overlap.
    #if HITKIT_INTERNAL_CHECKS
    private var arming = Arming()
    #else
    @exclusivity(unchecked) private var arming = Arming()
    #endif

    override func resolvedStateDidChange() {
        stateDidChange(to: resolvedState)
    }

    private var touch: Touch? { touches.first }
    var allowableMovement: Double { interaction?.allowableMovement ?? 10 }
    /// Whether a presented menu may turn into this drag.
    var isTurnCandidate: Bool { arming.turnFrom != nil && requestedState == .possible }
    /// Whether this drag is (or was, in this frame) a presented menu's turn candidate.
    var turnsFromMenu: Bool { arming.turnFrom != nil }
    /// Whether this drag can become a presented menu's turn candidate.
    var canTurn: Bool { requestedState == .possible && isEnabled && arming.session == nil }
    /// The lift under way whose session has not begun.
    var pendingLift: DragSession? {
        guard let session = arming.session, !session.hasBegun, !session.hasEnded else { return nil }
        return session
    }

    override func receive(_ touch: Touch, event: Event) {
        switch touch.phase {
        case .began: touchBegan(touch)
        case .moved: touchMoved(touch)
        case .ended: touchEnded()
        case .cancelled: cancelLift()  // the arena's rule j ends the participant
        case .stationary: break
        }
    }

    private func touchBegan(_ touch: Touch) {
        guard requestedState == .possible else { return }
        guard self.touches.count == 1, interaction != nil else {
            traceCause("a second touch reached it before its lift (A11)")
            state = .failed
            return
        }
        arming.start = touch.location(in: nil)
        arming.touchDownTime = touch.timestamp
        arming.isPointer = touch.type == .indirectPointer
        // With a menu pending on the touch, the lift waits for it (menuDidFail sets the timer).
        if menuIsPending { waitForMenus() } else { scheduleLift() }
    }

    private func touchMoved(_ touch: Touch) {
        guard let interaction else { return }
        switch requestedState {
        case .possible:
            if let turnFrom = arming.turnFrom {
                let moved = touch.windowDistance(from: turnFrom)
                guard DistanceLimit.exceeds(moved, interaction.allowableMovement) else { return }
                traceCause("the shown menu's touch moved \(TraceFormat.number(moved)) pt > \(TraceFormat.number(interaction.allowableMovement)) from where it was shown: the menu turns into this drag (A11)")
                arming.beginsSessionAtLift = true
                state = .began
            } else if arming.isPointer && !Clock.hasReached(touch.timestamp, arming.touchDownTime + interaction.liftDelay) {
                let moved = touch.windowDistance(from: arming.start)
                guard DistanceLimit.exceeds(moved, interaction.pointerDragDistance) else { return }
                traceCause("a click dragged \(TraceFormat.number(moved)) pt > \(TraceFormat.number(interaction.pointerDragDistance)) before \(TraceFormat.number(interaction.liftDelay)) s: it lifts at once (A11)")
                // A click dragged away ends the menus pending on its chain first (step 2), then
                // lifts in this frame, in its place in step 3's priority order.
                for case let menu as ContextMenuParticipant in touch.gestureRecognizers where menu.isPending {
                    menu.endAttemptForDrag()
                }
                arming.beginsSessionAtLift = true
                state = .began
            } else {
                let moved = touch.windowDistance(from: arming.start)
                guard DistanceLimit.exceeds(moved, interaction.allowableMovement) else { return }
                traceMovedTooFar(moved, limit: interaction.allowableMovement, named: "allowableMovement before the lift")
                state = .failed
            }
        case .began, .changed:
            // Once the session has begun, the interaction state follows the touch itself.
            guard let session = pendingLift, !arming.beginsSessionAtLift else { return }
            let moved = touch.windowDistance(from: arming.liftLocation)
            guard DistanceLimit.exceeds(moved, interaction.allowableMovement), let application = view?.application else { return }
            if application.tracer != nil {
                session.beginReason = "its touch moved \(TraceFormat.number(moved)) pt > \(TraceFormat.number(interaction.allowableMovement)) from the lift"
            }
            arming.beginsSessionAtLift = true
            application.interactionState.beginAfterTouchSteps(session)
        default:
            break
        }
    }

    private func touchEnded() {
        switch requestedState {
        case .possible:
            traceCause("its touch lifted before the lift (A11)")
            state = .failed
        case .began, .changed:
            cancelLift()
            state = arming.session?.hasBegun == true ? .ended : .cancelled
        default: break
        }
    }

    override func reset() {
        super.reset()
        stopWaitingForMenus()
        arming = Arming()
    }

    override func applicationDidEnd() {
        arming = Arming()
    }

    // MARK: Arbitration

    /// A long press shorter than the lift fails it, and once lifted any recognizer that begins
    /// ends the lift (a simultaneous one, or a long press past its delay).
    override func isEndedWhateverTheDelegatesSay(by winner: GestureRecognizer) -> Bool {
        resolvedState == .possible ? winner is LongPressGestureRecognizer : true
    }

    /// The lift fails every recognizer sharing the touch but the long presses (and hovers, which
    /// have no touches); a simultaneous lift fails none of them. Either fails every other drag
    /// on the touch: at most one interaction lifts a touch (A11 **One owner**).
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard let interaction else { return false }
        if other is DragParticipant { return true }
        guard !interaction.allowsSimultaneousRecognitionDuringLift else { return false }
        return !(other is LongPressGestureRecognizer)
    }

    /// After the lift, a long press sharing the touch waits until ``DragInteraction/longPressDelayAfterLift``
    /// from touch-down; it may begin then (and cancels the lift).
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        holdsBack(other)
    }

    override func holdsBack(_ other: GestureRecognizer) -> Bool {
        guard arming.session != nil, pendingLift != nil, other is LongPressGestureRecognizer, let interaction,
              sharesATouch(with: other) else { return false }
        return !Clock.hasReached(currentTime, arming.touchDownTime + interaction.longPressDelayAfterLift)
    }

    /// New touches are taken only while armed.
    override func takesPart(in touch: Touch) -> Bool { arming.session == nil }

    /// Rule b's question, just before the lift: the delegate's items; none and it fails.
    override func mayLeavePossible() -> Bool {
        guard let interaction, let touch else { return false }
        let session = DragSession(source: interaction, touch: touch)
        session.items = interaction.delegate?.dragInteraction(interaction, itemsForBeginning: session) ?? []
        // The delegate's code may have stopped this drag (taken its view out of the window): it
        // has left the arena and let go of its touch, and a session kept now would hold the
        // interaction for good.
        guard !session.items.isEmpty, self.touch === touch, entry != nil else { return false }
        arming.session = session
        return true
    }

    // MARK: The lift

    private func scheduleLift() {
        guard let interaction else { return }
        schedule(at: arming.touchDownTime + interaction.liftDelay) { ($0 as? DragParticipant)?.liftDelayPassed() }
    }

    private func liftDelayPassed() {
        guard requestedState == .possible, arming.turnFrom == nil, let touch,
              !DistanceLimit.exceeds(touch.windowDistance(from: arming.start), allowableMovement) else { return }
        liftUnlessMenusPending()
    }

    /// The drag lifts now, or when the context menus pending on its touch have failed.
    private func liftUnlessMenusPending() {
        if menuIsPending {
            waitForMenus()
        } else {
            traceCause("held \(TraceFormat.number(interaction?.liftDelay ?? 0)) s within \(TraceFormat.number(allowableMovement)) pt (A11)")
            state = .began
        }
    }

    private var menuIsPending: Bool {
        touch?.gestureRecognizers.containsHeld { ($0 as? ContextMenuParticipant)?.isPending ?? false } ?? false
    }

    /// A context menu on the touch's chain failed: a lift waiting for it goes ahead.
    func menuDidFail() {
        guard arming.waitsForMenus, requestedState == .possible, !menuIsPending, let interaction else { return }
        stopWaitingForMenus()
        // Before the lift's time, the lift is due then; at or after it, now.
        guard Clock.hasReached(currentTime, arming.touchDownTime + interaction.liftDelay) else { return scheduleLift() }
        traceCause("held past \(TraceFormat.number(interaction.liftDelay)) s, and the menus pending on its touch failed (A11)")
        state = .began
    }

    /// The presented menu on the touch's chain may turn into this drag.
    func becomeTurnCandidate(presentedAt location: Point) {
        arming.turnFrom = location
        stopWaitingForMenus()
    }

    /// The lift is not armed while a context menu on the touch's chain is pending.
    private func waitForMenus() {
        guard !arming.waitsForMenus else { return }
        arming.waitsForMenus = true
        withInteractionState { $0.liftsWaitingForMenus += 1 }
        if let tracer = activeTracer, let interaction, let touch {
            tracer.recordLift(interaction, touch: touch.id, "waits: a context menu on its touch's chain is pending (A11)")
        }
    }

    private func stopWaitingForMenus() {
        guard arming.waitsForMenus else { return }
        arming.waitsForMenus = false
        withInteractionState { $0.liftsWaitingForMenus -= 1 }
    }

    /// The presented menu this drag could turn into went away: the drag will not lift.
    func menuDismissed() {
        guard arming.turnFrom != nil, requestedState == .possible else { return }
        arming.turnFrom = nil
        traceCause("the shown menu it could turn into was dismissed (A11)")
        state = .failed
    }

    private func stateDidChange(to state: State) {
        switch state {
        case .began:
            guard let session = arming.session, let interaction, let touch,
                  let application = view?.application else { return }
            arming.liftLocation = touch.location(in: nil)
            application.interactionState.lifted(session)
            if let tracer = application.tracer {
                tracer.recordLift(interaction, touch: touch.id, "lifted with \(session.items.count) item\(session.items.count == 1 ? "" : "s")"
                                  + (interaction.allowsSimultaneousRecognitionDuringLift ? ", the recognizers and views keeping the touch" : ""))
            }
            // The long presses sharing the touch stay held until their delay, whatever ends the
            // lift before then (a finger lifting, Escape, a simultaneous recognizer, the
            // interaction removed), so they are held before `willLiftFor`, whose code may end it.
            if !arming.beginsSessionAtLift {
                let delay = interaction.longPressDelayAfterLift
                for case let press as LongPressGestureRecognizer in touch.gestureRecognizers where holdsBack(press) {
                    press.holdBack(until: arming.touchDownTime + delay, delay: delay)
                }
            }
            interaction.delegate?.dragInteraction(interaction, willLiftFor: session)
            if arming.beginsSessionAtLift {
                if application.tracer != nil {
                    session.beginReason = arming.turnFrom != nil ? "the shown menu turned into it" : "a click dragged it before the lift"
                }
                application.interactionState.beginAfterTouchSteps(session)
            } else {
                schedule(after: interaction.liftTimeout) { ($0 as? DragParticipant)?.liftTimedOut() }
            }
        case .cancelled, .failed:
            cancelLift()
        default:
            break
        }
    }

    private func liftTimedOut() {
        guard pendingLift != nil, !arming.beginsSessionAtLift else { return }
        traceCause("\(TraceFormat.number(interaction?.liftTimeout ?? 0)) s passed after the lift without a session (A11)")
        cancelLift()
        state = .cancelled
    }

    /// A lift whose session has not begun ends: `willEnd cancel`, `didEnd cancel`.
    private func cancelLift() {
        guard let session = pendingLift, !arming.beginsSessionAtLift || !session.hasBegun else { return }
        view?.application?.interactionState.liftEnded(session)
        if let tracer = view?.application?.tracer { tracer.recordSession(session, "cancelled before it began: the lift ends") }
        session.end(with: .cancel)
    }

    /// Escape cancels the lift under way (the interaction state ends its session itself).
    func cancelledByEscape() {
        guard pendingLift != nil else { return }
        cancelLift()
        if requestedState.isActive { state = .cancelled }
    }
}
