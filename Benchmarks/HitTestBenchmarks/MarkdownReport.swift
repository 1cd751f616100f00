import Foundation

/// Writes the results into a Markdown file between two marker comments, leaving the rest of the
/// file (the hand-written explanation) as it is.
enum MarkdownReport {
    static let begin = "<!-- benchmark-results:begin -->"
    static let end = "<!-- benchmark-results:end -->"

    static func block(_ results: [BenchmarkResult], machine: Machine, mode: String,
                      allocationCounter: String) -> String {
        """
        \(begin)
        Measured on \(machine.summary), \(mode) run
        (`swift run -c release HitTestBenchmarks\(mode == "quick" ? " --quick" : "") --markdown Docs/Performance.md \
        --svg Docs/benchmark.svg`). Times are medians of the samples (thread CPU time); the engine's, the
        naive class tree's and the reference's samples alternate within one run; `× naive` and
        `× reference` are ratios of medians of the same run. \(allocationCounter).

        \(Table.markdown(results))

        ### Targets

        \(Targets.markdown(Targets.evaluate(results)))
        \(end)
        """
    }

    /// Replaces the marked block of `path` (or appends one; or creates the file).
    static func write(_ block: String, to path: String) throws {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let updated: String
        if let start = existing.range(of: begin), let stop = existing.range(of: end, range: start.upperBound..<existing.endIndex) {
            updated = existing.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: block)
        } else {
            updated = existing + (existing.isEmpty || existing.hasSuffix("\n\n") ? "" : "\n") + block + "\n"
        }
        try updated.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
