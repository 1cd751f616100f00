// Trace records of recognizers: those a touch collects or leaves out (Behaviour A3 step 1, A8),
// and their state changes with the causes (A4).

extension Tracer {
    /// A recognizer collected for `touch`, at `place` in the priority order.
    func recordCollected(_ recognizer: GestureRecognizer, _ touch: Touch, place: Int) {
        record(.recognizerCollected, touch: touch.id, view: recognizer.view, recognizer: recognizer,
               causes: [.init("priority", Double(place))],
               "\(name(of: recognizer)) on \(name(of: recognizer.view)) collected, priority \(place)")
    }

    /// A recognizer left out for `touch`; the reason is found by asking the rules in the
    /// collection's order (the delegate is not asked again: `byDelegate` says it answered no).
    func recordFiltered(_ recognizer: GestureRecognizer, _ touch: Touch, byDelegate: Bool) {
        let reason: String
        if byDelegate {
            reason = "its delegate's shouldReceive answered false"
        } else if !recognizer.isEnabled {
            reason = "disabled (isEnabled is false)"
        } else if recognizer.view == nil {
            reason = "not attached to a view"
        } else if !recognizer.takesPart(in: touch) {
            reason = "a drag that has lifted takes no new touch (A11)"
        } else if !recognizer.acceptsNewTouches {
            reason = "already \(recognizer.requestedState), it takes no new touch"
        } else if recognizer is HoverGestureRecognizer {
            reason = "a hover recognizer takes no touch"
        } else if (recognizer as? PanGestureRecognizer)?.isScrolling == true || recognizer.isDrivenByTouchpad {
            reason = "driven by scroll or touchpad input under way"
        } else if !recognizer.allowsTouchType(touch.type) {
            reason = "allowedTouchTypes does not include \(touch.type)"
        } else {
            let required = (recognizer as? TapGestureRecognizer)?.buttonMaskRequired ?? .primary
            let pressed = touch.buttonMaskAtBegan?.rawValue ?? 0
            reason = "buttons pressed \(pressed) are not the button mask required \(required.rawValue)"
        }
        record(.recognizerFiltered, touch: touch.id, view: recognizer.view, recognizer: recognizer,
               "\(name(of: recognizer)) on \(name(of: recognizer.view)) left out: \(reason)")
    }

    /// The disabled recognizers of the views from `touch`'s view up to its window, which step 1
    /// does not list (Behaviour A3: the enabled ones alone), each recorded left out, so that the
    /// trace says why one never saw the touch. One listed and disabled since (by a delegate) is
    /// the collection's to record. Only while tracing: the walk repeats step 1's.
    func recordDisabledRecognizers(of touch: Touch) {
        let listed = touch.gestureRecognizers
        var view = touch.view
        while let current = view {
            for recognizer in current.attachedRecognizers.reversed()
            where !recognizer.isEnabled && !listed.contains(where: { $0 === recognizer }) {
                recordFiltered(recognizer, touch, byDelegate: false)
            }
            view = current.superview
        }
    }

    /// A state change the arena applied, with the cause noted for it (by the recognizer or the
    /// arena's rule), else "requested by the recognizer".
    func recordStateChange(_ recognizer: GestureRecognizer, from: GestureRecognizer.State, to: GestureRecognizer.State) {
        waitingFor.removeValue(forKey: ObjectIdentifier(recognizer))
        let cause = takeCause(of: recognizer)
        record(.stateChanged, view: recognizer.view, recognizer: recognizer, otherSubject: cause?.other,
               causes: cause?.causes ?? [],
               "\(name(of: recognizer)) \(from) → \(Self.stateName(to, of: recognizer)): \(cause?.message ?? Self.usualCause(of: recognizer, to: to))")
    }

    /// The cause of a change the recognizer did not explain: what its kind of input means.
    static func usualCause(of recognizer: GestureRecognizer, to state: GestureRecognizer.State) -> String {
        if recognizer is HoverGestureRecognizer {
            return switch state {
            case .began: "the pointer came over its view"
            case .changed: "the pointer moved over its view"
            default: "the pointer left its view"
            }
        }
        if (recognizer as? PanGestureRecognizer)?.isScrolling == true {
            return state == .ended ? "the scroll ended" : "scroll input (A8)"
        }
        if recognizer.isDrivenByTouchpad { return "touchpad gesture input (A9)" }
        return switch state {
        case .changed: "its touches moved"
        case .ended: "its touches lifted"
        default: "set by the recognizer"
        }
    }

    /// A discrete recognizer's `ended` is called `recognized`, as the delivery log does.
    static func stateName(_ state: GestureRecognizer.State, of recognizer: GestureRecognizer) -> String {
        state == .ended && type(of: recognizer).isDiscrete ? "recognized" : "\(state)"
    }

