import HitTestCore
import HitTestReference

/// An edit followed by a query: in a 100,000-view balanced tree, one leaf moves back and forth
/// between two far-apart leaves (`addSubview` to re-parent it, `setCenter` to centre it there),
/// and each move is followed by a query at its new place, which hits it.
enum EditBenchmark {
    static let name = "edit-move-query-100000"

    static func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.balanced(100_000)
        let engine = EngineTree(spec), reference = ReferenceTree(spec)
        let moving = spec.count - 1
        let destinations = [30_000, 90_000]  // leaves in different quarters of the tree
        // Where the moving view is centred under each destination, and the screen point there.
        let centers = destinations.map { Point(spec.frame[$0].width / 2, spec.frame[$0].height / 2) }
        let points = zip(destinations, centers).map { destination, center in
            try! engine.store.convert(center, from: .view(engine.ids[destination]), to: .screen)
        }

        let store = engine.store
        let movingID = engine.ids[moving], destinationIDs = destinations.map { engine.ids[$0] }
        func engineStep(_ k: Int) -> Int {
            try! store.addSubview(movingID, to: destinationIDs[k])
            try! store.setCenter(centers[k], of: movingID)
            return Int(store.hitTest(screenPoint: points[k])?.index ?? -1)
        }
        let movingView = reference.views[moving], destinationViews = destinations.map { reference.views[$0] }
        func referenceStep(_ k: Int) -> Int {
            destinationViews[k].addSubview(movingView)
            movingView.center = centers[k]
            return reference.hitTest(points[k])
        }

        // Check both steps: both engines and the visit counter answer the moved view.
        var mismatches: [String] = []
        var visited = 0
        for k in 0..<2 {
            let engineAnswer = engineStep(k), referenceAnswer = referenceStep(k)
            let counted = VisitCounter.walk(reference.window, screenPoint: points[k])
            visited += counted.visited
            if engineAnswer != moving || referenceAnswer != moving || counted.answer != moving {
                mismatches.append("\(name) step \(k): engine \(engineAnswer), reference \(referenceAnswer), "
                    + "visit counter \(counted.answer), expected \(moving)")
            }
        }

        let engineWorkload = Workload(queriesPerPass: 2) { passes in
            var sum = 0
            for _ in 0..<passes { sum &+= engineStep(0) &+ engineStep(1) }
            return sum
        }
        let referenceWorkload = Workload(queriesPerPass: 2) { passes in
            var sum = 0
            for _ in 0..<passes { sum &+= referenceStep(0) &+ referenceStep(1) }
            return sum
        }
        var checksum = engineWorkload.run(1)
        var counted = 0
        let allocations = AllocationCounter.count { counted = engineWorkload.run(1) }
        checksum &+= counted
        let timing = Sampler.measure(engine: engineWorkload, reference: referenceWorkload,
                                     plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: name, family: nil, views: spec.count, queries: 2,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: timing.reference,
            visitedPerQuery: Double(visited) / 2,
            allocationsPerQuery: allocations.map { Double($0) / 2 },
            bytesPerView: Double(store.allocatedBytes) / Double(store.liveViewCount),
            note: "per step: addSubview + setCenter + hitTest(screenPoint:)")
        print("  \(name): engine \(Format.nanoseconds(timing.engine))/step")
        return (result, mismatches, checksum)
    }
}
