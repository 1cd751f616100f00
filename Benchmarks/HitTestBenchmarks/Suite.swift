import AllocationCounting
import HitTestCore
import HitTestReference

/// Builds the benchmark trees, checks every answer, counts allocations and times the engine, the
/// naive class tree and the reference; or, under ``SamplingPlan/countsInstructions``, counts the
/// engine's instructions and allocations alone.
final class Suite {
    let plan: SamplingPlan
    let filter: String?
    /// The rows to run by name, when given (the instruction check's rows); else `filter` selects.
    let rows: Set<String>?
    /// Frames of the soak run, when the filter selects it.
    let soakFrames: Int
    private(set) var results: [BenchmarkResult] = []
    /// For each result, the queries of each instruction region it ran (``InstructionCount``).
    private(set) var regions: [[Int]] = []
    /// Answers where the engine, the reference and the visit counter disagreed.
    private(set) var mismatches: [String] = []
    /// Every answer of every timed query, summed: printed so no query can be optimized away.
    private(set) var checksum = 0

    /// Rows never run (the rows the instruction check leaves out, when it names none).
    let excluded: Set<String>

    init(plan: SamplingPlan, filter: String?, rows: Set<String>? = nil, excluded: Set<String> = [], soakFrames: Int = 0) {
        self.plan = plan
        self.filter = filter
        self.rows = rows
        self.excluded = excluded
        self.soakFrames = soakFrames
    }

    /// `--filter NAME` selects the names containing NAME; `--filter =NAME` only NAME itself (so
    /// `=chain-1000` can be profiled without chain-100000).
    private func selected(_ name: String) -> Bool {
        if excluded.contains(name) { return false }
        if let rows { return rows.contains(name) }
        guard let filter else { return true }
        return filter.first == "=" ? name == filter.dropFirst() : name.contains(filter)
    }

