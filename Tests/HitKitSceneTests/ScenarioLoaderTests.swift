import Foundation
import Testing
@testable import HitKitScene

/// Scenario files (Behaviour B5): what they decode to, and the located errors of malformed ones,
/// reported exactly as for scene files (`FILE: JSON.path: what was expected`).
@Suite("Scenario files")
struct ScenarioLoaderTests {
    static let scene = #"{ "windows": [ { "id": "win", "frame": [0, 0, 100, 100] } ] }"#

    func error(_ text: String) -> SceneError? {
        do {
            _ = try ScenarioLoader.decode(text: text, file: "s.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func stepsTouchesAndExpectationsDecode() throws {
        let scenario = try ScenarioLoader.decode(text: """
            { "scene": \(Self.scene),
              "steps": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "at": [1, 2] },
                                                { "id": 2, "phase": "cancelled" } ] },
                         { "t": 2.5 } ],
              "expect": ["a b", "! c"] }
            """, file: "s.json")
        #expect(scenario.scene.windows.map(\.view.id) == ["win"])
        #expect(scenario.sceneFile == nil)
        #expect(scenario.steps == [
            .init(time: 0, touches: [.init(id: 1, phase: .began, location: .init(x: 1, y: 2)),
                                     .init(id: 2, phase: .cancelled, location: nil)]),
            .init(time: 2.5),
        ])
        #expect(scenario.expectedLog == ["a b", "! c"])
    }

    @Test func aSceneFileIsReadRelativeToTheScenario() throws {
        let path = Fixtures.scenarios.appendingPathComponent("ownership-fixed-at-began.json").path
        let scenario = try ScenarioLoader.load(contentsOf: path)
        #expect(scenario.sceneFile == Fixtures.scenarios.appendingPathComponent("scenes/logged-colors.json").path)
        #expect(scenario.scene.windows.first?.view.subviews.first?.id == "white")
        #expect(ScenarioLoader.resolve("a/b.json", against: "x/y/s.json") == "x/y/a/b.json")
        #expect(ScenarioLoader.resolve("b.json", against: "s.json") == "b.json")
        #expect(ScenarioLoader.resolve("/abs/b.json", against: "x/s.json") == "/abs/b.json")
    }

