import HitTestCore

/// Reads scenario files (Behaviour B5) into ``Scenario`` values. Errors are ``SceneError``s exactly
/// as for scene files: the file, the JSON path (`steps[2].touches[0].at`) and what was expected.
/// An inline `scene` is checked as a scene file is, its paths starting with `scene`; a
/// `sceneFile` is loaded as its own file, relative to the scenario's folder, and its errors name it.
public enum ScenarioLoader {
    static let scenarioKeys = ["scene", "sceneFile", "steps", "expect"]
    static let stepKeys = ["t", "touches"] + pointerStepKeys + touchpadStepKeys + ["keys"]
    static let touchKeys = ["id", "phase", "at"]

    /// Loads the scenario file at `path`; errors name the file as `path` is written.
    public static func load(contentsOf path: String) throws(SceneError) -> Scenario {
        try decode(data: try SceneLoader.readFile(path), file: path)
    }

    /// Decodes a scenario from the bytes of a file named `file`; a `sceneFile` is looked for
    /// relative to `file`'s folder.
    public static func decode(data: [UInt8], file: String) throws(SceneError) -> Scenario {
        let result = LargeStack.run { () -> Result<Scenario, SceneError> in
            do throws(SceneError) {
                return .success(try decode(try SceneLoader.parseJSON(data, file: file), file: file))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Decodes a scenario from its text (tests); `file` names it in messages.
    public static func decode(text: String, file: String) throws(SceneError) -> Scenario {
        try decode(data: Array(text.utf8), file: file)
    }

    private static func decode(_ document: JSONValue, file: String) throws(SceneError) -> Scenario {
        let values = SceneDecoder(file: file)  // its typed reads name this file in errors
        let members = try values.object(document, .root, expected: "a scenario object with \"scene\" or \"sceneFile\", and \"steps\"")
        var inlineScene: (SceneDescription, JSONPath)?
        var sceneFile: (String, JSONPath)?
        var steps: [Scenario.Step]?
        var expected: [String]?
        for member in members {
            let path = JSONPath.root / member.key
            switch member.key {
            case "scene":
                if let sceneFile { throw values.failure(path, "a scenario has \"scene\" or \"sceneFile\", not both (\"sceneFile\" is at \(sceneFile.1))") }
                // Checked where it stands, so the first problem in file order is the one reported.
                inlineScene = (try SceneDecoder.decode(member.value, at: path, file: file), path)
            case "sceneFile":
                if let inlineScene { throw values.failure(path, "a scenario has \"scene\" or \"sceneFile\", not both (\"scene\" is at \(inlineScene.1))") }
                sceneFile = (try values.nonEmptyString(member.value, path, expected: "a path to a scene file, relative to the scenario file"), path)
            case "steps":
                steps = try decodeSteps(member.value, path, values)
            case "expect":
                expected = try decodeExpectation(member.value, path, values)
            default:
                throw values.unknownKey(path, in: "the scenario", allowed: scenarioKeys)
            }
        }
        guard let steps else { throw values.missingKey(.root / "steps", expected: "an array of steps") }

        if let (scene, _) = inlineScene {
            return Scenario(scene: scene, steps: steps, expectedLog: expected)
        }
        guard let (relative, _) = sceneFile else {
            throw values.missingKey(.root / "scene", expected: "a scene object (or \"sceneFile\": a path to a scene file)")
        }
        let scenePath = resolve(relative, against: file)
        return Scenario(scene: try SceneLoader.load(contentsOf: scenePath), sceneFile: scenePath, steps: steps,
                        expectedLog: expected)
    }

    /// `relative` read from the folder of `file` (an absolute `relative` stays as it is).
    static func resolve(_ relative: String, against file: String) -> String {
        if relative.hasPrefix("/") { return relative }
        guard let slash = file.lastIndex(of: "/") else { return relative }
        let folder = file[..<slash]
        return folder.isEmpty ? "/" + relative : folder + "/" + relative
    }

    private static func decodeSteps(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [Scenario.Step] {
        let elements = try values.array(value, path, expected: "an array of steps")
        var steps: [Scenario.Step] = []
        for (index, element) in elements.enumerated() {
            let stepPath = path / index
            let members = try values.object(element, stepPath, expected: "a step object {\"t\": seconds, \"touches\": [...]}")
            var time: Double?
            var touches: [Scenario.TouchChange] = []
            var step = Scenario.Step(time: 0)  // collects the keys other files decode
            for member in members {
                let memberPath = stepPath / member.key
                switch member.key {
                case "t":
                    // Time going backwards is not a file error: it is bad input (Behaviour A3), which
                    // the replay rejects and logs (`! …`) before going on.
                    time = try values.number(member.value, memberPath, expected: "a time in seconds (a number)")
                case "touches":
                    touches = try decodeTouches(member.value, memberPath, values)
                case "touchpad":
                    step.touchpad = try decodeTouchpad(member.value, memberPath, values)  // Behaviour A9
                case "keys":
                    step.keys = try decodeKeys(member.value, memberPath, values)  // Behaviour A10
                default:
                    guard try decodePointerStepKey(member, memberPath, values, into: &step) else {
                        throw values.unknownKey(memberPath, in: "a step", allowed: stepKeys)
                    }
                }
            }
            guard let time else { throw values.missingKey(stepPath / "t", expected: "a time in seconds (a number)") }
            step.time = time
            step.touches = touches
            steps.append(step)
        }
        return steps
    }

    private static func decodeTouches(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [Scenario.TouchChange] {
        let elements = try values.array(value, path, expected: "an array of touches")
        var touches: [Scenario.TouchChange] = []
        for (index, element) in elements.enumerated() {
            let touchPath = path / index
            let members = try values.object(element, touchPath, expected: "a touch object {\"id\", \"phase\", \"at\"}")
            var id: Int?
            var phase: Scenario.TouchChange.Phase?
            var location: Point?
            var change = Scenario.TouchChange(id: 0, phase: .began, location: nil)  // the high-rate keys
            for member in members {
                let memberPath = touchPath / member.key
                switch member.key {
                case "id": id = try values.integer(member.value, memberPath, minimum: 0)
                case "phase": phase = try values.choice(member.value, memberPath, Scenario.TouchChange.Phase.self)
                case "at": location = try values.point(member.value, memberPath)
                case _ where highRateTouchKeys.contains(member.key):
                    try decodeHighRateKey(member, memberPath, values, into: &change)
                default: throw values.unknownKey(memberPath, in: "a touch", allowed: touchKeys + highRateTouchKeys)
                }
            }
            guard let id else { throw values.missingKey(touchPath / "id", expected: "a finger id (a whole number ≥ 0)") }
            guard let phase else {
                throw values.missingKey(touchPath / "phase", expected: "one of \"began\", \"moved\", \"ended\", \"cancelled\"")
            }
            if location == nil && phase != .cancelled {
                throw values.missingKey(touchPath / "at", expected: "[x, y] in screen coordinates (only a cancelled touch may leave it out)")
            }
            (change.id, change.phase, change.location) = (id, phase, location)
            try checkLastSample(of: change, touchPath, values)
            touches.append(change)
        }
        return touches
    }

    private static func decodeExpectation(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [String] {
        let elements = try values.array(value, path, expected: "an array of log lines")
        var lines: [String] = []
        for (index, element) in elements.enumerated() {
            let line = try values.string(element, path / index, expected: "a log line (a string)")
            if line.contains("\n") { throw values.failure(path / index, "expected one log line, found a string with a line break") }
            lines.append(line)
        }
        return lines
    }
}
