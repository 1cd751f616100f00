// exp, log and log1p from the C library: the façade takes no Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// Behaviour A6.1's critically damped spring about an anchor: the displacement from it is
/// `x(s) = (a + b·s)·e^{−ω·s}`, `a = x₀`, `b = v₀ + ω·x₀`, `ω = 20 s⁻¹` — the bounce at an edge
/// (`x₀ = 0`), the spring back after a rubber band, and paging's spring to a page.
///
/// It ends, exactly on its anchor, at the first time both `|x| < 0.5 pt` and `|x'| < 10 pt/s`.
struct CriticalSpring: Equatable, Sendable {
    static let omega = 20.0
    static let restDistance = 0.5
    static let restSpeed = 10.0
    /// The grid on which the end is first looked for (seconds), then refined by bisection.
    private static let searchStep = 0.001
    /// Past this the displacement is far below any threshold for every finite start.
    private static let searchLimit = 60.0

    var anchor: Double
    var a: Double
    /// `v₀ + ω·x₀`: not a number's worth for a displacement near the largest double, where the
    /// forms below fall back on `v₀` itself.
    var b: Double
    /// v₀.
    var initialVelocity: Double
    /// Seconds from the spring's start to its end.
    private(set) var duration: Double = 0

    init(anchor: Double, displacement x0: Double, velocity v0: Double) {
        self.anchor = anchor
        a = x0
        b = v0 + Self.omega * x0
        initialVelocity = v0
        duration = firstRestTime()
    }

    func displacement(at s: Double) -> Double {
        let decay = MotionMath.exponential(-Self.omega * s)
        let value = (a + b * s) * decay
        guard !value.isFinite, a.isFinite, initialVelocity.isFinite else { return value }
        // `a + b·s` (or b) overflows for a displacement near the largest double, though x(s)
        // does not: a·e^{−ωs}·(1 + ωs) + v₀·s·e^{−ωs}, each factor beside a and v₀ at most 1.
        let spread = s * decay
        return a * (decay + Self.omega * spread) + initialVelocity * spread
    }

    func velocity(at s: Double) -> Double {
        let decay = MotionMath.exponential(-Self.omega * s)
        let value = (b - Self.omega * (a + b * s)) * decay
        guard !value.isFinite, a.isFinite, initialVelocity.isFinite else { return value }
        // The same for x'(s) = v₀·e^{−ωs}·(1 − ωs) − ω²·a·s·e^{−ωs}.
        let spread = s * decay
        return initialVelocity * (decay - Self.omega * spread) - a * (Self.omega * Self.omega * spread)
    }

    /// The offset `s` seconds after the start: the anchor once the spring has ended.
    func position(at s: Double) -> Double {
        s >= duration ? anchor : anchor + displacement(at: s)
    }

    /// The offset it starts from.
    var start: Double { anchor + a }

    /// When the spring, moving out of `lower...upper` (from inside, or across it from beyond
    /// one end), first reaches the end it leaves by, and that end; `nil` when it stays within
    /// until it rests. A non-bouncing axis stops there (Behaviour A6.1).
    func leaving(lower: Double, upper: Double) -> (time: Double, edge: Double)? {
        // The displacement moves one way until x'(s) = 0 at s₁ = 1/ω − a/b (crossing the anchor
        // before then, if at all), then returns towards the anchor, inside the range: only the
        // first stretch, up to the spring's end, can leave it.
        guard b != 0 else { return nil }
        let turn = 1 / Self.omega - (b.isFinite ? a / b : 1 / (initialVelocity / a + Self.omega))
        guard turn > 0 else { return nil }
        let last = Swift.min(turn, duration)
        let from = start, farthest = anchor + displacement(at: last)
        let upward: Bool
        if farthest > upper, from <= upper { upward = true }
        else if farthest < lower, from >= lower { upward = false }
        else { return nil }
        let edge = upward ? upper : lower
        func reached(_ s: Double) -> Bool {
            let position = anchor + displacement(at: s)
            return upward ? position >= edge : position <= edge
        }
        if reached(0) { return (0, edge) }
        // Monotone on [0, last]: bisection down to where the edge is first reached.
        var short = 0.0, past = last
        for _ in 0..<200 {
            let middle = (short + past) / 2
            guard middle > short, middle < past else { break }
            if reached(middle) { past = middle } else { short = middle }
        }
        return (past, edge)
    }

    private func isAtRest(_ s: Double) -> Bool {
        Swift.abs(displacement(at: s)) < Self.restDistance && Swift.abs(velocity(at: s)) < Self.restSpeed
    }

    /// The first grid time at rest, brought down by bisection to where rest begins. Computed
    /// once, from the spring's start alone, so every host sees the same end.
    private func firstRestTime() -> Double {
        guard a.isFinite, initialVelocity.isFinite else { return 0 }
        if isAtRest(0) { return 0 }
        var step = 1
        while !isAtRest(Double(step) * Self.searchStep) {
            step += 1
            if Double(step) * Self.searchStep > Self.searchLimit { return Self.searchLimit }
        }
        var moving = Double(step - 1) * Self.searchStep, resting = Double(step) * Self.searchStep
        for _ in 0..<60 {
            let middle = (moving + resting) / 2
            guard middle > moving, middle < resting else { break }
            if isAtRest(middle) { resting = middle } else { moving = middle }
        }
        return resting
    }
}

