/// Turns accepted input into touches and delivers them (SPEC A3's five steps), keeping the
/// promise that every responder that receives `touchesBegan` for a touch receives exactly one
/// `touchesEnded` or `touchesCancelled` for it.
///
/// The pieces it uses are separate: the ``TouchRegistry`` (fingers down), the
/// ``TapCountTracker``, the ``RecognizerStage`` (steps 2–4) and ``TouchAdmission`` (the
/// multiple- and exclusive-touch rules).
final class TouchDispatcher {
    unowned let application: Application
    let recognizerStage: GestureStage
    /// Touches whose views are owed a withheld began or end (SPEC A4 g, h), oldest first. An
    /// ended touch stays here after it leaves the registry, until its end is delivered.
    private(set) var heldTouches: [Touch] = []

    init(application: Application) {
        self.application = application
        self.recognizerStage = GestureStage(application: application)
    }

    private var registry: TouchRegistry { application.touchRegistry }

    // MARK: A frame

    /// Applies a frame's accepted inputs at `time` and delivers the resulting event.
    func process(_ inputs: [TouchInput], at time: Double) {
        var changed: [Touch] = []
        for input in inputs {
            if let touch = apply(input, at: time) { changed.append(touch) }
        }
        let changedSet = Set(changed)
        for touch in registry.all where !changedSet.contains(touch) {
            touch.phase = .stationary
            touch.previousScreenLocation = touch.screenLocation
        }
        let event = Event(timestamp: time, allTouches: Set(registry.all))
        application.sendEvent(event)
        // Withheld touches of windows that had no step 5 in this frame (a failure elsewhere).
        releaseHeldTouches(of: event)
        recognizerStage.endFrame()
        retireLiftedTouches(changed, at: time)
    }

    /// A timer's frame: no input changed, but recognizers may have moved on (steps 3–5); the
    /// touches down are stationary in it.
    func processTimerFrame(at time: Double) {
        for touch in registry.all {
            touch.phase = .stationary
            touch.previousScreenLocation = touch.screenLocation
        }
        recognizerStage.resolveTransitions(for: nil)
        cancelInViews(recognizerStage.takeTouchesCancelledInViews())
        if !heldTouches.isEmpty {
            releaseHeldTouches(of: Event(timestamp: time, allTouches: Set(registry.all).union(heldTouches)))
        }
        recognizerStage.endFrame()
    }

    /// Step 1 for a began, and the new phase and location for the others.
    private func apply(_ input: TouchInput, at time: Double) -> Touch? {
        switch input.phase {
        case .began:
            let location = input.location!  // the validator requires it
            let view = application.hitTest(screenPoint: location)
            let tapCount = application.tapCounts.tapCount(
                on: view, at: time, location: location,
                maximumInterval: application.multiTapMaximumInterval,
                maximumDistance: application.multiTapMaximumDistance)
            let touch = Touch(id: input.id, at: location, time: time, view: view, tapCount: tapCount,
                              sequence: registry.takeSequence())
            registry.add(touch)
            touch.takeHighRateInput(input, at: time)
            return touch
        case .stationary:
            return nil
        case .moved, .ended, .cancelled:
            guard let touch = registry.touch(id: input.id) else { return nil }
            touch.previousScreenLocation = touch.screenLocation
            if let location = input.location { touch.screenLocation = location }
            touch.phase = input.phase
            touch.timestamp = time
            touch.takeHighRateInput(input, at: time)
            return touch
        }
    }

    private func retireLiftedTouches(_ changed: [Touch], at time: Double) {
        for touch in changed where touch.phase == .ended || touch.phase == .cancelled {
            if touch.phase == .ended {
                application.tapCounts.touchEnded(touch, at: time)
            } else {
                application.tapCounts.touchCancelled(touch)
            }
            registry.remove(touch)
        }
    }

    // MARK: One window's share of an event

    /// Steps 2–5 for the touches of `event` in `window` that changed.
    func deliver(_ event: Event, in window: Window) {
        let touches = event.allTouches
            .filter { $0.window === window && $0.phase != .stationary }
            .sorted { $0.beganSequence < $1.beganSequence }
        guard !touches.isEmpty else { return }
        recognizerStage.deliverTouches(touches, of: event)                    // step 2
        recognizerStage.resolveTransitions(for: event)                       // step 3
        cancelInViews(recognizerStage.takeTouchesCancelledInViews())          // step 4
        let held = heldTouches.filter { $0.window === window && !touches.contains($0) }
        deliverToViews(held.isEmpty ? touches : (touches + held).sorted { $0.beganSequence < $1.beganSequence },
                       of: event)                                            // step 5
    }

    /// Step 5 for the withheld touches that nothing withholds any more.
    private func releaseHeldTouches(of event: Event) {
        guard !heldTouches.isEmpty else { return }
        deliverToViews(heldTouches, of: event)
    }

