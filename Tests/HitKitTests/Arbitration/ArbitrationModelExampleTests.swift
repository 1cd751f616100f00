import Testing
@testable import HitKit

/// Hand-derived cases of SPEC A4 that `ArbitrationModelTests`' random input reaches only rarely.
@Suite struct ArbitrationModelExampleTests {
    let scene = GestureScene()

    /// A4 j: "a begun one is cancelled" — even when its other finger lifts in the same frame,
    /// which alone would have ended it.
    @Test func jAnInputCancelCancelsABegunPinchWhoseOtherFingerLiftsInTheSameFrame() throws {
        scene.attach(PinchGestureRecognizer(), to: scene.white, as: "pinch")
        try scene.app.frame(0, began(1, 100, 300), began(2, 200, 300))
        try scene.app.frame(0.1, moved(2, 240, 300))
        try scene.app.frame(0.2, ended(1, 100, 300), cancelled(2))
        #expect(scene.log.recognizerLines == ["pinch began", "pinch cancelled"])
    }

    /// A4 g in a timer's frame: a double tap withholding its touches fails when the next tap is
    /// late, and the view then gets the withheld began and end in that timer's frame.
    @Test func gAWithheldTouchReachesItsViewInTheTimerFrameThatFailsTheRecognizer() throws {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesBegan = true
        scene.attach(double, to: scene.white, as: "double")
        try scene.tap(at: 300, 400, from: 0, to: 0.1)
        #expect(scene.log.lines.isEmpty, "withheld while the double tap may still see a second tap")
        try scene.app.advance(to: 1)
        #expect(scene.log.lines == ["double failed", "white touchesBegan 1", "white touchesEnded 1"])
    }

    /// A4 f as HitKit documents it (the SPEC is silent): a touch that joins a pan after it
    /// began, with cancelsTouchesInView, never reaches its view; the first one is cancelled there.
    @Test func fATouchJoiningABegunPanNeverReachesItsView() throws {
        scene.attach(PanGestureRecognizer(), to: scene.white, as: "pan")
        try scene.app.frame(0, began(1, 300, 400))
        try scene.app.frame(0.1, moved(1, 340, 400))
        try scene.app.frame(0.2, began(2, 300, 500))
        try scene.app.frame(0.3, ended(1, 340, 400), ended(2, 300, 500))
        #expect(scene.log.lines == ["white touchesBegan 1", "pan began", "white touchesCancelled 1", "pan ended"])
    }

    /// A4 a: a long press waiting for a tap to fail has not begun, so moving past its allowance
    /// still fails it ("allowableMovement … before it begins").
    @Test func aAPendingLongPressStillFailsWhenItsFingerMovesTooFar() throws {
        try holdALongPressWaitingForADoubleTap()
        try scene.app.frame(0.7, moved(1, 340, 400))
        #expect(scene.log.recognizerLines.prefix(2).sorted() == ["double failed", "press failed"])
        #expect(!scene.log.recognizerLines.contains("press began"))
    }

    /// A4 a with the long press's finger count: one waiting for a tap to fail has not begun, so
    /// a second finger landing fails it (Behaviour: more fingers than it requires fail it at
    /// that touch-down) instead of being ignored as by a begun one.
    @Test func aAPendingLongPressFailsWhenASecondFingerLands() throws {
        try holdALongPressWaitingForADoubleTap()
        try scene.app.frame(0.7, began(2, 300, 500))
        try scene.app.frame(0.8, ended(1, 300, 400), ended(2, 300, 500))
        #expect(scene.log.recognizerLines == ["double failed", "press failed"])
    }

    /// A long press held past its duration on white while a double tap it must wait for is still
    /// possible: pending (A4 a).
    private func holdALongPressWaitingForADoubleTap() throws {
        let press = LongPressGestureRecognizer()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        scene.attach(press, to: scene.white, as: "press")
        scene.attach(double, to: scene.white, as: "double")
        press.require(toFail: double)
        try scene.app.frame(0, began(1, 300, 400))
        try scene.app.advance(to: 0.6)
        #expect(press.state == .possible && press.requestedState == .began, "pending")
    }
}
