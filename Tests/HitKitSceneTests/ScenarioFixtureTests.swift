import Foundation
import Testing
@testable import HitKitScene

/// The scenario fixtures (`Fixtures/scenarios/NAME.json`) replayed by the built `hitkit replay`.
/// Each `expect` was worked out by hand from Behaviour A2, A3, A4 and B6 (and the façade's documented
/// choices where Docs/Behaviour.md is silent), not recorded from the program.
@Suite("Scenario fixtures through hitkit replay")
struct ScenarioFixtureTests {
    static let names = Fixtures.names(in: Fixtures.scenarios)

    @Test func theFixturesCoverTheDeliveryRulesAndAllHaveExpectations() throws {
        #expect(Self.names.count >= 11)
        for name in Self.names {
            let scenario = try ScenarioLoader.load(contentsOf: Fixtures.scenarios.appendingPathComponent("\(name).json").path)
            #expect(scenario.expectedLog?.isEmpty == false, "\(name) has no expect")
        }
    }

    @Test(arguments: names)
    func replayMeetsTheExpectation(_ name: String) throws {
        let path = "Fixtures/scenarios/\(name).json"
        let expected = try #require(try ScenarioLoader.load(contentsOf: Fixtures.root.appendingPathComponent(path).path).expectedLog)
        let result = try HitKitProcess.run(["replay", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.outputLines == expected)
    }

    @Test func aWrongExpectationExitsWithOneAndPrintsAUnifiedDiff() throws {
        let result = try HitKitProcess.run(["replay", "Fixtures/scenarios-failing/wrong-expectation.json"])
        #expect(result.status == 1)
        // The log itself is still printed in full on standard output.
        #expect(result.outputLines == ["plain touchesBegan 1", "plain touchesMoved 1", "plain touchesEnded 1"])
        #expect(result.standardError == """
            --- expected
            +++ actual
            @@ -1,4 +1,3 @@
             plain touchesBegan 1
            -excl touchesMoved 1
            +plain touchesMoved 1
             plain touchesEnded 1
            -plain touchesCancelled 1

            """)
    }

    @Test func withoutExpectTheLogIsPrintedAndTheReplaySucceeds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("no-expect.json")
        let scene = Fixtures.scenarios.appendingPathComponent("scenes/touch-rules.json").path
        try Data("""
            { "sceneFile": "\(scene)",
              "steps": [ { "t": 0, "touches": [ { "id": 4, "phase": "began", "at": [10, 10] } ] },
                         { "t": 0.5 },
                         { "t": 1, "touches": [ { "id": 4, "phase": "cancelled" } ] } ] }
            """.utf8).write(to: file)
        let result = try HitKitProcess.run(["replay", file.path])
        #expect(result.status == 0 && result.standardError.isEmpty)
        #expect(result.outputLines == ["single touchesBegan 4", "single touchesCancelled 4"])
    }

    @Test func badScenariosExitWithTwoAndNameTheFileAndPath() throws {
        let missing = try HitKitProcess.run(["replay", "Fixtures/scenarios/nope.json"])
        #expect(missing.status == 2 && missing.standardOutput.isEmpty)
        #expect(missing.standardError == "Fixtures/scenarios/nope.json: cannot read the file: no such file\n")

        // A scene file given where a scenario is expected is named as one.
        let scene = try HitKitProcess.run(["replay", "Fixtures/scenes/seeds-colors.json"])
        #expect(scene.status == 2 && scene.standardOutput.isEmpty)
        #expect(scene.standardError.hasPrefix("Fixtures/scenes/seeds-colors.json: this is a scene file, not a scenario"))

        let usage = try HitKitProcess.run(["replay"])
        #expect(usage.status == 2 && usage.standardError.contains("hitkit replay SCENARIO"))
    }
}
