/// One axis of a scroll view's motion: a piecewise function of the seconds since the motion began
/// (Behaviour A6.1), never accumulated from tick to tick.
enum AxisMotion: Equatable, Sendable {
    /// Not moving: the offset stays at this value.
    case rest(Double)
    /// Deceleration, ending (fixed) at `end`: where the speed falls to 10 pt/s, or where a
    /// non-bouncing axis reaches its edge (`edge` then holds the edge's offset).
    case decay(DecayCurve, end: Double, edge: Double?)
    /// Deceleration until the edge is reached at `edgeTime`, then the spring about it.
    case decayThenBounce(DecayCurve, edgeTime: Double, bounce: CriticalSpring)
    /// A spring from the start (a spring back, a page, a target a delegate chose).
    case spring(CriticalSpring)
    /// An animated `setContentOffset`.
    case eased(EasedCurve)

    /// The offset `s` seconds after the motion began.
    func position(at s: Double) -> Double {
        switch self {
        case .rest(let value):
            return value
        case .decay(let curve, let end, let edge):
            if s >= end { return edge ?? curve.position(at: end) }
            return curve.position(at: s)
        case .decayThenBounce(let curve, let edgeTime, let bounce):
            return s < edgeTime ? curve.position(at: s) : bounce.position(at: s - edgeTime)
        case .spring(let spring):
            return spring.position(at: s)
        case .eased(let curve):
            return curve.position(at: s)
        }
    }

    /// Seconds from the motion's start to this axis' end (0: no motion).
    var duration: Double {
        switch self {
        case .rest: 0
        case .decay(_, let end, _): end
        case .decayThenBounce(_, let edgeTime, let bounce): edgeTime + bounce.duration
        case .spring(let spring): spring.duration
        case .eased: EasedCurve.duration
        }
    }

    /// Where this axis comes to rest.
    var restingPosition: Double { position(at: duration) }
}
