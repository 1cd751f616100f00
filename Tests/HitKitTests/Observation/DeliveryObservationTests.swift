import HitKit
import Testing

/// The façade's one observation idiom (`observe…` returning an ``ObservationToken``): what each
/// observer sees and when, in which order several are called, what cancelling does, and that a
/// responder's touch observers see the very calls an override of the touch methods receives and
/// may consume them as such an override would.
@Suite("Delivery observation")
struct DeliveryObservationTests {
    let app = Application()
    let window: Window
    let outer: View
    let inner: View

    init() {
        window = Window(frame: Rect(0, 0, 200, 200), in: app)
        window.makeKeyAndVisible()
        outer = View(frame: Rect(0, 0, 100, 100), in: app)
        inner = View(frame: Rect(10, 10, 50, 50), in: app)
        window.addSubview(outer)
        outer.addSubview(inner)
    }

    final class Transcript {
        var lines: [String] = []
    }

    static func line(_ name: String, _ method: TouchMethod, _ touches: Set<Touch>) -> String {
        "\(name) \(method.rawValue) \(touches.map(\.id).sorted())"
    }

    /// Records every touch call each responder sees; `consuming` names the responders whose
    /// observer consumes the calls.
    func watch(_ responders: [(String, Responder)], consuming: Set<String> = [], into transcript: Transcript) {
        for (name, responder) in responders {
            responder.observeTouches { _, method, touches, _ in
                transcript.lines.append(Self.line(name, method, touches))
                return consuming.contains(name) ? [] : touches
            }
        }
    }

    func frame(_ t: Double, _ touches: [TouchInput]) throws {
        try app.send(InputFrame(timestamp: t, touches: touches))
    }

    func touch(_ id: Int, _ phase: Touch.Phase, _ p: Point) -> TouchInput {
        TouchInput(id: id, phase: phase, location: p)
    }

    func tap(_ id: Int, at p: Point, from t: Double) throws {
        try frame(t, [touch(id, .began, p)])
        try frame(t + 0.05, [touch(id, .moved, p)])
        try frame(t + 0.1, [touch(id, .ended, p)])
    }

    // MARK: What a responder's touch observer sees

