import HitTestCore

/// A zoom that runs by itself (Behaviour A6.2): a bounce back to a limit after a pinch, or an
/// animated `setZoomScale` / `zoom(to:animated:)`. Scale and offset are pure functions of the
/// time since it began, `a + (target − a)·E(τ)` with A6.1's cubic ease, so how often a host
/// advances the clock never changes what is shown; an offset someone else sets during it, or a
/// resize that leaves its target outside the content, bends the offset's path from there
/// (``goOn(from:shown:at:clamp:)``).
struct ZoomAnimation: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Back to the nearer limit after a pinch or an interruption (`isZoomBouncing`).
        case bounce
        /// A zoom asked for by code.
        case requested
    }

    var kind: Kind
    /// The application's time when it began.
    var startTime: Double
    /// T = min(0.1 + 0.3·|ln s − ln s_t|, 0.4) seconds (``ZoomMath/duration(from:to:)``).
    var duration: Double
    var fromScale: Double
    var toScale: Double
    /// The offset's path on each axis, over T with the same ease as the scale.
    private var x: EasedCurve, y: EasedCurve

    init(kind: Kind, startTime: Double, duration: Double, fromScale: Double, toScale: Double,
         fromOffset: Point, toOffset: Point) {
        self.kind = kind
        self.startTime = startTime
        self.duration = duration
        self.fromScale = fromScale
        self.toScale = toScale
        x = EasedCurve(start: fromOffset.x, end: toOffset.x, duration: duration)
        y = EasedCurve(start: fromOffset.y, end: toOffset.y, duration: duration)
    }

    /// The offset it ends at.
    var toOffset: Point { Point(x: x.end, y: y.end) }

    /// Whether a frame at `time` shows the target: the first frame with `time − start ≥ T`.
    func isFinished(at time: Double) -> Bool { Clock.hasReached(time, startTime + duration) }

    /// The scale and offset shown at `time`: the target exactly once finished.
    func values(at time: Double) -> (scale: Double, offset: Point) {
        guard !isFinished(at: time) else { return (toScale, toOffset) }
        let e = CubicEase.value(at: Swift.max(0, (time - startTime) / duration))
        return (fromScale + (toScale - fromScale) * e, Point(x: x.position(eased: e), y: y.position(eased: e)))
    }

    /// Goes on from `moved`, an offset someone else set since the animation showed `shown` at
    /// `time`, with the scroll view perhaps resized meanwhile (Behaviour A6.2): each axis moved,
    /// or whose target the new size no longer holds, runs from where it is, over the rest of
    /// the ease and ending when it would have, to its target moved as far and brought within
    /// the content at the target scale by `clamp`; any other axis keeps its curve exactly.
    mutating func goOn(from moved: Point, shown: Point, at time: Double, clamp: (x: AxisGeometry, y: AxisGeometry)) {
        let s = time - startTime
        x = x.keptWithin(clamp.x, at: s, from: moved.x, shown: shown.x)
        y = y.keptWithin(clamp.y, at: s, from: moved.y, shown: shown.y)
    }
}
