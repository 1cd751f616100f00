import AllocationCounting
import HitKit
import HitTestCore

/// The decision trace's cost when it is on: the dispatch scene's tap and pan (DispatchBenchmark)
/// with one trace observer that only counts the records. The rows without `-traced` are the cost
/// with the trace off, which must not move. Time per tap or per frame, and records per tap or frame.
enum TraceBenchmark {
    static let tapName = "dispatch-tap-20-deep-traced"
    static let panName = "dispatch-pan-60-frames-20-deep-traced"
    static let names = [tapName, panName]

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = DispatchBenchmark.Scene()
        var records = 0
        scene.application.observeTrace { _ in records &+= 1 }
        let isTap = name == tapName
        var mismatches: [String] = []
        if isTap { scene.tap() } else { scene.pan() }
        if records == 0 { mismatches.append("\(name): the trace recorded nothing") }
        let workload = Workload(queriesPerPass: isTap ? 1 : 60) { passes in
            for _ in 0..<passes { if isTap { scene.tap() } else { scene.pan() } }
            return records
        }
        var checksum = workload.run(1)
        let before = records
        _ = workload.run(1)
        let perQuery = Double(isTap ? 1 : 60)
        let recordsPerQuery = Double(records - before) / perQuery
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let note = "per \(isTap ? "tap" : "frame") with a trace observer; \(Format.decimal(recordsPerQuery, digits: 1)) records each"
        let result = BenchmarkResult(
            name: name, family: nil, views: DispatchBenchmark.depth + 1, queries: Int(perQuery),
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations.map { $0 / perQuery },
            bytesPerView: nil, note: note)
        print("  \(name): \(Format.nanoseconds(timing.engine))/\(isTap ? "tap" : "frame"), \(Format.decimal(recordsPerQuery, digits: 1)) records")
        return (result, mismatches, checksum)
    }
}
