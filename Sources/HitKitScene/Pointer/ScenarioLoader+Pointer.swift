import HitTestCore

// A step's `pointer` and `scroll` (Behaviour A8, B5); `edits` are in ScenarioLoader+Edits.

extension ScenarioLoader {
    static let pointerStepKeys = ["edits", "pointer", "scroll"]
    static let pointerKeys = ["id", "at", "buttons", "modifiers", "left"]
    static let scrollKeys = ["at", "delta", "type", "phase"]

    /// Decodes `member` into `step` if it is one of ``pointerStepKeys``; false if it is not.
    static func decodePointerStepKey(_ member: JSONMember, _ path: JSONPath, _ values: SceneDecoder,
                                     into step: inout Scenario.Step) throws(SceneError) -> Bool {
        switch member.key {
        case "edits": step.edits = try decodeEdits(member.value, path, values)
        case "pointer": step.pointer = try decodePointer(member.value, path, values)
        case "scroll": step.scroll = try decodeScroll(member.value, path, values)
        default: return false
        }
        return true
    }

    private static func decodePointer(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder)
        throws(SceneError) -> Scenario.PointerChange
    {
        let members = try values.object(value, path, expected: "a pointer object {\"id\", \"at\", \"buttons\", \"modifiers\"} or {\"id\", \"left\": true}")
        var id: Int?
        var location: Point?
        var buttons: [Int] = []
        var modifiers: [PointerNames.Modifier] = []
        var left = false
        var stateKey: String?  // a key that says where the pointer is, for the "left" conflict
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": id = try values.integer(member.value, p, minimum: 0)
            case "at": location = try values.point(member.value, p); stateKey = stateKey ?? member.key
            case "buttons": buttons = try values.buttonNumbers(member.value, p, maximum: nil); stateKey = stateKey ?? member.key
            case "modifiers":
                modifiers = try values.choices(member.value, p, PointerNames.Modifier.self, what: "modifier keys")
                stateKey = stateKey ?? member.key
            case "left":
                guard try values.bool(member.value, p) else {
                    throw values.failure(p, "expected true (the pointer left the screen); leave \"left\" out for a pointer on the screen")
                }
                left = true
            default: throw values.unknownKey(p, in: "a pointer", allowed: pointerKeys)
            }
        }
        guard let id else { throw values.missingKey(path / "id", expected: "the pointer's id (a whole number ≥ 0)") }
        if left {
            if let stateKey { throw values.failure(path / stateKey, "a pointer that left the screen has only \"id\" and \"left\"") }
            return Scenario.PointerChange(id: id, location: nil)
        }
        guard let location else { throw values.missingKey(path / "at", expected: "[x, y] in screen coordinates (or \"left\": true)") }
        return Scenario.PointerChange(id: id, location: location, buttons: buttons, modifiers: modifiers)
    }

    private static func decodeScroll(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder)
        throws(SceneError) -> Scenario.ScrollChange
    {
        let members = try values.object(value, path, expected: "a scroll object {\"at\", \"delta\", \"type\", \"phase\"}")
        var location: Point?
        var delta: Point?
        var type: PointerNames.ScrollType?
        var phase: (PointerNames.ScrollPhase, JSONPath)?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "at": location = try values.point(member.value, p)
            case "delta":
                let n = try values.numbers(member.value, p, names: ["dx", "dy"])
                delta = Point(x: n[0], y: n[1])
            case "type": type = try values.choice(member.value, p, PointerNames.ScrollType.self)
            case "phase": phase = (try values.choice(member.value, p, PointerNames.ScrollPhase.self), p)
            default: throw values.unknownKey(p, in: "a scroll", allowed: scrollKeys)
            }
        }
        guard let location else { throw values.missingKey(path / "at", expected: "[x, y] in screen coordinates") }
        guard let delta else { throw values.missingKey(path / "delta", expected: "[dx, dy] in points") }
        guard let type else { throw values.missingKey(path / "type", expected: "one of \"discrete\", \"continuous\"") }
        switch (type, phase) {
        case (.continuous, nil):
            throw values.missingKey(path / "phase", expected: "one of \"began\", \"changed\", \"ended\" (a continuous scroll has a phase)")
        case (.discrete, let (_, phasePath)?):
            throw values.failure(phasePath, "a discrete scroll (a wheel notch) has no phase")
        default:
            return Scenario.ScrollChange(location: location, delta: delta, type: type, phase: phase?.0)
        }
    }
}
