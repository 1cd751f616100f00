/// A push button (UIKit's `UIButton`): a control that also sends
/// ``Control/Event/primaryActionTriggered`` right after each ``Control/Event/touchUpInside``.
///
/// It stops a one-tap, one-finger tap recognizer of another view that cancels touches in view
/// from recognizing on its touches (Behaviour A5), so a button inside a tappable view still works.
open class Button: Control {
    /// The button's title (not used by HitKit itself; handy for logs and tests).
    public var title: String?

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingSingleTap(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        if step == .ended(inside: true) { sendActions(for: .primaryActionTriggered) }
    }
}
