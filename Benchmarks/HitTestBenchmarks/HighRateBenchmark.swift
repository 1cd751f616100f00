import AllocationCounting
import HitKit
import HitTestCore

/// High-rate input through the façade (Behaviour A3): ten fingers on the dispatch benchmark's
/// 20-deep scene, each frame carrying four samples per finger (a 240 Hz device under a 60 Hz
/// toolkit). The fingers drag together, 40 frames right then 40 left, so the pan recognizer has
/// begun and changes on every timed frame. The frame and its sample arrays are built once and
/// their times rewritten in place: the host's side allocates nothing per frame either. A second
/// row sends the same moves without samples (one location per finger), for the samples' share.
enum HighRateBenchmark {
    static let name = "dispatch-10-fingers-4-samples-20-deep"
    static let baselineName = "dispatch-10-fingers-no-samples-20-deep"
    static let names = [name, baselineName]
    static let fingers = 10
    static let samplesPerFinger = 4

    final class Driver {
        let scene = DispatchBenchmark.Scene()
        // Unchecked: the driver is the host, and the run-time checks of its own edits of the
        // frame (fifty a frame) are not the façade's cost.
        @exclusivity(unchecked) private var frame: InputFrame
        private var time = 0.0
        private var step = 0
        private var offset = 0.0
        /// Whether the frame carries the samples, or only each finger's last location.
        private let withSamples: Bool

        init(withSamples: Bool) {
            self.withSamples = withSamples
            let origin = scene.point
            let touches = (0..<HighRateBenchmark.fingers).map { finger in
                TouchInput(id: 100 + finger, phase: .began, location: Point(origin.x - 90 + 20 * Double(finger), origin.y))
            }
            frame = InputFrame(timestamp: 0, touches: touches)
            try! scene.application.send(frame)
            for index in frame.touches.indices {
                frame.touches[index].phase = .moved
                guard withSamples else { continue }
                frame.touches[index].samples = (0..<HighRateBenchmark.samplesPerFinger).map { _ in
                    TouchSample(timestamp: 0, location: .zero, force: 0.5, majorRadius: 6)
                }
            }
        }

        /// One moved frame: each finger 1 pt per sample along x, four samples 1/240 s apart.
        func sendFrame() {
            // Sent from a local: a stored property passed to a call is copied first (the call
            // might change it), which copies the frame and retains its arrays.
            var frame = InputFrame(timestamp: 0)
            swap(&frame, &self.frame)
            defer { swap(&frame, &self.frame) }
            let direction: Double = (step / 40) % 2 == 0 ? 1 : -1
            step += 1
            let start = time
            time += 1.0 / 60
            frame.timestamp = time
            let base = scene.point.x - 90
            let count = HighRateBenchmark.samplesPerFinger
            for index in frame.touches.indices {
                let finger = base + 20 * Double(index) + offset
                frame.touches[index].location = Point(finger + direction * Double(count), scene.point.y)
                guard withSamples else { continue }
                for sample in 0..<count {
                    frame.touches[index].samples[sample].timestamp = start + Double(sample + 1) / 240
                    frame.touches[index].samples[sample].location = Point(finger + direction * Double(sample + 1), scene.point.y)
                }
            }
            offset += direction * Double(HighRateBenchmark.samplesPerFinger)
            try! scene.application.send(frame)
        }
    }

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let driver = Driver(withSamples: name == self.name)
        var mismatches: [String] = []
        for _ in 0..<8 { driver.sendFrame() }
        let before = driver.scene.counter.pans
        driver.sendFrame()
        if driver.scene.counter.pans != before + 1 {
            mismatches.append("\(name): the pan sent \(driver.scene.counter.pans - before) actions in a frame, expected 1")
        }
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes { driver.sendFrame() }
            return driver.scene.counter.pans
        }
        var checksum = workload.run(200)  // warm: every buffer at its working size
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: name, family: nil, views: DispatchBenchmark.depth + 1, queries: 1,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations,
            bytesPerView: nil, note: "per frame of \(fingers) fingers\(name == self.name ? " × \(samplesPerFinger) samples" : ", no samples"); the pan changing; six recognizers")
        print("  \(name): \(Format.nanoseconds(timing.engine))/frame")
        return (result, mismatches, checksum)
    }
}
