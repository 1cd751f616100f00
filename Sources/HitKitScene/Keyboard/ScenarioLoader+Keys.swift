// A step's `keys` and the keyboard's edits (Behaviour B5, A10). Only the shape is checked here: a
// code out of range, an up for a key not down or an edit naming nothing is bad input, which
// the replay rejects and logs.

extension ScenarioLoader {
    static let keyEventKeys = ["key", "phase", "modifiers", "characters", "ignoringModifiers", "code"]
    static let keyboardEditKeys = ["becomeFirstResponder", "resignFirstResponder", "window", "makeKey", "control"]
    static let keyboardEditForms = [
        "{\"view\": ID, \"becomeFirstResponder\": true}", "{\"view\": ID, \"resignFirstResponder\": true}",
        "{\"window\": ID, \"makeKey\": true}", "{\"window\": ID, \"set\": {\"focusSystem\": bool}}",
        "{\"control\": ID, \"set\": {\"enabled\": bool}}",
    ]

    /// `keys: [{"key": NAME, "phase": …, "modifiers": […], "characters": …, "ignoringModifiers": …,
    /// "code": n}, …]`.
    static func decodeKeys(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [Scenario.KeyChange] {
        let elements = try values.array(value, path, expected: "an array of key events")
        var keys: [Scenario.KeyChange] = []
        for (index, element) in elements.enumerated() {
            keys.append(try decodeKey(element, path / index, values))
        }
        return keys
    }

    private static func decodeKey(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.KeyChange {
        let members = try values.object(value, path, expected: "a key event {\"key\": \"KeyA\", \"phase\": \"down\"}")
        var entry: KeyNames.Entry?
        var phase: Scenario.KeyChange.Phase?
        var modifiers: [PointerNames.Modifier] = []
        var code: Int?, characters: String?, ignoringModifiers: String?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "key":
                let name = try values.string(member.value, p, expected: "a W3C key name such as \"KeyA\", \"Enter\" or \"ArrowUp\"")
                guard let found = KeyNames.entry(named: name) else {
                    throw values.failure(p, "unknown key name \"\(name)\"; expected a W3C KeyboardEvent.code name such as \"KeyA\", \"Digit1\", \"Enter\", \"Tab\", \"ArrowUp\", \"F1\" or \"ShiftLeft\" (or give \"code\")")
                }
                entry = found
            case "phase": phase = try values.choice(member.value, p, Scenario.KeyChange.Phase.self)
            case "modifiers": modifiers = try values.choices(member.value, p, PointerNames.Modifier.self, what: "modifier keys")
            case "characters": characters = try values.string(member.value, p)
            case "ignoringModifiers": ignoringModifiers = try values.string(member.value, p)
            // A whole number of either sign: one outside 0…65535 is bad input at its step, not a file error.
            case "code": code = try values.exactWholeNumber(member.value, p, expected: "a whole number (a USB HID usage)")
            default: throw values.unknownKey(p, in: "a key event", allowed: keyEventKeys)
            }
        }
        guard let phase else { throw values.missingKey(path / "phase", expected: "one of \"down\", \"up\", \"cancelled\"") }
        guard entry != nil || code != nil else {
            throw values.failure(path, "expected \"key\" or \"code\" to say which key")
        }
        let shifted = modifiers.contains(.shift) != (modifiers.contains(.alphaShift) && entry?.isLetter == true)
        let typed = entry.map { shifted ? $0.shifted : $0.unshifted } ?? ""
        return Scenario.KeyChange(name: entry?.name, code: code ?? entry?.code ?? 0, phase: phase, modifiers: modifiers,
                                  characters: characters ?? typed, ignoringModifiers: ignoringModifiers ?? entry?.unshifted ?? "")
    }

    /// Whether an edit's keys make it one of the keyboard's.
    static func isKeyboardEdit(_ members: [JSONMember]) -> Bool {
        members.contains { keyboardEditKeys.contains($0.key) }
    }

    /// `{"view": ID, "becomeFirstResponder": true}`, `{"view": ID, "resignFirstResponder": true}`,
    /// `{"window": ID, "makeKey": true}`, `{"window": ID, "set": {"focusSystem": bool}}`,
    /// `{"control": ID, "set": {"enabled": bool}}`.
    static func decodeKeyboardEdit(_ members: [JSONMember], _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.Edit {
        var view: String?, window: String?, control: String?
        var actions: [(key: String, value: JSONValue)] = []
        for member in members {
            let p = path / member.key
            switch member.key {
            case "view": view = try values.identifier(member.value, p)
            case "window": window = try values.identifier(member.value, p)
            case "control": control = try values.identifier(member.value, p)
            case "becomeFirstResponder", "resignFirstResponder", "makeKey", "set": actions.append((member.key, member.value))
            default: throw misplacedEditKey(member.key, p, alone: members.count == 1, values)
            }
        }
        let forms = listing(keyboardEditForms)
        let targets = [view, window, control].compactMap { $0 }
        guard targets.count == 1, actions.count == 1 else {
            // The second target or action in file order is the one out of place.
            let targetKeys = members.map(\.key).filter { ["view", "window", "control"].contains($0) }
            let extra = targetKeys.count > 1 ? targetKeys[1] : actions.count > 1 ? actions[1].key : nil
            throw values.failure(extra.map { path / $0 } ?? path, "expected one edit: \(forms)")
        }
        let (action, actionValue) = actions[0], actionPath = path / action
        switch (action, view, window, control) {
        case ("becomeFirstResponder", let view?, nil, nil):
            try requireTrue(actionValue, actionPath, values)
            return .becomeFirstResponder(view: view)
        case ("resignFirstResponder", let view?, nil, nil):
            try requireTrue(actionValue, actionPath, values)
            return .resignFirstResponder(view: view)
        case ("makeKey", nil, let window?, nil):
            try requireTrue(actionValue, actionPath, values)
            return .makeKey(window: window)
        case ("set", nil, let window?, nil):
            return .setFocusSystem(window: window, try decodeSingleSet(actionValue, actionPath, key: "focusSystem",
                                                                       in: "a window edit's \"set\"", values))
        case ("set", nil, nil, let control?):
            return .setControlEnabled(control: control, try decodeSingleSet(actionValue, actionPath, key: "enabled",
                                                                            in: "a control edit's \"set\"", values))
        default:
            throw values.failure(actionPath, "expected one edit: \(forms)")
        }
    }

    private static func requireTrue(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) {
        guard try values.bool(value, path) else { throw values.failure(path, "expected true; leave the edit out instead") }
    }

    /// A `set` object holding exactly `key` with a boolean.
    private static func decodeSingleSet(_ value: JSONValue, _ path: JSONPath, key: String, in context: String,
                                        _ values: SceneDecoder) throws(SceneError) -> Bool {
        let members = try values.object(value, path, expected: "{\"\(key)\": true or false}")
        var result: Bool?
        for member in members {
            guard member.key == key else { throw values.unknownKey(path / member.key, in: context, allowed: [key]) }
            result = try values.bool(member.value, path / member.key)
        }
        guard let result else { throw values.missingKey(path / key, expected: "true or false") }
        return result
    }
}
