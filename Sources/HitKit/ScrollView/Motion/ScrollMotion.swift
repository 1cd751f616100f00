/// A scroll view's motion as a value (Behaviour A6.1): both axes' curves from a start time. The
/// offset at any time is computed from the start alone, so how often a host advances the clock
/// never changes where the content is.
struct ScrollMotion: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// After a drag: deceleration, bounces, springs back, paging (`isDecelerating`).
        case deceleration
        /// `setContentOffset(_:animated: true)`, or `zoom(to:animated:)` at the scale shown.
        case animation
        /// An offset left out of range by a pinch, eased back in (Behaviour A6.2); it ends
        /// without a delegate call.
        case settle
    }

    var kind: Kind
    /// The application's time when the motion began.
    var startTime: Double
    var x: AxisMotion
    var y: AxisMotion
    /// Seconds after ``startTime`` at which each axis' curve begins: 0, or the time someone
    /// else moved the offset on that axis, from which the axis went on (``goOn(at:from:shown:geometry:rate:)``).
    var xBegins = 0.0
    var yBegins = 0.0

    init(kind: Kind, startTime: Double, x: AxisMotion, y: AxisMotion) {
        self.kind = kind
        self.startTime = startTime
        self.x = x
        self.y = y
    }

    /// The application's time when both axes have ended.
    var endTime: Double { startTime + Swift.max(xBegins + x.duration, yBegins + y.duration) }

    /// Whether anything moves at all (an axis with a duration).
    var moves: Bool { x.duration > 0 || y.duration > 0 }

    /// The offset at `time` (the resting offset at and after ``endTime``). A spring flung hard on
    /// a bouncing axis goes as far past the edge as its curve says, even beyond the rubber band's
    /// reach: the contract gives the curve and no limit (on an axis that does not bounce it stops
    /// at the edge, ``AxisMotion/springToEdge(_:edgeTime:edge:)``).
    func offset(at time: Double) -> Point {
        let s = Swift.max(0, time - startTime)
        return Point(x: x.position(at: Swift.max(0, s - xBegins)), y: y.position(at: Swift.max(0, s - yBegins)))
    }

    /// The offset was moved from `shown`, where this motion last put it, to `moved` by someone
    /// else (the delegate's `scrollViewDidScroll`, the host) before `time`: each axis it moved
    /// goes on from there (``AxisMotion/continued(at:from:shown:geometry:rate:settles:)``), as
    /// UIScrollView's motion does — an endless list recentres its content during a fling. An
    /// axis left where it was keeps its curve exactly.
    mutating func goOn(at time: Double, from moved: Point, shown: Point, geometry: (x: AxisGeometry, y: AxisGeometry),
                       rate: DecelerationRate) {
        let s = Swift.max(0, time - startTime)
        func goOn(_ axis: inout AxisMotion, begins: inout Double, _ moved: Double, _ shown: Double, _ geometry: AxisGeometry) {
            guard moved != shown else { return }
            let restarts: Bool
            (axis, restarts) = axis.continued(at: Swift.max(0, s - begins), from: moved, shown: shown,
                                              geometry: geometry, rate: rate, settles: kind == .settle)
            if restarts { begins = s }
        }
        goOn(&x, begins: &xBegins, moved.x, shown.x, geometry.x)
        goOn(&y, begins: &yBegins, moved.y, shown.y, geometry.y)
    }

    /// The content's size or the bounds' changed at `time`, when the motion showed `shown`: each
    /// axis whose range changed from `old` to `geometry` goes on from there with the new edges
    /// (``AxisMotion/refitted(at:position:from:to:paging:rate:settles:)``), as UIScrollView's motion,
    /// which meets the edges as they are at each frame, does — an endless list appending rows
    /// during a fling scrolls on into them.
    mutating func refit(at time: Double, shown: Point, from old: (x: AxisGeometry, y: AxisGeometry),
                        to geometry: (x: AxisGeometry, y: AxisGeometry), paging: Bool, rate: DecelerationRate) {
        let s = Swift.max(0, time - startTime)
        func refit(_ axis: inout AxisMotion, begins: inout Double, _ shown: Double, _ old: AxisGeometry, _ geometry: AxisGeometry) {
            guard old != geometry else { return }
            let restarts: Bool
            (axis, restarts) = axis.refitted(at: Swift.max(0, s - begins), position: shown, from: old, to: geometry,
                                             paging: paging, rate: rate, settles: kind == .settle)
            if restarts { begins = s }
        }
        refit(&x, begins: &xBegins, shown.x, old.x, geometry.x)
        refit(&y, begins: &yBegins, shown.y, old.y, geometry.y)
    }

    /// Where the motion comes to rest.
    var restingOffset: Point { Point(x: x.restingPosition, y: y.restingPosition) }
}

