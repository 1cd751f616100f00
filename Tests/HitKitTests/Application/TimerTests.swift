import Testing
@testable import HitKit

/// Behaviour A3: timers live in one queue on the application and fire in time order, each as a frame
/// at its due time, only when the host moves the clock.
@Suite struct TimerTests {
    let app = Application()

    @Test func timersFireInTimeOrderAtTheirDueTime() throws {
        var fired: [(String, Double)] = []
        app.schedule(at: 0.5) { [app] in fired.append(("b", app.time)) }
        app.schedule(at: 0.2) { [app] in fired.append(("a", app.time)) }
        app.schedule(at: 0.9) { [app] in fired.append(("c", app.time)) }
        #expect(app.pendingTimerCount == 3)
        try app.advance(to: 0.6)
        #expect(fired.map(\.0) == ["a", "b"])
        #expect(fired.map(\.1) == [0.2, 0.5], "each fires with the clock at its due time")
        #expect(app.time == 0.6)
        try app.advance(to: 2)
        #expect(fired.map(\.0) == ["a", "b", "c"])
        #expect(app.pendingTimerCount == 0)
    }

    @Test func equalTimesFireInSchedulingOrder() throws {
        var fired: [Int] = []
        for i in 0..<5 { app.schedule(at: 1) { fired.append(i) } }
        try app.advance(to: 1)
        #expect(fired == [0, 1, 2, 3, 4])
    }

    /// Timers due at one instant: the recognizers' first, in their priority order (the deeper
    /// view's first, one recognizer's in the order set), then the host's, whatever order they
    /// were set in.
    @Test func equalTimesFireRecognizersInPriorityOrderThenTheHosts() throws {
        let window = Window(frame: Rect(0, 0, 200, 100), in: app)
        let shallow = View(frame: Rect(0, 0, 100, 100), in: app)
        let box = View(frame: Rect(100, 0, 100, 100), in: app)
        let deep = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(shallow)
        window.addSubview(box)
        box.addSubview(deep)
        var fired: [String] = []
        app.schedule(at: 1) { fired.append("host") }
        let outer = ScriptedRecognizer(), inner = ScriptedRecognizer()
        shallow.addGestureRecognizer(outer)
        deep.addGestureRecognizer(inner)
        outer.onBegan = { $0.schedule(at: 1) { _ in fired.append("outer") } }
        inner.onBegan = { recognizer in
            recognizer.schedule(at: 1) { _ in fired.append("inner 1") }
            recognizer.schedule(at: 1) { _ in fired.append("inner 2") }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.25, began(2, 150, 50))
        try app.advance(to: 1)
        #expect(fired == ["inner 1", "inner 2", "outer", "host"])
    }

    @Test func aTimerScheduledByATimerFiresInTheSameAdvanceWhenDue() throws {
        var fired: [String] = []
        app.schedule(at: 1) { [app] in
            fired.append("first")
            app.schedule(at: 1.5) { fired.append("chained") }
            app.schedule(at: 3) { fired.append("later") }
        }
        try app.advance(to: 2)
        #expect(fired == ["first", "chained"])
    }

    @Test func cancelledTimersDoNotFire() throws {
        var fired = false
        let handle = app.schedule(at: 1) { fired = true }
        #expect(app.cancelTimer(handle))
        #expect(!app.cancelTimer(handle))
        try app.advance(to: 5)
        #expect(!fired)
    }