/// An eased path on one axis: from `start` to `end` over `duration` with cubic ease-in-out —
/// `setContentOffset(_:animated: true)` (0.3 s, Behaviour A6.1), a zoom's settle into range
/// (0.2 s) and `zoom(to:animated:)` at the scale shown (0.1 s, Behaviour A6.2), and a zoom
/// animation's offset. A path whose offset someone else set partway runs on from there over the
/// rest of the ease (``rest(at:from:to:)``; kept within the content, ``keptWithin(_:at:from:shown:)``).
struct EasedCurve: Equatable, Sendable {
    /// `setContentOffset(_:animated: true)`'s duration.
    static let contentOffsetDuration = 0.3

    var start: Double
    var end: Double
    var duration = EasedCurve.contentOffsetDuration
    /// The eased fraction the path runs from: 0 from the beginning, or E at the time it was
    /// set to a new `start`, so that it still ends at `duration`.
    var begins = 0.0

    func position(at s: Double) -> Double {
        guard s < duration else { return end }
        return position(eased: CubicEase.value(at: Swift.max(0, s / duration)))
    }

    /// The position where the ease has reached `eased` (before the end), for a caller that has
    /// it already (a zoom animation eases its scale with the same value).
    func position(eased: Double) -> Double {
        guard begins > 0 else { return MotionMath.interpolate(start, end, eased) }
        guard begins < 1 else { return end }
        let value = start + (end - start) * (eased - begins) / (1 - begins)
        guard !value.isFinite, start.isFinite, end.isFinite else { return value }
        return MotionMath.weighted(start, end, (eased - begins) / (1 - begins))
    }

    /// This path `s` seconds in, set to `moved`: from there over the rest of the ease to `end`,
    /// ending when it would have.
    func rest(at s: Double, from moved: Double, to end: Double) -> EasedCurve {
        EasedCurve(start: moved, end: end, duration: duration, begins: CubicEase.value(at: Swift.max(0, s / duration)))
    }

    /// This path `s` seconds in, found at `position` where it had put `shown` (someone else
    /// moved the offset, or resized the content): from there over the rest of the ease to its end
    /// moved as far and kept within `geometry` — itself when that changes nothing.
    func keptWithin(_ geometry: AxisGeometry, at s: Double, from position: Double, shown: Double) -> EasedCurve {
        let target = geometry.clamped(MotionMath.shifted(end, to: position, from: shown))
        guard position != shown || target != end else { return self }
        return rest(at: s, from: position, to: target)
    }
}

/// Behaviour A6.1's cubic ease-in-out E(p): 4p³ below ½, 1 − (2 − 2p)³/2 from ½.
enum CubicEase {
    static func value(at p: Double) -> Double {
        if p < 0.5 { return 4 * p * p * p }
        let q = 2 - 2 * p
        return 1 - q * q * q / 2
    }
}

/// The C library's functions the motion curves use, under names that say what they are.
enum MotionMath {
    static func exponential(_ x: Double) -> Double { exp(x) }
    static func naturalLog(_ x: Double) -> Double { log(x) }
    /// ln(1 + x), exact for small x.
    static func naturalLogOnePlus(_ x: Double) -> Double { log1p(x) }

    /// `a + (b − a)·fraction`, as the rules write it, unless two finite ends are so far apart
    /// that `b − a` overflows (an offset set near −1.7·10³⁰⁸ eased to one near +1.7·10³⁰⁸):
    /// then ``weighted(_:_:_:)``, which cannot.
    static func interpolate(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
        let value = a + (b - a) * fraction
        guard !value.isFinite, a.isFinite, b.isFinite else { return value }
        return weighted(a, b, fraction)
    }

    /// `a·(1 − fraction) + b·fraction`: each term within its end for a fraction in [0, 1].
    static func weighted(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
        a * (1 - fraction) + b * fraction
    }

    /// `value` moved as far as an offset moved from `shown` to `moved`: `value + moved − shown`
    /// as written, else, where a sum overflows though the ends are finite, grouped the other
    /// way, and where the moved value is itself past the largest double, that double. An offset
    /// that did not move leaves `value` exactly (the sum could round it off by an ulp).
    static func shifted(_ value: Double, to moved: Double, from shown: Double) -> Double {
        guard moved != shown else { return value }
        let result = value + moved - shown
        guard !result.isFinite, value.isFinite, moved.isFinite, shown.isFinite else { return result }
        let regrouped = (value - shown) + moved
        if regrouped.isFinite { return regrouped }
        let other = value + (moved - shown)
        if other.isFinite { return other }
        return regrouped > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
}
