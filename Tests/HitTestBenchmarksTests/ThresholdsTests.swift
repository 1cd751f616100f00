import Foundation
import Testing
@testable import HitTestBenchmarks

/// The benchmark's check against Benchmarks/thresholds.json: the file's format, the verdicts, and
/// how callgrind's profiles are paired with the rows. (The counting itself runs under valgrind in
/// Scripts/check-benchmarks.sh.)
@Suite("Benchmark thresholds")
struct ThresholdsTests {
    let counted = [
        CountedRow(name: "chain-1000", instructionsPerQuery: 29_093.4, allocationsPerQuery: 0),
        CountedRow(name: "dispatch-tap-20-deep", instructionsPerQuery: 104_568.7, allocationsPerQuery: 0),
        CountedRow(name: "dispatch-tap-20-deep-traced", instructionsPerQuery: 551_453.5, allocationsPerQuery: 190),
        CountedRow(name: "scroll-tap-to-stop-frame-20-deep", instructionsPerQuery: nil, allocationsPerQuery: 0),
    ]

    @Test("written limits are the counts plus the margin, rounded up; allocations exactly")
    func writtenLimits() {
        let thresholds = Thresholds(counted: counted, marginPercent: 12, measuredWith: "test")
        let chain = thresholds.rows[0]
        // 29,093.4 × 1.12 = 32,584.6, rounded up.
        #expect(chain.instructions == 29_093.4 && chain.maxInstructions == 32_585 && chain.maxAllocations == 0)
        #expect(thresholds.rows[2].maxAllocations == 190)
        #expect(thresholds.rows[3].instructions == nil && thresholds.rows[3].maxInstructions == nil)
    }

    @Test("writing over a file names each row that now allocates more than it allowed, and only those")
    func raisedAllocations() {
        let recorded = Thresholds(counted: counted, marginPercent: 12, measuredWith: "test")
        var run = counted
        run[0].allocationsPerQuery = 1        // a row that allocated nothing now allocates
        run[1].instructionsPerQuery = 200_000 // more instructions raise no allocation limit
        run[2].allocationsPerQuery = 150      // fewer allocations loosen nothing
        let written = Thresholds(counted: run, marginPercent: 12, measuredWith: "test")
        #expect(written.raisedAllocations(over: recorded) == ["chain-1000: 0.00 -> 1.00 allocations a query"])
        #expect(recorded.raisedAllocations(over: recorded).isEmpty)
    }

    @Test("the file reads back as written")
    func roundTrip() throws {
        let written = Thresholds(counted: counted, marginPercent: 12, measuredWith: "Swift 6; valgrind \"3\"")
        let read = try Thresholds(json: Data(written.json.utf8), file: "t.json")
        #expect(read == written)
    }

    @Test("a row over its instructions or its allocations fails; at its limit it passes")
    func verdicts() {
        let thresholds = Thresholds(counted: counted, marginPercent: 12, measuredWith: "test")
        var run = counted
        run[0].instructionsPerQuery = 32_585  // exactly the limit
        run[1].instructionsPerQuery = 117_118  // 104,568.7 × 1.12 = 117,117.0: one over
        run[2].allocationsPerQuery = 191
        let verdicts = thresholds.check(run)
        #expect(verdicts.map(\.problems.isEmpty) == [true, false, false, true])
        #expect(verdicts[1].problems == ["117118.0 instructions > 117117"])
        #expect(verdicts[2].problems == ["191.00 allocations > 190.00"])
        #expect(thresholds.report(verdicts).contains("FAILED: 117118.0 instructions > 117117"))
    }

    @Test("a row missing from the run, or counted without allocations, fails")
    func missingCounts() {
        let thresholds = Thresholds(counted: counted, marginPercent: 12, measuredWith: "test")
        var run = Array(counted.dropFirst())
        run[0].allocationsPerQuery = nil
        let verdicts = thresholds.check(run)
        #expect(verdicts[0].problems == ["not run: no such row"])
        #expect(verdicts[1].problems == ["no allocations counted"])
    }

