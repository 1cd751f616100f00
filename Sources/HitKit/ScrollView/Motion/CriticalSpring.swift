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
    var b: Double
    /// Seconds from the spring's start to its end.
    private(set) var duration: Double = 0

    init(anchor: Double, displacement x0: Double, velocity v0: Double) {
        self.anchor = anchor
        a = x0
        b = v0 + Self.omega * x0
        duration = firstRestTime()
    }

    func displacement(at s: Double) -> Double {
        (a + b * s) * MotionMath.exponential(-Self.omega * s)
    }

    func velocity(at s: Double) -> Double {
        (b - Self.omega * (a + b * s)) * MotionMath.exponential(-Self.omega * s)
    }

    /// The offset `s` seconds after the start: the anchor once the spring has ended.
    func position(at s: Double) -> Double {
        s >= duration ? anchor : anchor + displacement(at: s)
    }

    private func isAtRest(_ s: Double) -> Bool {
        Swift.abs(displacement(at: s)) < Self.restDistance && Swift.abs(velocity(at: s)) < Self.restSpeed
    }

    /// The first grid time at rest, brought down by bisection to where rest begins. Computed
    /// once, from the spring's start alone, so every host sees the same end.
    private func firstRestTime() -> Double {
        guard a.isFinite, b.isFinite else { return 0 }
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
