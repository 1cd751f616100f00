@testable import HitKit
import Testing

/// Times so large that the clock's intervals round away — a host passing a monotonic clock's
/// nanoseconds as seconds: 2⁴⁸ ns is 3.3 days of uptime, where a double's step is 1/16 s — still
/// make time go on: no deadline is the time it is at, and no repeating timer fires without end.
@Suite struct LargeTimeTests {
    /// The documented loop (advance to the deadline) finishes an animation in a few advances.
    @Test(arguments: [0.0, 281_474_976_710_656])  // 0 and 2⁴⁸
    func theNextDeadlineIsAlwaysAfterTheCurrentTime(_ start: Double) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let scrollView = ScrollView(frame: Rect(0, 0, 400, 400), in: app)
        scrollView.contentSize = Size(width: 400, height: 4000)
        window.addSubview(scrollView)
        try app.advance(to: start)
        scrollView.setContentOffset(Point(0, 1000), animated: true)
        var advances = 0
        while let deadline = app.nextDeadline, advances < 1_000 {
            #expect(deadline > app.time, "deadline \(deadline) at the time \(app.time)")
            try app.advance(to: deadline)
            advances += 1
        }
        #expect(app.nextDeadline == nil, "still moving after \(advances) advances")
        #expect(scrollView.contentOffset == Point(0, 1000))
    }

    /// A frame interval the clock cannot add to the time (accepted: finite and above 0) still
    /// gives a deadline after it.
    @Test func aFrameIntervalTooSmallForTheClockStillGivesADeadlineAfterTheTime() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let scrollView = ScrollView(frame: Rect(0, 0, 400, 400), in: app)
        scrollView.contentSize = Size(width: 400, height: 4000)
        window.addSubview(scrollView)
        try app.advance(to: 10)
        try app.setAnimationFrameInterval(1e-20)
        scrollView.setContentOffset(Point(0, 1000), animated: true)
        let deadline = try #require(app.nextDeadline)
        #expect(deadline > app.time, "deadline \(deadline) at the time \(app.time)")
    }

    /// A stepper's repeat (0.5 s after touch-down, then every 0.1 s) is never due within the
    /// instant it was set from: at 2⁵⁰ s (a step of 1/4 s) a repeat due at once would fire again
    /// within the one advance without end (the action turns the repeats off after 1,000 so that
    /// this test ends either way).
    @Test(arguments: [0.0, 1_125_899_906_842_624])  // 0 and 2⁵⁰
    func aRepeatingTimerAtALargeTimeRepeatsAsTheClockAllows(_ start: Double) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let stepper = Stepper(frame: Rect(0, 0, 200, 40), in: app)
        stepper.wraps = true
        window.addSubview(stepper)
        var changes = 0
        stepper.addAction(for: .valueChanged) { [unowned stepper] _ in
            changes += 1
            if changes == 1_000 { stepper.autorepeat = false }
        }
        try app.advance(to: start)
        try app.send(InputFrame(timestamp: start, touches: [TouchInput(id: 1, phase: .began, location: Point(150, 20))]))
        try app.advance(to: start + 0.75)
        // At 0: the step at touch-down and repeats at 0.5, 0.6 and 0.7 s. At 2⁵⁰ s an instant is
        // half a second wide (two of a double's steps), so repeats come at most every 1.5 s: the
        // step at touch-down alone.
        #expect(changes == (start == 0 ? 4 : 1), "\(changes) steps in a hold of 0.75 s")
    }
}
