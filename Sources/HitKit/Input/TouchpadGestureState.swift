/// The application's knowledge of the touchpad gesture under way between frames (Behaviour A9):
/// its kind, the recognizers a pinch drives and its last step, for the velocities.
final class TouchpadGestureState {
    /// The kind of the gesture between its `began` and its `ended` or `cancelled`; `nil` when none is.
    var kind: TouchpadGestureInput.Kind?
    /// The pinch and rotation recognizers the pinch under way drives, in priority order
    /// (Behaviour A3 step 1); one that stopped meanwhile is no longer driven
    /// (``GestureRecognizer/isDrivenByTouchpad``).
    var recognizers: [GestureRecognizer] = []
    /// The pinch's last step: its time, scale and rotation (the velocities span two frames).
    var lastTime = 0.0
    var lastScale = 1.0
    var lastRotation = 0.0
    /// The scroll view a hold under way stopped (Behaviour A6.1): when the hold ends, content it
    /// left past an edge springs back, as after a touch that stopped the motion.
    var scrollViewStoppedByHold: ScrollView? {
        get { scrollViewStoppedByHoldLink?.object }
        set { scrollViewStoppedByHoldLink = newValue.map(ViewLink.init) }
    }
    private var scrollViewStoppedByHoldLink: ViewLink<ScrollView>?

    /// Records an accepted step: a `began` starts a gesture, an `ended` or `cancelled` ends it.
    func apply(_ input: TouchpadGestureInput) {
        switch input.phase {
        case .began: kind = input.kind
        case .changed: break
        case .ended, .cancelled: kind = nil
        }
    }
}
