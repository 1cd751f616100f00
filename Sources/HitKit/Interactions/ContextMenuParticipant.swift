// A context menu's part in touch delivery (Behaviour A11): a hidden continuous recognizer on the
// menu's view. Possible while the attempt is pending; `began` is the presentation, which takes the
// touch as a recognizer beginning with `cancelsTouchesInView` does (A4 c, f–h).

final class ContextMenuParticipant: InteractionParticipant {
    /// The interaction, which owns the participant and is attached to the same view for as long
    /// as the participant is.
    // Fenced (``ExclusivityFence``): set once, by the interaction's initializer.
    #if HITKIT_INTERNAL_CHECKS
    unowned var interaction: ContextMenuInteraction?
    #else
    @exclusivity(unchecked) unowned var interaction: ContextMenuInteraction?
    #endif

    /// The attempt under way, reset with the recognizer.
    private struct Attempt {
        /// Where (in its window) and when the touch began, and how far it may move (in its window).
        var start = Point.zero
        var touchDownTime = 0.0
        var allowance = 0.0
        /// Whether this menu was asked (or passed over because another one answered).
        var isDecided = false
        /// The configuration answered, when this menu is the touch's attempt.
        var configuration: ContextMenuConfiguration?
        /// Whether `willEnd` was told (once per configuration answered).
        var hasEnded = false
        /// Where the touch was when the menu was presented, in its window.
        var presentedAt: Point?
    }
    // Fenced (``ExclusivityFence``): changed only by this participant's own touch methods, timers
    // and reset, by assignments that call nothing while they write, so no two accesses overlap.
    #if HITKIT_INTERNAL_CHECKS
    private var attempt = Attempt()
    #else
    @exclusivity(unchecked) private var attempt = Attempt()
    #endif

    private var touch: Touch? { touches.first }

    override func receive(_ touch: Touch, event: Event) {
        switch touch.phase {
        case .began: touchBegan(touch)
        case .moved: touchMoved(touch)
        case .ended: touchEnded(touch)
        case .cancelled: touchCancelled(touch)
        case .stationary: break
        }
    }

    private func touchBegan(_ touch: Touch) {
        guard requestedState == .possible else { return }
        guard self.touches.count == 1, let interaction else {
            traceCause("a second touch reached it: a menu needs a single touch (A11)")
            return endAttempt(failing: true)
        }
        attempt.start = touch.location(in: nil)
        attempt.touchDownTime = touch.timestamp
        attempt.allowance = touch.type == .indirectPointer ? interaction.pointerAllowableMovement : interaction.allowableMovement
        // The presentation's timer is set when this one fires: a quick tap sets one timer only.
        schedule(at: touch.timestamp + interaction.configurationDelay) { ($0 as? ContextMenuParticipant)?.configurationDelayPassed() }
    }

    private func touchMoved(_ touch: Touch) {
        switch requestedState {
        case .possible:
            let moved = touch.windowDistance(from: attempt.start)
            guard DistanceLimit.exceeds(moved, attempt.allowance) else { return }
            traceMovedTooFar(moved, limit: attempt.allowance, named: "its allowance")
            endAttempt(failing: true)
        case .began, .changed:
            guard let application = view?.application else { return }
            application.interactionState.menuTouchMoved(touch)
            turnIntoDragIfMovedAway(touch)
        default:
            break
        }
    }

    private func touchEnded(_ touch: Touch) {
        switch requestedState {
        case .possible:
            traceCause("its touch lifted before the menu was shown (A11)")
            endAttempt(failing: true)
        case .began, .changed:
            view?.application?.interactionState.menuTouchLifted(touch)
            state = .ended
        default:
            break
        }
    }

    private func touchCancelled(_ touch: Touch) {
        // An open menu stays open (Behaviour choices); the arena's rule j ends the participant.
        if requestedState == .possible { endAttempt(failing: false) }
        view?.application?.interactionState.menuTouchCancelled(touch)
    }

    override func reset() {
        super.reset()
        attempt = Attempt()
    }

    // MARK: Arbitration

