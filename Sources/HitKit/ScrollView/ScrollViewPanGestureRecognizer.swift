/// The pan a ``ScrollView`` owns (its ``ScrollView/panGestureRecognizer``): a plain
/// ``PanGestureRecognizer`` whose type marks it as built in, so a scene log can leave it out
/// (SPEC B6). Its scrolling is the scroll view's target; whether it may begin is the scroll
/// view's `gestureRecognizerShouldBegin(_:)` (SPEC A4 b, A6).
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {}
