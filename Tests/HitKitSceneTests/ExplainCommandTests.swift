import Foundation
import HitKit
import Testing

/// `hitkit explain`: its output for scenario fixtures against the expected traces committed in
/// `Fixtures/explain/` (`NAME.txt` for `explain Fixtures/scenarios/NAME.json`, `NAME.jsonl` for
/// the same with `--json`), its options and its errors (Behaviour B7's exit codes).
@Suite("hitkit explain")
struct ExplainCommandTests {
    static let folder = Fixtures.root.appendingPathComponent("Fixtures/explain")

    /// The expected traces of scenario fixtures, by file name.
    static let expectedFiles: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { ($0.hasSuffix(".txt") || $0.hasSuffix(".jsonl")) && $0 != "overrides.txt" }.sorted()
    }()

    @Test(arguments: expectedFiles)
    func theTraceIsTheCommittedOne(file: String) throws {
        let json = file.hasSuffix(".jsonl")
        let name = file.dropLast(json ? 6 : 4)
        let arguments = ["explain", "Fixtures/scenarios/\(name).json"] + (json ? ["--json"] : [])
        let result = try HitKitProcess.run(arguments)
        #expect(result.status == 0 && result.standardError.isEmpty)
        let expected = try Fixtures.lines(Self.folder.appendingPathComponent(file))
        #expect(result.outputLines == expected, "hitkit \(arguments.joined(separator: " ")) printed:\n\(result.standardOutput)")
    }

    @Test func everyRecordKindAppearsInAnExpectedTrace() throws {
        var seen: Set<String> = []
        let files = (try FileManager.default.contentsOfDirectory(atPath: Self.folder.path))
        for file in files {
            for line in try Fixtures.lines(Self.folder.appendingPathComponent(file)) {
                if let kind = Self.textKind(line) { seen.insert(kind) }
                if let kind = Self.jsonKind(line) { seen.insert(kind) }
            }
        }
        for kind in TraceRecord.Kind.allCases {
            #expect(seen.contains(kind.rawValue), "no committed expected trace shows a \"\(kind.rawValue)\" record")
        }
    }

    /// `t=0.1 KIND…` (indented in the command's output).
    static func textKind(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("t=") else { return nil }
        return String(words[1].split(separator: ":")[0])
    }

    static func jsonKind(_ line: String) -> String? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["kind"] as? String
    }

    @Test func jsonLinesAreObjectsWithTheirStepFirst() throws {
        let result = try HitKitProcess.run(["explain", "Fixtures/scenarios/gestures-single-tap-waits-for-double.json", "--json"])
        #expect(result.status == 0 && !result.outputLines.isEmpty)
        for line in result.outputLines {
            #expect(line.hasPrefix("{\"step\":"))
            let data = try #require(line.data(using: .utf8))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["kind"] != nil || object["log"] != nil)
        }
    }

    @Test func oneTouchShowsOnlyWhatConcernsIt() throws {
        let path = "Fixtures/scenarios/explain-pass-through-and-skipped.json"
        let result = try HitKitProcess.run(["explain", path, "--touch", "2"])
        #expect(result.status == 0)
        #expect(result.outputLines == [
            "step 2 at t=0.5: touch 2 began at (250, 300)",
            "  t=0.5 hit-test touch 2: touch began at (250, 300)",
            "  t=0.5 window touch 2: window win at level 0",
            "  t=0.5 outside touch 2: card: (230, 280) is outside its hit area (0, 0, 200, 200)",
            "  t=0.5 hit touch 2: hit win",
            "  log: win touchesBegan 2",
            "step 3 at t=0.6: touch 2 ended at (250, 300)",
            "  log: win touchesEnded 2",
        ])
    }

    @Test func anUnknownTouchIsBadInput() throws {
        let path = "Fixtures/scenarios/explain-pass-through-and-skipped.json"
        let result = try HitKitProcess.run(["explain", path, "--touch", "7"])
        #expect(result.status == 2 && result.standardOutput.isEmpty)
        #expect(result.standardError == "\(path): no touch 7 in this scenario; its touches are 1, 2\n")
    }

    @Test func badOperandsAreUsageErrors() throws {
        let path = "Fixtures/scenarios/explain-pass-through-and-skipped.json"
        for arguments in [["explain"], ["explain", path, "--touch"], ["explain", path, "--touch", "one"],
                          ["explain", path, path], ["explain", path, "--frobnicate"]] {
            let result = try HitKitProcess.run(arguments)
            #expect(result.status == 2 && result.standardOutput.isEmpty, "\(arguments)")
            #expect(result.standardError.contains("explain takes SCENARIO [--json] [--touch ID]"), "\(arguments)")
        }
    }

    @Test func aScenarioThatFailsToLoadIsReportedAsReplayReportsIt() throws {
        for path in ["Fixtures/scenes/nope.json", "Fixtures/scenes/seeds-colors.json",
                     "Fixtures/scenarios-failing/wrong-expectation.json"] {
            let replay = try HitKitProcess.run(["replay", path])
            let explain = try HitKitProcess.run(["explain", path])
            if replay.status == 2 {
                #expect(explain.status == 2 && explain.standardOutput.isEmpty)
                #expect(explain.standardError == replay.standardError, "\(path)")
            } else {
                // A scenario whose log differs from its `expect` still loads: explain shows it.
                #expect(explain.status == 0 && !explain.standardOutput.isEmpty)
            }
        }
        let invalid = try FileManager.default.contentsOfDirectory(atPath: Fixtures.invalid.path).filter { $0.hasSuffix(".json") }.sorted().prefix(6)
        for file in invalid {
            let path = "Fixtures/invalid/\(file)"
            let replay = try HitKitProcess.run(["replay", path])
            let explain = try HitKitProcess.run(["explain", path])
            #expect(explain.status == replay.status && explain.standardError == replay.standardError, "\(path)")
        }
    }
}
