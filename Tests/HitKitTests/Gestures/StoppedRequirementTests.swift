import Testing
@testable import HitKit

/// Behaviour A4 rules a and i, with A3's promise that nothing is withheld forever: a recognizer
/// that stops (disabled, detached) while others wait for it to fail releases them at once —
/// outside any delivery before the call returns, inside one at that delivery's end — and the
/// touch ends they withhold reach their views. Waiting for the next frame is not enough: an idle
/// host may send none until the next input.
///
/// The layout is the dispatch fuzzer's finding (`found-dispatch-end-withheld-after-long-press-chain`),
/// on the seeds' views: a double tap, a long press required to wait for it (holding the touch's
/// end back), and a second long press required to wait for the first. The finger is held past
/// the press duration and lifted; the double tap is then still possible, waiting for a second tap.
@Suite struct StoppedRequirementTests {
    let scene = GestureScene()
    let doubleTap = TapGestureRecognizer()
    let press = LongPressGestureRecognizer()
    let laterPress = LongPressGestureRecognizer()

    init() throws {
        doubleTap.numberOfTapsRequired = 2
        press.require(toFail: doubleTap)
        press.delaysTouchesEnded = true
        laterPress.require(toFail: press)
        scene.attach(doubleTap, to: scene.yellow, as: "doubleTap")
        scene.attach(press, to: scene.yellow, as: "press")
        scene.attach(laterPress, to: scene.yellow, as: "laterPress")
        try scene.tap(at: 100, 100, from: 0, to: 0.7)
        #expect(scene.log.lines == ["yellow touchesBegan 1"], "both presses wait; the end is withheld")
        #expect(doubleTap.timers.count == 1, "the double tap waits for a second tap")
        scene.log.lines = []
    }

    /// What follows the double tap's failure: the first press begins (the second gives way to
    /// it), recognizes at once as its finger is up, and cancels the touch in its view (its `cancelsTouchesInView`), which ends what was withheld.
    let released = ["doubleTap failed", "press began", "laterPress failed", "press ended", "yellow touchesCancelled 1"]

    @Test func disablingTheRequiredRecognizerReleasesTheWaitersBeforeTheSetterReturns() throws {
        doubleTap.isEnabled = false
        #expect(scene.log.lines == released)
        try scene.app.advance(to: 1)
        #expect(scene.log.lines == released, "nothing more")
        #expect([doubleTap, press, laterPress].allSatisfy { $0.state == .possible && $0.touches.isEmpty })
    }

    @Test func detachingTheRequiredRecognizerReleasesTheWaitersBeforeTheCallReturns() throws {
        scene.yellow.removeGestureRecognizer(doubleTap)
        #expect(scene.log.lines == released)
    }

    @Test func disablingItInsideADeliveryReleasesTheWaitersAtThatDeliverysEnd() throws {
        // A second finger on the white view: its touchesBegan (step 5, after this frame's step 3)
        // disables the double tap.
        scene.white.onCall = { [doubleTap] phase in if phase == .began { doubleTap.isEnabled = false } }
        try scene.app.frame(0.8, began(2, 300, 500))
        #expect(scene.log.lines == ["white touchesBegan 2"] + released)
    }
}
