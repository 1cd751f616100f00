import Testing
@testable import HitKit

/// Behaviour A4 b and g, in details the rule-by-rule suite does not look at: which views are
/// asked before a recognizer leaves possible, and where a released move says the touch is.
@Suite struct ShouldBeginAndReleaseDetailTests {
    let scene = GestureScene()

    /// A view that keeps where each touch call's touch was, in window coordinates.
    final class LocationProbe: View {
        var calls: [(String, Point)] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
        private func note(_ call: String, _ touches: Set<Touch>) {
            for touch in touches { calls.append((call, touch.location(in: nil))) }
        }
    }

    @Test func bEachDistinctHitTestViewOfItsTouchesIsAskedOnce() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let blue = LoggedView("blue", frame: Rect(x: 300, y: 300, width: 50, height: 50), in: scene.app, log: scene.log)
        scene.white.addSubview(blue)
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.onMoved = { if $0.requestedState == .possible { $0.state = .began } }
        try scene.app.frame(0, began(1, 100, 100), began(2, 120, 100), began(3, 310, 310))
        try scene.app.frame(0.1, moved(1, 101, 100))
        #expect(scene.log.recognizerLines == ["g began"])
        #expect(scene.white.askedShouldBegin.count == 1, "its own view")
        #expect(scene.yellow.askedShouldBegin.count == 1, "two touches, one view: asked once")
        #expect(blue.askedShouldBegin.count == 1, "the third touch's view too, not only the first's")
    }

    @Test func bASecondTouchsHitTestViewCanRefuse() throws {
        let blue = LoggedView("blue", frame: Rect(x: 300, y: 300, width: 50, height: 50), in: scene.app, log: scene.log)
        scene.white.addSubview(blue)
        blue.allowsRecognizers = false
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.onMoved = { if $0.requestedState == .possible { $0.state = .began } }
        try scene.app.frame(0, began(1, 100, 100), began(2, 310, 310))
        try scene.app.frame(0.1, moved(1, 101, 100))
        #expect(scene.log.recognizerLines == ["g failed"])
    }

    @Test func gTheReleasedMoveCarriesTheTouchsCurrentLocation() throws {
        let probe = LocationProbe(frame: Rect(x: 0, y: 400, width: 375, height: 200), in: scene.app)
        scene.white.addSubview(probe)
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 450))
        try scene.app.frame(0.05, moved(1, 104, 450))
        try scene.app.frame(0.08, moved(1, 108, 452))
        #expect(probe.calls.isEmpty, "withheld while the tap is possible")
        try scene.app.advance(to: 2)                        // maximumTapDuration runs out at 1.5 s
        #expect(scene.log.recognizerLines == ["tap failed"])
        #expect(probe.calls.map(\.0) == ["began", "moved"], "the began and one move, not one per withheld move")
        #expect(probe.calls.last?.1 == Point(108, 452), "the move is at the touch's current location")
    }
}
