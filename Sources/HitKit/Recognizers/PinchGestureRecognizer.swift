/// Recognizes two fingers moving apart or together (UIKit's `UIPinchGestureRecognizer`;
/// Behaviour A4). Continuous: began when the fingers' distance has changed by
/// ``minimumDistanceChange``, changed on moves, ended when a finger lifts. Further fingers are
/// ignored; a finger lifting before it begins fails it.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How much (points, window coordinates) the distance must change to begin (default 8).
    public var minimumDistanceChange: Double = 8

    /// The current distance over the starting distance (1 until the fingers move).
    public internal(set) var scale: Double = 1
    /// The scale's change per second over the last move: between the fingers' last two samples
    /// when the input gives samples (Behaviour A3), else between the last two frames (a
    /// touchpad pinch's too, Behaviour A9).
    public internal(set) var velocity: Double = 0

    /// The fingers' distance when the second one landed (D₀), window coordinates.
    private(set) var startDistance: Double?
    private var lastMoveTime = 0.0

    /// The distance between its two fingers at their last move (D), window coordinates.
    private(set) var currentDistance: Double?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // Only the first two fingers count.
        ignoreEarliest(of: touches, whileMoreThan: 2)
        if startDistance == nil, let (a, b) = firstTwo(self.touches) {
            startDistance = distance(a.location(in: nil), b.location(in: nil))
            currentDistance = startDistance
            lastMoveTime = currentTime
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let startDistance, let (a, b) = firstTwo(self.touches) else { return }
        let current = distance(a.location(in: nil), b.location(in: nil))
        currentDistance = current
        let newScale = startDistance > 0 ? current / startDistance : 1
        let span = velocitySpan(a, b, lastMove: lastMoveTime)
        let earlier = distance(a.windowLocation(at: span.previous), b.windowLocation(at: span.previous))
        let earlierScale = startDistance > 0 ? earlier / startDistance : 1
        let dt = span.last - span.previous
        velocity = dt > 0 ? (newScale - earlierScale) / dt : 0
        scale = newScale
        lastMoveTime = span.last
        advanceContinuous(beginningIf: abs(current - startDistance) >= minimumDistanceChange)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        endOrFail()
    }

    open override func reset() {
        super.reset()
        scale = 1
        velocity = 0
        startDistance = nil
        currentDistance = nil
        lastMoveTime = 0
    }
}