// Behaviour A6.1's plans: what a drag's end starts on each axis, and the spring to a target a
// delegate chose. Pure functions of the drag's end.

extension AxisMotion {
    /// The motion after a drag ends at `offset` with content velocity `velocity`: a spring back
    /// from past an edge; with paging, a spring to the page; else deceleration, with the
    /// edges' bounce or stop.
    static func afterDrag(offset: Double, velocity: Double, dragStart: Double, geometry: AxisGeometry,
                          paging: Bool, rate: DecelerationRate) -> AxisMotion {
        if offset < 0 || offset > geometry.maximum {
            return springTo(geometry.clamped(offset), from: offset, velocity: velocity, within: geometry)
        }
        if paging {
            let target = pageTarget(offset: offset, velocity: velocity, dragStart: dragStart, geometry: geometry)
            return springTo(target, from: offset, velocity: velocity, within: geometry)
        }
        return decelerating(from: offset, velocity: velocity, geometry: geometry, rate: rate)
    }

    /// A spring from `offset` (moving at `velocity`) to rest exactly on `target`. On an axis of
    /// `geometry` that does not bounce it never goes past an edge (Behaviour A6.1): one whose
    /// target is that edge stops on it when it gets there, as deceleration does (ended at once
    /// when it starts there going out); one to a target inside holds on the edge while its curve
    /// is past it, and still rests on its target.
    static func springTo(_ target: Double, from offset: Double, velocity: Double,
                         within geometry: AxisGeometry) -> AxisMotion {
        let spring = CriticalSpring(anchor: target, displacement: offset - target, velocity: velocity)
        guard spring.duration > 0 else { return .rest(target) }
        guard !geometry.bounces, let (edgeTime, edge) = spring.leaving(lower: 0, upper: geometry.maximum) else {
            return .spring(spring)
        }
        if edge != target { return .springHeld(spring, edge: edge) }
        return edgeTime > 0 ? .springToEdge(spring, edgeTime: edgeTime, edge: edge) : .rest(edge)
    }

    /// Paging's target: the nearest page boundary when slower than 300 pt/s, else the boundary
    /// next to the page where the drag began (the one nearest its start offset) in the
    /// velocity's direction — one page per flick at most — within the content.
    static func pageTarget(offset: Double, velocity: Double, dragStart: Double, geometry: AxisGeometry) -> Double {
        let page = geometry.extent
        guard page > 0 else { return geometry.clamped(offset) }
        let target: Double
        if Swift.abs(velocity) < pagingFlickSpeed {
            target = (offset / page).rounded() * page
        } else {
            let startPage = (dragStart / page).rounded()
            target = (startPage + (velocity > 0 ? 1 : -1)) * page
        }
        return geometry.clamped(target)
    }

    /// The speed (points per second) from which a paging drag's end turns the page.
    static let pagingFlickSpeed = 300.0

