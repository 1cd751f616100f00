import AllocationCounting
import HitKit
import HitTestCore

/// Scroll view motion through the façade (Behaviour A6.1) on ``DispatchBenchmark``'s 20-deep scene
/// with a scroll view put between its 9th and 10th views. One row advances the clock by one tick
/// of 1/120 s while the scroll view decelerates (after one real flick, with a rate slow enough
/// that the deceleration lasts the whole measurement); two stop a moving scroll view with a
/// finger: an animated `setContentOffset` starts the motion, then the finger's down frame stops
/// it (the touch goes to the scroll view's pan alone) and its up frame ends the touch. The tap row
/// times all three; the frame row times only the frame that stops the motion, the down frame.
enum ScrollMotionBenchmark {
    static let tickName = "scroll-decelerating-tick-20-deep"
    static let tapToStopName = "scroll-tap-to-stop-20-deep"
    static let tapToStopFrameName = "scroll-tap-to-stop-frame-20-deep"
    static let names = [tickName, tapToStopName, tapToStopFrameName]

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = DispatchBenchmark.Scene()
        let scrollView = ScrollView(frame: scene.views[9].frame, in: scene.application)
        scrollView.contentSize = Size(width: 400, height: 1e12)
        scrollView.decelerationRate = DecelerationRate(rawValue: 0.999_999_9)!
        let inner = scene.views[9]
        inner.removeFromSuperview()
        scrollView.addSubview(inner)
        scene.views[8].addSubview(scrollView)
        let application = scene.application, point = scene.point
        var mismatches: [String] = []
        let down = [TouchInput(id: 1, phase: .began, location: point)]
        let up = [TouchInput(id: 1, phase: .ended, location: point)]
        var toggle = false

        let isTick = name == tickName
        if isTick {
            // One upward flick at 1000 pt/s, decelerating for about 13 hours of ticks. The scene's own
            // pan, deeper than the scroll view, would take the drag: it sits this one out.
            let ownPan = inner.gestureRecognizers.first { $0 is PanGestureRecognizer }
            ownPan?.isEnabled = false
            defer { ownPan?.isEnabled = true }
            for (step, y) in [0.0, -10, -20].enumerated() {
                scene.time += 0.01
                let phase: Touch.Phase = step == 0 ? .began : .moved
                try! application.send(InputFrame(timestamp: scene.time,
                                                 touches: [TouchInput(id: 1, phase: phase, location: Point(point.x, point.y + y))]))
            }
            try! application.send(InputFrame(timestamp: scene.time, touches: [TouchInput(id: 1, phase: .ended, location: Point(point.x, point.y - 20))]))
            if !scrollView.isDecelerating { mismatches.append("\(name): the flick did not decelerate") }
        }
        func tick() {
            scene.time += 1.0 / 120
            try! application.advance(to: scene.time)
        }
        /// One tap to stop; returns the wall-clock nanoseconds of its down frame when `timingTheStop`
        /// (else 0: the clock is not read).
        func tapToStop(timingTheStop: Bool) -> UInt64 {
            toggle.toggle()
            scrollView.setContentOffset(Point(0, toggle ? 400 : 0), animated: true)
            scene.time += 0.05
            let begin = timingTheStop ? Sampler.now() : 0
            try! application.send(InputFrame(timestamp: scene.time, touches: down))
            let stopping = timingTheStop ? Sampler.now() &- begin : 0
            scene.time += 0.01
            try! application.send(InputFrame(timestamp: scene.time, touches: up))
            return stopping
        }
        // Check the outcome: a tick moves the content; a tap stops the motion.
        let before = scrollView.contentOffset
        if isTick {
            tick()
            if scrollView.contentOffset == before || !scrollView.isDecelerating {
                mismatches.append("\(name): a tick did not move the decelerating content")
            }
        } else {
            scrollView.setContentOffset(Point(0, 400), animated: true)
            scene.time += 0.05
            try! application.send(InputFrame(timestamp: scene.time, touches: down))
            if application.nextDeadline.map({ $0 > scene.time + 0.1 }) == false || scrollView.contentOffset.y >= 400 {
                mismatches.append("\(name): the finger did not stop the motion")
            }
            scene.time += 0.01
            try! application.send(InputFrame(timestamp: scene.time, touches: up))
        }
        let frameOnly = PartlyTimedWorkload(queriesPerPass: 1) { passes, durations in
            for _ in 0..<passes { durations.append(tapToStop(timingTheStop: true)) }
            return Int(scrollView.contentOffset.y) & 0xFFFF
        }
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes {
                if isTick { tick() } else { _ = tapToStop(timingTheStop: false) }
            }
            return Int(scrollView.contentOffset.y) & 0xFFFF
        }
        var checksum = workload.run(1)
        var counted = 0
        let allocations = AllocationCounter.count { counted = workload.run(1) }
        checksum &+= counted
        let nanoseconds = name == tapToStopFrameName
            ? Sampler.measure(frameOnly, plan: plan, checksum: &checksum)
            : Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum).engine
        if isTick && !scrollView.isDecelerating { mismatches.append("\(name): the deceleration ended during the run") }
        let result = BenchmarkResult(
            name: name, family: nil, views: DispatchBenchmark.depth + 2, queries: 1,
            engineNanosecondsPerQuery: nanoseconds, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map { Double($0) },
            bytesPerView: nil,
            note: isTick ? "per animation tick while decelerating"
                : name == tapToStopName ? "per tap to stop (animated offset, down and up frames)"
                : "per tap-to-stop frame (the down frame that stops the motion, timed alone)")
        print("  \(name): \(Format.nanoseconds(nanoseconds))/\(isTick ? "tick" : name == tapToStopName ? "tap" : "frame")")
        return (result, mismatches, checksum)
    }
}
