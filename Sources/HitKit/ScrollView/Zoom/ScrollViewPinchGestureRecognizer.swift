/// The pinch a ``ScrollView`` owns once it can zoom (its ``ScrollView/pinchGestureRecognizer``;
/// Behaviour A6.2): a ``PinchGestureRecognizer`` whose type marks it as built in, so a scene log
/// leaves it out (Behaviour B6). Its zooming is the scroll view's target.
///
/// It recognizes together with the scroll view's pan (neither prevents the other), sits below
/// the pan in the scroll view's priority order so that the pan acts first in a frame, and,
/// like the pan, may begin only when the content's touches may be cancelled
/// (the scroll view's `gestureRecognizerShouldBegin(_:)`, Behaviour A6).
final class ScrollViewPinchGestureRecognizer: PinchGestureRecognizer {
    private var scrollView: ScrollView? { view as? ScrollView }

    /// Ends at the first lift: the zoom ends when fewer than two fingers remain, and the pan may
    /// go on with the other (Behaviour A6.2), where a plain pinch waits for both.
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        endOrFail()
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool {
        other !== scrollView?.panGestureRecognizer
    }

    override func canBePrevented(by other: GestureRecognizer) -> Bool {
        other !== scrollView?.panGestureRecognizer
    }
}