    /// Every benchmark, in report order.
    func runAll() {
        for depth in [10, 1_000, 100_000, 1_000_000] {
            // The walk at depth, what a query costs where no map answers (the first queries after
            // an edit, a point at a cell's edge): with its map, a chain's tip answers from its cell
            // like any other (Engine.md, "Hit maps"), which the random trees' rows measure.
            runGroup(spec: { Shapes.chain(depth) }, hitMapPolicy: .never, rows: [
                Row(name: "chain-\(depth)", family: "chain (deep)", referenceRuns: depth <= 100_000,
                    // Every point takes the same path; a few suffice where a query takes milliseconds.
                    points: { _, _, rng in QueryPoints.inChain(count: depth >= 100_000 ? 4 : 16, rng: &rng) }),
            ])
        }
        for count in [1_000, 16_384, 100_000] {
            let positions: [(String, Int)] = [("front", count - 1), ("middle", count / 2), ("back", 0)]
            runGroup(spec: { Shapes.container(count) }, rows: positions.map { position, tile in
                Row(name: "container-\(count)-\(position)",
                    family: position == "back" ? "container (hit at the back)" : nil,
                    points: { _, _, rng in QueryPoints.inTile(tile, count: 16, rng: &rng) })
            })
        }
        let treeShapes: [(String, (Int) -> ShapeSpec)] = [("balanced", Shapes.balanced), ("random", { Shapes.random($0) })]
        for (shape, build) in treeShapes {
            for count in [1_000, 100_000, 1_000_000] {
                runGroup(spec: { build(count) }, rows: [
                    Row(name: "\(shape)-\(count)-deep", family: "\(shape) (deep)",
                        points: { spec, tree, rng in QueryPoints.deep(spec, tree, count: 256, rng: &rng) }),
                    Row(name: "\(shape)-\(count)-shallow", family: nil,
                        points: { spec, tree, rng in QueryPoints.shallow(spec, tree, count: 256, rng: &rng) }),
                    Row(name: "\(shape)-\(count)-miss", family: nil,
                        points: { spec, _, rng in QueryPoints.miss(spec, count: 256, rng: &rng) }),
                ] + (shape == "random" ? [
                    Row(name: "\(shape)-\(count)-uniform", family: nil,
                        points: { spec, _, rng in QueryPoints.uniform(spec, count: 1_024, rng: &rng) }),
                ] : []))
            }
        }
        for name in DispatchBenchmark.names where selected(name) {
            record(DispatchBenchmark.run(name, plan: plan))
        }
        // The decision trace switched on (TraceBenchmark.swift).
        for name in TraceBenchmark.names where selected(name) {
            record(TraceBenchmark.run(name, plan: plan))
        }
        // High-rate input (Behaviour A3): HighRateBenchmark.swift.
        for name in HighRateBenchmark.names where selected(name) {
            record(HighRateBenchmark.run(name, plan: plan))
        }
        if selected(FirstQueryBenchmark.name) {
            record(FirstQueryBenchmark.run(plan: plan))
        }
        if selected(HitMapBuildBenchmark.name) {
            record(HitMapBuildBenchmark.run(plan: plan))
        }
        for name in PointerBenchmark.names where selected(name) {
            record(PointerBenchmark.run(name, plan: plan))
        }
        // Context menus and drag and drop (Behaviour A11): InteractionBenchmark.swift.
        for name in InteractionBenchmark.names where selected(name) {
            record(InteractionBenchmark.run(name, plan: plan))
        }
        // The keyboard (Behaviour A10): KeyboardBenchmark.swift.
        for name in KeyboardBenchmark.names where selected(name) {
            record(KeyboardBenchmark.run(name, plan: plan))
        }
        // Scroll view motion (Behaviour A6.1): ScrollMotionBenchmark.swift.
        for name in ScrollMotionBenchmark.names where selected(name) {
            record(ScrollMotionBenchmark.run(name, plan: plan))
        }
        // Zooming (Behaviour A6.2): ZoomBenchmark.swift.
        for name in ZoomBenchmark.names where selected(name) {
            record(ZoomBenchmark.run(name, plan: plan))
        }
        // Snapshots for other threads: SnapshotBenchmark.swift.
        for name in SnapshotBenchmark.names where selected(name) {
            record(SnapshotBenchmark.run(name, plan: plan))
        }
        // Conversions and frames: ConversionBenchmark.swift.
        for name in ConversionBenchmark.names where selected(name) {
            record(ConversionBenchmark.run(name, plan: plan))
        }
        // Windows made and closed among many: WindowsBenchmark.swift.
        for name in WindowsBenchmark.names where selected(name) {
            record(WindowsBenchmark.run(name, plan: plan))
        }
        // A view's subviews by index: SubviewIndexBenchmark.swift.
        for name in SubviewIndexBenchmark.names where selected(name) {
            record(SubviewIndexBenchmark.run(name, plan: plan))
        }
        for name in EditBenchmark.names where selected(name) {
            record(EditBenchmark.run(EditBenchmark.scenario(named: name), plan: plan))
        }
        // The soak (SoakBenchmark.swift): only when the filter names it, being minutes long.
        if rows.map({ $0.contains(SoakBenchmark.name) }) ?? SoakBenchmark.isSelected(by: filter) {
            record(SoakBenchmark.run(frames: soakFrames))
        }
    }

    /// Keeps a row's result, its mismatches and checksum, and the instruction regions it ran.
    private func record(_ row: (result: BenchmarkResult, mismatches: [String], checksum: Int)) {
        results.append(row.result)
        regions.append(InstructionCount.claim())
        mismatches += row.mismatches
        checksum &+= row.checksum
    }

    /// One benchmark row on a tree shared with the other rows of its group.
    struct Row {
        var name: String
        var family: String?
        /// False where the reference's recursion is too deep to run.
        var referenceRuns = true
        var points: (ShapeSpec, EngineTree, inout SplitMix64) -> [Point]
    }

