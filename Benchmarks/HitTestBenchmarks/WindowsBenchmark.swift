import AllocationCounting
import HitKit
import HitTestCore

/// Windows made and closed among many, as a host that makes each menu, tooltip or popover a
/// window does:
///
/// - `windows-open-close-among-1000`: in an application holding 1,000 windows, 16 windows made
///   (`Window(frame:in:)`) and removed (`Application.removeWindow(_:)`), the first made first;
///   time and instructions per window.
///
/// The application finds a window at its slot: with a search of its windows, each removal cost
/// a pass over the 1,000.
enum WindowsBenchmark {
    static let name = "windows-open-close-among-1000"
    static let names = [name]
    static let resident = 1_000, perPass = 16

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let application = Application()
        let kept = (0..<resident).map { Window(frame: Rect(Double($0 % 40) * 10, 0, 100, 100), in: application) }
        var mismatches: [String] = []
        let workload = Workload(queriesPerPass: perPass) { passes in
            var sum = 0
            for _ in 0..<passes {
                let made = (0..<perPass).map { _ in Window(frame: Rect(0, 0, 50, 50), in: application) }
                for window in made { application.removeWindow(window) }
                sum &+= made.count
            }
            return sum
        }
        var checksum = workload.run(1)
        if application.windows.count != kept.count {
            mismatches.append("\(name): \(application.windows.count) windows after a pass, not \(kept.count)")
        }
        let allocations = AllocationCounter.perQuery(warming: workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        if !plan.countsInstructions { print("  \(name): \(Format.nanoseconds(timing.engine))/window") }
        let result = BenchmarkResult(name: name, family: nil, views: resident, queries: perPass,
                                     engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
                                     visitedPerQuery: nil, allocationsPerQuery: allocations, bytesPerView: nil,
                                     note: "a window made and removed among 1,000")
        return (result, mismatches, checksum &+ kept.count)
    }
}
