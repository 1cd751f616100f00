import Foundation
import Testing
@testable import HitKit

/// The pan, screen-edge pan, swipe, pinch and rotation recognizers' thresholds and defaults.
@Suite struct ContinuousRecognizerTests {
    let scene = GestureScene()

    @Test func panDefaults() {
        let pan = PanGestureRecognizer()
        #expect(pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == Int.max)
        #expect(pan.minimumTranslation == 10)
        #expect(pan.translation(in: nil) == .zero && pan.velocity(in: nil) == .zero)
    }

    @Test(arguments: [(9.9, "possible"), (10.0, "began")])
    func panBeginsWhenTheCentroidHasMovedTenPoints(travel: Double, state: String) throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.1, moved(1, 100 + travel * 0.6, 400 + travel * 0.8))
        #expect("\(pan.state)" == state)
    }

    @Test func panTranslationVelocityAndSetTranslation() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        scene.yellow.transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.01, moved(1, 110, 400))
        try scene.app.frame(0.02, moved(1, 120, 405))
        #expect(pan.translation(in: nil) == Point(20, 5))
        #expect(pan.translation(in: scene.yellow) == Point(10, 2.5), "a vector in the view's coordinates")
        let velocity = pan.velocity(in: nil)
        #expect(abs(velocity.x - 1000) < 1e-6 && abs(velocity.y - 250) < 1e-6)
        pan.setTranslation(.zero, in: scene.yellow)
        try scene.app.frame(0.03, moved(1, 130, 405))
        #expect(pan.translation(in: nil) == Point(10, 0))
        pan.setTranslation(Point(1, 1), in: scene.yellow)
        #expect(pan.translation(in: nil) == Point(2, 2))
    }

    @Test func twoFingersMoveTheCentroidByHalfOfOnesMove() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try scene.app.frame(0.1, moved(1, 118, 400))
        #expect(pan.translation(in: nil) == Point(9, 0) && pan.state == .possible)
        try scene.app.frame(0.2, moved(2, 202, 400))
        #expect(pan.state == .began)
    }

    @Test func panTouchCountLimits() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        pan.minimumNumberOfTouches = 2
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.1, moved(1, 150, 400))
        #expect(pan.state == .possible, "one finger is too few")
        try scene.app.frame(0.2, began(2, 200, 400))
        try scene.app.frame(0.3, moved(1, 170, 400), moved(2, 220, 400))
        #expect(pan.state == .began)
        try scene.app.frame(0.4, ended(2, 220, 400))
        try scene.app.frame(0.45, moved(1, 180, 400))
        #expect(scene.log.recognizerLines == ["pan began"], "below its minimum it neither changes nor ends")
        try scene.app.frame(0.5, ended(1, 180, 400))
        #expect(scene.log.recognizerLines == ["pan began", "pan ended"], "it ends at the last lift")

        let limited = GestureScene()
        let single = limited.attach(PanGestureRecognizer(), to: limited.white, as: "pan")
        single.maximumNumberOfTouches = 1
        try limited.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try limited.app.frame(0.1, moved(1, 150, 400), moved(2, 250, 400))
        #expect(single.state == .possible, "two fingers are too many")
        try limited.app.frame(0.2, ended(1, 150, 400), ended(2, 250, 400))
        #expect(limited.log.recognizerLines == ["pan failed"], "lifted without beginning")
    }

    @Test func screenEdgePanStartsOnlyNearItsEdges() throws {
        let edge = ScreenEdgePanGestureRecognizer()
        #expect(edge.edges == [] && edge.edgeDistance == 20)
        for (x, edges, outcome) in [(20.0, RectEdge.left, "edge began"), (21, .left, "edge failed"),
                                    (355, .right, "edge began"), (354, .right, "edge failed"),
                                    (10, .right, "edge failed"), (200, .all, "edge failed")] {
            let scene = GestureScene()
            let recognizer = scene.attach(ScreenEdgePanGestureRecognizer(), to: scene.white, as: "edge")
            recognizer.edges = edges
            try scene.app.frame(0, began(1, x, 400))
            try scene.app.frame(0.1, moved(1, x + (x > 200 ? -30 : 30), 400))
            #expect(scene.log.recognizerLines.first == outcome, "x \(x), edges \(edges.rawValue)")
        }
    }

    @Test func swipeDefaults() {
        let swipe = SwipeGestureRecognizer()
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        #expect(swipe.minimumDistance == 50 && swipe.maximumDuration == 0.5)
    }

    @Test func swipeDirectionsAndDistances() throws {
        typealias D = SwipeGestureRecognizer.Direction
        let examples: [(D, Double, Double, String)] = [
            (.right, 50, 0, "recognized"),
            (.right, 49.9, 0, "possible"),
            (.right, 60, 29.9, "recognized"),
            (.right, 60, 30, "failed"),
            (.right, -60, 0, "failed"),
            (.left, -60, 0, "recognized"),
            ([.up, .down], 0, 60, "recognized"),
            ([.up, .down], 0, -60, "recognized"),
            (.up, 0, 60, "failed"),
        ]
        for (direction, dx, dy, outcome) in examples {
            let scene = GestureScene()
            let swipe = scene.attach(SwipeGestureRecognizer(), to: scene.white, as: "swipe")
            swipe.direction = direction
            var seen = "possible"
            swipe.observeStateChanges { g, _ in seen = g.state == .ended ? "recognized" : "\(g.state)" }
            try scene.app.frame(0, began(1, 150, 400))
            try scene.app.frame(0.1, moved(1, 150 + dx, 400 + dy))
            #expect(seen == outcome, "direction \(direction.rawValue), travel (\(dx), \(dy))")
        }
    }

    @Test func aSwipeTooSlowOrLiftedEarlyFails() throws {
        scene.attach(SwipeGestureRecognizer(), to: scene.white, as: "swipe")
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.4, moved(1, 130, 400))
        try scene.app.frame(0.6, moved(1, 200, 400))
        #expect(scene.log.recognizerLines == ["swipe failed"], "its time ran out at 0.5 s")
        try scene.app.frame(0.7, ended(1, 200, 400))
        try scene.tap(2, at: 100, 400, from: 1, to: 1.1)
        #expect(scene.log.recognizerLines == ["swipe failed", "swipe failed"])
    }

    @Test func aTwoFingerSwipe() throws {
        let swipe = scene.attach(SwipeGestureRecognizer(), to: scene.white, as: "swipe")
        swipe.numberOfTouchesRequired = 2
        try scene.app.frame(0, began(1, 100, 400), began(2, 100, 450))
        try scene.app.frame(0.1, moved(1, 160, 400), moved(2, 160, 450))
        #expect(scene.log.recognizerLines == ["swipe recognized"])
    }

    @Test(arguments: [(7.9, GestureRecognizer.State.possible), (8, .began), (-8, .began)])
    func pinchBeginsWhenTheDistanceChangedByEight(change: Double, state: GestureRecognizer.State) throws {
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        #expect(pinch.minimumDistanceChange == 8 && pinch.scale == 1)
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try scene.app.frame(0.1, moved(2, 200 + change, 400))
        #expect(pinch.state == state)
    }

    @Test func pinchScaleVelocityAndAThirdFingerIgnored() throws {
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try scene.app.frame(0.1, moved(2, 250, 400))
        #expect(pinch.scale == 1.5 && abs(pinch.velocity - 5) < 1e-9)
        try scene.app.frame(0.2, began(3, 20, 20))
        #expect(pinch.numberOfTouches == 2, "only two fingers count")
        try scene.app.frame(0.3, moved(3, 40, 40))
        #expect(pinch.scale == 1.5)
        try scene.app.frame(0.4, ended(1, 100, 400))
        #expect(scene.log.recognizerLines == ["pinch began"], "one finger left: it goes on (UIKit)")
        try scene.app.frame(0.5, moved(2, 300, 400))
        #expect(pinch.scale == 1.5 && scene.log.recognizerLines == ["pinch began"], "one finger moves nothing")
        try scene.app.frame(0.6, ended(2, 300, 400))
        #expect(scene.log.recognizerLines == ["pinch began", "pinch ended"], "both lifted")
    }

    @Test func twoFingersBeganOnOnePointKeepAScaleOfOne() throws {
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        try scene.app.frame(0, began(1, 150, 400), began(2, 150, 400))
        try scene.app.frame(0.1, moved(2, 160, 400))
        #expect(pinch.state == .began, "10 pt from a start of 0 pt is past the 8 pt")
        #expect(pinch.scale == 1 && pinch.velocity == 0, "no ratio to a start of 0 pt: the scale stays 1")
    }

    @Test func threeFingersBeganInOneFrameLeaveThePinchAndTheRotationTwo() throws {
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        let rotation = scene.attach(RotationGestureRecognizer(), to: scene.white, as: "rotation")
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400), began(3, 300, 400))
        #expect(pinch.numberOfTouches == 2 && rotation.numberOfTouches == 2, "only two fingers count")
        try scene.app.frame(0.1, began(4, 20, 20))
        #expect(pinch.numberOfTouches == 2 && rotation.numberOfTouches == 2, "nor does a later one")
    }

    @Test func aPinchLiftedBeforeItBeginsFails() throws {
        scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try scene.app.frame(0.1, ended(2, 200, 400))
        #expect(scene.log.recognizerLines == ["pinch failed"])
    }

    @Test(arguments: [(0.069, GestureRecognizer.State.possible), (0.071, .began), (-0.071, .began)])
    func rotationBeginsAtSevenHundredthsOfARadian(angle: Double, state: GestureRecognizer.State) throws {
        let rotation = scene.attach(RotationGestureRecognizer(), to: scene.white, as: "rotation")
        #expect(rotation.minimumRotation == 0.07)
        try scene.app.frame(0, began(1, 100, 400), began(2, 200, 400))
        try scene.app.frame(0.1, moved(2, 100 + 100 * cos(angle), 400 + 100 * sin(angle)))
        #expect(rotation.state == state)
        if state == .began { #expect(abs(rotation.rotation - angle) < 1e-9) }
    }

    @Test func rotationKeepsCountingPastHalfATurn() throws {
        let rotation = scene.attach(RotationGestureRecognizer(), to: scene.white, as: "rotation")
        try scene.app.frame(0, began(1, 200, 400), began(2, 300, 400))
        var t = 0.0
        for step in 1...8 {
            let angle = Double(step) * .pi / 4
            t += 0.1
            try scene.app.frame(t, moved(2, 200 + 100 * cos(angle), 400 + 100 * sin(angle)))
        }
        #expect(abs(rotation.rotation - 2 * .pi) < 1e-9)
        #expect(abs(rotation.velocity - (.pi / 4) / 0.1) < 1e-6)
    }
}
