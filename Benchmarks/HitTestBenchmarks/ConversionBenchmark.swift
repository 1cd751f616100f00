import AllocationCounting
import HitTestCore
import HitTestReference

/// Behaviour A1's conversions in the random 100,000-view tree, between 256 pairs of its deepest
/// leaves (each pair meets at their nearest common ancestor):
///
/// - `convert-point-random-100000`: `ViewStore.convert(_:from:to:)` of a point;
/// - `convert-rect-random-100000`: the same of a rect, its four corners' bounding box;
/// - `frame-random-100000`: `ViewStore.frame(of:)` of each leaf.
///
/// Hosts convert rects for layout and a view's frame on every read, so these are queries like a
/// hit test: no allocation, and the reference's answers, bit for bit.
enum ConversionBenchmark {
    static let names = ["convert-point-random-100000", "convert-rect-random-100000", "frame-random-100000"]
    static let pairs = 256

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.random(100_000)
        let engine = EngineTree(spec)
        let store = engine.store
        var rng = SplitMix64(seed: 41)
        let leaves = QueryPoints.deepLeaves(spec, count: 2 * pairs, rng: &rng)
        let sources = Array(leaves.prefix(pairs)), destinations = Array(leaves.suffix(pairs))
        let point = Point(3.25, 7.5), rect = Rect(-2.5, 1.25, 10, 20)
        // Chosen once: a string compared in the loop would be counted with the query.
        let kind = names.firstIndex(of: name) ?? 0

        func engineAnswer(_ k: Int) -> Rect {
            let from = CoordinateSpace.view(engine.ids[sources[k]]), to = CoordinateSpace.view(engine.ids[destinations[k]])
            switch kind {
            case 0:
                let p = try! store.convert(point, from: from, to: to)
                return Rect(origin: p, size: Size(width: 0, height: 0))
            case 1: return try! store.convert(rect, from: from, to: to)
            default: return try! store.frame(of: engine.ids[sources[k]])
            }
        }
        let workload = Workload(queriesPerPass: pairs) { passes in
            var sum = 0
            for _ in 0..<passes {
                for k in 0..<pairs { sum &+= Int(engineAnswer(k).origin.x) }
            }
            return sum
        }
        var checksum = 0
        let allocations = AllocationCounter.perQuery(warming: workload, checksum: &checksum)
        let result: BenchmarkResult
        var mismatches: [String] = []
        if plan.countsInstructions {
            checksum &+= InstructionCount.measure(workload)
            result = row(name, spec, nanoseconds: 0, allocations: allocations)
        } else {
            let reference = ReferenceTree(spec)
            var screen = ReferenceScreen()
            screen.windows.append((window: reference.window, level: 0))
            func referenceAnswer(_ k: Int) -> Rect {
                let from = reference.views[sources[k]], to = reference.views[destinations[k]]
                switch kind {
                case 0:
                    let p = try! screen.convert(point, from: from, to: to)
                    return Rect(origin: p, size: Size(width: 0, height: 0))
                case 1: return try! screen.convert(rect, from: from, to: to)
                default: return Rect.boundingBox(of: from.bounds.corners.map(from.convertToSuperview))
                }
            }
            for k in 0..<pairs where !sameBits(engineAnswer(k), referenceAnswer(k)) {
                mismatches.append("\(name) pair \(k): engine \(engineAnswer(k)), reference \(referenceAnswer(k))")
            }
            let referenceWorkload = Workload(queriesPerPass: pairs) { passes in
                var sum = 0
                for _ in 0..<passes {
                    for k in 0..<pairs { sum &+= Int(referenceAnswer(k).origin.x) }
                }
                return sum
            }
            let timing = Sampler.measure(engine: workload, reference: referenceWorkload, plan: plan, checksum: &checksum)
            var r = row(name, spec, nanoseconds: timing.engine, allocations: allocations)
            r.referenceNanosecondsPerQuery = timing.reference
            result = r
            print("  \(name): engine \(Format.nanoseconds(timing.engine))/query")
        }
        return (result, mismatches, checksum)
    }

    private static func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        [(a.origin.x, b.origin.x), (a.origin.y, b.origin.y), (a.size.width, b.size.width), (a.size.height, b.size.height)]
            .allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
    }

    private static func row(_ name: String, _ spec: ShapeSpec, nanoseconds: Double, allocations: Double?) -> BenchmarkResult {
        BenchmarkResult(name: name, family: nil, views: spec.count, queries: pairs,
                        engineNanosecondsPerQuery: nanoseconds, referenceNanosecondsPerQuery: nil,
                        visitedPerQuery: nil, allocationsPerQuery: allocations, bytesPerView: nil,
                        note: name == names[2] ? "a leaf's frame" : "between two deep leaves, through their common ancestor")
    }
}
