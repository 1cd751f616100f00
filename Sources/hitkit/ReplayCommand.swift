import HitKitScene

/// `hitkit replay SCENARIO`: prints the delivery log (SPEC B6); when the scenario has `expect`
/// and the log differs, a unified diff (`--- expected`, `+++ actual`) on standard error.
enum ReplayCommand {
    /// Returns whether the log met the scenario's expectation (true when it has none).
    static func run(scenarioPath: String, output: StandardOutput) throws(SceneError) -> Bool {
        let scenario = try ScenarioLoader.load(contentsOf: scenarioPath)
        let log = try ScenarioReplayer.replay(scenario, file: scenarioPath)
        for line in log { output.write(line + "\n") }
        guard let expected = scenario.expectedLog, expected != log else { return true }
        output.flush()
        StandardError.write(UnifiedDiff().text(expected: expected, actual: log))
        return false
    }
}
