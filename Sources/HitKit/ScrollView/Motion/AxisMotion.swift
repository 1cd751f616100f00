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
    /// The same on an axis that does not bounce, cut where it reaches `edge` at `edgeTime`
    /// (Behaviour A6.1): it stops there instead of going past.
    case springToEdge(CriticalSpring, edgeTime: Double, edge: Double)
    /// The same to a target inside the content, whose first swing goes past `edge`: the offset
    /// holds on the edge while the curve is past it, then follows it back to rest exactly on the
    /// target (Behaviour A6.1: never past the edge, and a page or a delegate's target is where
    /// the spring ends).
    case springHeld(CriticalSpring, edge: Double)
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
            if s < edgeTime { return curve.position(at: s) }
            // At or after the end, exactly the anchor: `s − edgeTime` can fall a rounding short
            // of the spring's own end, where it is still up to half a point away.
            return s >= edgeTime + bounce.duration ? bounce.anchor : bounce.position(at: s - edgeTime)
        case .spring(let spring):
            return spring.position(at: s)
        case .springToEdge(let spring, let edgeTime, let edge):
            if s >= edgeTime { return edge }
            // Short of the edge, never past it by a rounding.
            let position = spring.position(at: s)
            return spring.start < edge ? Swift.min(position, edge) : Swift.max(position, edge)
        case .springHeld(let spring, let edge):
            let position = spring.position(at: s)
            return edge > spring.anchor ? Swift.min(position, edge) : Swift.max(position, edge)
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
        case .springToEdge(_, let edgeTime, _): edgeTime
        case .springHeld(let spring, _): spring.duration
        case .eased(let curve): curve.duration
        }
    }

    /// Where this axis comes to rest.
    var restingPosition: Double {
        switch self {
        case .rest(let value): value
        case .decay(let curve, let end, let edge): edge ?? curve.position(at: end)
        case .decayThenBounce(_, _, let bounce): bounce.anchor
        case .spring(let spring): spring.anchor
        case .springToEdge(_, _, let edge): edge
        case .springHeld(let spring, _): spring.anchor
        case .eased(let curve): curve.end
        }
    }
}

/// What Behaviour A6.1's rules need to know of one axis of a scroll view when a drag ends.
struct AxisGeometry: Equatable, Sendable {
    /// The largest offset: `max(0, contentSize − bounds.size)` (the smallest is 0).
    var maximum: Double
    /// The bounds' size on this axis (`d`: the rubber band's reach and paging's page).
    var extent: Double
    /// Whether the axis bounces (`bounces`, and content exceeding the bounds or `alwaysBounce…`).
    var bounces: Bool

    /// Whether the content can scroll on this axis at all (it exceeds the bounds).
    var scrolls: Bool { maximum > 0 }

    /// `value` brought into `[0, maximum]`.
    func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, 0), maximum) }

    /// A raw drag offset shown with the rubber band past either edge (Behaviour A6.1):
    /// an overshoot `x` shows as `(1 − 1/(0.55·x/d + 1))·d`; without bounce, clamped.
    func rubberBanded(_ raw: Double) -> Double {
        guard bounces else { return clamped(raw) }
        if raw < 0 { return -Self.band(-raw, extent) }
        if raw > maximum { return maximum + Self.band(raw - maximum, extent) }
        return raw
    }

    /// The raw drag offset that ``rubberBanded(_:)`` shows as `shown`, so that a drag starting
    /// past an edge (a bounce stopped by a touch) starts where the content is.
    func unbanded(_ shown: Double) -> Double {
        guard bounces else { return shown }
        if shown < 0 { return -Self.unband(-shown, extent) }
        if shown > maximum { return maximum + Self.unband(shown - maximum, extent) }
        return shown
    }

    private static func band(_ overshoot: Double, _ d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (0.55 * overshoot / d + 1)) * d
    }

    private static func unband(_ shown: Double, _ d: Double) -> Double {
        // shown = (1 − 1/(0.55·x/d + 1))·d, solved for x; the reach d itself is never shown
        // by a drag, and is held just below it.
        guard d > 0 else { return 0 }
        let y = Swift.min(shown, d * 0.999_999)
        return d * y / (0.55 * (d - y))
    }
}
