import AllocationCounting
import Foundation
import HitKitScene
import HitTestCore
import HitTestReference

/// `HitTestBenchmarks bench SCENE [POINTS] [--json]`: times screen hit tests on the user's own
/// scene, on the engine and on the reference (Behaviour A2 written literally) in one run, checks
/// that every answer agrees, and reports the engine's allocations per query and memory per view,
/// as the benchmark rows do. It lives in the benchmark executable, not in the shipped `hitkit`,
/// because counting allocations patches the process's allocator imports.
enum BenchCommand {
    static let usage = """
        usage: HitTestBenchmarks bench SCENE [POINTS] [--json]
          times screen hit tests on the engine and on the reference (medians), at the
          points of POINTS ("x y" lines) or spread over the windows; exits 1 if any
          answer differs, 2 on bad input or usage
        """

    /// Runs `bench` with its operands; returns the exit status (0 agreed, 1 an answer differs,
    /// 2 bad input or usage).
    static func main(_ operands: [String]) -> Int32 {
        if operands == ["--help"] || operands == ["-h"] {
            print(usage)
            return 0
        }
        let json = operands.contains("--json"), files = operands.filter { $0 != "--json" }
        guard (1...2).contains(files.count), !files.contains(where: { $0.hasPrefix("--") }) else {
            StandardError.write("HitTestBenchmarks: bench takes SCENE [POINTS] [--json]\n\(usage)\n")
            return 2
        }
        let output = StandardOutput()
        defer { output.flush() }
        do {
            return try run(scenePath: files[0], pointsPath: files.count == 2 ? files[1] : nil, json: json,
                           output: output) ? 0 : 1
        } catch {
            StandardError.write("\(error)\n")
            return 2
        }
    }

    /// Points spread over each window when no POINTS file is given: a grid this many a side.
    static let gridSide = 32
    /// Timed passes over all the points; each side's figure is the median pass.
    static let passes = 15

    struct Result {
        var views: Int
        var windows: Int
        var points: Int
        var engineNanoseconds: Double
        var referenceNanoseconds: Double
        var disagreements: [(Point, engine: String, reference: String)]
        /// Allocation calls per engine query over one pass after the warm-up, or `nil` when the
        /// counter is not available (its hooks are glibc's).
        var allocationsPerQuery: Double?
        var bytesPerView: Double
    }

    /// Runs the benchmark; false when an answer disagreed (printed on standard error).
    static func run(scenePath: String, pointsPath: String?, json: Bool, output: StandardOutput) throws(SceneError) -> Bool {
        let scene = try LoadedScene.load(contentsOf: scenePath)
        let store = scene.application.store
        let points = try pointsPath.map { path throws(SceneError) in try readPoints(path) } ?? spread(over: store)
        guard !points.isEmpty else {
            throw SceneError(file: pointsPath ?? scenePath, location: .file, message: "no points to time")
        }
        let result = measure(store, points)
        output.write(json ? jsonText(result, scene: scenePath) : text(result, scene: scenePath))
        for (point, engine, reference) in result.disagreements.prefix(10) {
            StandardError.write("HitTestBenchmarks: disagreement at (\(point.x), \(point.y)): engine \(engine), reference \(reference)\n")
        }
        return result.disagreements.isEmpty
    }

    static func measure(_ store: ViewStore, _ points: [Point]) -> Result {
        let reference = (try? ReferenceScreen(copying: store)) ?? ReferenceScreen()
        var disagreements: [(Point, engine: String, reference: String)] = []
        for p in points {
            let engine = store.hitTest(screenPoint: p).map { Int($0.index) }
            let expected = reference.hitTest(screenPoint: p)?.id
            if engine != expected {
                disagreements.append((p, engine.map { "row \($0)" } ?? "none", expected.map { "row \($0)" } ?? "none"))
            }
        }
        // After the agreement pass above, which warmed the engine up (scratch stacks, grids).
        var sink: Int32 = 0
        let allocations = countAllocations {
            // An index loop: an unoptimized build's generic array iterator allocates per element.
            var i = 0
            while i < points.count {
                sink &+= store.hitTest(screenPoint: points[i])?.index ?? -1
                i += 1
            }
        }
        blackHole(sink)
        let engine = median(points) { p in store.hitTest(screenPoint: p)?.index ?? -1 }
        let referenceTime = median(points) { p in Int32(reference.hitTest(screenPoint: p)?.id ?? -1) }
        return Result(views: store.liveViewCount, windows: store.windows.count, points: points.count,
                      engineNanoseconds: engine, referenceNanoseconds: referenceTime, disagreements: disagreements,
                      allocationsPerQuery: allocations.map { Double($0) / Double(points.count) },
                      bytesPerView: Double(store.allocatedBytes) / Double(Swift.max(store.liveViewCount, 1)))
    }