    /// A presentation fails every other recognizer and interaction sharing the touch, except the
    /// drag the menu may turn into.
    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        !((other as? DragParticipant)?.isTurnCandidate ?? false)
    }

    /// Long presses and pans sharing the touch wait for a pending menu to fail (Behaviour A11).
    /// An attempt that its touch's own event ended in step 2 holds none back in step 3, though
    /// its failure resolves there in its place: they go on in theirs (A4 d).
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        resolvedState == .possible && requestedState != .failed && type(of: other).waitsForContextMenus
            && sharesATouch(with: other)
    }

    override func resolvedStateDidChange() {
        stateDidChange(to: resolvedState)
    }

    /// Whether the menu is still pending: asked or waiting to be, not yet presented or ended.
    var isPending: Bool { requestedState == .possible }

    // MARK: The attempt

    private func configurationDelayPassed() {
        guard requestedState == .possible, let interaction else { return }
        schedule(at: attempt.touchDownTime + interaction.presentationDelay) { ($0 as? ContextMenuParticipant)?.presentIfConfigured() }
        askAlongTheChain()
    }

    /// At 0.15 s: the menus on the touch's chain are asked innermost first until one answers a
    /// configuration; that one is the attempt, the others fail. The first participant whose
    /// timer fires asks for all of them, in this frame.
    private func askAlongTheChain() {
        guard requestedState == .possible, !attempt.isDecided, let touch else { return }
        var found: ContextMenuParticipant?
        for case let menu as ContextMenuParticipant in touch.gestureRecognizers
        where menu.requestedState == .possible && !menu.attempt.isDecided && menu.touches.contains(touch) {
            menu.attempt.isDecided = true
            if let found {
                if let tracer = menu.activeTracer {
                    tracer.noteCause(of: menu, "\(tracer.name(of: found)) answered first: one menu per touch (A11)", other: found)
                }
                menu.state = .failed
                continue
            }
            // Its own menu open (a click in the frame this touch began in opened it), it is not
            // asked again: its delegate answers for one menu at a time.
            if menu.interaction?.openMenu != nil {
                menu.traceCause("its own menu is open (A11)")
                menu.state = .failed
                continue
            }
            if let configuration = menu.ask(at: touch) {
                found = menu
                if menu.requestedState == .possible, menu.touches.contains(where: { $0 === touch }) {
                    menu.attempt.configuration = configuration
                } else if let interaction = menu.interaction {
                    // The delegate's own code ended the attempt (took the view out of its window)
                    // before its answer was kept: the answer still gets its `willEnd`.
                    interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration)
                }
            } else {
                menu.traceCause("its delegate answered nil (A11)")
                menu.state = .failed
            }
        }
    }

    /// The delegate's answer at the touch's location in the view's coordinates.
    private func ask(at touch: Touch) -> ContextMenuConfiguration? {
        guard let interaction, let view else { return nil }
        let location = touch.location(in: view)
        let answer = interaction.askConfiguration(at: location)
        if let tracer = activeTracer { tracer.recordMenuAsked(interaction, touch: touch.id, at: location, answer: answer) }
        return answer
    }

    /// At 0.325 s: a configuration with items is presented (the participant begins); an empty
    /// one ends the attempt.
    private func presentIfConfigured() {
        guard requestedState == .possible, let configuration = attempt.configuration else { return }
        let menuIsOpen = view?.application?.interactionState.openMenu != nil
        if configuration.items.isEmpty {
            traceCause("its configuration has no items: it is never shown (A11)")
            return endAttempt(failing: true)
        }
        if menuIsOpen {
            traceCause("another menu is open (A11)")
            return endAttempt(failing: true)
        }
        traceCause("held \(TraceFormat.number(interaction?.presentationDelay ?? 0)) s: the menu is shown, and takes the touch (A11)")
        state = .began
    }

    /// A secondary click or the Menu key is about to ask this interaction for a menu: an attempt
    /// by a touch held on its view ends first (with its `willEnd` if it was answered), as when a
    /// second touch reaches it, so that its delegate answers for one menu at a time.
    func endAttemptBeforeAnotherAsk(_ why: @autoclosure () -> String) {
        guard requestedState == .possible, touch != nil else { return }
        traceCause(why())
        endAttempt(failing: true)
        // The pans and long presses that waited for it proceed (A4 a) before the next input,
        // as when Escape ends a lift: a key's frame runs no touch steps of its own.
        view?.application?.deferredWork.needsResolution = true
    }

    /// A click dragged away on the touch's chain ends the attempt before its own lift.
    func endAttemptForDrag() {
        endAttempt(failing: true)
    }

    /// `willEnd`, once, when a configuration had been answered; with `failing`, the attempt fails.
    private func endAttempt(failing: Bool) {
        if let configuration = attempt.configuration, !attempt.hasEnded, let interaction {
            attempt.hasEnded = true
            interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration)
        }
        if failing && requestedState == .possible { state = .failed }
    }

    private func stateDidChange(to state: State) {
        switch state {
        case .began:
            guard let interaction, let configuration = attempt.configuration, let touch,
                  let application = view?.application else { return }
            attempt.hasEnded = true  // the open menu tells `willEnd` from here on
            attempt.presentedAt = touch.location(in: nil)
            // The drag this menu may turn into keeps the touch (see `canPrevent`), and waits.
            if let drag = touch.gestureRecognizers.lazy.compactMap({ $0 as? DragParticipant }).first(where: \.canTurn) {
                drag.becomeTurnCandidate(presentedAt: touch.location(in: nil))
            }
            application.interactionState.present(interaction, configuration, compact: false, touch: touch)
        case .failed, .cancelled:
            endAttempt(failing: false)
            // A lift waiting for the pending menus may go ahead.
            if withInteractionState({ $0.liftsWaitingForMenus > 0 }) == true, let touch {
                for case let drag as DragParticipant in touch.gestureRecognizers { drag.menuDidFail() }
            }
        default:
            break
        }
    }

    /// A presented menu whose touch moves more than the drag's allowance from where it was at the
    /// presentation ends; the drag interaction (its turn candidate) lifts in this frame.
    private func turnIntoDragIfMovedAway(_ touch: Touch) {
        guard let presentedAt = attempt.presentedAt,
              let drag = touch.gestureRecognizers.lazy.compactMap({ $0 as? DragParticipant }).first(where: \.turnsFromMenu),
              DistanceLimit.exceeds(touch.windowDistance(from: presentedAt), drag.allowableMovement),
              let application = view?.application else { return }
        attempt.presentedAt = nil
        if let open = interaction?.openMenu { application.interactionState.dismiss(open, "it turns into a drag", turningIntoDrag: true) }
        traceCause("its touch moved more than \(TraceFormat.number(drag.allowableMovement)) pt from where the menu was shown: it turns into a drag (A11)")
        state = .ended
    }
}
