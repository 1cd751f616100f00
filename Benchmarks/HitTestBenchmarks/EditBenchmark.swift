import AllocationCounting
import HitTestCore
import HitTestReference

/// An edit followed by a query, in two 100,000-view trees:
///
/// - `edit-move-query-100000`: in the balanced tree, one leaf moves back and forth between two
///   far-apart leaves (`addSubview` to re-parent it, `setCenter` to centre it there);
/// - `edit-move-query-container-100000`: in the 100,000-tile container, the middle tile moves
///   half a point back and forth (`setCenter`); the container's grid moves that tile's entries
///   in place rather than being rebuilt.
///
/// Each edit is followed by a query at the moved view's new place, which must hit it.
enum EditBenchmark {
    /// One edit: optionally a new superview (spec index), then a new center.
    struct Step {
        var parent: Int?
        var center: Point
    }

    struct Scenario {
        var name: String
        var spec: ShapeSpec
        var moving: Int
        /// Run in order, over and over; the last step must restore the first one's state.
        var steps: [Step]
        var note: String
    }

    static let names = ["edit-move-query-100000", "edit-move-query-container-100000"]

    static func scenario(named name: String) -> Scenario {
        if name == names[0] {
            let spec = Shapes.balanced(100_000)
            let parents = [30_000, 90_000]  // leaves in different quarters of the tree
            return Scenario(
                name: name, spec: spec, moving: spec.count - 1,
                steps: parents.map { Step(parent: $0, center: Point(spec.frame[$0].width / 2,
                                                                       spec.frame[$0].height / 2)) },
                note: "per step: addSubview + setCenter + hitTest(screenPoint:)")
        }
        let spec = Shapes.container(100_000)
        let moving = 1 + 50_000, frame = spec.frame[moving]
        return Scenario(
            name: name, spec: spec, moving: moving,
            steps: [0.0, 0.5].map { Step(parent: nil, center: Point(frame.midX + $0, frame.midY)) },
            note: "per step: setCenter + hitTest(screenPoint:)")
    }

    static func run(_ scenario: Scenario, plan: SamplingPlan)
        -> (result: BenchmarkResult, mismatches: [String], checksum: Int)
    {
        let spec = scenario.spec, moving = scenario.moving, steps = scenario.steps
        let engine = EngineTree(spec)
        let store = engine.store, movingID = engine.ids[moving]

        // Apply each step once to learn the screen point of the moved view's centre there.
        var points: [Point] = []
        for step in steps {
            if let parent = step.parent { try! store.addSubview(movingID, to: engine.ids[parent]) }
            try! store.setCenter(step.center, of: movingID)
            let frame = spec.frame[moving]
            points.append(try! store.convert(Point(frame.width / 2, frame.height / 2),
                                             from: .view(movingID), to: .screen))
        }
        let parentIDs = steps.map { $0.parent.map { engine.ids[$0] } }
        func engineStep(_ k: Int) -> Int {
            if let parent = parentIDs[k] { try! store.addSubview(movingID, to: parent) }
            try! store.setCenter(steps[k].center, of: movingID)
            return Int(store.hitTest(screenPoint: points[k])?.index ?? -1)
        }
        let engineWorkload = Workload(queriesPerPass: steps.count) { passes in
            var sum = 0
            for _ in 0..<passes { for k in steps.indices { sum &+= engineStep(k) } }
            return sum
        }
        if plan.countsInstructions { return counted(scenario, engineWorkload, store) }

        let reference = ReferenceTree(spec), naive = NaiveTree(spec)
        let movingView = reference.views[moving], movingNaive = naive.views[moving]
        let parentViews = steps.map { $0.parent.map { reference.views[$0] } }
        let naiveParents = steps.map { $0.parent.map { naive.views[$0] } }
        func referenceStep(_ k: Int) -> Int {
            parentViews[k]?.addSubview(movingView)
            movingView.center = steps[k].center
            return reference.hitTest(points[k])
        }
        func naiveStep(_ k: Int) -> Int {
            naiveParents[k]?.addSubview(movingNaive)
            movingNaive.center = steps[k].center
            return naive.hitTest(points[k])
        }

        // Check every step: both engines and the visit counter answer the moved view.
        var mismatches: [String] = []
        var visited = 0
        for k in steps.indices {
            let engineAnswer = engineStep(k), referenceAnswer = referenceStep(k), naiveAnswer = naiveStep(k)
            let counted = VisitCounter.walk(reference.window, screenPoint: points[k])
            visited += counted.visited
            if engineAnswer != moving || referenceAnswer != moving || counted.answer != moving || naiveAnswer != moving {
                mismatches.append("\(scenario.name) step \(k): engine \(engineAnswer), naive \(naiveAnswer), "
                    + "reference \(referenceAnswer), visit counter \(counted.answer), expected \(moving)")
            }
        }

        let referenceWorkload = Workload(queriesPerPass: steps.count) { passes in
            var sum = 0
            for _ in 0..<passes { for k in steps.indices { sum &+= referenceStep(k) } }
            return sum
        }
        let naiveWorkload = Workload(queriesPerPass: steps.count) { passes in
            var sum = 0
            for _ in 0..<passes { for k in steps.indices { sum &+= naiveStep(k) } }
            return sum
        }
        var checksum = 0
        let allocations = AllocationCounter.perQuery(warming: engineWorkload, checksum: &checksum)
        let timing = Sampler.measure(engine: engineWorkload, naive: naiveWorkload, reference: referenceWorkload,
                                     plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: scenario.name, family: nil, views: spec.count, queries: steps.count,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: timing.reference,
            naiveNanosecondsPerQuery: timing.naive, visitedPerQuery: Double(visited) / Double(steps.count),
            allocationsPerQuery: allocations,
            bytesPerView: Double(store.allocatedBytes) / Double(store.liveViewCount),
            note: scenario.note)
        print("  \(scenario.name): engine \(Format.nanoseconds(timing.engine))/step")
        return (result, mismatches, checksum)
    }

    /// The engine's steps counted under callgrind, with their allocations: no other tree is
    /// built, and the answers are left to the timed runs and the tests.
    private static func counted(_ scenario: Scenario, _ workload: Workload, _ store: ViewStore)
        -> (result: BenchmarkResult, mismatches: [String], checksum: Int)
    {
        var checksum = 0
        let allocations = AllocationCounter.perQuery(warming: workload, checksum: &checksum)
        checksum &+= InstructionCount.measure(workload)
        let result = BenchmarkResult(
            name: scenario.name, family: nil, views: scenario.spec.count, queries: scenario.steps.count,
            engineNanosecondsPerQuery: 0, referenceNanosecondsPerQuery: nil, visitedPerQuery: nil,
            allocationsPerQuery: allocations,
            bytesPerView: Double(store.allocatedBytes) / Double(store.liveViewCount), note: scenario.note)
        return (result, [], checksum)
    }
}
