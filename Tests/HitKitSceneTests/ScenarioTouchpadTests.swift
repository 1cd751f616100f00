import Testing
@testable import HitKitScene

/// A step's `touchpad` (Behaviour A9, B5): what it decodes to, the file errors of a malformed one
/// (located by JSON path), and its bad values rejected by the replay as `! step N` lines.
@Suite("Scenario touchpad steps")
struct ScenarioTouchpadTests {
    static let scene = #"{ "windows": [ { "id": "win", "frame": [0, 0, 100, 100], "gestures": [ { "id": "pinch", "type": "pinch" } ] } ] }"#

    func scenario(_ steps: String) throws(SceneError) -> Scenario {
        try ScenarioLoader.decode(text: #"{ "scene": \#(Self.scene), "steps": [ \#(steps) ] }"#, file: "s.json")
    }

    @Test func aTouchpadStepDecodesWithItsDefaults() throws {
        let steps = try scenario("""
            { "t": 0, "touchpad": { "kind": "pinch", "phase": "began", "at": [1, 2] } },
            { "t": 1, "touchpad": { "kind": "pinch", "phase": "changed", "at": [3, 4], "scale": 0.5, "rotation": -1, "fingers": 3 } },
            { "t": 2, "touchpad": { "kind": "hold", "phase": "cancelled", "at": [5, 6] } }
            """).steps
        #expect(steps.map(\.touchpad) == [
            .init(kind: .pinch, phase: .began, location: .init(x: 1, y: 2)),
            .init(kind: .pinch, phase: .changed, location: .init(x: 3, y: 4), scale: 0.5, rotation: -1, fingers: 3),
            .init(kind: .hold, phase: .cancelled, location: .init(x: 5, y: 6)),
        ])
    }

    @Test(arguments: [
        (#"{ "t": 0, "touchpad": 1 }"#, "steps[0].touchpad", "expected a touchpad object"),
        (#"{ "t": 0, "touchpad": { "phase": "began", "at": [0, 0] } }"#, "steps[0].touchpad.kind", "missing; expected one of \"pinch\", \"hold\""),
        (#"{ "t": 0, "touchpad": { "kind": "swipe", "phase": "began", "at": [0, 0] } }"#, "steps[0].touchpad.kind", "expected one of \"pinch\", \"hold\""),
        (#"{ "t": 0, "touchpad": { "kind": "pinch", "at": [0, 0] } }"#, "steps[0].touchpad.phase", "missing; expected one of \"began\""),
        (#"{ "t": 0, "touchpad": { "kind": "pinch", "phase": "moved", "at": [0, 0] } }"#, "steps[0].touchpad.phase", "expected one of \"began\", \"changed\", \"ended\", \"cancelled\""),
        (#"{ "t": 0, "touchpad": { "kind": "pinch", "phase": "began" } }"#, "steps[0].touchpad.at", "missing; expected [x, y]"),
        (#"{ "t": 0 }, { "t": 1, "touchpad": { "kind": "pinch", "phase": "began", "at": [0, 0], "scale": "2" } }"#, "steps[1].touchpad.scale", "expected a scale (a number, > 0)"),
        (#"{ "t": 0, "touchpad": { "kind": "pinch", "phase": "began", "at": [0, 0], "fingers": 1.5 } }"#, "steps[0].touchpad.fingers", "expected a whole number ≥ 0"),
        (#"{ "t": 0, "touchpad": { "kind": "pinch", "phase": "began", "at": [0, 0], "angle": 1 } }"#, "steps[0].touchpad.angle", "unknown key in a touchpad gesture; expected one of: kind, phase, at, scale, rotation, fingers"),
        (#"{ "t": 0, "touchpad": { "kind": "hold", "phase": "began", "at": [0, 0], "rotation": 0 } }"#, "steps[0].touchpad.rotation", "a hold has no \"scale\" or \"rotation\""),
        (#"{ "t": 0, "touchpad": { "kind": "hold", "phase": "changed", "at": [0, 0] } }"#, "steps[0].touchpad.phase", "a hold has no \"changed\" phase"),
    ])
    func aMalformedTouchpadStepIsAFileErrorAtItsPath(_ steps: String, _ location: String, _ fragment: String) throws {
        do {
            _ = try scenario(steps)
            Issue.record("expected a file error")
        } catch {
            #expect(error.file == "s.json")
            #expect(error.location.description == location)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func badTouchpadValuesAreRejectedByTheReplayWithTheirStep() throws {
        let log = try ScenarioReplayer.replay(try scenario("""
            { "t": 0, "touchpad": { "kind": "pinch", "phase": "began", "at": [50, 50], "scale": -0.5 } },
            { "t": 0.1, "touchpad": { "kind": "pinch", "phase": "began", "at": [50, 50] } },
            { "t": 0.2, "touchpad": { "kind": "pinch", "phase": "changed", "at": [50, 50], "scale": 0 } },
            { "t": 0.3, "touchpad": { "kind": "pinch", "phase": "changed", "at": [50, 50], "scale": 2, "fingers": 0 } },
            { "t": 0.4, "touchpad": { "kind": "pinch", "phase": "changed", "at": [50, 50], "scale": 2 } },
            { "t": 0.5, "touchpad": { "kind": "pinch", "phase": "ended", "at": [50, 50] } },
            { "t": 0.6, "touchpad": { "kind": "hold", "phase": "ended", "at": [50, 50] } }
            """))
        #expect(log == [
            "! step 0: touchpad scale -0.5 not > 0",
            "! step 2: touchpad scale 0 not > 0",
            "! step 3: touchpad fingers 0 < 1",
            "pinch began",
            "pinch ended",
            "! step 6: touchpad gesture not begun",
        ])
    }
}
