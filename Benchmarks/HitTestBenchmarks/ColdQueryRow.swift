import AllocationCounting
import HitTestCore

/// A row that measures one query on a fresh store, with the build it sets off (a container's
/// grid, a window's hit map). Each sample builds a new tree (not measured), readies it, and
/// measures the query alone: the first sample counts its allocations, the others are timed, and
/// when counting instructions one more store's query is the counted region.
struct ColdQueryRow {
    let name: String
    let spec: ShapeSpec
    /// Timed samples at most (each builds a whole tree).
    let maxTimedSamples: Int
    let note: String
    /// What happens to a fresh tree before the measured query (not measured); returns a checksum.
    let ready: (EngineTree) -> Int
    /// The measured query: its answer's spec index.
    let query: (EngineTree) -> Int
    /// What is wrong with the tree or the answer after the query, if anything.
    let check: (EngineTree, _ answer: Int) -> String?

    func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        var mismatches: [String] = []
        var checksum = 0
        var samples: [Double] = []
        var allocations: Int?
        var lastStore: ViewStore?
        for sample in 0...(plan.countsInstructions ? 1 : Swift.min(plan.repetitions, maxTimedSamples)) {
            let engine = EngineTree(spec)
            checksum &+= ready(engine)
            var answer = -1
            if sample == 0 {
                allocations = AllocationCounter.count { answer = query(engine) }
            } else if plan.countsInstructions {
                answer = InstructionCount.region(queries: 1) { query(engine) }
            } else {
                let begin = Sampler.threadTime()
                answer = query(engine)
                samples.append(Double(Sampler.threadTime() - begin))
            }
            checksum &+= answer
            if let problem = check(engine, answer) { mismatches.append("\(name) sample \(sample): \(problem)") }
            lastStore = engine.store
        }
        let result = BenchmarkResult(
            name: name, family: nil, views: spec.count, queries: 1,
            engineNanosecondsPerQuery: samples.isEmpty ? 0 : Sampler.median(samples), referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map(Double.init),
            bytesPerView: lastStore.map { Double($0.allocatedBytes) / Double($0.liveViewCount) },
            note: note)
        print("  \(name): \(Format.nanoseconds(result.engineNanosecondsPerQuery)), "
            + "\(allocations.map(String.init) ?? "?") allocations")
        return (result, mismatches, checksum)
    }
}
