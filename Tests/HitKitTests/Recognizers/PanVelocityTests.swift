import Testing
@testable import HitKit

/// Behaviour A4: a pan's velocity is measured up to the frame's time, pauses included. Each test
/// writes the formula out again: v = (T(t) − T(b)) / (t − b), with b the newest sample at least
/// 0.1 s old (t − time ≥ 0.1 − 10⁻⁹), else the oldest, and 0 when t = b.
@Suite struct PanVelocityTests {
    let stage = OneViewStage()
    var app: Application { stage.app }
    let pan = PanGestureRecognizer()

    init() {
        stage.view.addGestureRecognizer(pan)
    }

    private func send(_ t: Double, _ touches: TouchInput...) throws {
        try app.send(InputFrame(timestamp: t, touches: touches))
    }

    private func touch(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double,
                       samples: [(Double, Double, Double)] = []) -> TouchInput {
        sampledInput(id, phase, x, y, samples: samples)
    }

    /// The contract's formula, given the samples (time, T) and the frame's time.
    private func expected(_ samples: [(Double, Double)], at t: Double) -> Double {
        let old = samples.filter { t - $0.0 >= 0.1 - 1e-9 }
        let base = old.last ?? samples[0]
        guard t != base.0 else { return 0 }
        return (samples[samples.count - 1].1 - base.1) / (t - base.0)
    }

    @Test("a drag that holds still 0.1 s or more before lifting lifts with velocity 0")
    func holdingStillBeforeTheLiftGivesZero() throws {
        var velocityAtTheEnd: Point?
        pan.addTarget { recognizer in
            if recognizer.state == .ended { velocityAtTheEnd = (recognizer as? PanGestureRecognizer)?.velocity(in: nil) }
        }
        try send(0, touch(1, .began, 100, 300))
        try send(0.01, touch(1, .moved, 100, 250))
        try send(0.02, touch(1, .moved, 100, 200))
        #expect(pan.velocity(in: nil) == Point(0, expected([(0, 0), (0.01, -50), (0.02, -100)], at: 0.02)))
        try send(0.32, touch(1, .ended, 100, 200))
        #expect(velocityAtTheEnd == Point(0, 0))
    }

    @Test("a pause shorter than the window is in the denominator: the fling is slower")
    func aShortPauseSlowsTheVelocity() throws {
        var velocityAtTheEnd: Point?
        pan.addTarget { recognizer in
            if recognizer.state == .ended { velocityAtTheEnd = (recognizer as? PanGestureRecognizer)?.velocity(in: nil) }
        }
        try send(0, touch(1, .began, 100, 390))
        var samples: [(Double, Double)] = [(0, 0)]
        for (i, t) in [0.05, 0.1, 0.15, 0.2].enumerated() {
            try send(t, touch(1, .moved, 100, 390 - 25 * Double(i + 1)))
            samples.append((t, -25 * Double(i + 1)))
        }
        try send(0.26, touch(1, .ended, 100, 290))
        // b = 0.15 (0.26 − 0.15 ≥ 0.1; 0.26 − 0.2 is not): (−100 + 75) / 0.11.
        let v = expected(samples, at: 0.26)
        #expect(v == (-100.0 + 75) / (0.26 - 0.15))
        #expect(velocityAtTheEnd == Point(0, v))
    }

    @Test("a gap of exactly 0.1 s counts though 0.3 − 0.2 rounds below 0.1")
    func theWindowsEdgeCountsWhateverTheRounding() throws {
        #expect(0.3 - 0.2 < 0.1, "the case this test is about")
        try send(0, touch(1, .began, 100, 300))
        try send(0.1, touch(1, .moved, 100, 250))
        try send(0.2, touch(1, .moved, 100, 200))
        try app.advance(to: 0.3)
        #expect(pan.velocity(in: nil) == .zero)
        // Just under the window, the move before is the base: (−100 + 50) / (0.29 − 0.1).
        let other = Application()
        let otherWindow = Window(frame: Rect(0, 0, 400, 400), in: other)
        let otherPan = PanGestureRecognizer()
        otherWindow.addGestureRecognizer(otherPan)
        otherWindow.makeKeyAndVisible()
        for (t, phase, y) in [(0.0, Touch.Phase.began, 300.0), (0.1, .moved, 250), (0.2, .moved, 200)] {
            try other.send(InputFrame(timestamp: t, touches: [touch(1, phase, 100, y)]))
        }
        try other.advance(to: 0.29)
        #expect(otherPan.velocity(in: nil) == Point(0, (-100.0 + 50) / (0.29 - 0.1)))
    }

