import HitKit
import HitTestCore
import Testing
@testable import HitKitScene

/// The keyboard in scene and scenario files (Behaviour B1, B5, A10): what the keys decode to, the
/// US-layout defaults a key name gives, and what the builder makes of them.
@Suite("Scenes and scenarios: the keyboard")
struct KeyboardSceneTests {
    static let scene = #"{ "windows": [ { "id": "win", "frame": [0, 0, 100, 100], "subviews": [ { "id": "a", "frame": [0, 0, 10, 10] } ] } ] }"#

    func keys(_ json: String) throws(SceneError) -> [Scenario.KeyChange] {
        try ScenarioLoader.decode(text: #"{ "scene": \#(Self.scene), "steps": [ { "t": 0, "keys": \#(json) } ] }"#, file: "s.json")
            .steps[0].keys
    }

    @Test func aNameGivesTheHIDUsageAndTheUSLayoutsText() throws {
        let decoded = try keys(#"""
            [ {"key": "KeyA", "phase": "down"}, {"key": "KeyA", "phase": "down", "modifiers": ["shift"]},
              {"key": "KeyA", "phase": "down", "modifiers": ["alphaShift"]},
              {"key": "KeyA", "phase": "down", "modifiers": ["alphaShift", "shift"]},
              {"key": "Digit1", "phase": "down", "modifiers": ["shift", "alphaShift"]},
              {"key": "Slash", "phase": "up", "modifiers": ["shift"]},
              {"key": "KeyS", "phase": "down", "modifiers": ["control", "command"]},
              {"key": "ArrowUp", "phase": "cancelled"}, {"key": "Enter", "phase": "down"}, {"key": "F12", "phase": "down"},
              {"key": "ShiftLeft", "phase": "down", "modifiers": ["shift"]}, {"key": "ContextMenu", "phase": "down"} ]
            """#)
        let summary = decoded.map { "\($0.logName) \($0.code) \($0.phase.rawValue) [\($0.characters)] [\($0.ignoringModifiers)]" }
        #expect(summary == [
            "KeyA 4 down [a] [a]", "KeyA 4 down [A] [a]", "KeyA 4 down [A] [a]", "KeyA 4 down [a] [a]",
            "Digit1 30 down [!] [1]", "Slash 56 up [?] [/]", "KeyS 22 down [s] [s]",
            "ArrowUp 82 cancelled [UIKeyInputUpArrow] [UIKeyInputUpArrow]", "Enter 40 down [\r] [\r]",
            "F12 69 down [UIKeyInputF12] [UIKeyInputF12]", "ShiftLeft 225 down [] []", "ContextMenu 101 down [] []",
        ])
        #expect(decoded[6].input.modifierFlags == [.control, .command])
    }

    @Test func explicitFieldsReplaceWhatTheNameGivesAndACodeAloneNamesAnyKey() throws {
        let decoded = try keys(#"""
            [ {"key": "KeyA", "phase": "down", "characters": "å", "ignoringModifiers": "q", "code": 20},
              {"code": 300, "phase": "down"}, {"code": -1, "phase": "up", "characters": "x"} ]
            """#)
        #expect(decoded[0] == Scenario.KeyChange(name: "KeyA", code: 20, phase: .down, characters: "å", ignoringModifiers: "q"))
        #expect(decoded[1] == Scenario.KeyChange(code: 300, phase: .down) && decoded[1].logName == "300")
        #expect(decoded[2].code == -1 && decoded[2].characters == "x", "a code out of range is bad input, not a file error")
    }

    @Test func keyboardEditsDecode() throws {
        let steps = try ScenarioLoader.decode(text: #"""
            { "scene": \#(Self.scene), "steps": [ { "t": 0, "edits": [
                {"view": "a", "becomeFirstResponder": true}, {"view": "a", "resignFirstResponder": true},
                {"window": "win", "makeKey": true}, {"window": "win", "set": {"focusSystem": true}},
                {"control": "a", "set": {"enabled": false}},
                {"view": "a", "set": {"canBecomeFocused": true, "focusGroup": "g", "hidden": false}} ] } ] }
            """#, file: "s.json").steps
        #expect(steps[0].edits == [
            .becomeFirstResponder(view: "a"), .resignFirstResponder(view: "a"), .makeKey(window: "win"),
            .setFocusSystem(window: "win", true), .setControlEnabled(control: "a", false),
            .setView(view: "a", [.canBecomeFocused(true), .focusGroup("g"), .hidden(false)]),
        ])
    }

    @Test(arguments: [
        (#"{"window": "win", "makeKey": true, "view": "a"}"#, "steps[0].edits[0].view", "expected one edit"),
        (#"{"window": "win", "makeKey": true, "set": {"focusSystem": true}}"#, "steps[0].edits[0].set", "expected one edit"),
        (#"{"view": "a", "makeKey": true}"#, "steps[0].edits[0].makeKey", "expected one edit"),
        (#"{"control": "a", "set": {}}"#, "steps[0].edits[0].set.enabled", "missing"),
    ])
    func malformedKeyboardEditsNameThePath(_ edit: String, _ location: String, _ fragment: String) throws {
        do throws(SceneError) {
            _ = try ScenarioLoader.decode(text: #"{ "scene": \#(Self.scene), "steps": [ { "t": 0, "edits": [\#(edit)] } ] }"#, file: "s.json")
            Issue.record("no error for \(edit)")
        } catch {
            #expect(error.location.description == location)
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func theBuilderGivesResponderstheirKeyCommandsAndTheViewsTheirFocusKeys() throws {
        let description = try SceneLoader.decode(text: #"""
            { "application": {"id": "app", "keyCommands": [{"input": "q", "modifiers": ["command"], "action": "quit"}]},
              "windows": [ { "id": "win", "frame": [0, 0, 100, 100], "focusSystem": true, "focusGroup": "top",
                "keyCommands": [{"input": "S", "modifiers": ["control", "command"], "action": "save", "priority": true,
                                 "repeatable": false, "enabled": false}],
                "subviews": [ { "id": "a", "frame": [0, 0, 10, 10], "canBecomeFocused": true, "focusGroup": "g" },
                              { "id": "b", "frame": [0, 0, 10, 10], "control": {"type": "button"}, "canBecomeFocused": false } ] } ] }
            """#, file: "s.json")
        let scene = try SceneBuilder.build(description)
        let window = try #require(scene.windows.first)
        let command = try #require(window.keyCommands.first)
        #expect(command.input == "S" && command.modifierFlags == [.control, .command] && command.action == "save")
        #expect(command.wantsPriorityOverSystemBehavior && !command.isRepeatable && !command.isEnabled)
        #expect(scene.application.keyCommands.map(\.description) == ["command+q"])
        #expect(window.isFocusSystemEnabled && window.focusGroupIdentifier == "top")
        let a = try #require(scene.view(withID: "a")), b = try #require(scene.view(withID: "b"))
        #expect(a.canBecomeFocused && a.focusGroupIdentifier == "g")
        #expect(!b.canBecomeFocused && b.focusGroupIdentifier == "top")
    }
}
