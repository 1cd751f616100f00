// Small vector helpers for the built-in recognizers (window coordinates).

func distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}

func difference(_ a: Point, _ b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }

func length(_ v: Point) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

/// Allowances and minimum distances, compared as times are (``Clock/tolerance``): a distance
/// within a billionth of a point of its limit is on it, so a move written in decimals lands on
/// its limit however binary rounds it (6.4 → 16.4 is 9.999999999999998 pt).
enum DistanceLimit {
    static let tolerance = 1e-9
    /// Whether `distance` is more than the allowance `limit` (*within* includes the limit).
    static func exceeds(_ distance: Double, _ limit: Double) -> Bool { distance > limit + tolerance }
    /// Whether `distance` is at least `minimum`.
    static func reaches(_ distance: Double, _ minimum: Double) -> Bool { distance >= minimum - tolerance }
}

/// The first two touches of `touches` still down (or ending in this frame), in began order.
func firstTwo(_ touches: [Touch]) -> (Touch, Touch)? {
    guard touches.count >= 2 else { return nil }
    return (touches[0], touches[1])
}

/// `angle` brought into (−π, π].
func normalizedAngle(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
    if a <= -.pi { a += 2 * .pi }
    if a > .pi { a -= 2 * .pi }
    return a
}

extension GestureRecognizer {
    /// A vector (not a point) in window coordinates, expressed in `view`'s coordinates.
    func vector(_ v: Point, fromWindowTo view: View?) -> Point {
        view?.convertVector(v, from: nil) ?? v
    }

    /// A vector in `view`'s coordinates, expressed in window coordinates.
    func vector(_ v: Point, toWindowFrom view: View?) -> Point {
        view?.convertVector(v, to: nil) ?? v
    }
}

// What the built-in recognizers read of a touch's high-rate samples (Behaviour A3): velocities
// measured over the samples of a frame rather than over whole frames. Nothing here allocates.

extension Touch {
    /// Where the finger was at `time` in the frame being delivered, in window coordinates: its
    /// latest sample at or before `time`, else where it was before the frame.
    func windowLocation(at time: Double) -> Point {
        windowPoint(screenLocation(at: time))
    }

    /// Where the finger is now and where it was at `time` (``windowLocation(at:)``), in window
    /// coordinates, the window looked up once.
    func windowLocations(nowAndAt time: Double) -> (now: Point, then: Point) {
        let then = screenLocation(at: time)
        guard let window else { return (screenLocation, then) }
        return (window.convertFromScreen(screenLocation), window.convertFromScreen(then))
    }

    /// ``windowLocation(at:)`` on the screen.
    private func screenLocation(at time: Double) -> Point {
        guard phase != .stationary else { return screenLocation }
        var index = frameSamples.count - 1
        while index >= 0 && frameSamples[index].timestamp > time { index -= 1 }
        return index >= 0 ? frameSamples[index].location : previousScreenLocation
    }

    /// The latest of the frame's sample times before `time`, if the touch moved in the frame.
    func sampleTime(before time: Double) -> Double? {
        guard phase != .stationary else { return nil }
        var index = frameSamples.count - 1
        while index >= 0 && frameSamples[index].timestamp >= time { index -= 1 }
        return index >= 0 ? frameSamples[index].timestamp : nil
    }

    /// A screen point in this touch's window's coordinates.
    func windowPoint(_ screenPoint: Point) -> Point {
        guard let window else { return screenPoint }
        return window.convertFromScreen(screenPoint)
    }
}

/// The two instants a two-finger recognizer's velocity spans in a frame: the fingers' latest
/// sample (`last`), and the sample before it — or, with no earlier sample in the frame, the
/// previous move (`lastMove`). Without samples that is the previous move and this frame.
func velocitySpan(_ a: Touch, _ b: Touch, lastMove: Double) -> (previous: Double, last: Double) {
    let last = Swift.max(a.timestamp, b.timestamp)
    var previous = lastMove
    if let time = a.sampleTime(before: last) { previous = Swift.max(previous, time) }
    if let time = b.sampleTime(before: last) { previous = Swift.max(previous, time) }
    return (previous, last)
}

/// A window's screen-to-window map, read once for many points: a conversion is affine, so three
/// conversions give it, and every sample of a frame is mapped without converting each one.
struct ScreenToWindowMap {
    private let origin: Point, xAxis: Point, yAxis: Point

    /// The map of `window` (`nil`: screen coordinates are kept).
    init(_ window: Window?) {
        guard let window else {
            (origin, xAxis, yAxis) = (.zero, Point(1, 0), Point(0, 1))
            return
        }
        origin = window.convertFromScreen(.zero)
        xAxis = difference(window.convertFromScreen(Point(1, 0)), origin)
        yAxis = difference(window.convertFromScreen(Point(0, 1)), origin)
    }

    func callAsFunction(_ p: Point) -> Point {
        Point(origin.x + p.x * xAxis.x + p.y * yAxis.x, origin.y + p.x * xAxis.y + p.y * yAxis.y)
    }
}
