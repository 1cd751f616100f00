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
        guard let blocker = waitingFor.removeValue(forKey: ObjectIdentifier(recognizer)) else { return }
        var cause = takeCause(of: recognizer) ?? Cause(message: "set by the recognizer")
        cause.message += "; went ahead once \(blocker.name) failed (A4 a)"
        cause.other = blocker
        restoreCause(cause, of: recognizer)
    }

    /// Rule b: `view` (a control's rule of A5, or any view) or, with `nil`, the delegate said no.
    func noteRefusal(of recognizer: GestureRecognizer, by view: View?) {
        guard let view else {
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
