import AllocationCounting
import HitKit
import HitTestCore

/// Event dispatch through the façade: a window with a chain of 20 views whose innermost view is a
/// `Button` whose target is a responder (a `Responder` subclass, not a closure), and six gesture
/// recognizers further out — a tap on the button's superview, a long press, a pinch, a pan, a
/// swipe and a double tap — driven by `Application.send(_:)` with the application's injected
/// clock. A tap on the button sends its `touchUpInside` to the responder (a button keeps a
/// single-tap recognizer of an ancestor from recognizing on its touches, Behaviour A5); a pan
/// across it is recognized by the pan recognizer. Every recognizer takes each touch, so the rows
/// cover each one's touch methods.
enum DispatchBenchmark {
    static let tapName = "dispatch-tap-20-deep"
    static let panName = "dispatch-pan-60-frames-20-deep"
    static let tenFingerName = "dispatch-10-finger-move-60-frames-20-deep"
    static let manyTouchesName = "dispatch-50000-new-touches-one-frame"
    static let names = [tapName, panName, tenFingerName, manyTouchesName]
    static let depth = 20

    /// Counts the actions the recognizers send.
    final class ActionCounter: Responder {
        var buttonTaps = 0
        var pans = 0
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            if action.name == "buttonTapped" { buttonTaps += 1 } else if action.name == "pan" { pans += 1 }
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
        /// The frames' touches, built once: the host's arrays are not the façade's cost, and
        /// reusing them leaves only the façade's allocations to count.
        private var tapDown: [TouchInput] = [], tapUp: [TouchInput] = []
        private var panFrames: [[TouchInput]] = [], tenFingerFrames: [[TouchInput]] = []

        /// The innermost view of the chain.
        var button: Button { views[19] as! Button }

        init() {
            window = Window(frame: Rect(0, 0, 400, 800), in: application)
            var parent: View = window
            for level in 1...DispatchBenchmark.depth {
                let frame = Rect(1, 1, 400 - 2 * Double(level), 800 - 2 * Double(level))
                let view = level == DispatchBenchmark.depth
                    ? Button(frame: frame, in: application) : View(frame: frame, in: application)
                parent.addSubview(view)
                views.append(view)
                parent = view
            }
            (views[19] as! Button).addTarget(counter, action: "buttonTapped", for: .touchUpInside)
            views[18].addGestureRecognizer(TapGestureRecognizer())
            views[14].addGestureRecognizer(LongPressGestureRecognizer())
            views[12].addGestureRecognizer(PinchGestureRecognizer())
            views[9].addGestureRecognizer(PanGestureRecognizer(target: counter, action: "pan"))
            views[4].addGestureRecognizer(SwipeGestureRecognizer())
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            views[0].addGestureRecognizer(doubleTap)
            tapDown = [TouchInput(id: 1, phase: .began, location: point)]
            tapUp = [TouchInput(id: 1, phase: .ended, location: point)]
            panFrames = Self.strokeFrames(fingers: 1, around: point)
            tenFingerFrames = Self.strokeFrames(fingers: 10, around: point)
        }

        /// 60 frames of `fingers` fingers moving together 3 points to the right per frame, 10
        /// points apart vertically: down in the first frame, up in the last.
        static func strokeFrames(fingers: Int, around point: Point) -> [[TouchInput]] {
            (0..<60).map { frame in
                let phase: Touch.Phase = frame == 0 ? .began : frame == 59 ? .ended : .moved
                return (0..<fingers).map { finger in
                    TouchInput(id: 2 + finger, phase: phase,
                               location: Point(point.x - 90 + 3 * Double(frame), point.y - 45 + 10 * Double(finger)))
                }
            }
        }

        /// One full tap: a touch down, up 50 ms later, and the clock advanced past the double-tap
        /// interval: only then does the double-tap recognizer fail, the withheld touch end reach
        /// the button (`delaysTouchesEnded`) and the button send its action. Taps are a second
        /// apart, so they never make a double tap.
        func tap() {
            time += 1
            try! application.send(InputFrame(timestamp: time, touches: tapDown))
            try! application.send(InputFrame(timestamp: time + 0.05, touches: tapUp))
            try! application.advance(to: time + 0.5)
        }

