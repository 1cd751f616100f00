import Foundation

extension Fixtures {
    /// Scenarios whose `expect` the replay must meet (`hitkit replay` exits 0).
    static let scenarios = root.appendingPathComponent("Fixtures/scenarios")
    /// Scenarios kept apart because their `expect` is deliberately wrong (exit 1 and a diff).
    static let failingScenarios = root.appendingPathComponent("Fixtures/scenarios-failing")
}
