import HitTestCore

// A touch's high-rate keys in a scenario step (Behaviour B5): `force`, `majorRadius` and
// `samples: [{"t": …, "at": [x, y], "force": …, "majorRadius": …}, …]`, the last sample at the
// touch's `at`. Shapes are checked here (file errors with their JSON path); times are input, so a
// sample after its step or out of order is rejected by the replay as bad input (A3, a `!` line).

extension ScenarioLoader {
    static let highRateTouchKeys = ["force", "majorRadius", "samples"]
    static let sampleKeys = ["t", "at", "force", "majorRadius"]

    /// Reads one of ``highRateTouchKeys`` into `touch`.
    static func decodeHighRateKey(_ member: JSONMember, _ path: JSONPath, _ values: SceneDecoder,
                                  into touch: inout Scenario.TouchChange) throws(SceneError) {
        switch member.key {
        case "force": touch.force = try measure(member.value, path, values, "a force (a number ≥ 0)")
        case "majorRadius": touch.majorRadius = try measure(member.value, path, values, "a radius in points (a number ≥ 0)")
        default: touch.samples = try decodeSamples(member.value, path, values)
        }
    }

    /// The last sample must be at the touch's `at` (a touch without `at` cannot have samples).
    static func checkLastSample(of touch: Scenario.TouchChange, _ touchPath: JSONPath,
                                _ values: SceneDecoder) throws(SceneError) {
        guard let last = touch.samples.last else { return }
        let lastPath = touchPath / "samples" / (touch.samples.count - 1) / "at"
        guard let location = touch.location else {
            throw values.failure(touchPath / "samples", "a touch without \"at\" cannot have samples (the last sample is at \"at\")")
        }
        if last.location != location {
            throw values.failure(lastPath, "expected the last sample at the touch's \"at\" [\(SceneDecoder.format(location.x)), \(SceneDecoder.format(location.y))], found [\(SceneDecoder.format(last.location.x)), \(SceneDecoder.format(last.location.y))]")
        }
    }

    private static func decodeSamples(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [Scenario.Sample] {
        let shape = "array of samples {\"t\", \"at\", \"force\", \"majorRadius\"}"
        let elements = try values.array(value, path, expected: "an " + shape)
        if elements.isEmpty { throw values.mismatch(path, expected: "a non-empty " + shape, found: value) }
        var samples: [Scenario.Sample] = []
        for (index, element) in elements.enumerated() {
            samples.append(try decodeSample(element, path / index, values))
        }
        return samples
    }

    private static func decodeSample(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.Sample {
        let members = try values.object(value, path, expected: "a sample object {\"t\": seconds, \"at\": [x, y]}")
        var time: Double?
        var location: Point?
        var force: Double?
        var radius: Double?
        for member in members {
            let memberPath = path / member.key
            switch member.key {
            case "t": time = try values.number(member.value, memberPath, expected: "a time in seconds (a number)")
            case "at": location = try values.point(member.value, memberPath)
            case "force": force = try measure(member.value, memberPath, values, "a force (a number ≥ 0)")
            case "majorRadius": radius = try measure(member.value, memberPath, values, "a radius in points (a number ≥ 0)")
            default: throw values.unknownKey(memberPath, in: "a sample", allowed: sampleKeys)
            }
        }
        guard let time else { throw values.missingKey(path / "t", expected: "a time in seconds (a number)") }
        guard let location else { throw values.missingKey(path / "at", expected: "[x, y] in screen coordinates") }
        return Scenario.Sample(time: time, location: location, force: force, majorRadius: radius)
    }

    private static func measure(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder,
                                _ expected: String) throws(SceneError) -> Double {
        try values.number(value, path, expected: expected, in: 0...Double.greatestFiniteMagnitude)
    }
}
