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
                Point(x: fromOffset.x + (toOffset.x - fromOffset.x) * e,
                      y: fromOffset.y + (toOffset.y - fromOffset.y) * e))
    }
}
