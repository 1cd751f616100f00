/// A pair of minus/plus buttons side by side (UIKit's `UIStepper`): a touch-down in its left
/// half subtracts ``stepValue`` from ``value``, in its right half adds it (Behaviour A5).
///
/// The half is decided at touch-down (the touch's `x` against the bounds' middle). Without
/// ``wraps`` the value stops at ``minimumValue``/``maximumValue`` (a step at the limit changes
/// nothing and sends nothing); with it, a step past one end goes to the other end (as UIKit).
///
/// With ``isContinuous`` (the default) each step that changed the value sends
/// ``Control/Event/valueChanged`` at once, after the step's touch events; otherwise one
/// `valueChanged` is sent when tracking finishes (lifted or cancelled), if the value differs from
/// its value before the touch.
///
/// With ``autorepeat`` (the default) a touch held in its half steps again ``autorepeatDelay``
/// after touch-down and then every ``autorepeatInterval``, each repeat a timer frame of the
/// application. The repeating stops for good, for that touch, when it lifts, is cancelled, or
/// leaves its half — across the middle, or out of the bounds grown by
/// ``Control/trackingTolerance`` (where the control's "inside" ends) — by moving, or by the
/// stepper moving from under it (a scroll or a zoom), as a repeat finds.
///
/// It stops a foreign one-tap, one-finger tap that cancels touches in view (Behaviour A5).
open class Stepper: Control {
    /// The lowest value (default 0). Raising it above ``maximumValue`` raises that too; a
    /// value that is not finite is ignored.
    open var minimumValue: Double {
        get { valueInRange.minimum }
        set { valueInRange.minimum = newValue }
    }
    /// The highest value (default 100). Lowering it below ``minimumValue`` lowers that
    /// too; a value that is not finite is ignored.
    open var maximumValue: Double {
        get { valueInRange.maximum }
        set { valueInRange.maximum = newValue }
    }
    /// The value, kept within ``minimumValue``...``maximumValue`` (default 0). Setting it sends no event.
    open var value: Double {
        get { valueInRange.value }
        set { valueInRange.value = newValue }
    }
    private var valueInRange = ClampedValue(minimum: 0, maximum: 100, value: 0)
    /// How much one step adds or subtracts (default 1; must be positive, others are ignored).
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) { stepValue = oldValue } }
    }
    /// Whether stepping past one end goes to the other (default false).
    open var wraps = false
    /// Whether each step sends `valueChanged` at once (true, the default) or only the end of
    /// tracking does.
    open var isContinuous = true
    /// Whether a held touch repeats its step (default true).
    open var autorepeat = true
    /// Seconds from touch-down to the first repeat (default 0.5; negative counts as 0).
    open var autorepeatDelay: Double = 0.5
    /// Seconds between repeats after the first (default 0.1; a repeat needs a positive interval,
    /// so a value that is not positive stops the repeating after the first repeat). Repeats come
    /// at most every ``shortestAutorepeatInterval``, whatever shorter interval is set.
    open var autorepeatInterval: Double = 0.1
    /// The shortest time between two repeats (1 ms): each repeat is a timer frame, and a
    /// vanishing interval would make ``Application/advance(to:)`` run them without end.
    public static let shortestAutorepeatInterval = 0.001

    /// The direction of the tracked touch's steps, fixed at touch-down; `nil` when not tracking
    /// or when the touch left its half.
    private var repeatingUp: Bool?
    /// The pending repeat.
    private var repeatTimer: TimerHandle?
    /// The value before the touch, for the non-continuous `valueChanged`.
    private var valueAtTouchDown: Double = 0

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        switch step {
        case .began:
            valueAtTouchDown = value
            let up = isInRightHalf(touch)
            repeatingUp = up
            self.step(up: up)
            if autorepeat { scheduleRepeat(after: Swift.max(0, autorepeatDelay)) }
        case .moved:
            if let up = repeatingUp, !isInsideHalf(touch, up: up) { stopRepeating() }
        case .ended, .cancelled:
            stopRepeating()
            if !isContinuous && value != valueAtTouchDown { sendActions(for: .valueChanged) }
        }
    }

    /// One step up or down; sends `valueChanged` at once when continuous and the value changed.
    private func step(up: Bool) {
        let old = value
        value = stepped(up: up)
        if isContinuous && value != old { sendActions(for: .valueChanged) }
    }

    /// A repeat `delay` seconds from now, as a timer of the application.
    private func scheduleRepeat(after delay: Double) {
        guard let application else { return }
        let due = Swift.max(application.time + delay, Clock.instant(after: application.time))
        // Linked by id, not captured weakly (a weak reference slows every retain of the view).
        repeatTimer = application.schedule(at: due) { [link = ViewLink(self)] in
            link.object?.repeatDidFire()
        }
    }

    private func repeatDidFire() {
        repeatTimer = nil
        guard isTracking, autorepeat, let up = repeatingUp, let touch = trackedTouch else { return }
        // Content moved under a still finger (a scroll, a zoom) takes it out of its half too.
        guard isInsideHalf(touch, up: up) else { return stopRepeating() }
        step(up: up)
        if autorepeatInterval > 0 { scheduleRepeat(after: Swift.max(autorepeatInterval, Self.shortestAutorepeatInterval)) }
    }

    private func stopRepeating() {
        repeatingUp = nil
        if let repeatTimer { application?.cancelTimer(repeatTimer) }
        repeatTimer = nil
    }

    /// Whether `touch` is at or right of the bounds' middle.
    private func isInRightHalf(_ touch: Touch) -> Bool {
        touch.location(in: self).x >= bounds.standardized.midX
    }

    /// Whether `touch` is still in the half it began in: on that side of the middle and inside
    /// the bounds grown by the tracking tolerance.
    private func isInsideHalf(_ touch: Touch, up: Bool) -> Bool {
        isInside(touch) && isInRightHalf(touch) == up
    }

    /// The value after one step up or down.
    private func stepped(up: Bool) -> Double {
        let target = up ? value + stepValue : value - stepValue
        guard wraps else { return valueInRange.clamped(target) }
        if target > maximumValue { return minimumValue }
        if target < minimumValue { return maximumValue }
        return target
    }
}
