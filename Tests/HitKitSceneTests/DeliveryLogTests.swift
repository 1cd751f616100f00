import HitKit
import Testing
@testable import HitKitScene

/// The delivery log heard live (what `hk_scene_set_log_callback` gives C): an observer hears the
/// lines a replay keeps, in order, and a log nobody reads makes no line.
@Suite("The delivery log, kept and heard")
struct DeliveryLogTests {
    /// Each scenario fixture's hand-derived `expect`, heard by an observer of a log that keeps
    /// nothing: the same lines, less the `!` lines the replayer inserts for rejected input.
    @Test(arguments: ScenarioFixtureTests.names)
    func anObserverHearsTheReplayedLog(_ name: String) throws {
        let scenario = try ScenarioLoader.load(contentsOf: Fixtures.scenarios.appendingPathComponent("\(name).json").path)
        let expected = try #require(scenario.expectedLog)
        let scene = try SceneBuilder.build(scenario.scene, file: name)
        scene.log.keepsLines = false
        var heard: [String] = []
        _ = scene.log.observe { heard.append($0) }
        ScenarioReplayer.replay(scenario.steps, into: scene)
        #expect(heard.filter { !$0.hasPrefix("! ") } == expected.filter { !$0.hasPrefix("! ") })
        #expect(scene.log.lines.isEmpty)
    }

    /// A scene writes nothing while it is built, so an observer added right after hears every line.
    @Test(arguments: ScenarioFixtureTests.names)
    func buildingASceneWritesNoLine(_ name: String) throws {
        let scenario = try ScenarioLoader.load(contentsOf: Fixtures.scenarios.appendingPathComponent("\(name).json").path)
        #expect(try SceneBuilder.build(scenario.scene, file: name).log.lines.isEmpty)
    }

    @Test func aLogNobodyReadsMakesNoLine() {
        let log = DeliveryLog()
        var made = 0
        func line(_ text: String) -> String {
            made += 1
            return text
        }
        log.keepsLines = false
        #expect(!log.isRead)
        log.append(line("unread"))
        #expect(made == 0)

        var heard: [String] = []
        let token = log.observe { heard.append($0) }
        #expect(log.isRead)
        log.append(line("a"))
        #expect(made == 1 && heard == ["a"] && log.lines.isEmpty)
        token.cancel()
        log.append(line("after"))
        #expect(made == 1 && heard.count == 1)

        log.keepsLines = true
        log.append(line("kept"))
        #expect(made == 2 && log.lines == ["kept"] && heard.count == 1)
    }

    @Test func observersHearInOrderAndMayCancelWhileHearing() {
        let log = DeliveryLog()
        var heard: [String] = []
        var second: ObservationToken?
        var first: ObservationToken?
        first = log.observe { line in
            heard.append("1 \(line)")
            first?.cancel()
        }
        second = log.observe { heard.append("2 \($0)") }
        log.append("x")
        log.append("y")
        #expect(heard == ["1 x", "2 x", "2 y"])
        second?.cancel()
        log.append("z")
        #expect(heard.count == 3 && log.lines == ["x", "y", "z"])
    }
}