    @Test("read between frames, the velocity is measured up to the application's time")
    func theVelocityRunsOnWithTheClock() throws {
        try send(0, touch(1, .began, 100, 300))
        try send(0.05, touch(1, .moved, 100, 280))
        let samples: [(Double, Double)] = [(0, 0), (0.05, -20)]
        #expect(pan.velocity(in: nil) == Point(0, expected(samples, at: 0.05)))
        try app.advance(to: 0.08)
        #expect(pan.velocity(in: nil) == Point(0, expected(samples, at: 0.08)))
        try app.advance(to: 0.2)
        #expect(pan.velocity(in: nil) == .zero, "b = 0.05 now, and nothing moved since")
    }

    @Test("in the touch-down frame t equals b: 0")
    func atTheTouchDownTheVelocityIsZero() throws {
        try send(0.5, touch(1, .began, 100, 300))
        #expect(pan.velocity(in: nil) == .zero)
    }

    @Test("a finger landing mid-drag is a sample of the translation")
    func aTouchDownIsASample() throws {
        try send(0, touch(1, .began, 100, 300))
        try send(0.05, touch(1, .moved, 100, 260))
        // Finger 2 lands at 0.3 (a sample at T = −40); finger 1 moves 20 at 0.35: the centroid
        // moves 10 (shared between the two fingers).
        try send(0.3, touch(2, .began, 200, 300))
        try send(0.35, touch(1, .moved, 100, 240))
        // b = 0.3 would need 0.1 s; at 0.35 the newest old enough is 0.05, then at 0.42 it is 0.3.
        #expect(pan.velocity(in: nil) == Point(0, expected([(0, 0), (0.05, -40), (0.3, -40), (0.35, -50)], at: 0.35)))
        try app.advance(to: 0.42)
        #expect(pan.velocity(in: nil) == Point(0, (-50.0 + 40) / (0.42 - 0.3)))
    }

    @Test("high-rate samples are the samples; a still sample is one too")
    func highRateSamplesCount() throws {
        try send(0, touch(1, .began, 100, 100))
        // Still until 0.1 (a sample there), then 40 pt by 0.2.
        try send(0.2, touch(1, .moved, 140, 100, samples: [(0.1, 100, 100), (0.2, 140, 100)]))
        #expect(pan.velocity(in: nil) == Point(expected([(0, 0), (0.1, 0), (0.2, 40)], at: 0.2), 0))
    }

    @Test("setTranslation starts the samples again at its value, now")
    func setTranslationRebases() throws {
        try send(0, touch(1, .began, 100, 300))
        try send(0.05, touch(1, .moved, 100, 250))
        pan.setTranslation(.zero, in: nil)
        #expect(pan.velocity(in: nil) == .zero, "one sample, at t")
        try send(0.1, touch(1, .moved, 100, 240))
        #expect(pan.velocity(in: nil) == Point(0, -10 / (0.1 - 0.05)))
    }

    @Test("a scroll run samples each step, its began included")
    func scrollRunsSampleEachStep() throws {
        pan.allowedScrollTypesMask = .all
        try app.send(InputFrame(timestamp: 1, scroll: ScrollInput(location: Point(50, 50), delta: Point(0, -10), kind: .continuous(.began))))
        #expect(pan.velocity(in: nil) == .zero, "t = b at the first step")
        try app.send(InputFrame(timestamp: 1.05, scroll: ScrollInput(location: Point(50, 50), delta: Point(0, -10), kind: .continuous(.changed))))
        #expect(pan.velocity(in: nil) == Point(0, expected([(1, -10), (1.05, -20)], at: 1.05)))
        try app.advance(to: 1.3)
        #expect(pan.velocity(in: nil) == .zero, "the pause counts for scroll input too")
    }

