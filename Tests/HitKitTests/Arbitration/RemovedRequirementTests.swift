import Testing
@testable import HitKit

/// Behaviour A4 rule i's third case, with A3's promise that nothing is withheld forever: a
/// required recognizer stopped because its view left the window (as a detached or disabled one
/// is stopped, StoppedRequirementTests) fails, and releases the recognizers waiting for it before
/// the call that removed the view returns. Waiting for the next frame is not enough: an idle host
/// may send none until the next input.
///
/// The layout is WaitingRequirementChain's with the two presses on the white view around yellow,
/// so that only the double tap leaves the window with yellow.
@Suite struct RemovedRequirementTests {
    let chain: WaitingRequirementChain
    var scene: GestureScene { chain.scene }
    var doubleTap: TapGestureRecognizer { chain.doubleTap }
    var press: LongPressGestureRecognizer { chain.press }
    var laterPress: LongPressGestureRecognizer { chain.laterPress }

    init() throws {
        chain = try WaitingRequirementChain(pressesOn: \.white)
    }

    @Test func removingTheRequiredRecognizersViewReleasesTheWaitersBeforeTheCallReturns() throws {
        scene.yellow.removeFromSuperview()
        #expect(doubleTap.view === scene.yellow, "still attached: its view only left the window")
        // Yellow's touch is cancelled as it leaves, then the double tap that left with it fails
        // (Behaviour A3), then the press waiting for the double tap begins, ends at once (the
        // finger is up) and the later press, waiting for it, fails.
        #expect(scene.log.lines == ["yellow touchesCancelled 1", "doubleTap failed", "press began",
                                    "laterPress failed", "press ended"])
        try scene.app.advance(to: 1)
        #expect(scene.log.lines.count == 5, "nothing more: the double tap's timer went with it")
        #expect([doubleTap, press, laterPress].allSatisfy { $0.state == .possible && $0.touches.isEmpty })
        #expect(doubleTap.timers.isEmpty)
    }

    @Test func movingItToAnotherWindowReleasesThemToo() throws {
        let other = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: scene.app)
        other.addSubview(scene.yellow)
        #expect(scene.log.lines.contains("doubleTap failed") && scene.log.lines.last == "press ended")
        #expect(press.state == .possible && laterPress.state == .possible)
    }
}