    @Test("a row far under its count is flagged for writing the file again, not failed")
    func wellUnder() {
        let thresholds = Thresholds(counted: counted, marginPercent: 12, measuredWith: "test")
        var run = counted
        run[0].instructionsPerQuery = 29_093.4 * 0.87
        let verdict = thresholds.check(run)[0]
        #expect(verdict.problems.isEmpty && verdict.wellUnder)
        #expect(!thresholds.check(counted)[0].wellUnder)
    }

    @Test("a malformed file names the file and the field")
    func malformed() {
        #expect(throws: Thresholds.FormatError.self) { try Thresholds(json: Data("[]".utf8), file: "t.json") }
        let noLimit = #"{"margin_percent": 12, "measured_with": "x", "rows": [{"name": "a", "instructions": 1, "max_instructions": null, "max_allocations": 0}]}"#
        do {
            _ = try Thresholds(json: Data(noLimit.utf8), file: "t.json")
            Issue.record("a row with a count and no limit was accepted")
        } catch {
            #expect("\(error)" == "t.json: rows[0]: instructions and max_instructions are both numbers or both null")
        }
    }

    @Test("profiles are paired with the rows' regions in part order, and a count outside them is refused")
    func pairing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-profiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func profile(_ name: String, part: Int, total: Int) throws {
            try "# callgrind format\npart: \(part)\nevents: Ir\nsummary: \(total)\ntotals: \(total)\n"
                .write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // Written out of order on purpose: part numbers, not file names, give the order.
        try profile("callgrind.out.2", part: 2, total: 3_000)
        try profile("callgrind.out.10", part: 10, total: 700)
        try profile("callgrind.out.1", part: 1, total: 1_600)
        for part in 3...9 { try profile("callgrind.out.\(part)", part: part, total: 100) }
        try profile("callgrind.out", part: 11, total: 0)
        let manifest = directory.appendingPathComponent("manifest.tsv").path
        // Row a: one region of 16 queries; b: two regions of 2 and 1; c: seven regions of one
        // query each (the last one 700); d: none.
        try "a\t16\t0.0\nb\t2,1\t0.5\nc\t1,1,1,1,1,1,1\t\nd\t\t0.0\n".write(toFile: manifest, atomically: true, encoding: .utf8)
        let rows = try CallgrindRun.read(manifest: manifest, profiles: directory)
        #expect(rows.map(\.name) == ["a", "b", "c", "d"])
        #expect(rows[0].instructionsPerQuery == 100)  // 1,600 / 16
        #expect(rows[1].instructionsPerQuery == 3_100.0 / 3)  // parts 2 and 3 over 2 + 1 queries
        #expect(rows[2].instructionsPerQuery == Double(100 * 6 + 700) / 7)
        #expect(rows[3].instructionsPerQuery == nil)
        #expect(rows[1].allocationsPerQuery == 0.5 && rows[2].allocationsPerQuery == nil)

        try profile("callgrind.out", part: 11, total: 5)
        #expect(throws: CallgrindRun.Failure.self) { try CallgrindRun.read(manifest: manifest, profiles: directory) }
    }

    @Test("a binary built otherwise than libhitkit is refused the file, with the command that builds it so")
    func otherBuildsAreRefused() throws {
        // The tests' build loads the shared standard library, as every plain `swift build` does.
        #expect(!Machine.isLibraryBuild)
        for mode in ["--check", "--write-thresholds"] {
            let result = try BenchmarkProcess.run([mode, "Benchmarks/thresholds.json"])
            #expect(result.status == 2, "\(mode)")
            #expect(result.standardOutput.isEmpty, "\(mode): nothing counted")
            #expect(result.standardError.contains("libhitkit's build") && result.standardError.contains("bash Scripts/check-benchmarks.sh"),
                    "\(mode): \(result.standardError)")
        }
    }
}
