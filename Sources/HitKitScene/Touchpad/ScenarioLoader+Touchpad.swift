import HitTestCore

// A step's `touchpad` (Behaviour A9, B5). The shape is checked here (a file error names its
// JSON path); the values a gesture may not take (a scale ≤ 0, fingers < 1, a phase out of order)
// are bad input, rejected by the replay as a `! step N` line.

extension ScenarioLoader {
    static let touchpadStepKeys = ["touchpad"]
    static let touchpadKeys = ["kind", "phase", "at", "scale", "rotation", "fingers"]

    /// A step's `touchpad` object.
    static func decodeTouchpad(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder)
        throws(SceneError) -> Scenario.TouchpadChange
    {
        let members = try values.object(value, path, expected: "a touchpad object {\"kind\", \"phase\", \"at\", \"scale\", \"rotation\", \"fingers\"}")
        var kind: Scenario.TouchpadChange.Kind?
        var phase: (Scenario.TouchpadChange.Phase, JSONPath)?
        var location: Point?
        var scale = 1.0, rotation = 0.0, fingers = 2
        var pinchOnlyKey: JSONPath?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "kind": kind = try values.choice(member.value, p, Scenario.TouchpadChange.Kind.self)
            case "phase": phase = (try values.choice(member.value, p, Scenario.TouchpadChange.Phase.self), p)
            case "at": location = try values.point(member.value, p)
            case "scale": scale = try values.number(member.value, p, expected: "a scale (a number, > 0)"); pinchOnlyKey = pinchOnlyKey ?? p
            case "rotation": rotation = try values.number(member.value, p, expected: "a rotation in radians (a number)"); pinchOnlyKey = pinchOnlyKey ?? p
            case "fingers": fingers = try values.integer(member.value, p, minimum: 0)
            default: throw values.unknownKey(p, in: "a touchpad gesture", allowed: touchpadKeys)
            }
        }
        guard let kind else { throw values.missingKey(path / "kind", expected: "one of \"pinch\", \"hold\"") }
        guard let (phase, phasePath) = phase else {
            throw values.missingKey(path / "phase", expected: "one of \"began\", \"changed\", \"ended\", \"cancelled\"")
        }
        guard let location else { throw values.missingKey(path / "at", expected: "[x, y] in screen coordinates") }
        if kind == .hold {
            if let pinchOnlyKey { throw values.failure(pinchOnlyKey, "a hold has no \"scale\" or \"rotation\" (a pinch has)") }
            if phase == .changed { throw values.failure(phasePath, "a hold has no \"changed\" phase (only \"began\", \"ended\", \"cancelled\")") }
        }
        return Scenario.TouchpadChange(kind: kind, phase: phase, location: location, scale: scale, rotation: rotation, fingers: fingers)
    }
}
