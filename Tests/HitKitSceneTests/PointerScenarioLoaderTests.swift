import Foundation
import HitTestCore
import Testing
@testable import HitKitScene

/// A step's `pointer`, `scroll` and `edits` (Behaviour A8, B5): what they decode to, and the
/// located errors of malformed ones.
@Suite("Scenario files: pointer, scroll and edits")
struct PointerScenarioLoaderTests {
    static let scene = #"{ "windows": [ { "id": "win", "frame": [0, 0, 100, 100] } ] }"#

    func steps(_ steps: String) throws(SceneError) -> [Scenario.Step] {
        try ScenarioLoader.decode(text: #"{ "scene": \#(Self.scene), "steps": \#(steps) }"#, file: "s.json").steps
    }

    @Test func pointerScrollAndEditsDecode() throws {
        let decoded = try steps("""
            [ { "t": 0, "pointer": { "id": 9, "at": [1, 2], "buttons": ["secondary", "primary", 5, 40], "modifiers": ["shift", "command"] },
                "scroll": { "at": [3, 4], "delta": [0, -10], "type": "continuous", "phase": "began" },
                "edits": [ { "view": "a", "removeFromSuperview": true },
                           { "view": "a", "moveTo": "win", "index": 0 },
                           { "view": "b", "moveTo": "win" },
                           { "view": "a", "set": { "hidden": true, "frame": [0, 0, 5, 5] } },
                           { "gesture": "g", "set": { "enabled": false } } ] },
              { "t": 1, "pointer": { "id": 9, "left": true }, "scroll": { "at": [3, 4], "delta": [0, 0], "type": "discrete" } } ]
            """)
        #expect(decoded[0].pointer == .init(id: 9, location: Point(x: 1, y: 2), buttons: [1, 2, 5, 40], modifiers: [.shift, .command]))
        #expect(decoded[0].scroll == .init(location: Point(x: 3, y: 4), delta: Point(x: 0, y: -10), type: .continuous, phase: .began))
        #expect(decoded[0].edits == [
            .removeFromSuperview(view: "a"), .move(view: "a", to: "win", index: 0), .move(view: "b", to: "win", index: nil),
            .setView(view: "a", [.frame(Rect(x: 0, y: 0, width: 5, height: 5)), .hidden(true)]),  // geometry first (B1)
            .setGestureEnabled(gesture: "g", false),
        ])
        #expect(decoded[1].pointer?.hasLeft == true)
        #expect(decoded[1].scroll?.phase == nil)
    }

    /// SceneFormat: "A button number above 32 and the other impossible pointer input are bad
    /// input (the `!` lines), not file errors": any whole number ≥ 4 a JSON number holds
    /// exactly is read, to be rejected at its step, however large (2³¹ and 10¹⁰ were file errors).
    @Test(arguments: [33.0, 2147483647, 2147483648, 1e10, 9007199254740991])
    func aWholeButtonNumberPast32IsReadForTheReplayToReject(_ number: Double) throws {
        let decoded = try steps(#"[ { "t": 0, "pointer": { "id": 9, "at": [1, 2], "buttons": [\#(SceneDecoder.format(number))] } } ]"#)
        #expect(decoded[0].pointer?.buttons == [Int(number)])
    }

    /// A button written as a number that is no whole button number says why: a message "expected
    /// … a button number ≥ 4, found the number 4.5" alone would contradict itself.
    @Test(arguments: [
        ("4.5", "expected \"primary\", \"secondary\", \"middle\" or a button number ≥ 4, found the number 4.5, which is not a whole number"),
        ("1e300", "found the number 1e+300, too large to be read exactly (a JSON number is exact up to 2^53 - 1 = 9007199254740991)"),
        ("9007199254740994", "too large to be read exactly"),
        // Read as 2⁵³, as 9007199254740992 is: neither can be told from the other.
        ("9007199254740993", "found the number 9007199254740992.0, too large to be read exactly"),
        ("9007199254740992", "too large to be read exactly"),
    ])
    func aButtonNumberThatIsNoWholeNumberSaysWhy(_ written: String, _ fragment: String) throws {
        do throws(SceneError) {
            _ = try steps(#"[ { "t": 0, "pointer": { "id": 9, "at": [1, 2], "buttons": ["primary", \#(written)] } } ]"#)
            Issue.record("no error for \(written)")
        } catch {
            #expect(error.location.description == "steps[0].pointer.buttons[1]")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test(arguments: [
        // (steps, location, fragment of the message)
        (#"[ { "t": 0, "pointer": { "at": [0, 0] } } ]"#, "steps[0].pointer.id", "missing; expected the pointer's id"),
        (#"[ { "t": 0, "pointer": { "id": 1 } } ]"#, "steps[0].pointer.at", "missing; expected [x, y]"),
        (#"[ { "t": 0, "pointer": { "id": 1, "at": [0, 0], "buttons": ["left"] } } ]"#, "steps[0].pointer.buttons[0]", "expected \"primary\", \"secondary\", \"middle\" or a button number ≥ 4, found the string \"left\""),
        (#"[ { "t": 0, "pointer": { "id": 1, "at": [0, 0], "buttons": [1] } } ]"#, "steps[0].pointer.buttons[0]", "found the number 1"),
        (#"[ { "t": 0, "pointer": { "id": 1, "at": [0, 0], "modifiers": ["meta"] } } ]"#, "steps[0].pointer.modifiers[0]", "expected one of \"alphaShift\", \"shift\", \"control\", \"alternate\", \"command\", \"numericPad\""),
        (#"[ { "t": 0, "pointer": { "id": 1, "left": false } } ]"#, "steps[0].pointer.left", "expected true"),
        (#"[ { "t": 0, "pointer": { "id": 1, "left": true, "at": [0, 0] } } ]"#, "steps[0].pointer.at", "only \"id\" and \"left\""),
        (#"[ { "t": 0, "pointer": { "id": 1, "at": [0, 0], "button": [] } } ]"#, "steps[0].pointer.button", "unknown key in a pointer"),
        (#"[ { "t": 0, "scroll": { "at": [0, 0], "delta": [0, 1] } } ]"#, "steps[0].scroll.type", "missing; expected one of \"discrete\", \"continuous\""),
        (#"[ { "t": 0, "scroll": { "at": [0, 0], "delta": [0], "type": "discrete" } } ]"#, "steps[0].scroll.delta", "expected [dx, dy]"),
        (#"[ { "t": 0, "scroll": { "at": [0, 0], "delta": [0, 1], "type": "continuous" } } ]"#, "steps[0].scroll.phase", "a continuous scroll has a phase"),
        (#"[ { "t": 0, "scroll": { "at": [0, 0], "delta": [0, 1], "type": "discrete", "phase": "began" } } ]"#, "steps[0].scroll.phase", "has no phase"),
        (#"[ { "t": 0, "scroll": { "at": [0, 0], "delta": [0, 1], "type": "continuous", "phase": "moved" } } ]"#, "steps[0].scroll.phase", "expected one of \"began\", \"changed\", \"ended\""),
        (#"[ { "t": 0, "edits": {} } ]"#, "steps[0].edits", "expected an array of edits"),
        (#"[ { "t": 0, "edits": [ { "view": "a" } ] } ]"#, "steps[0].edits[0]", "expected one edit"),
        (#"[ { "t": 0, "edits": [ { "view": "a", "removeFromSuperview": true, "moveTo": "b" } ] } ]"#, "steps[0].edits[0].moveTo", "expected one edit"),
        (#"[ { "t": 0, "edits": [ { "view": "a", "removeFromSuperview": false } ] } ]"#, "steps[0].edits[0].removeFromSuperview", "expected true"),
        (#"[ { "t": 0, "edits": [ { "view": "a", "set": { "hidden": true }, "index": 1 } ] } ]"#, "steps[0].edits[0].index", "goes with \"moveTo\""),
        (#"[ { "t": 0, "edits": [ { "view": "a", "set": { "tag": 1 } } ] } ]"#, "steps[0].edits[0].set.tag", "unknown key in an edit's \"set\""),
        (#"[ { "t": 0, "edits": [ { "view": "a", "set": { "alpha": 2 } } ] } ]"#, "steps[0].edits[0].set.alpha", "a number from 0 to 1"),
        (#"[ { "t": 0, "edits": [ { "view": "a", "set": {} } ] } ]"#, "steps[0].edits[0].set", "at least one view key"),
        (#"[ { "t": 0, "edits": [ { "gesture": "g", "set": { "enabled": 1 } } ] } ]"#, "steps[0].edits[0].set.enabled", "expected true or false"),
        (#"[ { "t": 0, "edits": [ { "gesture": "g", "removeFromSuperview": true } ] } ]"#, "steps[0].edits[0].removeFromSuperview", "a gesture edit is"),
        (#"[ { "t": 0, "edits": [ { "gesture": "g", "view": "a", "set": {} } ] } ]"#, "steps[0].edits[0].gesture", "not both"),
        (#"[ { "t": 0, "edits": [ { "view": "a b", "removeFromSuperview": true } ] } ]"#, "steps[0].edits[0].view", "expected an id"),
    ])
    func malformedPointerStepsNameThePath(_ steps: String, _ location: String, _ fragment: String) throws {
        do throws(SceneError) {
            _ = try self.steps(steps)
            Issue.record("no error for \(steps)")
        } catch {
            #expect(error.file == "s.json")
            #expect(error.location.description == location)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }
}
