import Foundation
import Testing

/// The article "Why didn't my gesture fire?" quotes `hitkit explain` on five scenarios: each quoted
/// trace (a ```text block whose first line is the command) must be what the command prints now,
/// so the article cannot go stale.
@Suite("The \"Why didn't my gesture fire?\" article's traces")
struct WhyArticleTests {
    static let article = Fixtures.root.appendingPathComponent("Sources/HitKit/HitKit.docc/WhyDidntMyGestureFire.md")

    /// Each quoted command (without `$ hitkit `) with the lines quoted under it.
    static func quotedTraces() throws -> [(arguments: [String], lines: [String])] {
        var traces: [(arguments: [String], lines: [String])] = []
        var block: [String]?
        for line in try Fixtures.lines(article) {
            if line == "```text" { block = []; continue }
            guard var lines = block else { continue }
            if line == "```" {
                if let command = lines.first, command.hasPrefix("$ hitkit ") {
                    traces.append((command.dropFirst("$ hitkit ".count).split(separator: " ").map(String.init), Array(lines.dropFirst())))
                }
                block = nil
            } else {
                lines.append(line)
                block = lines
            }
        }
        return traces
    }

    @Test func theArticleQuotesTheFiveScenarios() throws {
        let scenarios = try Self.quotedTraces().map { $0.arguments.dropFirst().first ?? "" }
        #expect(scenarios == ["child-outside-parent", "tap-eaten-by-pan", "button-in-scroll-view-answers-late",
                              "single-tap-waits-for-double", "shortcut-does-not-fire"].map { "Fixtures/scenarios/why-\($0).json" })
    }

    @Test func eachQuotedTraceIsWhatTheCommandPrints() throws {
        for trace in try Self.quotedTraces() {
            let result = try HitKitProcess.run(trace.arguments)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.outputLines == trace.lines, "hitkit \(trace.arguments.joined(separator: " ")) no longer prints what the article quotes")
        }
    }
}