    /// Builds the group's tree once (only if a row is selected) and runs its rows.
    private func runGroup(spec makeSpec: () -> ShapeSpec, hitMapPolicy: HitMapPolicy = .standard, rows: [Row]) {
        let rows = rows.filter { selected($0.name) }
        guard !rows.isEmpty else { return }
        let spec = makeSpec()
        let engine = EngineTree(spec)
        engine.store.hitMapPolicy = hitMapPolicy
        // Built even when it is not timed: the visit counter walks its views. Counting
        // instructions, only the engine runs.
        let others = plan.countsInstructions ? nil : (reference: ReferenceTree(spec), naive: NaiveTree(spec))
        for row in rows {
            // Seeded by the row's name, so a filtered run queries the same points as a full one.
            var rng = SplitMix64(seed: row.name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
            let points = row.points(spec, engine, &rng)
            let result = others.map {
                run(row, points: points, engine: engine, naive: $0.naive, reference: $0.reference, spec: spec)
            } ?? count(row, points: points, engine: engine, spec: spec)
            record((result, [], 0))
            log(result)
        }
    }

    /// A row's engine queries counted under callgrind, with its allocations: no other tree is
    /// built, and the answers are left to the timed runs and the tests.
    private func count(_ row: Row, points: [Point], engine: EngineTree, spec: ShapeSpec) -> BenchmarkResult {
        let store = engine.store
        let workload = Workload.hitTests(store, points)
        let allocations = AllocationCounter.perQuery(warming: workload, checksum: &checksum)
        checksum &+= InstructionCount.measure(workload)
        return BenchmarkResult(
            name: row.name, family: row.family, views: spec.count, queries: points.count,
            engineNanosecondsPerQuery: 0, referenceNanosecondsPerQuery: nil, visitedPerQuery: nil,
            allocationsPerQuery: allocations, bytesPerView: Double(store.allocatedBytes) / Double(store.liveViewCount))
    }

    private func run(_ row: Row, points: [Point], engine: EngineTree, naive: NaiveTree,
                     reference: ReferenceTree, spec: ShapeSpec) -> BenchmarkResult {
        // Check every query: engine == naive == reference == visit counter.
        var visited = 0
        for point in points {
            let engineAnswer = engine.index(of: engine.store.hitTest(screenPoint: point))
            let naiveAnswer = naive.hitTest(point)
            let counted = VisitCounter.walk(reference.window, screenPoint: point)
            visited += counted.visited
            let referenceAnswer = row.referenceRuns ? reference.hitTest(point) : counted.answer
            if engineAnswer != referenceAnswer || engineAnswer != counted.answer || naiveAnswer != referenceAnswer {
                mismatches.append("\(row.name) at \(point): engine \(engineAnswer), naive \(naiveAnswer), "
                    + "reference \(referenceAnswer), visit counter \(counted.answer)")
            }
        }

        let store = engine.store
        let engineWorkload = Workload.hitTests(store, points)
        let naiveWorkload = Workload(queriesPerPass: points.count) { passes in
            var sum = 0
            for _ in 0..<passes {
                for point in points { sum &+= naive.hitTest(point) }
            }
            return sum
        }
        let referenceWorkload = row.referenceRuns ? Workload(queriesPerPass: points.count) { passes in
            var sum = 0
            for _ in 0..<passes {
                for point in points { sum &+= reference.hitTest(point) }
            }
            return sum
        } : nil

        let allocations = AllocationCounter.perQuery(warming: engineWorkload, checksum: &checksum)
        let timing = Sampler.measure(engine: engineWorkload, naive: naiveWorkload, reference: referenceWorkload,
                                     plan: plan, checksum: &checksum)
        let grids = engine.ids.count(where: { (try? store.hasContainerGrid($0)) == true })
        var notes: [String] = []
        if !row.referenceRuns { notes.append("reference not run: its recursion is \(spec.count) calls deep") }
        if grids > 0 {
            notes.append("the engine served \(grids) container(s) from a grid: visited counts the literal walk")
        }
        return BenchmarkResult(
            name: row.name, family: row.family, views: spec.count, queries: points.count,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: timing.reference,
            naiveNanosecondsPerQuery: timing.naive,
            visitedPerQuery: Double(visited) / Double(points.count),
            allocationsPerQuery: allocations,
            bytesPerView: Double(store.allocatedBytes) / Double(store.liveViewCount),
            gridContainers: grids,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    private func log(_ result: BenchmarkResult) {
        print("  \(result.name): engine \(Format.nanoseconds(result.engineNanosecondsPerQuery))/query"
            + (result.speedupOverNaive.map { ", \(Format.ratio($0)) naive" } ?? "")
            + (result.speedup.map { ", \(Format.ratio($0)) the reference" } ?? ""))
    }
}

extension Workload {
    /// Screen hit tests of `store` at `points`, summing the answers' rows.
    static func hitTests(_ store: ViewStore, _ points: [Point]) -> Workload {
        var workload = Workload(queriesPerPass: points.count) { passes in
            var sum = 0
            for _ in 0..<passes {
                for point in points { sum &+= Int(store.hitTest(screenPoint: point)?.index ?? -1) }
            }
            return sum
        }
        // Queries of an unedited store reach a steady state once its hit maps are built (or
        // refused): the warm-up asks as many as the store waits for. The build has its own row
        // (``HitMapBuildBenchmark``).
        let queries = HitMapPolicy.standard.queriesBeforeBuild
        workload.warmUpPasses = Swift.max(1, (queries + points.count - 1) / Swift.max(points.count, 1))
        return workload
    }
}
