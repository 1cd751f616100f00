// The benchmark's own use of the shared counter: façade rows count over many passes.

import AllocationCounting

extension AllocationCounter {
    /// How many passes of a façade row (taps, strokes, frames) ``perPass(_:checksum:)`` counts.
    static let hostPasses = 100

    /// The allocation calls per pass of `workload` over ``hostPasses`` passes, as a host sending
    /// frame after frame sees them (`nil` without hooks). One pass is not enough: an allocation
    /// that comes every few passes (a buffer that only some frames use, a touch object that is
    /// not reused every time) can fall outside it. The workload has had its warm-up pass.
    static func perPass(_ workload: Workload, checksum: inout Int) -> Double? {
        var counted = 0
        let calls = count { counted = workload.run(hostPasses) }
        checksum &+= counted
        return calls.map { Double($0) / Double(hostPasses) }
    }

    /// The allocation calls per query of one pass of `workload` (`nil` without hooks), after one
    /// warm-up pass, which may grow the engine's scratch stack or build a grid, once.
    static func perQuery(warming workload: Workload, checksum: inout Int) -> Double? {
        checksum &+= workload.warmUp()
        var counted = 0
        let calls = count { counted = workload.run(1) }
        checksum &+= counted
        return calls.map { Double($0) / Double(workload.queriesPerPass) }
    }
}
