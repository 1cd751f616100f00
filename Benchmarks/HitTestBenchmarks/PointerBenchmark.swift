import AllocationCounting
import HitKit
import HitTestCore

/// Pointer frames through the façade on ``DispatchBenchmark``'s 20-deep scene (Behaviour A8): a
/// hover recognizer on the 10th view and the scene's pan taking wheel notches. One row moves the
/// pointer over the innermost view each frame (a hit test and a hover `changed`); the other sends
/// one wheel notch a frame (routing up the chain to the pan, which changes).
enum PointerBenchmark {
    static let hoverName = "pointer-hover-move-20-deep"
    static let wheelName = "pointer-wheel-notch-20-deep"
    static let names = [hoverName, wheelName]

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = DispatchBenchmark.Scene()
        let isHover = name == hoverName
        var actions = 0
        let hover = HoverGestureRecognizer()
        hover.addTarget { _ in actions += 1 }
        scene.views[10].addGestureRecognizer(hover)
        let pan = scene.views[9].gestureRecognizers.compactMap { $0 as? PanGestureRecognizer }.first!
        pan.allowedScrollTypesMask = .discrete
        pan.addTarget { _ in actions += 1 }
        var toggle = false
        func frame() {
            scene.time += 0.01  // notches 10 ms apart keep one discrete run going
            toggle.toggle()
            // Each frame built where it is sent: a frame chosen by `?:` would be copied once more.
            if isHover {
                try! scene.application.send(InputFrame(
                    timestamp: scene.time,
                    pointer: PointerInput(id: 50, location: Point(scene.point.x + (toggle ? 1 : 0), scene.point.y))))
            } else {
                try! scene.application.send(InputFrame(
                    timestamp: scene.time,
                    scroll: ScrollInput(location: scene.point, delta: Point(0, toggle ? -1 : 1), kind: .discrete)))
            }
        }
        // Check the outcome: each frame sends the hover's or the pan's action once.
        frame()
        let before = actions
        frame()
        var mismatches: [String] = []
        if actions != before + 1 { mismatches.append("\(name): \(actions - before) actions in one frame, expected 1") }
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes { frame() }
            return actions
        }
        var checksum = workload.run(1)
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: name, family: nil, views: DispatchBenchmark.depth + 1, queries: 1,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations,
            bytesPerView: nil, note: isHover ? "per pointer move (hover changed)" : "per wheel notch (pan changed)")
        print("  \(name): \(Format.nanoseconds(timing.engine))/frame")
        return (result, mismatches, checksum)
    }
}
