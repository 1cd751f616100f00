import AllocationCounting
import HitTestCore

/// The query that builds a window's hit map: on a fresh 100,000-view random tree, after the
/// standard policy's other queries (not counted), the query that reaches the count, build
/// included. The query rows count the state after it (``Workload/warmUp()``); this row says what
/// getting there costs, in time, instructions and allocations.
enum HitMapBuildBenchmark {
    static let name = "hit-map-build-random-100000"
    static let views = 100_000

    static func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.random(views)
        var rng = SplitMix64(seed: 0x4D41_50)
        let points = QueryPoints.uniform(spec, count: HitMapPolicy.standard.queriesBeforeBuild, rng: &rng)
        var mismatches: [String] = []
        var checksum = 0
        var samples: [Double] = []
        var allocations: Int?
        var lastStore: ViewStore?
        for sample in 0...(plan.countsInstructions ? 1 : Swift.min(plan.repetitions, 5)) {
            let engine = EngineTree(spec)
            for point in points.dropLast() { checksum &+= engine.index(of: engine.store.hitTest(screenPoint: point)) }
            let last = points.last!
            var answer = -1
            if sample == 0 {
                allocations = AllocationCounter.count { answer = engine.index(of: engine.store.hitTest(screenPoint: last)) }
            } else if plan.countsInstructions {
                answer = InstructionCount.region(queries: 1) { engine.index(of: engine.store.hitTest(screenPoint: last)) }
            } else {
                let begin = Sampler.threadTime()
                answer = engine.index(of: engine.store.hitTest(screenPoint: last))
                samples.append(Double(Sampler.threadTime() - begin))
            }
            checksum &+= answer
            if engine.store.hitMapCount != 1 {
                mismatches.append("\(name) sample \(sample): \(engine.store.hitMapCount) maps after the policy's count of queries")
            }
            lastStore = engine.store
        }
        let result = BenchmarkResult(
            name: name, family: nil, views: spec.count, queries: 1,
            engineNanosecondsPerQuery: samples.isEmpty ? 0 : Sampler.median(samples), referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map(Double.init),
            bytesPerView: lastStore.map { Double($0.allocatedBytes) / Double($0.liveViewCount) },
            note: "the query that builds the window's hit map, build included")
        print("  \(name): \(Format.nanoseconds(result.engineNanosecondsPerQuery)), "
            + "\(allocations.map(String.init) ?? "?") allocations")
        return (result, mismatches, checksum)
    }
}
