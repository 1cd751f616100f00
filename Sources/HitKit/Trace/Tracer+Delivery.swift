// Trace records of delivery effects: touches withheld from their views and released (Behaviour
// A4 g, h; A6), cancelled by a recognizer (A4 f), a control's tracking (A5), pointer and scroll
// routing (A8) and tap to stop (A6.1).

extension Tracer {
    // MARK: Withheld and released

    /// A touch's began (or end) is withheld by a possible recognizer; recorded once per touch
    /// and phase, however many frames it lasts.
    func recordWithheld(_ touch: Touch, end: Bool) {
        let key = touch.beganSequence
        guard !(end ? withheldEnds : withheldBegans).contains(key) else { return }
        if end { withheldEnds.insert(key) } else { withheldBegans.insert(key) }
        let holder = touch.gestureRecognizers.first {
            (end ? $0.delaysTouchesEnded : $0.delaysTouchesBegan) && $0.withholds(touch)
        }
        let why: String
        if let holder, let scrollView = holder.view as? ScrollView, holder is ContentTouchDelayGestureRecognizer {
            why = "\(name(of: scrollView))'s delaysContentTouches, up to contentTouchDelay \(TraceFormat.number(scrollView.contentTouchDelay)) s"
        } else {
            why = "\(holder.map(name(of:)) ?? "a recognizer")'s \(end ? "delaysTouchesEnded" : "delaysTouchesBegan") while it is possible (A4 \(end ? "h" : "g"))"
        }
        record(.touchWithheld, touch: touch.id, view: touch.view, otherSubject: holder.map(subject(of:)),
               "\(end ? "end" : "began") withheld from \(name(of: touch.view)) by \(why)")
    }

    /// A withheld began or end reaches the touch's view.
    func recordReleased(_ touch: Touch, end: Bool) {
        let wasWithheld = end ? withheldEnds.remove(touch.beganSequence) : withheldBegans.remove(touch.beganSequence)
        guard wasWithheld != nil else { return }
        let moved = !end && touch.movedWhileWithheld ? ", with one move to where the finger is now" : ""
        record(.touchReleased, touch: touch.id, view: touch.view,
               "withheld \(end ? "end" : "began") released to \(name(of: touch.view))\(moved)")
    }

    /// A touch is no longer withheld without reaching its view (cancelled, refused, dropped).
    func forgetWithheld(_ touch: Touch) {
        withheldBegans.remove(touch.beganSequence)
        withheldEnds.remove(touch.beganSequence)
    }

    // MARK: Cancelled in views

    /// Rule f (or g's drop): `recognizer` takes `touch` from its view.
    func recordCancelledInView(_ touch: Touch, by recognizer: GestureRecognizer) {
        let withheld = touch.delivery == .awaitingBegan
        forgetWithheld(touch)
        let effect = withheld
            ? "its began, not delivered yet, is dropped: \(name(of: touch.view)) never hears of it (A4 \(recognizer.cancelsTouchesInView ? "f" : "g"))"
            : "cancelled in \(name(of: touch.view)) by its cancelsTouchesInView (A4 f)"
        record(.touchCancelledInView, touch: touch.id, view: touch.view, other: recognizer,
               "\(name(of: recognizer)) \(recognizer.resolvedState == .ended ? "recognized" : "began"): \(effect)")
    }

    // MARK: Controls

    /// A control's answer to a touch's began (A5).
    func recordTrackingBegan(_ control: Control, _ touch: Touch, tracking: Bool, disabled: Bool = false) {
        let message = if disabled { "\(name(of: control)) is disabled: the touch goes up the responder chain as a plain view's (A5)" }
            else if tracking { "\(name(of: control)) began tracking (inside: \(control.isTouchInside))" }
            else { "\(name(of: control))'s beginTracking answered false: it does not track" }
        record(.controlTrackingBegan, touch: touch.id, view: control, control: control, message)
    }

    /// A control stops tracking: `how` is "ended", "cancelled" or "stopped"; for an end, whether
    /// the touch was within the bounds grown by the tolerance, with the numbers.
    func recordTrackingEnded(_ control: Control, _ touch: Touch, how: String) {
        let location = touch.location(in: control)
        let tolerance = control.trackingTolerance
        let bounds = control.bounds.standardized
        // How far outside the bounds the touch is (0 inside them).
        let dx = max(bounds.minX - location.x, 0, location.x - bounds.maxX)
        let dy = max(bounds.minY - location.y, 0, location.y - bounds.maxY)
        let outside = (dx * dx + dy * dy).squareRoot()
        let place = control.isTouchInside
            ? "inside: \(TraceFormat.point(location)) within trackingTolerance \(TraceFormat.number(tolerance)) pt of its bounds"
            : "outside: \(TraceFormat.point(location)) is \(TraceFormat.number(outside)) pt from its bounds > trackingTolerance \(TraceFormat.number(tolerance))"
        let why = switch how {
        case "ended": "touch up \(control.isTouchInside ? "inside" : "outside"), \(place)"
        case "cancelled": "its touch was cancelled (touchCancel)"
        default: "continueTracking answered false"
        }
        record(.controlTrackingEnded, touch: touch.id, view: control, control: control,
               causes: [.init("x", location.x), .init("y", location.y), .init("outside", outside),
                        .init("trackingTolerance", tolerance)],
               "\(name(of: control)) \(how) tracking: \(why)")
    }

    // MARK: Pointer and scroll

    /// The view under the pointer and the hover recognizers it is over, when it changed.
    func recordPointer(id: Int, at location: Point, over view: View?, hovers: [HoverGestureRecognizer]) {
        let key = view.map(ObjectIdentifier.init)
        guard key != lastPointerView || !hasRecordedPointer else { return }
        hasRecordedPointer = true
        lastPointerView = key
        let names = hovers.map(name(of:))
        record(.pointerRouted, touch: id, view: view, causes: [.init("x", location.x), .init("y", location.y)],
               "pointer at \(TraceFormat.point(location)) over \(name(of: view))"
                   + (names.isEmpty ? ", no hover recognizer" : ", hovering: \(names.joined(separator: ", "))"))
    }

    /// Where a scroll went: to `pan`, or (with `nil`) nowhere.
    func recordScroll(_ scroll: ScrollInput, to pan: PanGestureRecognizer?, continuing: Bool) {
        let routing = switch (pan, continuing) {
        case (let pan?, true): "\(name(of: pan)) on \(name(of: pan.view)) (the pan that took its began, A8)"
        case (let pan?, false): "\(name(of: pan)) on \(name(of: pan.view)) (the first pan from the hit view up that can take it, A8)"
        // A continuous scroll's later phases are offered to no one else (A8).
        case (nil, true): "no pan (none took its began, or the one that did has let it go, A8)"
        case (nil, false): "no pan that can take it (the first pan from the hit view up that can take it, A8)"
        }
        record(.scrollRouted, view: pan?.view, recognizer: pan,
               causes: [.init("dx", scroll.delta.x), .init("dy", scroll.delta.y)],
               "scroll \(TraceFormat.point(scroll.delta)) at \(TraceFormat.point(scroll.location)) goes to \(routing)")
    }

    /// A scroll view in motion stopped by a touch (or a scroll) beginning over it (A6.1).
    func recordScrollStopped(_ scrollView: ScrollView, touch: Int?, by what: String) {
        record(.scrollStopped, touch: touch, view: scrollView,
               "\(name(of: scrollView)) was moving: \(what) stops it (tap to stop, A6.1)")
    }
}