    /// Step 5: one call per view and phase, views in the order their touches began. Touches a
    /// recognizer withholds (SPEC A4 g, h) are kept in ``heldTouches``; a released began is
    /// delivered with one move if the finger moved meanwhile, and shows the phase of the call.
    private func deliverToViews(_ touches: [Touch], of event: Event) {
        let stage = recognizerStage
        var releasedBegans: [Touch] = []
        for touch in touches where touch.delivery == .awaitingBegan {
            if stage.withholdsBegan(touch) {
                if touch.phase == .moved { touch.movedWhileWithheld = true }
                continue
            }
            touch.delivery = TouchAdmission.admits(touch, among: registry.all) ? .admitted : .refused
            if touch.phase != .began && touch.delivery == .admitted { releasedBegans.append(touch) }
        }
        showing(.began, on: releasedBegans) {
            deliverGrouped(touches, eligible: { $0.delivery == .admitted },
                           becomes: .tracking) { $0.receive(.touchesBegan, $1, with: event) }
        }
        let releasedMoves = touches.filter { $0.movedWhileWithheld && $0.phase != .moved && $0.delivery == .tracking }
        showing(.moved, on: releasedMoves) {
            deliverGrouped(touches, eligible: { ($0.phase == .moved || $0.movedWhileWithheld) && $0.delivery == .tracking },
                           becomes: .tracking) { view, batch in
                for touch in batch { touch.movedWhileWithheld = false }
                view.receive(.touchesMoved, batch, with: event)
            }
        }
        deliverGrouped(touches, eligible: { $0.phase == .ended && $0.delivery == .tracking && !stage.withholdsEnd($0) },
                       becomes: .finished) { $0.receive(.touchesEnded, $1, with: event) }
        deliverGrouped(touches, eligible: { $0.phase == .cancelled && $0.delivery == .tracking },
                       becomes: .finished) { $0.receive(.touchesCancelled, $1, with: event) }
        updateHeldTouches(from: touches)
    }

    /// Keeps, of `touches`, those still owed a withheld began or end; drops the others.
    private func updateHeldTouches(from touches: [Touch]) {
        func owed(_ touch: Touch) -> Bool {
            touch.delivery == .awaitingBegan || (touch.delivery == .tracking && touch.phase == .ended)
        }
        let wasEmpty = heldTouches.isEmpty
        if !wasEmpty { heldTouches.removeAll { !owed($0) || touches.contains($0) } }
        let newlyHeld = touches.filter(owed)
        guard !newlyHeld.isEmpty else { return }
        heldTouches = (heldTouches + newlyHeld).sorted { $0.beganSequence < $1.beganSequence }
    }

    /// Runs `body` with `touches` showing `phase`, then restores their phases.
    private func showing(_ phase: Touch.Phase, on touches: [Touch], _ body: () -> Void) {
        guard !touches.isEmpty else { return body() }
        let phases = touches.map(\.phase)
        for touch in touches { touch.phase = phase }
        body()
        for (touch, saved) in zip(touches, phases) { touch.phase = saved }
    }

    /// Groups the eligible touches by view and calls `send` once per view. Eligibility is checked
    /// again just before each call, and the new state set before it: a responder may remove a
    /// view (cancelling its touches) from inside a call.
    private func deliverGrouped(_ touches: [Touch], eligible: (Touch) -> Bool, becomes state: Touch.Delivery,
                                send: (View, Set<Touch>) -> Void) {
        var order: [View] = []
        var groups: [ObjectIdentifier: [Touch]] = [:]
        for touch in touches where eligible(touch) {
            guard let view = touch.view else { continue }
            let key = ObjectIdentifier(view)
            if groups[key] == nil { order.append(view) }
            groups[key, default: []].append(touch)
        }
        for view in order {
            let batch = groups[ObjectIdentifier(view)]!.filter(eligible)
            guard !batch.isEmpty else { continue }
            for touch in batch { touch.delivery = state }
            send(view, Set(batch))
        }
    }

    // MARK: Cancelling in views

    /// Cancels, at once, the touches owned by `root` or its subviews (the view is leaving its
    /// window). Runs before the hierarchy changes, so the cancel travels the same responder chain
    /// as the began did. The touches then go nowhere until they end.
    func cancelTouches(ownedBySubtreeOf root: View) {
        let held = heldTouches.filter { $0.phase == .ended }
        let owned = (registry.all + held).filter { touch in
            guard let view = touch.view else { return false }
            return view.isDescendant(of: root)
        }
        recognizerStage.viewWillLeaveWindow(root)
        cancelInViews(owned)
    }

    /// Sends `touchesCancelled` to the views tracking `touches`; the others are just closed.
    private func cancelInViews(_ touches: [Touch]) {
        var tracked: [Touch] = []
        for touch in touches {
            switch touch.delivery {
            case .tracking: tracked.append(touch)
            case .awaitingBegan, .admitted: touch.delivery = .refused
            case .refused, .finished: break
            }
        }
        guard !tracked.isEmpty else { return }
        tracked.sort { $0.beganSequence < $1.beganSequence }
        // The touches show `cancelled` during the call, then their input phase again: the
        // fingers are still down.
        let phases = tracked.map(\.phase)
        for touch in tracked { touch.phase = .cancelled }
        let event = Event(timestamp: application.time, allTouches: Set(registry.all))
        deliverGrouped(tracked, eligible: { $0.delivery == .tracking }, becomes: .finished) {
            $0.receive(.touchesCancelled, $1, with: event)
        }
        for (touch, phase) in zip(tracked, phases) { touch.phase = phase }
    }
}
