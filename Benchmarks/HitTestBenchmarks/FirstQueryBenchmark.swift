import HitTestCore

/// The first query on a freshly built 16,384-tile container, hit at the back: it walks the
/// siblings and builds the container's grid, so it measures what building a grid costs in time
/// and allocations.
enum FirstQueryBenchmark {
    static let name = "first-query-container-16384"
    static let tiles = 16_384

    static func run(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let point = Point(Shapes.tileFrame(0).midX, Shapes.tileFrame(0).midY)
        return ColdQueryRow(
            name: name, spec: Shapes.container(tiles), maxTimedSamples: .max,
            note: "one query on a fresh store, grid build included",
            ready: { _ in 0 },
            query: { engine in engine.index(of: engine.store.hitTest(screenPoint: point)) },
            check: { engine, answer in
                // Tile 0 is spec view 1, the back-most subview.
                if answer != 1 { return "engine \(answer), expected 1" }
                if (try? engine.store.hasContainerGrid(engine.ids[0])) != true { return "the first query built no grid" }
                return nil
            }
        ).run(plan: plan)
    }
}
