import HitKitScene

/// `hitkit replay SCENARIO`: prints the delivery log (Behaviour B6); when the scenario has `expect`
/// and the log differs, a unified diff (`--- expected`, `+++ actual`) on standard error.
enum ReplayCommand {
    /// Returns whether the log met the scenario's expectation (true when it has none).
    static func run(scenarioPath: String, output: StandardOutput) throws(SceneError) -> Bool {
        let scenario = try loadScenario(scenarioPath)
        let log = try ScenarioReplayer.replay(scenario, file: scenarioPath)
        for line in log { output.write(line + "\n") }
        guard let expected = scenario.expectedLog, expected != log else { return true }
        output.flush()
        StandardError.write(UnifiedDiff().text(expected: expected, actual: log))
        return false
    }

    /// The scenario at `path`; a scene file given instead is named as such, since the scenario
    /// loader alone would only say that `windows` is not a scenario key.
    static func loadScenario(_ path: String) throws(SceneError) -> Scenario {
        do {
            return try ScenarioLoader.load(contentsOf: path)
        } catch {
            guard error.file == path, error.location != .file, (try? SceneLoader.load(contentsOf: path)) != nil else { throw error }
            throw SceneError(file: path, location: .file,
                             message: "this is a scene file, not a scenario; replay takes a scenario ({\"scene\" or \"sceneFile\", \"steps\"}), and hit-test, convert and chain take a scene")
        }
    }
}
