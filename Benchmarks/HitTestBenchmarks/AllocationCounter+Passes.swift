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
}
