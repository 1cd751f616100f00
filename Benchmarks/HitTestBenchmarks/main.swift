// HitTestBenchmarks: the engine (`ViewStore`) against the literal recursive reference on the
// same trees and the same points, in the same run; the façade's frames; and the check CI runs
// against Benchmarks/thresholds.json. See Docs/Performance.md.

import AllocationCounting
import Foundation

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "bench" { exit(BenchCommand.main(Array(arguments.dropFirst()))) }

let options: Options
switch Options.parse(arguments) {
case .success(let parsed): options = parsed
case .failure(let error):
    if let message = error.message { FileHandle.standardError.write(Data("error: \(message)\n".utf8)) }
    print(Options.usage)
    exit(error.message == nil ? 0 : 2)
}

/// Runs the suite on the big-stack thread (the reference's recursion needs it).
func runSuite(_ suite: Suite) {
    BigStackThread.run { suite.runAll() }
}

let hookedSlots = AllocationCounter.install()
let counterCheck = AllocationCounter.selfCheck()

if let manifest = options.countManifestPath {
    // The run callgrind starts: count the rows, and say what each counted.
    let suite = Suite(plan: .instructions, filter: nil, rows: options.rows.map(Set.init),
                      excluded: options.rows == nil ? Set(Thresholds.leftOut.keys) : [])
    runSuite(suite)
    let lines = zip(suite.results, suite.regions).map { result, regions in
        "\(result.name)\t\(regions.map(String.init).joined(separator: ","))\t"
            + (counterCheck.works ? result.allocationsPerQuery.map { String($0) } ?? "" : "")
    }
    do {
        try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(manifest): \(error)")
    }
    print("checksum \(suite.checksum)")
    exit(0)
}

if let path = options.checkPath ?? options.thresholdsPath {
    // The counts move with the machine code: frame pointers alone add up to a tenth.
    guard Machine.isLibraryBuild else {
        fail("\(path) holds the instructions of libhitkit's build (the standard library linked in, no frame pointers), "
            + "and this binary was built otherwise: bash Scripts/check-benchmarks.sh [--write] builds it so and runs it", status: 2)
    }
    let started = Sampler.now()
    do {
        let recorded = try options.checkPath.map { try Thresholds(json: Data(contentsOf: URL(fileURLWithPath: $0)), file: $0) }
        print("counting instructions under valgrind --tool=callgrind (release build: \(Machine.current().build))")
        let counted = try CallgrindRun.count(rows: recorded.map { $0.rows.map(\.name) })
        let seconds = Format.decimal(Double(Sampler.now() - started) / 1e9)
        if let recorded {
            let verdicts = recorded.check(counted)
            print(recorded.report(verdicts))
            let failed = verdicts.filter { !$0.problems.isEmpty }.count
            print("\(verdicts.count) rows against \(path) (counted with \(recorded.measuredWith); "
                + "margin \(Format.decimal(recorded.marginPercent, digits: 0))%) in \(seconds) s: "
                + (failed == 0 ? "all within their limits" : "\(failed) over"))
            exit(failed == 0 ? 0 : 1)
        }
        let written = Thresholds(counted: counted, marginPercent: options.marginPercent,
                                 measuredWith: Thresholds.currentTools())
        if !options.allowMoreAllocations, FileManager.default.fileExists(atPath: path) {
            let previous = try Thresholds(json: Data(contentsOf: URL(fileURLWithPath: path)), file: path)
            let raised = written.raisedAllocations(over: previous)
            if !raised.isEmpty {
                fail("not written: rows that allocate more than \(path) allows\n  " + raised.joined(separator: "\n  ")
                    + "\nfind the allocation, or write again with --allow-more-allocations if the row allocates by design")
            }
        }
        try written.json.write(toFile: path, atomically: true, encoding: .utf8)
        print(written.report(written.check(counted)))
        print("wrote \(path): \(written.rows.count) rows in \(seconds) s")
        exit(0)
    } catch {
        fail("\(error)")
    }
}

let machine = Machine.current()
let mode = options.quick ? "quick" : "full"
print("HitTestBenchmarks (\(mode)) on \(machine.summary)")
let counterSummary = counterCheck.summary + " [\(hookedSlots) import slots hooked]"
print(counterSummary)

let started = Sampler.now()
let suite = Suite(plan: options.quick ? .quick : .full, filter: options.filter, soakFrames: options.soakFrames)
runSuite(suite)
let results = suite.results
print("")
print(Table.text(results))
print("")
print(Targets.markdown(Targets.evaluate(results)))
print("")
print("checksum \(suite.checksum); \(results.count) benchmark(s) in "
    + Format.decimal(Double(Sampler.now() - started) / 1e9) + " s")

do {
    if let path = options.jsonPath {
        try JSONReport.render(results, machine: machine, mode: mode, allocationCounter: counterSummary,
                              checksum: suite.checksum)
            .write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    }
    if let path = options.markdownPath {
        try MarkdownReport.write(MarkdownReport.block(results, machine: machine, mode: mode,
                                                      allocationCounter: counterCheck.summary), to: path)
        print("wrote \(path)")
    }
    if let path = options.svgPath {
        try SVGPlot.render(results, machine: machine).write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    }
} catch {
    fail("\(error)")
}

if !suite.mismatches.isEmpty {
    fail("engine and reference disagree:\n" + suite.mismatches.prefix(20).joined(separator: "\n"))
}
if !counterCheck.works {
    fail("the allocation counter does not work here")
}
