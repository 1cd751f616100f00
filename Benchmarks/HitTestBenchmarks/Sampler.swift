#if canImport(Glibc)
import Glibc
#endif

// Timing: warm-up, calibrated passes, repeated samples, the median; the engine's, the naive
// tree's and the reference's samples interleaved so that a noisy moment hurts both alike.
//
// Samples are timed with the benchmark thread's CPU clock (`CLOCK_THREAD_CPUTIME_ID`), not the
// wall clock: on a shared 2-core machine the thread is often descheduled, and wall time would
// count the other processes' turns. Cache pollution from them still shows, so medians remain
// noisier than on a quiet machine.

/// How long and how often to sample, or whether to count instructions instead.
struct SamplingPlan {
    /// Samples per side after the warm-up; the median is quoted.
    var repetitions: Int
    /// The shortest time one sample should take; passes are repeated until it does.
    var minimumSampleNanoseconds: Double
    /// Whether the run counts instructions under callgrind instead of timing (``InstructionCount``):
    /// each row's warm passes run once, in a counted region, and nothing else the row would time
    /// (the reference, the naive tree) is run.
    var countsInstructions = false

    static let full = SamplingPlan(repetitions: 9, minimumSampleNanoseconds: 30_000_000)
    static let quick = SamplingPlan(repetitions: 3, minimumSampleNanoseconds: 4_000_000)
    static let instructions = SamplingPlan(repetitions: 0, minimumSampleNanoseconds: 0, countsInstructions: true)
}

/// A timed workload: `run(passes)` performs `passes` passes of `queriesPerPass` queries and
/// returns a checksum of the answers (accumulated so the optimizer cannot drop the work).
struct Workload {
    let queriesPerPass: Int
    let run: (_ passes: Int) -> Int
    /// Passes of the warm-up (``warmUp()``).
    var warmUpPasses = 1

    init(queriesPerPass: Int, run: @escaping (_ passes: Int) -> Int) {
        self.queriesPerPass = queriesPerPass
        self.run = run
    }

    /// The warm-up before a row is counted or timed: every buffer at its working size.
    func warmUp() -> Int { run(warmUpPasses) }
}

/// A workload whose passes time only part of themselves: for a row whose pass needs setup that is
/// not what the row measures (a tap to stop must first start the motion it stops).
/// `run(passes, &durations)` appends the wall-clock nanoseconds of each timed part, read with
/// ``Sampler/now()`` before and after it, and returns a checksum. A sample is the median part,
/// less what a pair of clock reads costs: wall-clock rather than CPU time because a part lasts
/// microseconds (the thread's CPU clock is a system call costing as much on this machine), and the
/// median rather than the sum because on a loaded machine some parts are descheduled for
/// milliseconds, which a sum would add in whole.
struct PartlyTimedWorkload {
    let queriesPerPass: Int
    let run: (_ passes: Int, _ durations: inout [UInt64]) -> Int
}

/// Medians in nanoseconds per query.
struct PairedTiming {
    var engine: Double
    var reference: Double?
    var naive: Double? = nil
}

enum Sampler {
    /// Wall-clock nanoseconds since an arbitrary start (`CLOCK_MONOTONIC`).
    static func now() -> UInt64 { read(CLOCK_MONOTONIC) }

    /// CPU nanoseconds this thread has run (`CLOCK_THREAD_CPUTIME_ID`): what samples are timed with.
    static func threadTime() -> UInt64 { read(CLOCK_THREAD_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Times `engine` and (when given) `naive` and `reference` under `plan`, their samples
    /// interleaved; `checksum` collects every answer.
    static func measure(engine: Workload, naive: Workload? = nil, reference: Workload?, plan: SamplingPlan,
                        checksum: inout Int) -> PairedTiming
    {
        if plan.countsInstructions {
            checksum &+= InstructionCount.measure(engine)
            return PairedTiming(engine: 0, reference: nil, naive: nil)
        }
        let workloads = [engine, naive, reference]
        // Warm-up, which also calibrates how many passes make a sample long enough.
        let passes = workloads.map { $0.map { calibrate($0, plan, &checksum) } }
        var samples: [[Double]] = [[], [], []]
        for _ in 0..<plan.repetitions {
            for (index, workload) in workloads.enumerated() {
                if let workload, let count = passes[index] {
                    samples[index].append(sample(workload, passes: count, &checksum))
                }
            }
        }
        let medians = samples.map { $0.isEmpty ? nil : median($0) }
        return PairedTiming(engine: medians[0]!, reference: medians[2], naive: medians[1])
    }

    /// Times the timed parts of `workload` under `plan`: the median over samples of each sample's
    /// median part (nanoseconds per query), less the cost of reading the clock around a part.
    /// Under ``SamplingPlan/countsInstructions`` nothing is counted: the part cannot be told from
    /// the rest of its pass there (the row's whole pass is another row).
    static func measure(_ workload: PartlyTimedWorkload, plan: SamplingPlan, checksum: inout Int) -> Double {
        if plan.countsInstructions { return 0 }
        var durations: [UInt64] = []
        let whole = Workload(queriesPerPass: workload.queriesPerPass) { passes in
            durations.removeAll(keepingCapacity: true)
            return workload.run(passes, &durations)
        }
        let passes = calibrate(whole, plan, &checksum)
        let overhead = clockPairNanoseconds()
        var samples: [Double] = []
        for _ in 0..<plan.repetitions {
            durations.removeAll(keepingCapacity: true)
            durations.reserveCapacity(passes)
            checksum &+= workload.run(passes, &durations)
            let part = median(durations.map { Double($0) })
            samples.append(max(0, part - overhead) / Double(workload.queriesPerPass))
        }
        return median(samples)
    }

    /// The median wall-clock nanoseconds that two back-to-back reads of ``now()`` measure: what
    /// reading the clock around a timed part adds to it.
    private static func clockPairNanoseconds() -> Double {
        var pairs = [Double](repeating: 0, count: 100_000)
        for index in pairs.indices {
            let begin = now()
            pairs[index] = Double(now() &- begin)
        }
        return median(pairs)
    }

    /// Runs passes, doubling, until one run lasts a sample's length; returns that pass count.
    private static func calibrate(_ workload: Workload, _ plan: SamplingPlan, _ checksum: inout Int) -> Int {
        var passes = 1
        while true {
            let begin = threadTime()
            checksum &+= workload.run(passes)
            let elapsed = Double(threadTime() - begin)
            if elapsed >= plan.minimumSampleNanoseconds || passes >= 1 << 30 { return passes }
            // Aim a little past the target from the rate seen so far, at most 16× at a time.
            let factor = elapsed > 0 ? plan.minimumSampleNanoseconds * 1.2 / elapsed : 16
            passes = max(passes + 1, Int(Double(passes) * min(factor, 16)))
        }
    }

    /// One sample: nanoseconds per query.
    private static func sample(_ workload: Workload, passes: Int, _ checksum: inout Int) -> Double {
        let begin = threadTime()
        checksum &+= workload.run(passes)
        let elapsed = Double(threadTime() - begin)
        return elapsed / Double(passes * workload.queriesPerPass)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
