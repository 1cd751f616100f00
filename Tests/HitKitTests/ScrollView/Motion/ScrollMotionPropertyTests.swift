import Testing
@testable import HitKit

/// Behaviour A6.1's properties over random flicks: motion is a pure function of the clock (bit for
/// bit whatever the ticks), goes no further past an edge than its spring can and comes to rest
/// in the content.
@Suite("Scroll view motion: properties over random flicks")
struct ScrollMotionPropertyTests {
    /// One random flick: the scene's settings and the drag's moves.
    struct Flick {
        var content: Size
        var start: Point
        var bounces: Bool
        var paging: Bool
        var alwaysBounce: Bool
        var rate: DecelerationRate
        /// (time, screen point) of the drag's moves after the began at (200, 200), t = 0.
        var moves: [(Double, Point)]

        init(using rng: inout SplitMix64) {
            content = Size(width: [300.0, 400, 1200, 5000].randomElement(using: &rng)!,
                           height: [350.0, 800, 3000, 20_000].randomElement(using: &rng)!)
            start = Point(x: Double.random(in: 0...max(0, content.width - 400), using: &rng).rounded(),
                          y: Double.random(in: 0...max(0, content.height - 400), using: &rng).rounded())
            bounces = rng.chance(0.8)
            paging = rng.chance(0.3)
            alwaysBounce = rng.chance(0.3)
            rate = [DecelerationRate.normal, .fast, DecelerationRate(rawValue: 0.995)!].randomElement(using: &rng)!
            var t = 0.0, at = Point(200, 200)
            moves = []
            for _ in 0..<Int.random(in: 2...6, using: &rng) {
                t += Double.random(in: 0.004...0.03, using: &rng)
                at = Point(at.x + Double.random(in: -150...150, using: &rng), at.y + Double.random(in: -250...250, using: &rng))
                moves.append((t, at))
            }
        }

        func stage() throws -> MotionStage {
            let stage = MotionStage(contentSize: content)
            stage.scrollView.contentOffset = start
            stage.scrollView.bounces = bounces
            stage.scrollView.isPagingEnabled = paging
            stage.scrollView.alwaysBounceVertical = alwaysBounce
            stage.scrollView.alwaysBounceHorizontal = alwaysBounce
            stage.scrollView.decelerationRate = rate
            try stage.app.frame(0, began(1, 200, 200))
            for (t, at) in moves { try stage.app.frame(t, moved(1, at.x, at.y)) }
            let (t, at) = moves.last!
            try stage.app.frame(t, ended(1, at.x, at.y))
            return stage
        }

        var liftTime: Double { moves.last!.0 }
    }

    /// Advances from `from` to `to` with the host's tick pattern `pattern`, checking `each` offset.
    static func run(_ app: Application, from: Double, to: Double, pattern: Int, rng: inout SplitMix64,
                    each: (Double) -> Void = { _ in }) throws {
        var t = from
        while true {
            switch pattern {
            case 0: t += 1.0 / 120
            case 1: t += 1.0 / 60
            case 2: t += Double.random(in: 0.0005...0.08, using: &rng)
            default: t = to                                   // no tick in between at all
            }
            t = min(t, to)
            try app.advance(to: t)
            each(t)
            if t >= to { return }
        }
    }

    @Test("random flicks replayed with random tick patterns reach the same offsets, bit for bit")
    func frameRateIndependence() throws {
        var rng = SplitMix64(seed: 0xA61)
        for _ in 0..<150 {
            let flick = Flick(using: &rng)
            let checkpoints = [0.05, 0.2, 0.5, 1.0, 3.0, 8.0].map { flick.liftTime + $0 }
            var reference: [Point]?
            for pattern in 0..<4 {
                let stage = try flick.stage()
                var seen: [Point] = []
                var last = flick.liftTime
                for checkpoint in checkpoints {
                    try Self.run(stage.app, from: last, to: checkpoint, pattern: pattern, rng: &rng)
                    seen.append(stage.scrollView.contentOffset)
                    last = checkpoint
                }
                if let reference {
                    // `==` on Double: bit for bit (no NaN can occur here).
                    #expect(seen == reference, "pattern \(pattern) of \(flick.content) from \(flick.start)")
                } else {
                    reference = seen
                }
            }
        }
    }

