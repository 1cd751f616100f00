import AllocationCounting
import HitTestCore

/// The first query on a freshly built 16,384-tile container, hit at the back: it walks the
/// siblings and builds the container's grid, so it measures what building a grid costs in time
/// and allocations. Each sample builds a new store (not timed) and times its first query alone.
enum FirstQueryBenchmark {
    static let name = "first-query-container-16384"
    static let tiles = 16_384

    static func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.container(tiles)
        let point = Point(Shapes.tileFrame(0).midX, Shapes.tileFrame(0).midY)
        var mismatches: [String] = []
        var checksum = 0
        var samples: [Double] = []
        var allocations: Int?
        var lastStore: ViewStore?
        // One store more when counting instructions: its first query is the counted region.
        for sample in 0...(plan.countsInstructions ? 1 : plan.repetitions) {
            let engine = EngineTree(spec)
            var answer = -1
            if sample == 0 {
                // The first store counts allocations instead of being timed.
                allocations = AllocationCounter.count { answer = engine.index(of: engine.store.hitTest(screenPoint: point)) }
            } else if plan.countsInstructions {
                answer = InstructionCount.region(queries: 1) { engine.index(of: engine.store.hitTest(screenPoint: point)) }
            } else {
                let begin = Sampler.threadTime()
                answer = engine.index(of: engine.store.hitTest(screenPoint: point))
                samples.append(Double(Sampler.threadTime() - begin))
            }
            checksum &+= answer
            // Tile 0 is spec view 1, the back-most subview.
            if answer != 1 { mismatches.append("\(name) sample \(sample): engine \(answer), expected 1") }
            if (try? engine.store.hasContainerGrid(engine.ids[0])) != true {
                mismatches.append("\(name) sample \(sample): the first query built no grid")
            }
            lastStore = engine.store
        }
        let result = BenchmarkResult(
            name: name, family: nil, views: spec.count, queries: 1,
            engineNanosecondsPerQuery: samples.isEmpty ? 0 : Sampler.median(samples), referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map(Double.init),
            bytesPerView: lastStore.map { Double($0.allocatedBytes) / Double($0.liveViewCount) },
            note: "one query on a fresh store, grid build included")
        print("  \(name): \(Format.nanoseconds(result.engineNanosecondsPerQuery)), "
            + "\(allocations.map(String.init) ?? "?") allocations")
        return (result, mismatches, checksum)
    }
}
