import Foundation
import Testing

/// `hitkit explain SCENARIO --html FILE`: one self-contained page with the scene as SVG
/// and the timeline, checked here as text; Scripts/check-explain-report.sh checks it in a browser.
@Suite("The HTML report of hitkit explain")
struct ExplainReportTests {
    /// Writes the report of a scenario and returns the page.
    private func report(_ scenario: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-report-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try HitKitProcess.run(["explain", scenario, "--html", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The `class` attributes of the scene's polygons of `view`.
    private func classes(of view: String, in page: String) -> [String] {
        page.components(separatedBy: "<polygon ").dropFirst()
            .filter { $0.contains("data-view=\"\(view)\"") && !$0.hasPrefix("class=\"hit-area") }
            .compactMap { $0.components(separatedBy: "class=\"").dropFirst().first?.components(separatedBy: "\"").first }
    }

    @Test func theReportIsOneFileThatLoadsNothing() throws {
        let page = try report("Fixtures/scenarios/why-tap-eaten-by-pan.json")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<style>") && page.contains("<script>"))
        for outside in ["http://", "https://", "src=", "<link", "@import", "url("] {
            #expect(!page.contains(outside), "the page refers to something outside it: \(outside)")
        }
    }

    @Test func theSceneHighlightsTheHitViewAndThePathToIt() throws {
        let page = try report("Fixtures/scenarios/why-tap-eaten-by-pan.json")
        #expect(classes(of: "win", in: page) == ["window on-path"])
        #expect(classes(of: "list", in: page) == ["view on-path"])
        #expect(classes(of: "likeButton", in: page) == ["view on-path hit-view"])
        #expect(page.contains("<g class=\"touch\" data-touch=\"1\" data-hit-view=\"likeButton\" data-path=\"win list likeButton\">"))
        // The began as a large dot, then a small one for each later location the scenario gives:
        // two moves and the end.
        let touch = try #require(page.components(separatedBy: "<g class=\"touch\"").dropFirst().first?.components(separatedBy: "</g>").first)
        #expect(touch.contains("<polyline class=\"touch-path\" points=\""))
        #expect(touch.components(separatedBy: "class=\"touch-began\"").count - 1 == 1)
        #expect(touch.components(separatedBy: "class=\"touch-location\"").count - 1 == 3)
    }

    @Test func theTimelineHasALanePerTouchAndRecognizerWithStatesAndMarks() throws {
        let page = try report("Fixtures/scenarios/why-tap-eaten-by-pan.json")
        #expect(page.contains("<g class=\"lane lane-touch\" data-lane=\"touch 1\">"))
        #expect(page.contains("<g class=\"lane lane-recognizer\" data-lane=\"pan\">"))
        let states = page.components(separatedBy: "data-state=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        #expect(states == ["possible", "began", "ended"])
        // The pan began at 0.1 s of the scenario's 0.15: two thirds along the 480-pixel plot, after
        // the 150-pixel labels.
        #expect(page.contains("<rect class=\"state state-began\" data-state=\"began\" x=\"470\""))
        #expect(page.contains("class=\"mark mark-cancel\" data-lane=\"touch 1\" data-record=\"0.1 s  likeButton touchesCancelled 1\""))
        #expect(page.contains("class=\"mark mark-delivery\" data-lane=\"touch 1\" data-record=\"0 s  likeButton touchesBegan 1\""))
        #expect(page.contains("class=\"mark mark-action\" data-lane=\"pan\" data-record=\"0.1 s  pan began: its actions are sent\""))
    }

    @Test func hitAreasAreDrawnDashedApartFromTheBounds() throws {
        // A button grown to a 44 pt minimum by its hit area.
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-hit-area-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scenario) }
        try Data("""
            {"scene": {"windows": [{"id": "win", "frame": [0, 0, 100, 100], "subviews": [{"id": "small", "frame": [40, 40, 20, 20], "minimumHitSize": [44, 44], "touches": "log"}]}]},
             "steps": [{"t": 0, "touches": [{"id": 1, "phase": "began", "at": [32, 50]}]}]}
            """.utf8).write(to: scenario)
        let page = try report(scenario.path)
        #expect(page.contains("<polygon class=\"hit-area\" data-view=\"small\" points=\"40,40 84,40 84,84 40,84\">"))
        #expect(page.contains("data-hit-view=\"small\""))
    }

    @Test func aScenarioThatFailsToLoadIsReportedAsReplayReportsIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-report-\(UUID().uuidString).html")
        let explain = try HitKitProcess.run(["explain", "Fixtures/scenarios/nope.json", "--html", file.path])
        let replay = try HitKitProcess.run(["replay", "Fixtures/scenarios/nope.json"])
        #expect(explain.status == 2 && explain.standardError == replay.standardError)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let unwritable = try HitKitProcess.run(["explain", "Fixtures/scenarios/why-tap-eaten-by-pan.json", "--html", "/nonexistent/report.html"])
        #expect(unwritable.status == 2)
        #expect(unwritable.standardError.hasPrefix("/nonexistent/report.html: cannot write the report: "))
    }
}
