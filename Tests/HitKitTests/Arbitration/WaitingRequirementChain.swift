import Testing
@testable import HitKit

/// The layout of the tests on a required recognizer that stops (StoppedRequirementTests) or
/// leaves the window with its view (RemovedRequirementTests): on the seeds' views, a double tap on
/// yellow; a long press required to wait for it, holding the touch's end back; and a second long
/// press required to wait for the first. The presses sit on `pressView` (yellow, or white around
/// it so that only the double tap leaves with yellow).
///
/// The finger is held past the press duration and lifted on yellow, so both presses wait while
/// the double tap is still possible, waiting for a second tap; the log is then emptied.
struct WaitingRequirementChain {
    let scene = GestureScene()
    let doubleTap = TapGestureRecognizer()
    let press = LongPressGestureRecognizer()
    let laterPress = LongPressGestureRecognizer()

    init(pressesOn pressView: KeyPath<GestureScene, LoggedView>) throws {
        doubleTap.numberOfTapsRequired = 2
        press.require(toFail: doubleTap)
        press.delaysTouchesEnded = true
        laterPress.require(toFail: press)
        scene.attach(doubleTap, to: scene.yellow, as: "doubleTap")
        scene.attach(press, to: scene[keyPath: pressView], as: "press")
        scene.attach(laterPress, to: scene[keyPath: pressView], as: "laterPress")
        try scene.tap(at: 100, 100, from: 0, to: 0.7)
        #expect(scene.log.lines == ["yellow touchesBegan 1"], "both presses wait; the end is withheld")
        #expect(doubleTap.timers.count == 1, "the double tap waits for a second tap")
        scene.log.lines = []
    }
}