    @Test(arguments: [
        // (scenario text, location, fragment of the message)
        (#"[]"#, "$", "expected a scenario object"),
        (#"{ "scene": SCENE }"#, "steps", "missing; expected an array of steps"),
        (#"{ "steps": [] }"#, "scene", "missing; expected a scene object"),
        (#"{ "scene": SCENE, "sceneFile": "x.json", "steps": [] }"#, "sceneFile", "not both"),
        (#"{ "sceneFile": "", "steps": [] }"#, "sceneFile", "expected a path to a scene file"),
        (#"{ "scene": SCENE, "steps": [], "speed": 2 }"#, "speed", "unknown key in the scenario; expected one of: scene, sceneFile, steps, expect"),
        (#"{ "scene": { "windows": [ { "id": "w", "frame": [0, 0, 1] } ] }, "steps": [] }"#, "scene.windows[0].frame", "expected [x, y, w, h]"),
        (#"{ "scene": SCENE, "steps": {} }"#, "steps", "expected an array of steps"),
        (#"{ "scene": SCENE, "steps": [ 3 ] }"#, "steps[0]", "expected a step object"),
        (#"{ "scene": SCENE, "steps": [ { "touches": [] } ] }"#, "steps[0].t", "missing; expected a time in seconds"),
        (#"{ "scene": SCENE, "steps": [ { "t": "0" } ] }"#, "steps[0].t", "expected a time in seconds (a number), found the string \"0\""),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "dt": 1 } ] }"#, "steps[0].dt", "unknown key in a step; expected one of: t, touches"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "phase": "began", "at": [0, 0] } ] } ] }"#, "steps[0].touches[0].id", "missing; expected a finger id"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1.5, "phase": "began", "at": [0, 0] } ] } ] }"#, "steps[0].touches[0].id", "expected a whole number ≥ 0, found the number 1.5"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1, "at": [0, 0] } ] } ] }"#, "steps[0].touches[0].phase", "missing; expected one of"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1, "phase": "stationary", "at": [0, 0] } ] } ] }"#, "steps[0].touches[0].phase", "expected one of \"began\", \"moved\", \"ended\", \"cancelled\""),
        (#"{ "scene": SCENE, "steps": [ { "t": 0 }, { "t": 1, "touches": [ { "id": 1, "phase": "moved" } ] } ] }"#, "steps[1].touches[0].at", "missing; expected [x, y] in screen coordinates"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "at": [0, "1"] } ] } ] }"#, "steps[0].touches[0].at[1]", "expected a number (y)"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1, "phase": "ended", "at": [0, 0], "pressure": 1 } ] } ] }"#, "steps[0].touches[0].pressure", "unknown key in a touch"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": 3 } ] } ] }"#, "steps[0].touches[0].samples", "expected an array of samples"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [] } ] } ] }"#, "steps[0].touches[0].samples", "expected a non-empty array of samples"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [ { "at": [5, 5] } ] } ] } ] }"#, "steps[0].touches[0].samples[0].t", "missing; expected a time in seconds"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [ { "t": 1 } ] } ] } ] }"#, "steps[0].touches[0].samples[0].at", "missing; expected [x, y]"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [ { "t": 1, "at": [5, 5], "pressure": 1 } ] } ] } ] }"#, "steps[0].touches[0].samples[0].pressure", "unknown key in a sample; expected one of: t, at, force, majorRadius"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "force": -1 } ] } ] }"#, "steps[0].touches[0].force", "expected a force (a number ≥ 0), found the number -1"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "majorRadius": "big" } ] } ] }"#, "steps[0].touches[0].majorRadius", "expected a radius in points (a number ≥ 0)"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [ { "t": 1, "at": [5, 5], "majorRadius": -2 } ] } ] } ] }"#, "steps[0].touches[0].samples[0].majorRadius", "expected a radius in points (a number ≥ 0), found the number -2"),
        (#"{ "scene": SCENE, "steps": [ { "t": 1, "touches": [ { "id": 1, "phase": "began", "at": [5, 5], "samples": [ { "t": 0.9, "at": [4, 4] }, { "t": 1, "at": [5, 6] } ] } ] } ] }"#, "steps[0].touches[0].samples[1].at", "expected the last sample at the touch's \"at\" [5, 5], found [5, 6]"),
        (#"{ "scene": SCENE, "steps": [ { "t": 0, "touches": [ { "id": 1, "phase": "began", "at": [5, 5] } ] }, { "t": 1, "touches": [ { "id": 1, "phase": "cancelled", "samples": [ { "t": 1, "at": [5, 5] } ] } ] } ] }"#, "steps[1].touches[0].samples", "a touch without \"at\" cannot have samples"),
        (#"{ "scene": SCENE, "steps": [], "expect": "a" }"#, "expect", "expected an array of log lines"),
        (#"{ "scene": SCENE, "steps": [], "expect": ["a", 1] }"#, "expect[1]", "expected a log line (a string), found the number 1"),
        (#"{ "scene": SCENE, "steps": [], "expect": ["a\nb"] }"#, "expect[0]", "one log line"),
    ])
    func malformedScenariosNameThePath(_ text: String, _ location: String, _ fragment: String) throws {
        let error = try #require(self.error(text.replacingOccurrences(of: "SCENE", with: Self.scene)))
        #expect(error.file == "s.json")
        #expect(error.location.description == location)
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    @Test func errorsInASceneFileNameThatFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{ "windows": [ { "id": "w", "alpha": 2 } ] }"#.utf8).write(to: folder.appendingPathComponent("scenes/bad.json"))
        let scenario = folder.appendingPathComponent("s.json").path
        try Data(#"{ "sceneFile": "scenes/bad.json", "steps": [] }"#.utf8).write(to: URL(fileURLWithPath: scenario))
        #expect(throws: SceneError(file: folder.appendingPathComponent("scenes/bad.json").path,
                                   location: .path(.root / "windows" / 0 / "alpha"),
                                   message: "expected a number from 0 to 1, found the number 2")) {
            _ = try ScenarioLoader.load(contentsOf: scenario)
        }
        try Data(#"{ "sceneFile": "scenes/none.json", "steps": [] }"#.utf8).write(to: URL(fileURLWithPath: scenario))
        #expect(throws: SceneError(file: folder.appendingPathComponent("scenes/none.json").path, location: .file,
                                   message: "cannot read the file: no such file")) {
            _ = try ScenarioLoader.load(contentsOf: scenario)
        }
    }
}
