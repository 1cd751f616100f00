// HitTestBenchmarks: the engine (`ViewStore`) against the literal recursive reference on the
// same trees and the same points, in the same run. See Docs/Performance.md.

import AllocationCounting
import Foundation

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error):
    if let message = error.message { FileHandle.standardError.write(Data("error: \(message)\n".utf8)) }
    print(Options.usage)
    exit(error.message == nil ? 0 : 2)
}

let machine = Machine.current()
let mode = options.quick ? "quick" : "full"
print("HitTestBenchmarks (\(mode)) on \(machine.summary)")

let hookedSlots = AllocationCounter.install()
let counterCheck = AllocationCounter.selfCheck()
let counterSummary = counterCheck.summary + " [\(hookedSlots) import slots hooked]"
print(counterSummary)

nonisolated(unsafe) var suiteResult: Suite?
let started = Sampler.now()
BigStackThread.run {
    let suite = Suite(plan: options.quick ? .quick : .full, filter: options.filter, soakFrames: options.soakFrames)
    suite.runAll()
    suiteResult = suite
}
let suite = suiteResult!
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
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

if !suite.mismatches.isEmpty {
    FileHandle.standardError.write(Data(("engine and reference disagree:\n"
        + suite.mismatches.prefix(20).joined(separator: "\n") + "\n").utf8))
    exit(1)
}
if !counterCheck.works {
    FileHandle.standardError.write(Data("the allocation counter does not work here\n".utf8))
    exit(1)
}
