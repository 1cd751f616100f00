import HitTestCore

/// A scroll view's zooming (Behaviour A6.2), kept as values in one place: the limits and the
/// scale shown, the pinch under way, what waits for the drag to end, and the zoom animation.
struct ZoomState {
    var minimumScale = 1.0
    var maximumScale = 1.0
    /// The scale shown (``ScrollView/zoomScale``).
    var scale = 1.0
    var bounces = true
    var isZooming = false
    var isBouncing = false
    /// ``ScrollView/zoomView``, linked by id.
    var view: ViewLink<View>?
    /// The scroll view's pinch, made when the minimum is first below the maximum.
    var recognizer: ScrollViewPinchGestureRecognizer?
    /// Where the zoom view was last placed by a zoom, so that its frame origin F is known
    /// exactly rather than read back through the transform.
    var placement: Placement?
    /// The pinch zooming now (between its began and its end).
    var pinch: Pinch?
    /// A settle or a bounce waiting for the drag under way to end.
    var waitingForDrag: WaitingEnd?
    /// A bounce or a requested zoom running, and the view it zooms.
    var animation: ZoomAnimation?
    var animatedView: ViewLink<View>?
    /// Counts the animations started or stopped (``ScrollView/runZoomAnimation(_:of:)``): a frame
    /// that calls the delegate learns from it whether the delegate stopped or replaced its own.
    var animationOrders: UInt = 0
    /// The bounds the animation last showed (its offset, and the size its target was kept within),
    /// and when: found different at its next frame, someone else set the offset or resized the
    /// scroll view meanwhile (the clock moves only with frames, which step it first).
    var animationShown = Rect.zero
    var animationShownAt = 0.0
    /// A zoom from code is telling `scrollViewWillBeginZooming`: a zoom the delegate asks for
    /// from that call is the later request, and takes that zoom over.
    var beginningFromCode = false
    /// An interruption left the scale past a limit: it bounces back when the input ends.
    var bouncesBackWhenInputEnds = false
    /// A zoom closed by a step from code (a running animation finished or taken over), whose
    /// `scrollViewDidEndZooming` waits for the step's values to be shown; a zoom begun from the
    /// step's own delegate calls tells it first.
    var endOwed: OwedEnd?

    /// The zoom view of a zoom whose end the delegate is owed (``endOwed``).
    struct OwedEnd {
        var view: ViewLink<View>?
    }

    /// F, the zoom view's frame origin in the content, with the center and scale the last zoom
    /// gave it: F still holds while the view shows that center and scale.
    struct Placement {
        var view: ViewID
        var origin: Point
        var center: Point
        var scale: Double
    }

    /// A pinch's anchor (Behaviour A6.2): c, the point of the zoom view held under the fingers,
    /// the scale s₀ and reference distance D₀′ it began with, and the last P it was shown at.
    struct Pinch {
        /// The zoom view, or `nil` when the source answered none (nothing zooms).
        var view: ViewLink<View>?
        var startScale: Double
        var anchor: Point
        /// D₀′ for fingers; unused for a touchpad's pinch.
        var referenceDistance: Double
        var lastPoint: Point
    }

    /// A pinch's end that waits for the drag: the pinch, and whether its
    /// `scrollViewDidEndZooming` was told (it ended inside the limits) or is still owed (past a
    /// limit, the bounce tells it at its end).
    struct WaitingEnd {
        var pinch: Pinch
        var toldDelegate: Bool
    }

    /// The nearer limit when `scale` is past one.
    func limit(beyond scale: Double) -> Double? {
        if scale > maximumScale { return maximumScale }
        if scale < minimumScale { return minimumScale }
        return nil
    }

    /// `scale` clamped to the limits (the maximum wins if they cross, as the minimum is
    /// applied first).
    func clamped(_ scale: Double) -> Double {
        Swift.min(Swift.max(scale, minimumScale), maximumScale)
    }
}
