import HitTestCore

/// A zoom that runs by itself (Behaviour A6.2): a bounce back to a limit after a pinch, or an
/// animated `setZoomScale` / `zoom(to:animated:)`. Scale and offset are pure functions of the
/// time since it began, `a + (target − a)·E(τ)` with A6.1's cubic ease, so how often a host
/// advances the clock never changes what is shown.
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
    var fromOffset: Point
    var toOffset: Point
    /// Per axis, the eased fraction the offset's curve runs from: 0, or the fraction at the frame
    /// where someone else set that axis' offset, from which it then runs to the end.
    private var xBegins = 0.0, yBegins = 0.0
    /// The offset the animation last showed, and when: one found different at its next frame was
    /// set by someone else meanwhile (the clock moves only with frames, which step it first).
    private(set) var shown: Point
    private(set) var shownAt: Double

    init(kind: Kind, startTime: Double, duration: Double, fromScale: Double, toScale: Double,
         fromOffset: Point, toOffset: Point) {
        self.kind = kind
        self.startTime = startTime
        self.duration = duration
        self.fromScale = fromScale
        self.toScale = toScale
        self.fromOffset = fromOffset
        self.toOffset = toOffset
        shown = fromOffset
        shownAt = startTime
    }

    /// Whether a frame at `time` shows the target: the first frame with `time − start ≥ T`.
    func isFinished(at time: Double) -> Bool { Clock.hasReached(time, startTime + duration) }

    /// The eased fraction at `time` (before the end).
    private func eased(at time: Double) -> Double {
        CubicEase.value(at: Swift.max(0, (time - startTime) / duration))
    }

    /// The scale and offset shown at `time`: the target exactly once finished.
    func values(at time: Double) -> (scale: Double, offset: Point) {
        guard !isFinished(at: time) else { return (toScale, toOffset) }
        let e = eased(at: time)
        return (fromScale + (toScale - fromScale) * e,
                Point(x: Self.along(fromOffset.x, toOffset.x, e, from: xBegins),
                      y: Self.along(fromOffset.y, toOffset.y, e, from: yBegins)))
    }

    /// a + (b − a)·E on an axis whose curve runs from the start, else the rest of the ease from
    /// `begins` rescaled to run from a to b.
    private static func along(_ a: Double, _ b: Double, _ e: Double, from begins: Double) -> Double {
        guard begins > 0 else { return a + (b - a) * e }
        guard begins < 1 else { return b }
        return a + (b - a) * (e - begins) / (1 - begins)
    }

    /// Records the values shown at the frame at `time`.
    mutating func didShow(_ offset: Point, at time: Double) {
        shown = offset
        shownAt = time
    }

    /// Goes on from `moved`, an offset someone else set since the last frame (Behaviour A6.2):
    /// each axis moved runs from there, over the rest of the ease and ending when it would have,
    /// to its target moved as far and brought within the content at the target scale by
    /// `clamp`; an axis not moved keeps its curve exactly.
    mutating func goOn(from moved: Point, clamp: (x: AxisGeometry, y: AxisGeometry)) {
        let begins = eased(at: shownAt)
        if moved.x != shown.x {
            toOffset.x = clamp.x.clamped(toOffset.x + moved.x - shown.x)
            fromOffset.x = moved.x
            xBegins = begins
        }
        if moved.y != shown.y {
            toOffset.y = clamp.y.clamped(toOffset.y + moved.y - shown.y)
            fromOffset.y = moved.y
            yBegins = begins
        }
        shown = moved
    }
}
