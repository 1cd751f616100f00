import Testing
@testable import HitKit

/// The seeds' gesture situations, through the Swift API, checked line by line in Behaviour B6's words.
@Suite struct GestureSeedTests {
    let scene = GestureScene()

    @Test func aTapOnTheControllersViewCancelsTheYellowViewsTouches() throws {
        scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "tap recognized", "yellow touchesCancelled 1"])
    }

    @Test func aTapThatDoesNotCancelLetsTheViewEndItsTouch() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.cancelsTouchesInView = false
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "tap recognized", "yellow touchesEnded 1"])
    }

    @Test func aPanCancelsTheViewsTouchWhenItBegins() throws {
        scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.01, moved(1, 105, 100))
        try scene.app.frame(0.02, moved(1, 112, 100))
        try scene.app.frame(0.03, moved(1, 120, 100))
        try scene.app.frame(0.04, ended(1, 120, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesMoved 1", "pan began",
                                    "yellow touchesCancelled 1", "pan changed", "pan ended"])
    }

    @Test func aPanThatDoesNotCancelSharesTheTouchWithTheView() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        pan.cancelsTouchesInView = false
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.01, moved(1, 105, 100))
        try scene.app.frame(0.02, moved(1, 112, 100))
        try scene.app.frame(0.03, moved(1, 120, 100))
        try scene.app.frame(0.04, ended(1, 120, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesMoved 1",
                                    "pan began", "yellow touchesMoved 1",
                                    "pan changed", "yellow touchesMoved 1",
                                    "pan ended", "yellow touchesEnded 1"])
    }

    @Test func aPanThatDelaysTouchesBeganKeepsTheViewUninformed() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        pan.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.01, moved(1, 105, 100))
        try scene.app.frame(0.02, moved(1, 112, 100))
        try scene.app.frame(0.04, ended(1, 112, 100))
        #expect(scene.log.lines == ["pan began", "pan ended"], "the view never hears of the touch, nor of its cancel")
    }

    @Test func aTapHeldTooLongFailsAndTheViewGetsTouchesEnded() throws {
        scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.advance(to: 1.49)
        #expect(scene.log.lines == ["yellow touchesBegan 1"])
        try scene.app.frame(2, ended(1, 100, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "tap failed", "yellow touchesEnded 1"])
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let single = scene.attach(TapGestureRecognizer(), to: scene.white, as: "single")
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1"], "the single tap waits; the end is withheld")
        #expect(single.state == .possible && single.requestedState == .recognized)
        try scene.app.advance(to: 0.44)
        #expect(scene.log.lines.count == 1)
        try scene.app.advance(to: 1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "double failed", "single recognized",
                                    "yellow touchesCancelled 1"])
    }

    @Test func aDoubleTapRecognizesAndTheWaitingSingleTapFails() throws {
        let single = scene.attach(TapGestureRecognizer(), to: scene.white, as: "single")
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        try scene.tap(1, at: 100, 100, from: 0, to: 0.1)
        try scene.tap(2, at: 102, 100, from: 0.2, to: 0.3)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesBegan 2",
                                    "double recognized", "single failed", "yellow touchesCancelled 1,2"])
        try scene.app.advance(to: 2)
        #expect(scene.log.lines.count == 5, "no timer of the sequence outlives it")
        #expect(scene.app.pendingTimerCount == 0)
    }

    @Test func aLongPressBeginsInItsTimerFrame() throws {
        scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.6, moved(1, 103, 100))
        try scene.app.frame(0.7, ended(1, 103, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "press began", "yellow touchesCancelled 1",
                                    "press changed", "press ended"])
    }

    @Test func aSwipeRecognizes() throws {
        scene.attach(SwipeGestureRecognizer(), to: scene.white, as: "swipe")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.05, moved(1, 130, 102))
        try scene.app.frame(0.1, moved(1, 160, 104))
        try scene.app.frame(0.15, ended(1, 170, 104))
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesMoved 1", "swipe recognized",
                                    "yellow touchesCancelled 1"])
    }

    @Test func aPinchScales() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        var scales: [Double] = []
        pinch.addTarget { scales.append(($0 as! PinchGestureRecognizer).scale) }
        try scene.app.frame(0, began(1, 100, 100), began(2, 200, 100))
        try scene.app.frame(0.1, moved(2, 210, 100))
        #expect(scene.log.lines == ["yellow touchesBegan 1,2", "pinch began", "yellow touchesCancelled 1,2"])
        try scene.app.frame(0.2, moved(1, 90, 100))
        try scene.app.frame(0.3, ended(1, 90, 100), ended(2, 210, 100))
        #expect(scales == [1.1, 1.2, 1.2])
        #expect(scene.log.lines.suffix(2) == ["pinch changed", "pinch ended"])
    }

    @Test func simultaneousRecognizersBothRun() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let pinch = scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        let rotation = scene.attach(RotationGestureRecognizer(), to: scene.white, as: "rotation")
        let delegate = ScriptedDelegate()
        delegate.simultaneousWith = [rotation]
        pinch.delegate = delegate
        try scene.app.frame(0, began(1, 100, 100), began(2, 200, 100))
        try scene.app.frame(0.1, moved(2, 210, 110))    // distance +10.5, angle 0.0907 rad
        #expect(scene.log.lines == ["yellow touchesBegan 1,2", "rotation began", "pinch began",
                                    "yellow touchesCancelled 1,2"])
    }

    @Test func exclusiveRecognizersLetOnlyTheFirstRun() throws {
        scene.yellow.isMultipleTouchEnabled = true
        scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        scene.attach(RotationGestureRecognizer(), to: scene.white, as: "rotation")
        try scene.app.frame(0, began(1, 100, 100), began(2, 200, 100))
        try scene.app.frame(0.1, moved(2, 210, 110))
        try scene.app.frame(0.2, moved(2, 220, 120))
        try scene.app.frame(0.3, ended(1, 100, 100), ended(2, 220, 120))
        #expect(scene.log.lines == ["yellow touchesBegan 1,2", "rotation began", "pinch failed",
                                    "yellow touchesCancelled 1,2", "rotation changed", "rotation ended"],
                "the most recently added recognizer goes first and excludes the other")
    }
}