    /// Rule a: `recognizer` waits for `blocker` to fail.
    func recordWaiting(_ recognizer: GestureRecognizer, for blocker: GestureRecognizer?) {
        let key = ObjectIdentifier(recognizer)
        guard waitingFor[key] == nil else { return }
        if blocker == nil, let hold = (recognizer as? LongPressGestureRecognizer)?.heldBackBy {
            waitingFor[key] = .liftHold
            return record(.recognizerWaiting, view: recognizer.view, recognizer: recognizer, other: nil,
                          "\(name(of: recognizer)) waits: a lift on its touch holds long presses back until \(TraceFormat.number(hold.delay)) s after touch-down, after the lift too (A11)")
        }
        if let drag = blocker as? DragParticipant, drag.holdsBack(recognizer) {
            waitingFor[key] = .lift(of: subject(of: drag))
            let delay = TraceFormat.number(drag.interaction?.longPressDelayAfterLift ?? 0)
            return record(.recognizerWaiting, view: recognizer.view, recognizer: recognizer, other: blocker,
                          "\(name(of: recognizer)) waits: \(name(of: drag))'s lift holds long presses back until \(delay) s after touch-down (A11)")
        }
        waitingFor[key] = .failure(of: blocker.map(subject(of:)))
        record(.recognizerWaiting, view: recognizer.view, recognizer: recognizer, other: blocker,
               "\(name(of: recognizer)) waits for \(blocker.map(name(of:)) ?? "another recognizer") to fail (A4 a)")
    }
}

// The causes the arena's rules give a recognizer's state change (Behaviour A4 a, b; A5).

extension Tracer {
    /// Rule a: a recognizer `recognizer` had to wait for began or recognized, so it fails.
    func notePreempted(_ recognizer: GestureRecognizer, by required: GestureRecognizer?) {
        waitingFor.removeValue(forKey: ObjectIdentifier(recognizer))
        let who = required.map { "\(name(of: $0)) \($0.resolvedState == .ended ? "recognized" : "began")" } ?? "a recognizer it waits for began"
        noteCause(of: recognizer, "\(who), and it had to wait for it to fail (A4 a)", other: required)
    }

    /// Rule a: a recognizer that waited goes ahead: what it waited for has failed. The cause
    /// noted for its request (its threshold) is kept, and the end of the wait added.
    func noteWaitOver(_ recognizer: GestureRecognizer) {
        guard let wait = waitingFor.removeValue(forKey: ObjectIdentifier(recognizer)) else { return }
        var cause = takeCause(of: recognizer) ?? Cause(message: "set by the recognizer")
        let end = switch wait {
        case .failure(let blocker): "; went ahead once \(blocker?.name ?? "another recognizer") failed (A4 a)"
        case .lift(let drag): "; went ahead once \(drag.name)'s lift let long presses begin (A11)"
        case .liftHold: "; went ahead once the lift's hold on long presses was over (A11)"
        }
        cause.message += end
        cause.other = wait.subject
        restoreCause(cause, of: recognizer)
    }

    /// Rule b: `view` (a control's rule of A5, or any view) or, with `nil`, the delegate said no.
    func noteRefusal(of recognizer: GestureRecognizer, by view: View?) {
        guard let view else {
            if recognizer is DragParticipant { return noteCause(of: recognizer, "itemsForBeginning answered no items: no lift (A11)") }
            return noteCause(of: recognizer, "its delegate's gestureRecognizerShouldBegin answered false (A4 b)")
        }
        if let control = view as? Control {
            record(.controlPrevented, view: recognizer.view, recognizer: recognizer, control: control,
                   "\(name(of: control)) keeps \(name(of: recognizer)) from beginning: controls win over overlapping gestures (A5)")
            return noteCause(of: recognizer, "\(name(of: control)) prevented it (A5)")
        }
        noteCause(of: recognizer, "\(name(of: view))'s gestureRecognizerShouldBegin answered false (A4 b)")
    }
}

// How a recognizer tells the trace why it asks for its next state (Behaviour A4's thresholds and
// timers). Without a trace observed this is one check, and the message is never built.

extension GestureRecognizer {
    /// The application's tracer, while the recognizer takes part in touches and a trace is observed.
    var activeTracer: Tracer? { entry?.arena.tracer }

    /// Notes why the state the recognizer sets next comes (its trace record says it).
    func traceCause(_ message: @autoclosure () -> String, _ causes: @autoclosure () -> [TraceRecord.Cause] = []) {
        if let tracer = activeTracer { tracer.noteCause(of: self, message(), causes()) }
    }

    /// Notes a movement past a limit: "moved 12.3 pt > allowableMovement 10".
    func traceMovedTooFar(_ moved: Double, limit: Double, named name: String) {
        traceCause("moved \(TraceFormat.number(moved)) pt > \(name) \(TraceFormat.number(limit))",
                   [.init("moved", moved), .init(name, limit)])
    }

    /// Notes a timer's end: "0.5 s held (minimumPressDuration)".
    func traceTimer(_ seconds: Double, _ what: String, named name: String) {
        traceCause("\(TraceFormat.number(seconds)) s \(what) (\(name))", [.init(name, seconds)])
    }

    /// Notes a finger count past a limit.
    func traceTooManyFingers(_ count: Int, limit: Int, named name: String) {
        traceCause("\(count) fingers > \(name) \(limit)", [.init("fingers", Double(count)), .init(name, Double(limit))])
    }
}

extension Tracer {
    /// A pan's move while possible: the translation against its threshold, noted for when it begins.
    func notePanThreshold(_ pan: PanGestureRecognizer) {
        let moved = length(pan.translationInWindow)
        guard DistanceLimit.reaches(moved, pan.minimumTranslation) else { return }
        noteCause(of: pan, "moved \(TraceFormat.number(moved)) pt >= minimumTranslation \(TraceFormat.number(pan.minimumTranslation))",
                  [.init("moved", moved), .init("minimumTranslation", pan.minimumTranslation)])
    }
}
