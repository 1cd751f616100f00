import HitKit
import HitTestCore

/// Event dispatch through the façade: a window with a chain of 20 views and five gesture
/// recognizers along it — a tap on the innermost view, a long press, a pan, a swipe and a double
/// tap further out — driven by `Application.send(_:)` with the application's injected clock.
///
/// The issue's scene also has a button; HitKit has no `Button` (no controls) yet, so the scene
/// has the five recognizers only and the rows say so.
enum DispatchBenchmark {
    static let tapName = "dispatch-tap-20-deep"
    static let panName = "dispatch-pan-60-frames-20-deep"
    static let depth = 20

    /// Counts the actions the recognizers send.
    final class ActionCounter: Responder {
        var taps = 0
        var pans = 0
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            if action.name == "tap" { taps += 1 } else if action.name == "pan" { pans += 1 }
        }
    }

    /// The scene, and a clock that only moves forward across every frame sent.
    final class Scene {
        let application = Application()
        let window: Window
        let counter = ActionCounter()
        /// Keeps the views alive (a view holds its subviews; the window holds the chain).
        private(set) var views: [View] = []
        var time = 0.0
        let point = Point(200, 400)

        init() {
            window = Window(frame: Rect(0, 0, 400, 800), in: application)
            var parent: View = window
            for level in 1...DispatchBenchmark.depth {
                let view = View(frame: Rect(1, 1, 400 - 2 * Double(level), 800 - 2 * Double(level)),
                                in: application)
                parent.addSubview(view)
                views.append(view)
                parent = view
            }
            let tap = TapGestureRecognizer(target: counter, action: "tap")
            views[19].addGestureRecognizer(tap)
            views[14].addGestureRecognizer(LongPressGestureRecognizer())
            views[9].addGestureRecognizer(PanGestureRecognizer(target: counter, action: "pan"))
            views[4].addGestureRecognizer(SwipeGestureRecognizer())
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            views[0].addGestureRecognizer(doubleTap)
        }

        /// One tap: a touch down, and up 50 ms later; taps are a second apart (no double taps).
        func tap() {
            time += 1
            try! application.send(InputFrame(timestamp: time, touches: [TouchInput(id: 1, phase: .began, location: point)]))
            try! application.send(InputFrame(timestamp: time + 0.05,
                                             touches: [TouchInput(id: 1, phase: .ended, location: point)]))
        }

        /// A 60-frame pan at 60 frames per second, 3 points to the right per frame.
        func pan() {
            time += 1
            for frame in 0..<60 {
                let phase: Touch.Phase = frame == 0 ? .began : frame == 59 ? .ended : .moved
                let location = Point(point.x - 90 + 3 * Double(frame), point.y)
                try! application.send(InputFrame(timestamp: time + Double(frame) / 60,
                                                 touches: [TouchInput(id: 2, phase: phase, location: location)]))
            }
        }
    }

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = Scene()
        var mismatches: [String] = []
        let isTap = name == tapName
        // Check that the gesture is recognized: one tap sends one "tap" action; a pan sends "pan".
        let before = isTap ? scene.counter.taps : scene.counter.pans
        if isTap { scene.tap() } else { scene.pan() }
        let after = isTap ? scene.counter.taps : scene.counter.pans
        if isTap ? after != before + 1 : after <= before {
            mismatches.append("\(name): the \(isTap ? "tap" : "pan") recognizer sent \(after - before) actions")
        }

        let workload = Workload(queriesPerPass: isTap ? 1 : 60) { passes in
            for _ in 0..<passes { if isTap { scene.tap() } else { scene.pan() } }
            return scene.counter.taps &+ scene.counter.pans
        }
        var checksum = workload.run(1)
        var counted = 0
        let allocations = AllocationCounter.count { counted = workload.run(1) }
        checksum &+= counted
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let perQuery = Double(isTap ? 1 : 60)
        let note = isTap
            ? "per tap (2 frames: down, up); five recognizers, no button (HitKit has no Button yet)"
            : "per frame; \(Format.decimal(1e9 / timing.engine, digits: 0)) frames per second; "
                + "five recognizers, no button (HitKit has no Button yet)"
        let result = BenchmarkResult(
            name: name, family: nil, views: depth + 1, queries: Int(perQuery),
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map { Double($0) / perQuery },
            bytesPerView: nil, note: note)
        print("  \(name): \(Format.nanoseconds(timing.engine))/\(isTap ? "tap" : "frame")")
        return (result, mismatches, checksum)
    }
}
