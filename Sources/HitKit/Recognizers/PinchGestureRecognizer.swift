/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`;
/// Behaviour A4). Continuous: began when the fingers' distance has changed by
/// ``minimumDistanceChange``, changed when a finger moves while both are down, ended when both
/// have lifted, as UIKit documents (with one left its scale stays where the two left it).
/// Further fingers are ignored; a finger lifting before it begins fails it.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How much (points, window coordinates) the distance must change to begin (default 8).
    public var minimumDistanceChange: Double {
        get { progress.minimumDistanceChange }
        set { progress.minimumDistanceChange = newValue }
    }

    /// The current distance over the starting distance (1 until the fingers move).
    public internal(set) var scale: Double {
        get { progress.scale }
        set { progress.scale = newValue }
    }
    /// The scale's change per second over the last move: between the fingers' last two samples
    /// when the input gives samples (Behaviour A3), else between the last two frames (a
    /// touchpad pinch's too, Behaviour A9).
    public internal(set) var velocity: Double {
        get { progress.velocity }
        set { progress.velocity = newValue }
    }

    /// The fingers' distance when the second one landed (D₀), window coordinates.
    var startDistance: Double? { progress.startDistance }
    /// The distance between its two fingers at their last move (D), window coordinates.
    var currentDistance: Double? { progress.currentDistance }

    /// What a pinch follows, and its setting (``Progress``).
    // Fenced (``ExclusivityFence``): only the pinch's own touch methods, the touchpad's steps,
    // reset and the setting's accessor change it, one field at a time.
    #if HITKIT_INTERNAL_CHECKS
    private var progress = Progress()
    #else
    @exclusivity(unchecked) private var progress = Progress()
    #endif

    /// The pinch's own values, in one place so that one fence covers them.
    private struct Progress {
        var scale = 1.0
        var velocity = 0.0
        var startDistance: Double?
        var currentDistance: Double?
        var lastMoveTime = 0.0
        /// A setting, not reset (``minimumDistanceChange``).
        var minimumDistanceChange = 8.0
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // Only the first two fingers count.
        ignoreEarliest(of: touches, whileMoreThan: 2)
        if progress.startDistance == nil, let (a, b) = firstTwo(self.touches) {
            let start = distance(a.location(in: nil), b.location(in: nil))
            progress.startDistance = start
            progress.currentDistance = start
            progress.lastMoveTime = currentTime
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let startDistance = progress.startDistance, let (a, b) = firstTwo(self.touches) else { return }
        let span = velocitySpan(a, b, lastMove: progress.lastMoveTime)
        let aLocations = a.windowLocations(nowAndAt: span.previous), bLocations = b.windowLocations(nowAndAt: span.previous)
        let current = distance(aLocations.now, bLocations.now)
        progress.currentDistance = current
        let newScale = startDistance > 0 ? current / startDistance : 1
        let earlier = distance(aLocations.then, bLocations.then)
        let earlierScale = startDistance > 0 ? earlier / startDistance : 1
        let dt = span.last - span.previous
        progress.velocity = dt > 0 ? (newScale - earlierScale) / dt : 0
        progress.scale = newScale
        progress.lastMoveTime = span.last
        advanceContinuous(beginningIf: DistanceLimit.reaches(abs(current - startDistance), minimumDistanceChange))
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        endWhenBothFingersLift()
    }

    open override func reset() {
        super.reset()
        progress = Progress(minimumDistanceChange: progress.minimumDistanceChange)
    }
}
