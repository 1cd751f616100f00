/// A pair of minus/plus buttons side by side (UIKit's `UIStepper`): a touch-up-inside in its
/// left half subtracts ``stepValue`` from ``value``, in its right half adds it, and sends
/// ``Control/Event/valueChanged`` when the value changed.
///
/// The half is the one where the finger lifts (its `x` against the bounds' middle; a lift in
/// the tolerance band beyond an edge counts for that edge's half). Without ``wraps`` the value
/// stops at ``minimumValue``/``maximumValue`` (a step at the limit changes nothing and sends
/// nothing); with it, a step past one end goes to the other end (as UIKit).
///
/// It stops a foreign one-tap, one-finger tap that cancels touches in view (SPEC A5).
open class Stepper: Control {
    /// The lowest value (default 0). Raising it above ``maximumValue`` raises that too.
    open var minimumValue: Double = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = clamped(value)
        }
    }
    /// The highest value (default 100). Lowering it below ``minimumValue`` lowers that too.
    open var maximumValue: Double = 100 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = clamped(value)
        }
    }
    /// The value, kept within ``minimumValue``...``maximumValue`` (default 0). Setting it sends no event.
    open var value: Double = 0 {
        didSet {
            let kept = clamped(value)
            if kept != value { value = kept }
        }
    }
    /// How much one step adds or subtracts (default 1; must be positive, others are ignored).
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) { stepValue = oldValue } }
    }
    /// Whether stepping past one end goes to the other (default false).
    open var wraps = false
    /// UIKit's flag for sending `valueChanged` during auto-repeat. HitKit's stepper has no
    /// auto-repeat: every step is a touch-up-inside and is sent at once, whatever this says.
    open var isContinuous = true

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        guard step == .ended(inside: true) else { return }
        let increments = touch.location(in: self).x >= bounds.standardized.midX
        let old = value
        value = stepped(up: increments)
        if value != old { sendActions(for: .valueChanged) }
    }

    /// The value after one step up or down.
    private func stepped(up: Bool) -> Double {
        let target = up ? value + stepValue : value - stepValue
        guard wraps else { return clamped(target) }
        if target > maximumValue { return minimumValue }
        if target < minimumValue { return maximumValue }
        return target
    }

    private func clamped(_ value: Double) -> Double {
        Swift.min(maximumValue, Swift.max(minimumValue, value))
    }
}