    @Test("two fingers' high-rate samples of one frame are one timeline, in time order")
    func twoFingersSamplesInterleave() throws {
        try send(0, touch(1, .began, 100, 300), touch(2, .began, 200, 300))
        // Each finger moves 40 pt up; its moves count half each (the centroid). Finger 1's
        // samples are at 0.05 and 0.15, finger 2's at 0.1 and 0.2: T = 0, −10, −20, −30, −40.
        try send(0.2, touch(1, .moved, 100, 260, samples: [(0.05, 100, 280), (0.15, 100, 260)]),
                 touch(2, .moved, 200, 260, samples: [(0.1, 200, 280), (0.2, 200, 260)]))
        let samples: [(Double, Double)] = [(0, 0), (0.05, -10), (0.1, -20), (0.15, -30), (0.2, -40)]
        // b = 0.1 (0.2 − 0.1 ≥ 0.1 − 10⁻⁹; 0.2 − 0.15 is not): (−40 + 20) / 0.1.
        #expect(pan.translation(in: nil) == Point(0, -40))
        #expect(pan.velocity(in: nil) == Point(0, expected(samples, at: 0.2)))
        #expect(pan.velocity(in: nil) == Point(0, (-40.0 + 20) / (0.2 - 0.1)))
        try app.advance(to: 0.26)
        // b = 0.15 now: (−40 + 30) / 0.11.
        #expect(pan.velocity(in: nil) == Point(0, (-40.0 + 30) / (0.26 - 0.15)))
    }

    @Test("a long drag's many old samples still leave b the newest sample 0.1 s old")
    func manyOldSamplesKeepTheBase() throws {
        try send(0, touch(1, .began, 100, 390))
        var samples: [(Double, Double)] = [(0, 0)]
        // 2 pt up every 0.01 s until 0.2 (T = −40), then one move of 10 pt at 0.3.
        for k in 1...20 {
            let t = Double(k) / 100
            try send(t, touch(1, .moved, 100, 390 - 2 * Double(k)))
            samples.append((t, -2 * Double(k)))
        }
        try send(0.3, touch(1, .moved, 100, 340))
        samples.append((0.3, -50))
        // b = 0.2 (0.3 − 0.2 ≥ 0.1 − 10⁻⁹; nothing later is that old): (−50 + 40) / 0.1.
        #expect(pan.velocity(in: nil) == Point(0, expected(samples, at: 0.3)))
        #expect(pan.velocity(in: nil) == Point(0, (-50.0 + 40) / (0.3 - 0.2)))
    }
}

/// Behaviour A4 through A6.1: what a scroll view does with the pan's velocity at the lift.
@Suite struct PanVelocityMotionTests {
    @Test("a drag held still before lifting starts no motion; scrollViewWillEndDragging gets 0")
    func noFlingAfterAPause() throws {
        let stage = MotionStage()
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.01, moved(1, 200, 250))
        try stage.app.frame(0.02, moved(1, 200, 200))
        try stage.app.frame(0.32, ended(1, 200, 200))
        #expect(stage.delegate.calls.contains("didEndDragging false"))
        #expect(stage.delegate.velocities == [Point(0, 0)])
        #expect(!stage.scrollView.isDecelerating)
    }

    @Test("a click drag held still before the release starts no motion either")
    func noFlingAfterAPauseWithAClick() throws {
        let stage = MotionStage()
        let pointer = 1 << 20
        func press(_ t: Double, _ y: Double, _ buttons: [Int]) throws {
            try stage.app.send(InputFrame(timestamp: t, pointer: PointerInput(id: pointer, location: Point(200, y), buttonNumbers: buttons)))
        }
        try press(0, 300, [1])
        try press(0.01, 250, [1])
        try press(0.02, 200, [1])
        try press(0.3, 200, [])
        #expect(stage.delegate.calls.contains("didEndDragging false"))
        #expect(!stage.scrollView.isDecelerating)
    }

    @Test("while the finger keeps moving to the lift, the recent moves' rate flings")
    func aMovingLiftFlings() throws {
        let stage = MotionStage()
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.01, moved(1, 200, 250))
        try stage.app.frame(0.02, moved(1, 200, 200))
        try stage.app.frame(0.02, ended(1, 200, 200))
        // b = 0 (no sample is 0.1 s old): (−100 − 0)/0.02 = −5000 pt/s; the content's is 5 pt/ms.
        #expect(stage.delegate.velocities == [Point(0, 5)])
        #expect(stage.scrollView.isDecelerating)
    }
}
