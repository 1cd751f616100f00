import HitTestCore

/// The query that builds a window's hit map: on a fresh 100,000-view random tree, after the
/// standard policy's other queries (not measured), the query that reaches the count, build
/// included. The query rows count the state after it (``Workload/warmUp()``); this row says what
/// getting there costs, in time, instructions and allocations.
enum HitMapBuildBenchmark {
    static let name = "hit-map-build-random-100000"
    static let views = 100_000

    static func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.random(views)
        var rng = SplitMix64(seed: 0x4D41_50)
        let points = QueryPoints.uniform(spec, count: HitMapPolicy.standard.queriesBeforeBuild, rng: &rng)
        let last = points.last!
        return ColdQueryRow(
            name: name, spec: spec, maxTimedSamples: 5,
            note: "the query that builds the window's hit map, build included",
            ready: { engine in
                points.dropLast().reduce(0) { $0 &+ engine.index(of: engine.store.hitTest(screenPoint: $1)) }
            },
            query: { engine in engine.index(of: engine.store.hitTest(screenPoint: last)) },
            check: { engine, _ in
                engine.store.hitMapCount == 1 ? nil
                    : "\(engine.store.hitMapCount) maps after the policy's count of queries"
            }
        ).run(plan: plan)
    }
}