    @Test func seesTheDispatchersCallAndEachDefaultPassingItOnInOrder() throws {
        let transcript = Transcript()
        watch([("inner", inner), ("outer", outer), ("window", window), ("app", app)], into: transcript)
        try tap(1, at: Point(20, 20), from: 0)
        #expect(transcript.lines == [
            "inner touchesBegan [1]", "outer touchesBegan [1]", "window touchesBegan [1]", "app touchesBegan [1]",
            "inner touchesMoved [1]", "outer touchesMoved [1]", "window touchesMoved [1]", "app touchesMoved [1]",
            "inner touchesEnded [1]", "outer touchesEnded [1]", "window touchesEnded [1]", "app touchesEnded [1]",
        ])
    }

    /// A view that writes each touch call it receives, then does what a plain view does.
    final class Recording: View {
        var name = ""
        var transcript = Transcript()
        func note(_ method: TouchMethod, _ touches: Set<Touch>) {
            transcript.lines.append(DeliveryObservationTests.line(name, method, touches))
        }
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { note(.touchesBegan, t); super.touchesBegan(t, with: e) }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) { note(.touchesMoved, t); super.touchesMoved(t, with: e) }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { note(.touchesEnded, t); super.touchesEnded(t, with: e) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) {
            note(.touchesCancelled, t)
            super.touchesCancelled(t, with: e)
        }
    }

    @Test func aTouchObserverSeesExactlyWhatTheOverridesReceive() throws {
        let overrides = Transcript(), observed = Transcript()
        let parent = Recording(frame: Rect(100, 0, 100, 100), in: app)
        let child = Recording(frame: Rect(0, 0, 50, 100), in: app)
        window.addSubview(parent)
        parent.addSubview(child)
        for (name, view) in [("parent", parent), ("child", child)] {
            view.name = name
            view.transcript = overrides
            view.isMultipleTouchEnabled = true
        }
        watch([("parent", parent), ("child", child)], into: observed)
        // Two fingers on the child; a pan on the parent cancels them once it begins.
        let pan = PanGestureRecognizer()
        parent.addGestureRecognizer(pan)
        try frame(0, [touch(1, .began, Point(110, 10)), touch(2, .began, Point(120, 10))])
        try frame(0.02, [touch(1, .moved, Point(111, 10))])
        try frame(0.04, [touch(1, .moved, Point(160, 60)), touch(2, .moved, Point(170, 60))])
        try frame(0.06, [touch(1, .ended, Point(160, 60)), touch(2, .ended, Point(170, 60))])
        // A finger on the parent alone, lifted at once: began and ended go up from the parent.
        try tap(3, at: Point(180, 90), from: 1)
        #expect(overrides.lines.contains { $0.contains("touchesCancelled") })
        #expect(overrides.lines.contains("parent touchesEnded [3]"))
        #expect(observed.lines == overrides.lines)
    }

    @Test func cancellationsByRemovalAreSeenToo() throws {
        let transcript = Transcript()
        watch([("inner", inner)], consuming: ["inner"], into: transcript)
        try frame(0, [touch(7, .began, Point(20, 20))])
        inner.removeFromSuperview()
        #expect(transcript.lines == ["inner touchesBegan [7]", "inner touchesCancelled [7]"])
    }

    // MARK: Consuming, as an override that does nothing

    @Test func consumingACallStopsItThereForEveryPhase() throws {
        let transcript = Transcript()
        watch([("inner", inner), ("outer", outer), ("window", window)], consuming: ["outer"], into: transcript)
        try tap(1, at: Point(20, 20), from: 0)
        #expect(transcript.lines == [
            "inner touchesBegan [1]", "outer touchesBegan [1]",
            "inner touchesMoved [1]", "outer touchesMoved [1]",
            "inner touchesEnded [1]", "outer touchesEnded [1]",
        ])
    }

    @Test func consumingAtTheHitViewKeepsTheMethodFromRunning() throws {
        final class Counting: View {
            var calls = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { calls += 1 }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { calls += 1 }
        }
        let counting = Counting(frame: Rect(150, 150, 20, 20), in: app)
        window.addSubview(counting)
        var allowed = false
        counting.observeTouches { _, _, touches, _ in allowed ? touches : [] }
        try tap(1, at: Point(155, 155), from: 0)
        #expect(counting.calls == 0)
        allowed = true
        try tap(2, at: Point(155, 155), from: 1)
        #expect(counting.calls == 2)
    }

    @Test func theMethodRunsWithTheTouchesEveryObserverLetThrough() throws {
        let transcript = Transcript()
        watch([("outer", outer)], into: transcript)
        // Two observers on inner: one keeps finger 1, the other finger 2; both see every finger.
        inner.isMultipleTouchEnabled = true
        inner.observeTouches { _, method, touches, _ in
            transcript.lines.append(Self.line("first", method, touches))
            return touches.filter { $0.id != 1 }
        }
        inner.observeTouches { _, method, touches, _ in
            transcript.lines.append(Self.line("second", method, touches))
            return touches.filter { $0.id != 2 }
        }
        try frame(0, [touch(1, .began, Point(20, 20)), touch(2, .began, Point(30, 30)), touch(3, .began, Point(40, 40))])
        #expect(transcript.lines == [
            "first touchesBegan [1, 2, 3]", "second touchesBegan [1, 2, 3]", "outer touchesBegan [3]",
        ])
    }

    // MARK: Order of calls

    @Test func observersOfOneObjectAreCalledInTheOrderTheyWereAddedBeforeTheMethod() throws {
        final class Noting: View {
            var transcript = Transcript()
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { transcript.lines.append("method") }
        }
        let view = Noting(frame: Rect(150, 150, 20, 20), in: app)
        window.addSubview(view)
        for name in ["a", "b", "c"] {
            view.observeTouches { [transcript = view.transcript] _, _, touches, _ in
                transcript.lines.append(name)
                return touches
            }
        }
        try frame(0, [touch(1, .began, Point(155, 155))])
        #expect(view.transcript.lines == ["a", "b", "c", "method"])
    }

    @Test func recognizerObserversComeBeforeTheTouchMethodAndAfterTheStateBeforeTheActions() throws {
        final class NotingTap: TapGestureRecognizer {
            var transcript = Transcript()
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                transcript.lines.append("touchesBegan method")
                super.touchesBegan(touches, with: event)
            }
        }
        let tap = NotingTap()
        let transcript = tap.transcript
        outer.addGestureRecognizer(tap)
        _ = tap.addTarget { recognizer in transcript.lines.append("action in state \(recognizer.state)") }
        for name in ["a", "b"] {
            tap.observeTouches { _, call, touches in transcript.lines.append("\(name) \(call.rawValue) \(touches.count)") }
            tap.observeStateChanges { recognizer, state in
                transcript.lines.append("\(name) \(state), recognizer \(recognizer.state)")
            }
        }
        try frame(0, [touch(1, .began, Point(20, 20))])
        try frame(0.05, [touch(1, .ended, Point(20, 20))])
        #expect(transcript.lines == [
            "a touchesBegan 1", "b touchesBegan 1", "touchesBegan method",
            "a touchesEnded 1", "b touchesEnded 1",
            "a ended, recognizer ended", "b ended, recognizer ended", "action in state ended",
        ])
    }

    @Test func controlObserversSeeTrackingBeforeItsMethodAndEachActionAfterItWasSent() throws {
        final class NotingButton: Button {
            var transcript = Transcript()
            override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
                transcript.lines.append("beginTracking method")
                return true
            }
        }
        final class Target: Responder {
            let transcript: Transcript
            init(_ transcript: Transcript) { self.transcript = transcript }
            override func perform(_ action: Action, sender: Any?, event: Event?) {
                transcript.lines.append("performed \(action.name)")
            }
        }
        let button = NotingButton(frame: Rect(150, 150, 40, 40), in: app)
        window.addSubview(button)
        let transcript = button.transcript, target = Target(transcript)
        button.addTarget(target, action: Action("press"), for: .touchDown)
        for name in ["a", "b"] {
            button.observeTracking { _, call in transcript.lines.append("\(name) \(call.rawValue)") }
            button.observeActions { _, report in
                transcript.lines.append("\(name) \(report.action.name) \(report.controlEvent.name) handled \(report.handled)")
            }
        }
        try frame(0, [touch(1, .began, Point(160, 160))])
        #expect(transcript.lines == [
            "a beginTracking", "b beginTracking", "beginTracking method",
            "performed press", "a press touchDown handled true", "b press touchDown handled true",
        ])
    }

    @Test func frameEndObserversComeAfterEveryFramesDeliveryInputTimerAndAdvance() throws {
        let transcript = Transcript()
        watch([("inner", inner)], into: transcript)
        for name in ["a", "b"] {
            app.observeFrameEnds { _ in transcript.lines.append("\(name) frame end") }
        }
        try frame(0, [touch(1, .began, Point(20, 20))])
        app.schedule(at: 0.5) { transcript.lines.append("timer") }
        try app.advance(to: 1)
        transcript.lines.append("empty frame")
        try frame(1.5, [])
        #expect(transcript.lines == [
            "inner touchesBegan [1]", "a frame end", "b frame end",
            "timer", "a frame end", "b frame end",  // the timer's frame at 0.5
            "a frame end", "b frame end",           // the advance's own at 1
            "empty frame", "a frame end", "b frame end",
        ])
    }

    // MARK: Removal

    @Test func aCancelledObserverIsNotCalledAgain() throws {
        let transcript = Transcript()
        let token = inner.observeTouches { _, method, touches, _ in
            transcript.lines.append(Self.line("inner", method, touches))
            return touches
        }
        try frame(0, [touch(1, .began, Point(20, 20))])
        token.cancel()
        token.cancel()  // a second cancel does nothing
        #expect(token.isCancelled)
        try frame(0.1, [touch(1, .ended, Point(20, 20))])
        #expect(transcript.lines == ["inner touchesBegan [1]"])
    }

    @Test func cancellingDuringANotificationSkipsTheObserverInThatSameNotification() throws {
        let transcript = Transcript()
        let recognizer = TapGestureRecognizer()
        outer.addGestureRecognizer(recognizer)
        var second: ObservationToken?
        recognizer.observeStateChanges { _, state in
            transcript.lines.append("first \(state)")
            second?.cancel()
        }
        second = recognizer.observeStateChanges { _, state in transcript.lines.append("second \(state)") }
        try tap(1, at: Point(20, 20), from: 0)
        #expect(transcript.lines == ["first ended"])
    }

    @Test func anObserverAddedDuringANotificationWaitsForTheNextOne() throws {
        let transcript = Transcript()
        var added = false
        inner.observeTouches { [unowned inner] _, method, touches, _ in
            transcript.lines.append(Self.line("first", method, touches))
            if !added {
                added = true
                inner.observeTouches { _, method, touches, _ in
                    transcript.lines.append(Self.line("late", method, touches))
                    return touches
                }
            }
            return touches
        }
        try frame(0, [touch(1, .began, Point(20, 20))])
        try frame(0.1, [touch(1, .ended, Point(20, 20))])
        #expect(transcript.lines == ["first touchesBegan [1]", "first touchesEnded [1]", "late touchesEnded [1]"])
    }

    @Test func cancellingReleasesTheObserverAndWhatItCaptured() {
        final class Captured {}
        weak var captured: Captured?
        let token: ObservationToken
        do {
            let object = Captured()
            captured = object
            token = app.observeFrameEnds { _ in _ = object }
        }
        #expect(captured != nil)
        token.cancel()
        #expect(captured == nil)
    }

    @Test func cancellingAfterTheObjectWentIsHarmless() {
        var view: View? = View(frame: Rect(0, 0, 10, 10), in: app)
        let token = view!.observeTouches { _, _, touches, _ in touches }
        view = nil
        token.cancel()
        #expect(token.isCancelled)
    }
}