    @Test("motion goes no further past an edge than a spring at the lift's speed, and comes to rest inside the content")
    func staysWithinTheSpringsReachAndRestsInside() throws {
        var rng = SplitMix64(seed: 0xB0B)
        for _ in 0..<200 {
            let flick = Flick(using: &rng)
            let stage = try flick.stage()
            let scrollView = stage.scrollView, limit = scrollView.maximumContentOffset
            // A critically damped spring from x₀ ≤ d (a rubber band's most) at speed ≤ |v| peaks
            // below d + |v|/(ω·e); the content's speed never exceeds the drag's fastest step.
            let speed = zip([(0.0, Point(200, 200))] + flick.moves, flick.moves).map { a, b in
                Swift.max(abs(b.1.x - a.1.x), abs(b.1.y - a.1.y)) / (b.0 - a.0)
            }.max()!
            let reach = 400 + speed / (20 * 2.718281828459045)
            try Self.run(stage.app, from: flick.liftTime, to: flick.liftTime + 12, pattern: 2, rng: &rng) { _ in
                let o = scrollView.contentOffset
                #expect(o.x >= -reach && o.x <= limit.x + reach && o.y >= -reach && o.y <= limit.y + reach)
            }
            #expect(!scrollView.isMoving)
            let o = scrollView.contentOffset
            #expect(o.x >= 0 && o.x <= limit.x && o.y >= 0 && o.y <= limit.y, "rest \(o) of \(flick.content)")
        }
    }

    /// Records the end of the motion, and runs `onDidScroll` from `scrollViewDidScroll`.
    final class EditingDelegate: ScrollViewDelegate {
        var onDidScroll: ((ScrollView) -> Void)?
        private(set) var endings: [Double] = []
        func scrollViewDidScroll(_ scrollView: ScrollView) { onDidScroll?(scrollView) }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { endings.append(scrollView.application!.time) }
    }

    @Test("random flicks whose content, bounds and offset change while they move, from the host and from scrollViewDidScroll, end once, inside the content")
    func editedWhileMovingRestsInside() throws {
        var rng = SplitMix64(seed: 0xED17)
        var checked = 0
        for index in 0..<600 {
            let flick = Flick(using: &rng)
            let stage = try flick.stage()
            let scrollView = stage.scrollView
            let delegate = EditingDelegate()
            scrollView.delegate = delegate
            let editsEnd = flick.liftTime + Double.random(in: 0.05...1.5, using: &rng)
            var lastEdit = -Double.infinity
            // The delegate's own changes: from some of its calls, never from inside one of them.
            var delegateRNG = SplitMix64(seed: UInt64(index) &+ 0xD1D)
            var editing = false
            delegate.onDidScroll = { scrollView in
                guard !editing, scrollView.application!.time <= editsEnd, delegateRNG.chance(0.05) else { return }
                editing = true
                scrollView.editAtRandom(using: &delegateRNG)
                editing = false
                lastEdit = scrollView.application!.time
            }
            var t = flick.liftTime
            while scrollView.isMoving && t < flick.liftTime + 60 {
                t += Double.random(in: 0.002...0.05, using: &rng)
                try stage.app.advance(to: t)
                if scrollView.isMoving && t <= editsEnd && rng.chance(0.1) {
                    scrollView.editAtRandom(using: &rng)
                    lastEdit = t
                }
            }
            delegate.onDidScroll = nil
            #expect(!scrollView.isMoving, "flick \(index) still moves")
            #expect(delegate.endings.count <= 1, "flick \(index)")
            // A change made in the motion's last frame (from its last scrollViewDidScroll) comes
            // after the motion: it stays, as any offset or size set at rest does.
            guard let end = delegate.endings.first, lastEdit < end else { continue }
            checked += 1
            let o = scrollView.contentOffset, limit = scrollView.maximumContentOffset
            #expect(o.x >= 0 && o.x <= limit.x && o.y >= 0 && o.y <= limit.y,
                    "flick \(index) rests at \(o), the content's end at \(limit)")
        }
        #expect(checked > 300, "\(checked) flicks changed while moving and ended by themselves")
    }

    @Test("a touch stopping a bounce past the edge, lifted without a drag, lets it spring back inside")
    func stoppedBounceSettles() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 600))
        let lift = try stage.flick(at: 0, dy: -200)                  // hits the bottom edge fast
        var t = lift
        while stage.scrollView.contentOffset.y <= 200 + 5 { t += 0.005; try stage.app.advance(to: t) }
        try stage.app.frame(t, began(2, 200, 200))
        #expect(!stage.scrollView.isMoving && stage.scrollView.contentOffset.y > 200)
        try stage.app.frame(t + 0.05, ended(2, 200, 200))
        #expect(stage.scrollView.isDecelerating)
        try stage.app.advance(to: t + 5)
        #expect(stage.scrollView.contentOffset.y == 200)
    }
}