    /// A handle from another application names none of this one's timers, its recognizers'
    /// included: a long press under way here still begins (each queue numbers its timers from
    /// the start, so the two timers' numbers are alike).
    @Test func anotherApplicationsHandleCancelsNothing() throws {
        let other = Application()
        let foreign = other.schedule(at: 100) {}
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let press = LongPressGestureRecognizer()
        window.addGestureRecognizer(press)
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 50, 50)]))
        let pending = app.pendingTimerCount
        #expect(pending > 0)
        #expect(!app.cancelTimer(foreign))
        #expect(app.pendingTimerCount == pending)
        try app.advance(to: 1)
        #expect(press.state == .began)
        #expect(other.cancelTimer(foreign))
    }

    @Test func dueTimersFireBeforeTheFramesInput() throws {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let probe = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(probe)
        var seenTouches: [Int] = []
        app.schedule(at: 0.5) { [app] in seenTouches = app.activeTouches.map(\.id) }
        try app.frame(0, began(1, 5, 5))
        try app.frame(0.5, began(2, 6, 6))
        #expect(seenTouches == [1], "the timer ran before touch 2 began")
    }

    /// A deadline worked out in binary (1.1 + 0.35 = 1.4500000000000002) is due at the instant a
    /// host writes as 1.45: it fires before that frame's input, with the clock at 1.45; one a
    /// microsecond later does not.
    @Test func aTimerDueAHairAfterTheFramesTimeFiresAtThatTime() throws {
        let due = 1.1 + 0.35
        #expect(due > 1.45, "the sum is not the decimal")
        var firedAt: [Double] = []
        app.schedule(at: due) { [app] in firedAt.append(app.time) }
        // Left pending: it must not hold the application (a cycle the leak checker reports).
        app.schedule(at: 1.45 + 1e-6) { [unowned app] in firedAt.append(app.time) }
        try app.advance(to: 1.45)
        #expect(firedAt == [1.45], "the first fires at 1.45, the clock never passing the frame's time")
        #expect(app.time == 1.45)
        #expect(app.pendingTimerCount == 1, "a microsecond later is another instant")
    }

    @Test func aTimerInThePastFiresAtTheNextFrame() throws {
        try app.advance(to: 3)
        var firedAt: Double?
        app.schedule(at: 1) { [app] in firedAt = app.time }
        try app.advance(to: 3)
        #expect(firedAt == 3, "the clock never goes back")
    }

    /// A timer set from a timer's frame for an instant already reached fires in the same call,
    /// right after: a recognizer's deadline that has passed, a host's work for "now".
    @Test func aTimerSetFromATimerForNowFiresInTheSameAdvance() throws {
        var fired: [String] = []
        app.schedule(at: 0.5) { [app] in
            fired.append("first")
            app.schedule(at: app.time) { fired.append("now") }
            app.schedule(at: 0.2) { fired.append("past") }
        }
        try app.advance(to: 1)
        #expect(fired == ["first", "past", "now"], "in time order, at the instant they were set")
        #expect(app.pendingTimerCount == 0)
    }

    /// A timer that sets itself again for an instant already reached (now, the past, or a
    /// later time that rounds to now on a huge clock) is followed four times in a row after it
    /// fires; the fifth waits for the next frame or advance, so the host's call returns.
    @Test(arguments: [0.0, -1.0, 0.001])
    func aTimerSettingItselfAgainForNowLetsEachCallReturn(_ delay: Double) throws {
        let start = delay == 0.001 ? 1e15 : 0  // 1e15 + 0.001 rounds to 1e15
        if start > 0 { try app.advance(to: start) }
        var fires = 0, stopped = false
        func rearm() { app.schedule(at: app.time + delay) { fires += 1; if !stopped { rearm() } } }
        app.schedule(at: start + 1, { fires += 1; rearm() })
        try app.advance(to: start + 1)
        #expect(fires == 1 + TimerQueue.maximumChain)
        #expect(app.pendingTimerCount == 1)
        #expect(try #require(app.nextDeadline) <= app.time, "the timer left waits for the next call, due now")
        try app.advance(to: start + 1)
        #expect(fires == 2 * (1 + TimerQueue.maximumChain), "the next call fires it and four more")
        try app.send(InputFrame(timestamp: start + 1))
        #expect(fires == 3 * (1 + TimerQueue.maximumChain), "so does the next frame")
        // Stopped, the chain's last timer fires and sets none: nothing is left holding the test.
        stopped = true
        try app.advance(to: start + 1)
        #expect(app.pendingTimerCount == 0)
    }

    /// A runaway chain holds back none of the timers due after it in the call: a host timer due
    /// at 0.7 fires in the advance to 1, after the chain's first five, and a timer set from a
    /// timer's frame for a later instant is an ordinary timer.
    @Test func aRunawayChainHoldsBackNoLaterTimer() throws {
        var fired: [String] = [], stopped = false
        func rearm() { app.schedule(at: app.time) { fired.append("now"); if !stopped { rearm() } } }
        app.schedule(at: 0.5) { fired.append("now"); rearm() }
        app.schedule(at: 0.7) { [app] in
            fired.append("later")
            app.schedule(at: app.time + 0.1) { fired.append("after") }
        }
        try app.advance(to: 1)
        #expect(fired == Array(repeating: "now", count: 1 + TimerQueue.maximumChain) + ["later", "after"])
        stopped = true
        try app.advance(to: 1)
        #expect(app.pendingTimerCount == 0)
    }

    /// The same for a recognizer polling from its own timer: it goes on being polled, a few
    /// times a call, and the touches go on.
    @Test func aRecognizerPollingFromItsOwnTimerLetsEachCallReturn() throws {
        final class Polling: GestureRecognizer {
            var polls = 0
            func poll() { polls += 1; schedule(after: 0) { ($0 as? Polling)?.poll() } }
        }
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let polling = Polling()
        window.addGestureRecognizer(polling)
        app.schedule(at: 0.1) { polling.poll() }
        try app.advance(to: 0.1)
        #expect(polling.polls == 1 + TimerQueue.maximumChain)
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .began, location: Point(10, 10))]))
        #expect(app.activeTouches.count == 1)
        #expect(polling.polls == 2 * (1 + TimerQueue.maximumChain))
        // Removed, it is reset, and the reset cancels its timer.
        window.removeGestureRecognizer(polling)
        #expect(app.pendingTimerCount == 0)
    }

    @Test func nothingFiresWithoutTheHost() {
        var fired = false
        app.schedule(at: 0) { fired = true }
        #expect(!fired)
    }

    @Test func queueOnItsOwn() {
        let queue = TimerQueue()
        var order: [Int] = []
        _ = queue.schedule(at: 2) { order.append(2) }
        let one = queue.schedule(at: 1) { order.append(1) }
        _ = queue.schedule(at: 1) { order.append(11) }
        #expect(queue.count == 3)
        #expect(queue.popDue(atOrBefore: 0.5) == nil)
        queue.cancel(one)
        while let (_, action) = queue.popDue(atOrBefore: 10) { action() }
        #expect(order == [11, 2])
        #expect(queue.isEmpty)
    }

    /// A postponed timer fires as if cancelled and scheduled again with its action: after the
    /// timers already due at its new time, whether it moved later or earlier, and only under its
    /// new handle.
    @Test func aPostponedTimerTakesThePlaceOfOneScheduledAgain() throws {
        let queue = TimerQueue()
        var order: [String] = []
        let a = queue.schedule(at: 1) { order.append("a") }
        _ = queue.schedule(at: 2) { order.append("b") }
        let c = queue.schedule(at: 3) { order.append("c") }
        let movedA = try #require(queue.postpone(a, to: 2))
        let movedC = try #require(queue.postpone(c, to: 0.5))
        _ = queue.schedule(at: 2) { order.append("d") }
        #expect(queue.postpone(a, to: 5) == nil)
        #expect(!queue.cancel(c))
        #expect(queue.count == 4)
        #expect(queue.nextDue == 0.5)
        while let (_, action) = queue.popDue(atOrBefore: 10) { action() }
        #expect(order == ["c", "b", "a", "d"])
        #expect(!queue.cancel(movedA) && !queue.cancel(movedC))
    }
}
