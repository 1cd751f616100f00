// Touchpad gesture delivery (Behaviour A9): after a frame's touches, pointer and scroll, its
// touchpad step is validated and, for a pinch, drives the pinch and rotation recognizers under
// the pointer; a recognizer-only run of the frame function resolves their transitions (A4).
// No touch is made: views get no touch calls and no touch recognizer takes part.

extension Application {
    /// Validates the frame's touchpad gesture and delivers it, or records its rejection.
    func deliverTouchpadGesture(of frame: InputFrame, rejected: inout [InputError.Rejection]) {
        guard let input = frame.touchpadGesture else { return }
        let state = touchpadState
        if let problem = TouchpadGestureValidator(underway: state.kind).problem(with: input) {
            rejected.append(.init(touchID: nil, reason: .touchpad(problem)))
            return
        }
        state.apply(input)
        if input.kind == .hold { deliverHold(input) }
        if input.kind == .pinch { deliverPinch(input, at: frame.timestamp) }
    }

    /// A hold's `began` stops the innermost moving scroll view under the pointer (Behaviour
    /// A6.1); its end lets content it left past an edge spring back. It does nothing else.
    private func deliverHold(_ input: TouchpadGestureInput) {
        let state = touchpadState
        switch input.phase {
        case .began:
            state.scrollViewStoppedByHold = stopScrollMotion(under: hitTest(screenPoint: input.location))
        case .changed:
            break
        case .ended, .cancelled:
            state.scrollViewStoppedByHold?.settleAfterStoppingInput()
            state.scrollViewStoppedByHold = nil
        }
    }

    /// A pinch step: `began` collects the recognizers; `began` and `changed` give them the
    /// gesture's values; `ended` ends them (fails those still possible), `cancelled` cancels them.
    private func deliverPinch(_ input: TouchpadGestureInput, at time: Double) {
        let state = touchpadState
        if input.phase == .began {
            collectTouchpadRecognizers(at: input.location)
            state.lastTime = time
            state.lastScale = input.scale
            state.lastRotation = input.rotation
        }
        switch input.phase {
        case .began, .changed:
            // Per second over the last two frames; 0 at the began and between frames at one time.
            let dt = time - state.lastTime
            let step = TouchpadTransformStep(
                location: input.location, scale: input.scale, rotation: input.rotation,
                scaleVelocity: dt > 0 ? (input.scale - state.lastScale) / dt : 0,
                rotationVelocity: dt > 0 ? (input.rotation - state.lastRotation) / dt : 0)
            for recognizer in state.recognizers where recognizer.isDrivenByTouchpad {
                recognizer.takeTouchpadStep(step)
            }
            state.lastTime = time
            state.lastScale = input.scale
            state.lastRotation = input.rotation
        case .ended, .cancelled:
            // The last `changed` gave the values: an end's own scale and rotation are not read.
            for recognizer in state.recognizers where recognizer.isDrivenByTouchpad {
                recognizer.endTouchpadGesture(cancelled: input.phase == .cancelled, at: input.location)
            }
        }
        dispatcher.runFrame(nil, at: time)
        if state.kind == nil {
            // Each has ended, failed or been cancelled, and reset at the frame's end.
            for recognizer in state.recognizers {
                recognizer.isDrivenByTouchpad = false
                recognizer.noteArenaWork()  // nothing may keep it in the arena now
            }
            state.recognizers.removeAllKeepingCapacity()
        }
    }

    /// Behaviour A9's candidates: the pinch and rotation recognizers from the view under the
    /// pointer up to its window, in A3 step 1's priority order, that can take a touchpad pinch.
    /// Each joins the arena with its view's depth below the window (rule d).
    private func collectTouchpadRecognizers(at location: Point) {
        let state = touchpadState
        state.recognizers.removeAllKeepingCapacity()
        guard let hitView = hitTest(screenPoint: location) else { return }
        let chainLength = viewContext.forEachRecognizer(onChainOf: hitView) { recognizer, level in
            if recognizer.canTakeTouchpadPinch {
                recognizer.lastPriorityDepth = level  // made a depth below the window once the length is known
                state.recognizers.append(recognizer)
            }
            return true
        }
        // Joined once the walk is done: the arena may call out (a delegate) while it joins.
        for recognizer in state.recognizers {
            recognizer.lastPriorityDepth = chainLength - 1 - recognizer.lastPriorityDepth
            recognizer.isDrivenByTouchpad = true
            _ = dispatcher.arena.join(recognizer)
        }
    }
}

