// atan2 from the C library: the façade takes no Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes two fingers turning about each other (UIKit's `UIRotationGestureRecognizer`;
/// Behaviour A4). Continuous: began when the angle of the line between the fingers has changed by
/// ``minimumRotation``, changed when a finger moves while both are down, ended when both have
/// lifted, as UIKit documents. Further fingers are ignored; a finger lifting before it begins
/// fails it.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How much (radians) the angle must change to begin (default 0.07).
    public var minimumRotation: Double = 0.07

    /// The rotation since the fingers touched down, in radians (clockwise positive on a screen
    /// whose y grows downwards).
    public internal(set) var rotation: Double = 0
    /// Radians per second over the last move: between the fingers' last two samples when the
    /// input gives samples (Behaviour A3), else between the last two frames (a touchpad
    /// pinch's too, Behaviour A9).
    public internal(set) var velocity: Double = 0

    private var lastAngle: Double?
    private var lastMoveTime = 0.0

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        ignoreEarliest(of: touches, whileMoreThan: 2)
        if lastAngle == nil, let (a, b) = firstTwo(self.touches) {
            lastAngle = angle(a, b)
            lastMoveTime = currentTime
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let previous = lastAngle, let (a, b) = firstTwo(self.touches) else { return }
        let current = angle(a, b)
        // Accumulated step by step, so a turn past half a circle keeps counting.
        let step = normalizedAngle(current - previous)
        rotation += step
        lastAngle = current
        let span = velocitySpan(a, b, lastMove: lastMoveTime)
        let earlier = difference(b.windowLocation(at: span.previous), a.windowLocation(at: span.previous))
        let dt = span.last - span.previous
        velocity = dt > 0 ? normalizedAngle(current - atan2(earlier.y, earlier.x)) / dt : 0
        lastMoveTime = span.last
        advanceContinuous(beginningIf: abs(rotation) >= minimumRotation)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        endWhenBothFingersLift()
    }

    open override func reset() {
        super.reset()
        rotation = 0
        velocity = 0
        lastAngle = nil
        lastMoveTime = 0
    }

    private func angle(_ a: Touch, _ b: Touch) -> Double {
        let v = difference(b.location(in: nil), a.location(in: nil))
        return atan2(v.y, v.x)
    }
}
