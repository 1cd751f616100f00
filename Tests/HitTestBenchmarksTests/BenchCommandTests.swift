import AllocationCounting
import Foundation
import Testing

/// `HitTestBenchmarks bench SCENE [POINTS] [--json]`: its output's shape and its errors, through
/// the built executable. (Its timings are figures, not checked: CI holds the benchmark's rows to
/// Benchmarks/thresholds.json.)
@Suite("HitTestBenchmarks bench")
struct BenchCommandTests {
    let colors = "Fixtures/scenes/seeds-colors.json"
    /// The command is built like this test, with or without a sanitizer.
    static let expectedAllocationLine = AllocationCounter.sanitizerAllocatorIsPresent
        ? "allocations: not counted under a sanitizer's allocator" : "allocations: 0.00 per engine query"

    @Test func textReportNamesEverySideAndAgreement() throws {
        let result = try BenchmarkProcess.run(["bench", colors, "Fixtures/scenes/seeds-colors.points"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.outputLines
        #expect(lines.count == 6)
        #expect(lines.first?.hasPrefix("scene: \(colors) (") == true)
        #expect(lines.contains { $0.hasPrefix("engine:") && $0.hasSuffix("per query") })
        #expect(lines.contains { $0.hasPrefix("reference:") && $0.contains("x faster") })
        let points = try String(contentsOfFile: "Fixtures/scenes/seeds-colors.points", encoding: .utf8)
            .split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.count
        #expect(lines.contains("agreement: \(points) of \(points) answers agree"))
        #expect(lines.contains { $0.hasPrefix("memory:") && $0.contains("bytes per view") })
        // The engine allocates nothing per query once warm (the counter is glibc's: Linux). Under
        // a sanitizer's allocator (CI's ASan and TSan runs of this test) it cannot count, and says so.
        #expect(lines.contains(Self.expectedAllocationLine))
    }

    @Test func jsonReportSpreadsPointsOverTheWindows() throws {
        let result = try BenchmarkProcess.run(["bench", colors, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let windows = try #require(object["windows"] as? Int), points = try #require(object["points"] as? Int)
        #expect(windows >= 1 && points == windows * 32 * 32)
        #expect(object["agreeing_answers"] as? Int == points)
        for key in ["engine_ns_per_query", "reference_ns_per_query", "bytes_per_view"] {
            #expect((object[key] as? Double).map { $0 > 0 } == true, "\(key)")
        }
        if AllocationCounter.sanitizerAllocatorIsPresent {
            #expect(object["engine_allocations_per_query"] is NSNull)
        } else {
            #expect(object["engine_allocations_per_query"] as? Double == 0)
        }
        #expect(object["scene"] as? String == colors)
    }

    @Test func badArgumentsAndInputAreErrors() throws {
        for arguments in [["bench"], ["bench", colors, "a", "b"], ["bench", colors, "--csv"]] {
            let usage = try BenchmarkProcess.run(arguments)
            #expect(usage.status == 2, "\(arguments)")
            #expect(usage.standardError.contains("bench takes SCENE [POINTS] [--json]"))
        }
        let missing = try BenchmarkProcess.run(["bench", "Fixtures/scenes/nope.json"])
        #expect(missing.status == 2 && missing.standardOutput.isEmpty)
        #expect(missing.standardError == "Fixtures/scenes/nope.json: cannot read the file: no such file\n")
        let malformed = try BenchmarkProcess.run(["bench", colors, colors])
        #expect(malformed.status == 2 && malformed.standardOutput.isEmpty)
        #expect(malformed.standardError.hasPrefix("\(colors): line 1: expected two numbers"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-bench-empty.points")
        try Data().write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try BenchmarkProcess.run(["bench", colors, empty.path])
        #expect(none.status == 2)
        #expect(none.standardError.contains("no points to time"))
    }
}
