import HitKit
import HitTestDifferential
import Testing
@testable import HitKitScene

/// A trace observer only listens (Behaviour: decisions are observable at no cost to what they
/// decide): every scenario fixture replayed with an observer writes the delivery log it writes
/// without one, bad input and edits included. (A fixture driven only by edits from code makes
/// no decision on input, so its observer may hear nothing; the others' observers hear many.)
@Suite("Tracing changes nothing")
struct TracingChangesNothingTests {
    @Test func everyFixtureWritesTheSameLogWithATraceObserver() throws {
        var traced = 0
        // Under the sanitizers, a quarter of the fixtures (`TestSeeds`): `DeliveryLogTests`
        // replays every one there, untraced.
        for name in TestSeeds.sample(Fixtures.names(in: Fixtures.scenarios)) {
            let path = Fixtures.scenarios.appendingPathComponent("\(name).json").path
            let scenario = try ScenarioLoader.load(contentsOf: path)
            let plain = try ScenarioReplayer.replay(scenario, file: path)

            let scene = try SceneBuilder.build(scenario.scene, file: scenario.sceneFile ?? path)
            var records = 0
            // Every record rendered, as `hitkit explain` renders them.
            let token = scene.application.observeTrace { record in records += record.text.isEmpty || record.json.isEmpty ? 0 : 1 }
            ScenarioReplayer.replay(scenario.steps, into: scene)
            token.cancel()
            #expect(scene.log.lines == plain, "\(name): the log differs with a trace observer")
            if records > 0 { traced += 1 }
        }
        if TestSeeds.playsEverySeed { #expect(traced >= 580, "\(traced) fixtures traced") }
    }
}
