import HitTestCore

/// A scroll view's motion as a value (Behaviour A6.1): both axes' curves from a start time, and
/// the band the offset is kept in. The offset at any time is computed from the start alone, so
/// how often a host advances the clock never changes where the content is.
struct ScrollMotion: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// After a drag: deceleration, bounces, springs back, paging (`isDecelerating`).
        case deceleration
        /// `setContentOffset(_:animated: true)`.
        case animation
    }

    var kind: Kind
    /// The application's time when the motion began.
    var startTime: Double
    var x: AxisMotion
    var y: AxisMotion
    /// The offsets the motion may show: `[min − d, max + d]` on each axis, `d` the bounds' size
    /// there (a rubber band's reach). A spring flung hard enough to go further is held at it.
    var lowest: Point
    var highest: Point

    /// The application's time when both axes have ended.
    var endTime: Double { startTime + Swift.max(x.duration, y.duration) }

    /// Whether anything moves at all (an axis with a duration).
    var moves: Bool { x.duration > 0 || y.duration > 0 }

    /// The offset at `time` (the resting offset at and after ``endTime``).
    func offset(at time: Double) -> Point {
        let s = Swift.max(0, time - startTime)
        return Point(x: Swift.min(Swift.max(x.position(at: s), lowest.x), highest.x),
                     y: Swift.min(Swift.max(y.position(at: s), lowest.y), highest.y))
    }

    /// Where the motion comes to rest.
    var restingOffset: Point { offset(at: endTime) }
}