extension GestureArena {
    /// Rule c for a touchpad pinch (Behaviour A9): the recognizers it drives share it as
    /// recognizers of one finger share that finger. One gesture is under way at a time.
    func sharesTouchpadGesture(_ a: ArenaEntry, _ b: ArenaEntry) -> Bool {
        a.recognizer?.isDrivenByTouchpad == true && b.recognizer?.isDrivenByTouchpad == true
    }
}

/// The application's knowledge of the touchpad gesture under way between frames (Behaviour A9):
/// its kind, the recognizers a pinch drives and its last step, for the velocities.
final class TouchpadGestureState {
    /// The kind of the gesture between its `began` and its `ended` or `cancelled`; `nil` when none is.
    var kind: TouchpadGestureInput.Kind?
    /// The pinch and rotation recognizers the pinch under way drives, in priority order
    /// (Behaviour A3 step 1); one that stopped meanwhile is no longer driven
    /// (``GestureRecognizer/isDrivenByTouchpad``).
    var recognizers: [GestureRecognizer] = []
    /// The pinch's last step: its time, scale and rotation (the velocities span two frames).
    var lastTime = 0.0
    var lastScale = 1.0
    var lastRotation = 0.0
    /// The scroll view a hold under way stopped (Behaviour A6.1): when the hold ends, content it
    /// left past an edge springs back, as after a touch that stopped the motion.
    var scrollViewStoppedByHold: ScrollView? {
        get { scrollViewStoppedByHoldLink?.object }
        set { scrollViewStoppedByHoldLink = newValue.map(ViewLink.init) }
    }
    private var scrollViewStoppedByHoldLink: ViewLink<ScrollView>?

    /// Records an accepted step: a `began` starts a gesture, an `ended` or `cancelled` ends it.
    func apply(_ input: TouchpadGestureInput) {
        switch input.phase {
        case .began: kind = input.kind
        case .changed: break
        case .ended, .cancelled: kind = nil
        }
    }
}

// Pinch and rotation recognizers driven by a touchpad's pinch (Behaviour A9) instead of fingers.

/// The values one step of a touchpad pinch gives its recognizers.
struct TouchpadTransformStep {
    /// The pointer, in screen coordinates: the recognizers' ``GestureRecognizer/location(in:)``.
    var location: Point
    var scale: Double
    var rotation: Double
    /// Per second, from the gesture's last two frames (0 at its `began`).
    var scaleVelocity: Double
    var rotationVelocity: Double
}

extension GestureRecognizer {
    /// Whether this recognizer can join a touchpad pinch beginning now (Behaviour A9): a pinch
    /// or rotation recognizer, enabled, in a window, taking `indirectPointer` touches, and
    /// tracking no touch (no sequence under way).
    var canTakeTouchpadPinch: Bool {
        guard self is PinchGestureRecognizer || self is RotationGestureRecognizer else { return false }
        return isEnabled && view?.window != nil && allowsTouchType(.indirectPointer)
            && entry == nil && touches.isEmpty && resolvedState == .possible
    }

    /// One `began` or `changed` step: the recognizer reads the gesture's values; a possible one
    /// begins once its value left its start (scale ≠ 1, rotation ≠ 0), a begun one changes.
    func takeTouchpadStep(_ step: TouchpadTransformStep) {
        lastScreenLocation = step.location
        if let pinch = self as? PinchGestureRecognizer {
            pinch.scale = step.scale
            pinch.velocity = step.scaleVelocity
            advanceContinuous(beginningIf: step.scale != 1)
        } else if let rotation = self as? RotationGestureRecognizer {
            rotation.rotation = step.rotation
            rotation.velocity = step.rotationVelocity
            advanceContinuous(beginningIf: step.rotation != 0)
        }
    }

    /// The gesture's `ended` (a begun recognizer ends, a possible one fails) or `cancelled` (a
    /// begun one is cancelled, a possible one fails). A recognizer that asked to begin but waits
    /// for another to fail has not begun: it fails, so that nothing begins once the gesture is
    /// over (Behaviour A9: "fails the rest").
    func endTouchpadGesture(cancelled: Bool, at location: Point) {
        lastScreenLocation = location
        if resolvedState == .possible {
            failIfNotBegun()
        } else if cancelled && requestedState.isActive {
            state = .cancelled
        } else {
            endOrFail()
        }
    }
}
