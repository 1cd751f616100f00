import AllocationCounting
import HitTestCore

/// Snapshots (`ViewStore.snapshot()`) of the random 100,000-view tree:
///
/// - `snapshot-first-100000`: the store's first snapshot, which shares every row chunk (it copies
///   the chunk tables, no row);
/// - `snapshot-after-10-edits-100000`: a snapshot after 10 rows far apart were edited;
/// - `snapshot-hit-random-100000`: a screen hit test on a snapshot (the note has the live store's
///   time on the same points, in the same run);
/// - `snapshot-edit-alive-100000`: an edit (`setCenter`) while a snapshot is alive (the note has
///   the same edit on a store that never took one).
enum SnapshotBenchmark {
    static let views = 100_000
    static let names = ["snapshot-first-100000", "snapshot-after-10-edits-100000",
                        "snapshot-hit-random-100000", "snapshot-edit-alive-100000"]
    /// The rows that time taking a snapshot: the snapshot is an object and its chunk tables are
    /// copied, so these allocate by design (2 a snapshot); they are neither a query nor an edit step.
    static let takingNames = Array(names.prefix(2))

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.random(views)
        var checksum = 0, mismatches: [String] = []
        let result: BenchmarkResult
        switch name {
        case names[0]:
            var samples: [Double] = []
            // Counting instructions, the second store's snapshot is counted: the process's first
            // one also sets up the runtime's type metadata.
            for sample in 0...(plan.countsInstructions ? 1 : plan.repetitions) {
                let engine = EngineTree(spec)
                if plan.countsInstructions {
                    checksum &+= sample == 0 ? engine.store.snapshot().viewCount
                        : countedSnapshot(engine.store, &checksum).viewCount
                    continue
                }
                let begin = Sampler.threadTime()
                let snapshot = engine.store.snapshot()
                samples.append(Double(Sampler.threadTime() - begin))
                checksum &+= snapshot.viewCount
            }
            let engine = EngineTree(spec)
            let allocations = AllocationCounter.count { checksum &+= engine.store.snapshot().viewCount }
            var r = row(name, spec, nanoseconds: samples.isEmpty ? 0 : Sampler.median(samples), queries: 1,
                        note: "one snapshot: chunk tables copied, no row")
            r.allocationsPerQuery = allocations.map(Double.init)
            result = r
        case names[1]:
            let engine = EngineTree(spec)
            var samples: [Double] = []
            var kept: [ViewStoreSnapshot] = []
            kept.append(engine.store.snapshot())
            for sample in 0..<Swift.max(plan.repetitions * 20, 2) {
                for k in 0..<10 {
                    let id = engine.ids[(sample * 7919 + k * 9973) % spec.count]
                    try! engine.store.setCenter(try! engine.store.center(of: id), of: id)
                }
                let begin = Sampler.threadTime()
                // Counting instructions, the second snapshot is counted: the first whose edits
                // copied chunks a live snapshot holds.
                let snapshot = plan.countsInstructions && sample > 0
                    ? countedSnapshot(engine.store, &checksum) : engine.store.snapshot()
                if !plan.countsInstructions { samples.append(Double(Sampler.threadTime() - begin)) }
                // The previous one stays alive: the edited chunks must be copied, not reused.
                kept = [kept.last!, snapshot]
            }
            let allocations = AllocationCounter.count { kept.append(engine.store.snapshot()) }
            var r = row(name, spec, nanoseconds: samples.isEmpty ? 0 : Sampler.median(samples), queries: 1,
                        note: "10 rows edited since the previous snapshot, which is still alive")
            r.allocationsPerQuery = allocations.map(Double.init)
            result = r
        case names[2]:
            let engine = EngineTree(spec)
            var rng = SplitMix64(seed: 25)
            let points = QueryPoints.deep(spec, engine, count: 256, rng: &rng)
            // The snapshot is taken of the store as its queries find it: after the live store's
            // warm-up, so it shares the window's hit map (the live rows warm up the same way).
            let store = engine.store
            checksum &+= Workload.hitTests(store, points).warmUp()
            let snapshot = store.snapshot()
            for point in points {
                let live = store.hitTest(screenPoint: point)
                let taken = snapshot.hitTest(screenPoint: point)
                if taken != (live.map(SnapshotAnswer.hit) ?? .miss) {
                    mismatches.append("\(name) at \(point): snapshot \(taken), live \(String(describing: live))")
                }
            }
            let snapshotWorkload = Workload(queriesPerPass: points.count) { passes in
                var sum = 0
                for _ in 0..<passes {
                    for point in points {
                        if case .hit(let id) = snapshot.hitTest(screenPoint: point) { sum &+= Int(id.index) }
                    }
                }
                return sum
            }
            let liveWorkload = Workload.hitTests(store, points)
            checksum &+= snapshotWorkload.run(1)
            let allocations = AllocationCounter.count { checksum &+= snapshotWorkload.run(1) }
            // The live store sits in the "reference" slot of the pairing only to be timed alongside.
            let timing = Sampler.measure(engine: snapshotWorkload, reference: liveWorkload, plan: plan, checksum: &checksum)
            var r = row(name, spec, nanoseconds: timing.engine, queries: points.count,
                        note: "live store \(Format.nanoseconds(timing.reference ?? 0))/query on the same points: "
                            + "snapshot/live \(String(format: "%.2f", timing.engine / (timing.reference ?? 1)))")
            r.allocationsPerQuery = allocations.map { Double($0) / Double(points.count) }
            r.baselineNanosecondsPerQuery = timing.reference
            result = r
        default:
            let alive = EngineTree(spec), plain = EngineTree(spec)
            let snapshot = alive.store.snapshot()
            func edits(_ engine: EngineTree) -> Workload {
                Workload(queriesPerPass: 1_000) { passes in
                    for pass in 0..<passes {
                        for k in 0..<1_000 {
                            let id = engine.ids[(pass &* 131 &+ k &* 9973) % spec.count]
                            try! engine.store.setCenter(Point(Double(k & 7), 1), of: id)
                        }
                    }
                    return passes
                }
            }
            let aliveEdits = edits(alive)
            // Warm: every chunk the edits write has been copied once since the snapshot.
            checksum &+= aliveEdits.run(2)
            let allocations = AllocationCounter.count { checksum &+= aliveEdits.run(1) }
            let timing = Sampler.measure(engine: aliveEdits, reference: plan.countsInstructions ? nil : edits(plain),
                                         plan: plan, checksum: &checksum)
            checksum &+= snapshot.viewCount
            var r = row(name, spec, nanoseconds: timing.engine, queries: 1_000,
                        note: "without a snapshot \(Format.nanoseconds(timing.reference ?? 0))/edit: "
                            + "ratio \(String(format: "%.2f", timing.engine / (timing.reference ?? 1)))")
            r.baselineNanosecondsPerQuery = timing.reference
            r.allocationsPerQuery = allocations.map { Double($0) / 1_000 }
            result = r
        }
        print("  \(name): \(Format.nanoseconds(result.engineNanosecondsPerQuery)) (\(result.note ?? ""))")
        return (result, mismatches, checksum)
    }

    /// A snapshot of `store`, taken in a counted region (``InstructionCount``).
    private static func countedSnapshot(_ store: ViewStore, _ checksum: inout Int) -> ViewStoreSnapshot {
        var taken: ViewStoreSnapshot?
        checksum &+= InstructionCount.region(queries: 1) {
            taken = store.snapshot()
            return taken.unsafelyUnwrapped.viewCount
        }
        return taken.unsafelyUnwrapped
    }

    private static func row(_ name: String, _ spec: ShapeSpec, nanoseconds: Double, queries: Int, note: String) -> BenchmarkResult {
        BenchmarkResult(name: name, family: nil, views: spec.count, queries: queries,
                        engineNanosecondsPerQuery: nanoseconds, referenceNanosecondsPerQuery: nil,
                        visitedPerQuery: nil, allocationsPerQuery: nil, bytesPerView: nil, note: note)
    }
}
