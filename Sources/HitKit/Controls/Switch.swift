/// An on/off switch (UIKit's `UISwitch`): each touch-up-inside toggles ``isOn`` and sends
/// ``Control/Event/valueChanged`` (after ``Control/Event/touchUpInside``).
///
/// It stops a foreign one-tap, one-finger tap that cancels touches in view, and any pan of
/// another view, from beginning on its touches (Behaviour A5).
open class Switch: Control {
    /// Whether the switch is on (default false). Setting it sends no event.
    open var isOn = false

    /// Sets ``isOn`` (there is no animation on Linux; the flag is accepted for UIKit parity).
    public func setOn(_ on: Bool, animated: Bool = false) {
        isOn = on
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) || isForeignPan(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        guard step == .ended(inside: true) else { return }
        isOn.toggle()
        sendActions(for: .valueChanged)
    }
}
