import AllocationCounting
import HitKit
import HitTestCore

/// Zooming through the façade (Behaviour A6.2) on ``DispatchBenchmark``'s 20-deep scene, with a
/// scroll view put between its 9th and 10th views that zooms the 10th (limits 0.5 and 4). One row
/// times a frame of a two-finger pinch that zooms (the fingers alternate between two distances,
/// so every frame is a zoom step); the other an animation tick of a zoom bouncing back from past
/// the maximum (a new bounce is started, untimed, when one ends; counted under callgrind, the
/// ticks all fall in one bounce: the pinch, to fingers 1000 pt apart, leaves about 6.3 shown,
/// so the bounce lasts T ≈ 0.24 s, some 28 ticks).
enum ZoomBenchmark {
    static let pinchFrameName = "zoom-pinch-frame-20-deep"
    static let bounceTickName = "zoom-bounce-tick-20-deep"
    static let names = [pinchFrameName, bounceTickName]

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = DispatchBenchmark.Scene()
        let scrollView = ScrollView(frame: scene.views[9].frame, in: scene.application)
        scrollView.contentSize = scene.views[9].bounds.size
        let inner = scene.views[9]
        inner.removeFromSuperview()
        scrollView.addSubview(inner)
        scene.views[8].addSubview(scrollView)
        try! scrollView.setZoomView(inner)
        try! scrollView.setMinimumZoomScale(0.5)
        try! scrollView.setMaximumZoomScale(4)
        // The scene's own pinch and pan, deeper than the scroll view, would take the fingers.
        for recognizer in scene.views.flatMap(\.gestureRecognizers) where recognizer is PinchGestureRecognizer || recognizer is PanGestureRecognizer {
            recognizer.isEnabled = false
        }
        let application = scene.application, centre = scene.point
        var mismatches: [String] = []
        // The fingers' frames, built once (the host's arrays are not the façade's cost).
        func fingers(_ phase: Touch.Phase, _ distance: Double) -> [TouchInput] {
            [TouchInput(id: 1, phase: phase, location: Point(centre.x - distance / 2, centre.y)),
             TouchInput(id: 2, phase: phase, location: Point(centre.x + distance / 2, centre.y))]
        }
        let down = fingers(.began, 100), begin = fingers(.moved, 120)
        let near = fingers(.moved, 150), far = fingers(.moved, 160), past = fingers(.moved, 1000), up = fingers(.ended, 1000)
        func send(_ touches: [TouchInput]) {
            scene.time += 1.0 / 120
            try! application.send(InputFrame(timestamp: scene.time, touches: touches))
        }

        let isPinch = name == pinchFrameName
        var toggle = false
        func pinchFrame() {
            toggle.toggle()
            send(toggle ? far : near)
        }
        /// A pinch past the maximum, lifted: a bounce starts (the row's untimed setup).
        var bouncesStarted = 0
        func startBounce() {
            bouncesStarted += 1
            for frame in [down, begin, past, up] { send(frame) }
        }
        func tick() {
            scene.time += 1.0 / 120
            try! application.advance(to: scene.time)
        }
        if isPinch {
            send(down)
            send(begin)
            let before = scrollView.zoomScale
            pinchFrame()
            if scrollView.zoomScale == before || !scrollView.isZooming { mismatches.append("\(name): the frame did not zoom") }
        } else {
            startBounce()
            let before = scrollView.zoomScale
            tick()
            if !scrollView.isZoomBouncing || scrollView.zoomScale == before { mismatches.append("\(name): a tick did not bounce") }
        }
        // Every pass a pinch frame that zooms, or a tick of a bounce (one started when none runs).
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes {
                if isPinch { pinchFrame() } else { if !scrollView.isZoomBouncing { startBounce() }; tick() }
            }
            return Int(scrollView.zoomScale * 1000) & 0xFFFF
        }
        // The ticks alone, the bounces' starts untimed.
        let ticksOnly = PartlyTimedWorkload(queriesPerPass: 1) { passes, durations in
            for _ in 0..<passes {
                if !scrollView.isZoomBouncing { startBounce() }
                let begin = Sampler.now()
                tick()
                durations.append(Sampler.now() &- begin)
            }
            return Int(scrollView.zoomScale * 1000) & 0xFFFF
        }
        var checksum = workload.run(64)
        // Counted once warm, within one bounce (a fresh one).
        if !isPinch { startBounce() }
        var counted = 0
        let allocations = AllocationCounter.count { counted = workload.run(1) }
        checksum &+= counted
        if !isPinch { startBounce() }
        let startedBefore = bouncesStarted
        let nanoseconds = isPinch || plan.countsInstructions
            ? Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum).engine
            : Sampler.measure(ticksOnly, plan: plan, checksum: &checksum)
        if plan.countsInstructions && bouncesStarted != startedBefore {
            mismatches.append("\(name): the counted ticks did not all fall in one bounce")
        }
        let result = BenchmarkResult(
            name: name, family: nil, views: DispatchBenchmark.depth + 2, queries: 1,
            engineNanosecondsPerQuery: nanoseconds, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map { Double($0) },
            bytesPerView: nil,
            note: isPinch ? "per pinch frame that zooms (two fingers moving apart or together)"
                : "per animation tick of a zoom bouncing back to its maximum")
        print("  \(name): \(Format.nanoseconds(nanoseconds))/\(isPinch ? "frame" : "tick")")
        return (result, mismatches, checksum)
    }
}
