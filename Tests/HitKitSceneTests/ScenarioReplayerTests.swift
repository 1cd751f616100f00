import HitKit
import HitTestCore
import Testing
@testable import HitKitScene

/// Replaying in-process: the log's rejection lines, their place among timer and delivery lines,
/// and that a replay leaves the application in a sound state.
@Suite("Scenario replay")
struct ScenarioReplayerTests {
    static let scene = #"""
        { "windows": [ { "id": "win", "frame": [0, 0, 100, 100],
                         "subviews": [ { "id": "box", "frame": [0, 0, 50, 50], "touches": "log" } ] } ] }
        """#

    func loaded() throws -> LoadedScene {
        try SceneBuilder.build(try SceneLoader.decode(text: Self.scene, file: "s.json"))
    }

    func began(_ id: Int, _ x: Double, _ y: Double) -> Scenario.TouchChange {
        .init(id: id, phase: .began, location: Point(x: x, y: y))
    }

    @Test func rejectionsComeAfterDueTimersAndBeforeTheFramesDelivery() throws {
        let scene = try loaded()
        scene.application.schedule(at: 0.5) { scene.log.append("timer") }
        ScenarioReplayer.replay([
            .init(time: 0, touches: [began(1, 10, 10)]),
            .init(time: 1, touches: [began(1, 20, 20), began(2, 30, 30)]),
        ], into: scene)
        // Touch 2 is refused by the single-touch box (touch 1 is down), so only the rejection shows.
        #expect(scene.log.lines == ["box touchesBegan 1", "timer", "! step 1: touch 1: began while already down"])
        #expect(scene.application.time == 1)
        #expect(scene.application.activeTouches.map(\.id) == [1, 2])
    }

    @Test func aRejectedTimeDeliversNothingAndLaterStepsGoOn() throws {
        let scene = try loaded()
        ScenarioReplayer.replay([
            .init(time: 1, touches: [began(1, 10, 10)]),
            .init(time: 0.5, touches: [.init(id: 1, phase: .ended, location: Point(x: 10, y: 10)), began(2, 1, 1)]),
            .init(time: -1),
            .init(time: 1.25, touches: [.init(id: 1, phase: .cancelled, location: nil)]),
        ], into: scene)
        #expect(scene.log.lines == [
            "box touchesBegan 1",
            "! step 1: touch 1: time went backwards from 1 to 0.5",
            "! step 1: touch 2: time went backwards from 1 to 0.5",
            "! step 2: time went backwards from 1 to -1",
            "box touchesCancelled 1",
        ])
        #expect(scene.application.activeTouches.isEmpty)
    }

    @Test func everyReasonHasItsOwnWording() {
        let reasons: [InputError.Reason] = [.duplicateBegan, .idOfThePointer, .unknownTouch, .repeatedInFrame, .missingLocation,
                                            .nonFiniteLocation, .timeWentBackwards(now: 2, received: 1.5), .nonFiniteTime]
        let texts = reasons.map(ScenarioReplayer.reason)
        #expect(Set(texts).count == reasons.count)
        #expect(ScenarioReplayer.rejectionLine(.init(touchID: 3, reason: .unknownTouch), step: 7) == "! step 7: touch 3: not down")
        #expect(ScenarioReplayer.rejectionLine(.init(touchID: nil, reason: .nonFiniteTime), step: 0) == "! step 0: time not finite")
    }

    @Test func theWholeScenarioReplaysFromItsDescription() throws {
        let scenario = try ScenarioLoader.decode(text: """
            { "scene": \(Self.scene),
              "steps": [ { "t": 0, "touches": [ { "id": 5, "phase": "began", "at": [60, 60] },
                                                { "id": 6, "phase": "began", "at": [40, 40] } ] },
                         { "t": 0.1, "touches": [ { "id": 6, "phase": "ended", "at": [70, 70] },
                                                  { "id": 5, "phase": "ended", "at": [60, 60] } ] } ] }
            """, file: "s.json")
        // Touch 5 lands on the window (not logged); touch 6 on the box, which keeps it outside.
        #expect(try ScenarioReplayer.replay(scenario) == ["box touchesBegan 6", "box touchesEnded 6"])
    }

    @Test func touchIdsAreListedAscendingAsNumbers() throws {
        let scene = try SceneBuilder.build(try SceneLoader.decode(text: """
            { "windows": [ { "id": "win", "frame": [0, 0, 100, 100], "touches": "log", "multipleTouchEnabled": true } ] }
            """, file: "s.json"))
        ScenarioReplayer.replay([.init(time: 0, touches: [began(10, 1, 1), began(9, 2, 2), began(100, 3, 3)])], into: scene)
        #expect(scene.log.lines == ["win touchesBegan 9,10,100"])
    }

    /// A scroll-view edit's `set` of both zoom limits stores them together, whatever the keys'
    /// order: from 1…1 to 0.5…0.5 no pinch is made (setting the minimum first, on its own,
    /// would make one on the way).
    @Test(arguments: [#""minimumZoomScale": 0.5, "maximumZoomScale": 0.5"#,
                      #""maximumZoomScale": 0.5, "minimumZoomScale": 0.5"#])
    func bothZoomLimitsOfAnEditAreSetTogether(_ keys: String) throws {
        let scenario = try ScenarioLoader.decode(text: """
            { "scene": { "windows": [ { "id": "win", "frame": [0, 0, 100, 100], "subviews": [
                { "id": "sv", "frame": [0, 0, 100, 100], "scrollView": { "zoomView": "img" },
                  "subviews": [ { "id": "img", "frame": [0, 0, 100, 100] } ] } ] } ] },
              "steps": [ { "t": 0, "edits": [ { "scrollView": "sv", "set": { \(keys) } } ] } ] }
            """, file: "s.json")
        let scene = try SceneBuilder.build(scenario.scene)
        ScenarioReplayer.replay(scenario.steps, into: scene)
        let scrollView = try #require(scene.view(withID: "sv") as? ScrollView)
        #expect(scrollView.minimumZoomScale == 0.5 && scrollView.maximumZoomScale == 0.5)
        #expect(scrollView.pinchGestureRecognizer == nil)
    }
}