    /// The allocation calls `body` makes, or `nil` when the counter cannot be installed here or
    /// fails its own check (it then counts nothing reliably).
    private static func countAllocations(_ body: () -> Void) -> Int? {
        guard counterWorks else { body(); return nil }
        return AllocationCounter.count(body)
    }

    /// Installs the counter's hooks on first use (only `bench` patches the process).
    private static let counterWorks: Bool = AllocationCounter.install() > 0 && AllocationCounter.selfCheck().works

    /// The median over ``passes`` passes of the time per query, in nanoseconds.
    private static func median(_ points: [Point], _ query: (Point) -> Int32) -> Double {
        var sink: Int32 = 0
        var times: [Double] = []
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds
            for p in points { sink &+= query(p) }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(points.count))
        }
        // Keeps the queries from being optimized away.
        if sink == .min { StandardError.write("") }
        return times.sorted()[times.count / 2]
    }

    /// A grid of points over each window's bounds on the screen.
    private static func spread(over store: ViewStore) -> [Point] {
        var points: [Point] = []
        for window in store.windows {
            guard let box = try? store.convert(try store.bounds(of: window), from: .view(window), to: .screen),
                  box.isFinite else { continue }
            for i in 0..<gridSide {
                for j in 0..<gridSide {
                    points.append(Point(x: box.origin.x + (Double(i) + 0.5) * box.size.width / Double(gridSide),
                                        y: box.origin.y + (Double(j) + 0.5) * box.size.height / Double(gridSide)))
                }
            }
        }
        return points
    }

    private static func readPoints(_ path: String) throws(SceneError) -> [Point] {
        let bytes = try FileReader.contents(of: path, describedAs: "the points file")
        var points: [Point] = []
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            switch PointLine.parse(Substring(decoding: line, as: UTF8.self)) {
            case .blank: continue
            case .point(let p): points.append(p)
            case .malformed(let message): throw SceneError(file: path, location: .line(number, column: nil), message: message)
            }
        }
        return points
    }

    /// The allocations line's value: a count per query, or why there is none.
    private static func allocationsLine(_ perQuery: Double?) -> String {
        if let perQuery { return String(format: "%.2f per engine query", perQuery) }
        return AllocationCounter.sanitizerAllocatorIsPresent ? "not counted under a sanitizer's allocator"
            : "not counted on this platform"
    }

    private static func text(_ r: Result, scene: String) -> String {
        func ns(_ value: Double) -> String { String(format: "%.1f ns", value) }
        return """
            scene: \(scene) (\(r.views) views, \(r.windows) windows), \(r.points) points, median of \(passes) passes
            engine:    \(ns(r.engineNanoseconds)) per query
            reference: \(ns(r.referenceNanoseconds)) per query (engine \(String(format: "%.1f", r.referenceNanoseconds / r.engineNanoseconds))x faster)
            agreement: \(r.points - r.disagreements.count) of \(r.points) answers agree
            allocations: \(allocationsLine(r.allocationsPerQuery))
            memory:    \(String(format: "%.0f", r.bytesPerView)) bytes per view (\(ViewStore.bytesPerRow) per row record)

            """
    }

    private static func jsonText(_ r: Result, scene: String) -> String {
        let fields: [(String, String)] = [
            ("scene", "\"\(scene.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""),
            ("views", "\(r.views)"), ("windows", "\(r.windows)"), ("points", "\(r.points)"), ("passes", "\(passes)"),
            ("engine_ns_per_query", String(format: "%.2f", r.engineNanoseconds)),
            ("reference_ns_per_query", String(format: "%.2f", r.referenceNanoseconds)),
            ("agreeing_answers", "\(r.points - r.disagreements.count)"),
            ("engine_allocations_per_query", r.allocationsPerQuery.map { String(format: "%.2f", $0) } ?? "null"),
            ("bytes_per_view", String(format: "%.1f", r.bytesPerView)),
            ("bytes_per_row", "\(ViewStore.bytesPerRow)"),
        ]
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n"
    }
}

/// Standard output, buffered.
final class StandardOutput {
    private var buffer = ""

    func write(_ text: String) { buffer += text }

    func flush() {
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
