import AllocationCounting
import HitTestCore

/// A view's subviews read by index, in order, as a C host's first loop does
/// (`for (i = 0; i < count; i++) hk_view_subview_at(store, v, i, &sub)`):
///
/// - `subview-at-container-10000`: `ViewStore.subview(of:at:)` of each of the 10,000 tiles of
///   the container, index 0 to the last, the count asked once a pass.
///
/// The store keeps where the last read stopped, so each read is one step from the one before;
/// without it the loop is quadratic (a read at index `i` walks `i` sibling links).
enum SubviewIndexBenchmark {
    static let names = ["subview-at-container-10000"]

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let spec = Shapes.container(10_000)
        let engine = EngineTree(spec)
        let store = engine.store, container = engine.ids[0]
        let expected = try! store.subviews(of: container)
        var mismatches: [String] = []
        let count = try! store.subviewCount(of: container)
        if count != expected.count { mismatches.append("\(name): subviewCount \(count), subviews(of:) \(expected.count)") }
        for (i, id) in expected.enumerated() where try! store.subview(of: container, at: i) != id {
            mismatches.append("\(name) index \(i): subview(of:at:) \(String(describing: try! store.subview(of: container, at: i))), subviews(of:) \(id)")
        }
        let workload = Workload(queriesPerPass: expected.count) { passes in
            var sum = 0
            for _ in 0..<passes {
                let count = try! store.subviewCount(of: container)
                for i in 0..<count { sum &+= Int(try! store.subview(of: container, at: i)!.index) }
            }
            return sum
        }
        var checksum = 0
        let allocations = AllocationCounter.perQuery(warming: workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        if !plan.countsInstructions { print("  \(name): engine \(Format.nanoseconds(timing.engine))/read") }
        let result = BenchmarkResult(name: name, family: nil, views: spec.count, queries: expected.count,
                                     engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
                                     visitedPerQuery: nil, allocationsPerQuery: allocations, bytesPerView: nil,
                                     note: "a container's subviews by index, in order")
        return (result, mismatches, checksum)
    }
}
