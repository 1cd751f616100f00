/// Recognizes the pointer over a view (UIKit's `UIHoverGestureRecognizer`; Behaviour A8).
/// Continuous: began when its view becomes, or becomes an ancestor of, the view under the
/// pointer; changed on each later pointer move while that holds; ended when it stops holding
/// (the pointer moved elsewhere or left the window, or the view was removed, hidden or made
/// non-interactive).
///
/// It never receives touches, and takes no part in exclusion or require-to-fail: it never
/// prevents another recognizer and is never prevented. Pressing a button neither begins nor
/// ends it. ``GestureRecognizer/location(in:)`` is the pointer's location. The pointer's hover is
/// `indirectPointer` input: a hover whose ``GestureRecognizer/allowedTouchTypes`` lack that type
/// sees none of it (it ends if it was under way when the type was taken out).
open class HoverGestureRecognizer: GestureRecognizer {
    /// Whether the pointer is over the view now (set by the application's hover tracking, even
    /// when `gestureRecognizerShouldBegin` refused the began).
    var isPointerInside = false

    override var refusesEveryTouch: Bool { true }

    open override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    open override func canBePrevented(by other: GestureRecognizer) -> Bool { false }

    /// The pointer came over the view.
    func pointerEntered(at screenLocation: Point) {
        isPointerInside = true
        lastScreenLocation = screenLocation
        if requestedState == .possible { state = .began }
    }

    /// The pointer moved while over the view.
    func pointerMoved(to screenLocation: Point) {
        lastScreenLocation = screenLocation
        if requestedState.isActive { state = .changed }
    }

    /// The pointer is no longer over the view.
    func pointerExited() {
        isPointerInside = false
        if requestedState.isActive { state = .ended }
    }
}