    private static func decelerating(from offset: Double, velocity: Double, geometry: AxisGeometry,
                                     rate: DecelerationRate) -> AxisMotion {
        let curve = DecayCurve(origin: offset, velocity: velocity, rate: rate)
        let stop = curve.stopTime
        guard stop > 0 else { return .rest(offset) }
        let edge = velocity > 0 ? geometry.maximum : 0
        let passesEdge = velocity > 0 ? curve.position(at: stop) > edge : curve.position(at: stop) < edge
        guard passesEdge, let edgeTime = curve.time(reaching: edge) else {
            return .decay(curve, end: stop, edge: nil)
        }
        guard geometry.bounces else {
            return edgeTime > 0 ? .decay(curve, end: edgeTime, edge: edge) : .rest(edge)
        }
        let bounce = CriticalSpring(anchor: edge, displacement: 0, velocity: curve.velocity(at: edgeTime))
        return .decayThenBounce(curve, edgeTime: edgeTime, bounce: bounce)
    }
}

extension AxisMotion {
    /// This axis, `s` seconds into its curve, with its offset moved from `shown` to `moved` by
    /// someone else: the rest of its motion, and whether that is a new curve beginning now.
    /// Deceleration goes on from the new offset at the speed it had, reaching the content's own
    /// edges (past one, it springs back, as after a drag); a spring — a bounce, a spring back, a
    /// page, a delegate's target — goes on at its speed to its target moved as far (within the
    /// content); an eased path moves whole, but a zoom's settle (`settles`), which brings the
    /// offset into range, runs from there over the rest of its ease to its target moved as far
    /// and kept within the content; an axis at rest stays where it was put.
    func continued(at s: Double, from moved: Double, shown: Double, geometry: AxisGeometry,
                   rate: DecelerationRate, settles: Bool) -> (AxisMotion, restarts: Bool) {
        let shift = moved - shown
        func spring(_ spring: CriticalSpring, at t: Double) -> AxisMotion {
            .springTo(geometry.clamped(spring.anchor + shift), from: moved, velocity: spring.velocity(at: t),
                      within: geometry)
        }
        func decay(_ curve: DecayCurve) -> AxisMotion {
            .afterDrag(offset: moved, velocity: curve.velocity(at: s), dragStart: moved, geometry: geometry,
                       paging: false, rate: rate)
        }
        // An axis that has ended (or never moved) stays where it was put. So does one put where
        // no number is (bounds set so): no curve goes on from there, and it ends (a new curve
        // each frame, as a NaN never equals the one shown, would never end).
        guard moved.isFinite else { return (.rest(moved), false) }
        guard s < duration else { return (.rest(moved), true) }
        switch self {
        case .rest: return (.rest(moved), true)
        case .decay(let curve, _, _): return (decay(curve), true)
        case .decayThenBounce(let curve, let edgeTime, let bounce):
            return (s < edgeTime ? decay(curve) : spring(bounce, at: s - edgeTime), true)
        case .spring(let current), .springToEdge(let current, _, _), .springHeld(let current, _):
            return (spring(current, at: s), true)
        case .eased(let curve) where settles:
            return (.eased(curve.keptWithin(geometry, at: s, from: moved, shown: shown)), false)
        case .eased(var curve):
            let start = curve.start + shift, end = curve.end + shift
            // Far-apart offsets whose shift overflows: moved so that every end keeps a number.
            let moves = start.isFinite && end.isFinite
            curve.start = moves ? start : MotionMath.shifted(curve.start, to: moved, from: shown)
            curve.end = moves ? end : MotionMath.shifted(curve.end, to: moved, from: shown)
            return (.eased(curve), false)
        }
    }
}

