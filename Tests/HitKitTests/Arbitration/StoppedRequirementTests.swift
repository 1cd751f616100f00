import Testing
@testable import HitKit

/// Behaviour A4 rules a and i, with A3's promise that nothing is withheld forever: a recognizer
/// that stops (disabled, detached) while others wait for it to fail releases them at once —
/// outside any delivery before the call returns, inside one at that delivery's end — and the
/// touch ends they withhold reach their views. Waiting for the next frame is not enough: an idle
/// host may send none until the next input.
///
/// The layout (WaitingRequirementChain) is the dispatch fuzzer's finding
/// (`found-dispatch-end-withheld-after-long-press-chain`), with both presses on yellow.
@Suite struct StoppedRequirementTests {
    let chain: WaitingRequirementChain
    var scene: GestureScene { chain.scene }
    var doubleTap: TapGestureRecognizer { chain.doubleTap }
    var press: LongPressGestureRecognizer { chain.press }
    var laterPress: LongPressGestureRecognizer { chain.laterPress }

    init() throws {
        chain = try WaitingRequirementChain(pressesOn: \.yellow)
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