        /// A 60-frame pan at 60 frames per second, 3 points to the right per frame.
        func pan() { stroke(panFrames) }

        /// The same with ten fingers (the pan takes all ten).
        func tenFingerMove() { stroke(tenFingerFrames) }

        private func stroke(_ frames: [[TouchInput]]) {
            time += 1
            for (index, touches) in frames.enumerated() {
                try! application.send(InputFrame(timestamp: time + Double(index) / 60, touches: touches))
            }
        }
    }

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        if name == manyTouchesName { return runManyTouches(plan: plan) }
        let scene = Scene()
        var mismatches: [String] = []
        let isTap = name == tapName
        let stroke = name == panName ? scene.pan : scene.tenFingerMove
        // Check the outcome: one tap sends the button's action once; a stroke sends "pan" actions.
        let before = isTap ? scene.counter.buttonTaps : scene.counter.pans
        if isTap { scene.tap() } else { stroke() }
        let after = isTap ? scene.counter.buttonTaps : scene.counter.pans
        if isTap ? after != before + 1 : after <= before {
            mismatches.append("\(name): \(isTap ? "the button" : "the pan recognizer") sent \(after - before) actions")
        }

        let workload = Workload(queriesPerPass: isTap ? 1 : 60) { passes in
            for _ in 0..<passes { if isTap { scene.tap() } else { stroke() } }
            return scene.counter.buttonTaps &+ scene.counter.pans
        }
        var checksum = workload.run(1)
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let perQuery = Double(isTap ? 1 : 60)
        let note = isTap
            ? "per tap on the button (down, up, clock advanced past the double-tap interval); six recognizers, a responder target"
            : "per frame\(name == tenFingerName ? " of ten fingers" : ""); \(Format.decimal(1e9 / timing.engine, digits: 0)) frames per second; six recognizers"
        let result = BenchmarkResult(
            name: name, family: nil, views: depth + 1, queries: Int(perQuery),
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map { $0 / perQuery },
            bytesPerView: nil, note: note)
        print("  \(name): \(Format.nanoseconds(timing.engine))/\(isTap ? "tap" : "frame")")
        return (result, mismatches, checksum)
    }

    /// One frame of 50,000 new touches on a multiple-touch view, then one frame lifting them all
    /// (admission must be O(1) per touch, not a scan of the touches down). Time per frame.
    static func runManyTouches(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let count = 50_000
        let application = Application()
        let window = Window(frame: Rect(0, 0, 400, 800), in: application)
        let view = View(frame: Rect(0, 0, 400, 800), in: application)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        func location(_ id: Int) -> Point { Point(Double(id % 400) + 0.5, Double((id / 400) % 800) + 0.5) }
        let down = (0..<count).map { TouchInput(id: $0, phase: .began, location: location($0)) }
        let up = (0..<count).map { TouchInput(id: $0, phase: .ended, location: location($0)) }
        var time = 0.0
        func downAndUp() -> Int {
            time += 1
            try! application.send(InputFrame(timestamp: time, touches: down))
            let active = application.activeTouches.count
            try! application.send(InputFrame(timestamp: time + 0.1, touches: up))
            return active
        }
        var mismatches: [String] = []
        let active = downAndUp()
        if active != count { mismatches.append("\(manyTouchesName): \(active) touches down, not \(count)") }
        let workload = Workload(queriesPerPass: 2) { passes in
            var sum = 0
            for _ in 0..<passes { sum &+= downAndUp() }
            return sum
        }
        var checksum = active
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: manyTouchesName, family: nil, views: 2, queries: 2,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: nil, bytesPerView: nil,
            note: "per frame: 50,000 touches begin in one frame, end in the next; one multiple-touch view")
        print("  \(manyTouchesName): \(Format.nanoseconds(timing.engine))/frame")
        return (result, mismatches, checksum)
    }
}