extension AxisMotion {
    /// This axis, `s` seconds into its curve, at `position`, when the content's range changed
    /// from `old` to `geometry`: deceleration, its bounce, and a spring back to the old far edge
    /// go on as after a drag from where the axis is, at the speed it has, with the new edges —
    /// on into content that grew, or back from past an edge it shrank to; a spring to a page or
    /// to a delegate's target goes on to it kept within the content; an axis that has ended,
    /// never moved, or was set by someone after it ended stays, or springs back from past an end
    /// the content shrank to, while the other axis still moves; the settle that brings an
    /// offset into range after a pinch runs on over the rest of its ease to its target kept
    /// within the content; an animated `setContentOffset`'s path (unclamped) is left as it is.
    func refitted(at s: Double, position: Double, from old: AxisGeometry, to geometry: AxisGeometry,
                  paging: Bool, rate: DecelerationRate, settles: Bool) -> (AxisMotion, restarts: Bool) {
        func afterDrag(_ velocity: Double) -> AxisMotion {
            .afterDrag(offset: position, velocity: velocity, dragStart: position, geometry: geometry,
                       paging: false, rate: rate)
        }
        switch self {
        case .eased(let curve) where settles && s < duration:
            return (.eased(curve.keptWithin(geometry, at: s, from: position, shown: position)), false)
        case .eased: return (self, false)
        case .rest: return (afterDrag(0), true)
        case _ where s >= duration: return (afterDrag(0), true)
        case .decay(let curve, _, _): return (afterDrag(curve.velocity(at: s)), true)
        case .decayThenBounce(let curve, let edgeTime, let bounce):
            return (afterDrag(s < edgeTime ? curve.velocity(at: s) : bounce.velocity(at: s - edgeTime)), true)
        case .spring(let spring), .springToEdge(let spring, _, _), .springHeld(let spring, _):
            let velocity = spring.velocity(at: s)
            if !paging, spring.anchor == old.maximum, old.maximum != geometry.maximum { return (afterDrag(velocity), true) }
            let target = geometry.clamped(spring.anchor)
            let next = AxisMotion.springTo(target, from: position, velocity: velocity, within: geometry)
            // A spring the new edges leave alone keeps its curve exactly; one cut at an old edge
            // of a non-bouncing axis goes on with the new ones.
            if case .spring = self, case .spring = next, target == spring.anchor { return (self, false) }
            return (next, true)
        }
    }
}

extension ScrollMotion {
    /// The motion after a drag ends at `offset` with content velocity `velocity` (both axes).
    static func afterDrag(at time: Double, offset: Point, velocity: Point, dragStart: Point,
                          geometry: (x: AxisGeometry, y: AxisGeometry), paging: Bool,
                          rate: DecelerationRate) -> ScrollMotion {
        let x = AxisMotion.afterDrag(offset: offset.x, velocity: velocity.x, dragStart: dragStart.x,
                                     geometry: geometry.x, paging: paging, rate: rate)
        let y = AxisMotion.afterDrag(offset: offset.y, velocity: velocity.y, dragStart: dragStart.y,
                                     geometry: geometry.y, paging: paging, rate: rate)
        return ScrollMotion(kind: .deceleration, startTime: time, x: x, y: y)
    }

    /// This motion with each axis whose resting offset is not `target`'s springing there instead
    /// (from `offset`, at `velocity`): a delegate changed the target (Behaviour A6.1).
    func retargeted(to target: Point, from offset: Point, velocity: Point,
                    geometry: (x: AxisGeometry, y: AxisGeometry)) -> ScrollMotion {
        var motion = self
        if target.x != x.restingPosition {
            motion.x = .springTo(target.x, from: offset.x, velocity: velocity.x, within: geometry.x)
        }
        if target.y != y.restingPosition {
            motion.y = .springTo(target.y, from: offset.y, velocity: velocity.y, within: geometry.y)
        }
        return motion
    }

    /// `setContentOffset(_:animated: true)` from `offset` to `target` (not clamped, as UIKit);
    /// with another `duration` and `kind`, a zoom's scroll or settle (Behaviour A6.2).
    static func animation(at time: Double, from offset: Point, to target: Point,
                          duration: Double = EasedCurve.contentOffsetDuration, kind: Kind = .animation) -> ScrollMotion {
        ScrollMotion(kind: kind, startTime: time,
                     x: .eased(EasedCurve(start: offset.x, end: target.x, duration: duration)),
                     y: .eased(EasedCurve(start: offset.y, end: target.y, duration: duration)))
    }
}
