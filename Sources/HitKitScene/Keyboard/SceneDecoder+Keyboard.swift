import HitKit

// The keyboard's scene keys (Behaviour B1, A10): `presses`, `keyCommands`, `canBecomeFocused`,
// `focusGroup` and `focusSystem`.

extension SceneDecoder {
    static let keyCommandKeys = ["input", "modifiers", "action", "priority", "repeatable", "enabled"]

    /// `presses`: the same three modes as `touches`.
    func presses(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.TouchHandling {
        try choice(value, path, SceneDescription.TouchHandling.self)
    }

    /// `keyCommands: [{"input": …, "modifiers": […], "action": …, "priority": …, "repeatable": …,
    /// "enabled": …}, …]`.
    func keyCommands(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [SceneDescription.KeyCommand] {
        let elements = try array(value, path, expected: "an array of key commands")
        var commands: [SceneDescription.KeyCommand] = []
        for (index, element) in elements.enumerated() {
            commands.append(try keyCommand(element, path / index))
        }
        return commands
    }

    private func keyCommand(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.KeyCommand {
        let members = try object(value, path, expected: "a key command {\"input\": \"s\", \"modifiers\": [\"command\"], \"action\": \"save\"}")
        var input: String?, action: String?
        var command = SceneDescription.KeyCommand(input: "", action: "")
        for member in members {
            let p = path / member.key
            switch member.key {
            case "input": input = try keyCommandInput(member.value, p)
            case "action": action = try actionName(member.value, p)
            case "modifiers": command.modifiers = try keyCommandModifiers(member.value, p)
            case "priority": command.priority = try bool(member.value, p)
            case "repeatable": command.repeatable = try bool(member.value, p)
            case "enabled": command.enabled = try bool(member.value, p)
            default: throw unknownKey(p, in: "a key command", allowed: Self.keyCommandKeys)
            }
        }
        guard let input else {
            throw missingKey(path / "input", expected: "one character or a UIKit key input name")
        }
        guard let action else { throw missingKey(path / "action", expected: Self.actionNameExpected) }
        (command.input, command.action) = (input, action)
        return command
    }

    /// One character (one extended grapheme cluster) or one of A10's UIKit input names.
    private func keyCommandInput(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> String {
        let expected = "one character or a UIKit key input name (UIKeyInputUpArrow, UIKeyInputEscape, UIKeyInputF1, …)"
        let text = try string(value, path, expected: expected)
        guard text.count == 1 || HitKit.KeyCommand.inputNames.contains(text) else {
            throw mismatch(path, expected: expected, found: value)
        }
        return text
    }

    private func keyCommandModifiers(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [SceneDescription.KeyCommand.Modifier] {
        let elements = try array(value, path, expected: "an array of modifier names")
        var modifiers: [SceneDescription.KeyCommand.Modifier] = []
        for (index, element) in elements.enumerated() {
            let modifier = try choice(element, path / index, SceneDescription.KeyCommand.Modifier.self)
            if modifiers.contains(modifier) { throw failure(path / index, "\"\(modifier.rawValue)\" is listed twice") }
            modifiers.append(modifier)
        }
        return modifiers
    }

    /// `focusGroup`: a non-empty string.
    func focusGroup(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> String {
        try nonEmptyString(value, path, expected: "a non-empty string (the focus group's identifier)")
    }
}
