/// Behaviour A6.1's deceleration on one axis, a pure function of the time since the drag ended:
/// `o(t) = o₀ + u·(e^{k·t} − 1)/k` with `k = 1000·ln(rate)` (negative), speed `|u|·e^{k·t}`.
struct DecayCurve: Equatable, Sendable {
    /// Speed (points per second) at which deceleration stops (Behaviour A6.1).
    static let stopSpeed = 10.0

    /// The offset when the drag ended.
    var origin: Double
    /// The content's velocity then (points per second).
    var velocity: Double
    /// `1000·ln(rate)`: the rate is per millisecond, time here is in seconds.
    var k: Double

    init(origin: Double, velocity: Double, rate: DecelerationRate) {
        self.origin = origin
        self.velocity = velocity
        k = 1000 * MotionMath.naturalLog(rate.rawValue)
    }

    func position(at t: Double) -> Double {
        origin + velocity * (MotionMath.exponential(k * t) - 1) / k
    }

    func velocity(at t: Double) -> Double {
        velocity * MotionMath.exponential(k * t)
    }

    /// When the speed falls to ``stopSpeed``: 0 when it is there already.
    var stopTime: Double {
        let speed = Swift.abs(velocity)
        guard speed > Self.stopSpeed else { return 0 }
        return MotionMath.naturalLog(Self.stopSpeed / speed) / k
    }

    /// When the curve passes `position`, solved exactly, or `nil` if it never does (the motion
    /// would have to run past infinity, or goes the other way).
    func time(reaching position: Double) -> Double? {
        guard velocity != 0 else { return position == origin ? 0 : nil }
        // e^{k·t} = 1 + k·(p − o₀)/u, which lies in (0, 1] for a reachable p.
        let argument = k * (position - origin) / velocity
        guard argument <= 0, argument > -1 else { return nil }
        return MotionMath.naturalLogOnePlus(argument) / k
    }
}
