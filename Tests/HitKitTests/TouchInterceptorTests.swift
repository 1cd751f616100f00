import HitKit
import Testing

/// `Responder.touchInterceptor`: it sees every touch call HitKit's delivery makes on a responder,
/// in delivery order, and consuming a call stops it exactly as an override that does nothing.
@Suite("Touch interceptor")
struct TouchInterceptorTests {
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

    /// Records every call each responder sees as "name method ids"; `consuming` names the
    /// responders whose interceptor consumes the calls.
    final class Transcript {
        var lines: [String] = []
    }

    func watch(_ responders: [(String, Responder)], consuming: Set<String> = [], into transcript: Transcript) {
        for (name, responder) in responders {
            responder.touchInterceptor = { _, method, touches, _ in
                transcript.lines.append("\(name) \(method.rawValue) \(touches.map(\.id).sorted())")
                return !consuming.contains(name)
            }
        }
    }

    func tap(_ id: Int, at p: Point, from t: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: id, phase: .began, location: p)]))
        try app.send(InputFrame(timestamp: t + 0.05, touches: [TouchInput(id: id, phase: .moved, location: p)]))
        try app.send(InputFrame(timestamp: t + 0.1, touches: [TouchInput(id: id, phase: .ended, location: p)]))
    }

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
        counting.touchInterceptor = { _, _, _, _ in allowed }
        try tap(1, at: Point(155, 155), from: 0)
        #expect(counting.calls == 0)
        allowed = true
        try tap(2, at: Point(155, 155), from: 1)
        #expect(counting.calls == 2)
    }

    @Test func cancellationsByRemovalAreSeenToo() throws {
        let transcript = Transcript()
        watch([("inner", inner)], consuming: ["inner"], into: transcript)
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 7, phase: .began, location: Point(20, 20))]))
        inner.removeFromSuperview()
        #expect(transcript.lines == ["inner touchesBegan [7]", "inner touchesCancelled [7]"])
    }
}
