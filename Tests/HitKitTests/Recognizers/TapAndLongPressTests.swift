import Testing
@testable import HitKit

/// The tap and long-press recognizers' thresholds and defaults (Behaviour A4 built-ins).
@Suite struct TapAndLongPressTests {
    let scene = GestureScene()

    @Test func tapDefaults() {
        let tap = TapGestureRecognizer()
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
        #expect(tap.allowableMovement == 10 && tap.maximumTapDuration == 1.5)
        #expect(tap.maximumIntervalBetweenSuccessiveTaps == 0.35)
    }

    @Test(arguments: [(10.0, "recognized"), (10.5, "failed")])
    func tapAllowableMovement(travel: Double, outcome: String) throws {
        scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.05, moved(1, 100 + travel, 400))
        try scene.app.frame(0.1, ended(1, 100 + travel, 400))
        #expect(scene.log.recognizerLines == ["tap \(outcome)"])
    }

    @Test(arguments: [(1.49, "recognized"), (1.5, "failed")])
    func tapMaximumDuration(heldFor: Double, outcome: String) throws {
        scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        try scene.tap(at: 100, 400, from: 0, to: heldFor)
        #expect(scene.log.recognizerLines == ["tap \(outcome)"])
    }

    @Test(arguments: [(0.34, ["double recognized"]), (0.36, ["double failed"])])
    func tapIntervalBetweenTaps(pause: Double, lines: [String]) throws {
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        try scene.tap(1, at: 100, 400, from: 0, to: 0.1)
        try scene.tap(2, at: 100, 400, from: 0.1 + pause, to: 0.2 + pause)
        #expect(scene.log.recognizerLines == lines)
    }

    @Test func aTwoFingerTapNeedsBothFingersAndNoMore() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.numberOfTouchesRequired = 2
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.05, began(2, 150, 400))
        try scene.app.frame(0.1, ended(1, 100, 400))
        try scene.app.frame(0.15, ended(2, 150, 400))
        #expect(scene.log.recognizerLines == ["tap recognized"])
        try scene.tap(3, at: 100, 400, from: 1, to: 1.1)
        #expect(scene.log.recognizerLines == ["tap recognized", "tap failed"], "one finger is too few")
        try scene.app.frame(2, began(4, 100, 400), began(5, 120, 400), began(6, 140, 400))
        #expect(scene.log.recognizerLines.last == "tap failed", "three are too many")
    }

    @Test func theTapsLocationIsWhereTheFingerLifted() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        var location = Point.zero
        tap.addTarget { [unowned yellow = scene.yellow] in location = $0.location(in: yellow) }
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, ended(1, 104, 100))
        #expect(location == Point(54, 50))
    }

    @Test func aTapThatWaitedForADoubleTapToFailStillKnowsWhereTheFingerLifted() throws {
        let single = scene.attach(TapGestureRecognizer(), to: scene.white, as: "single")
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        var location = Point(x: .nan, y: .nan)
        single.addTarget { [unowned yellow = scene.yellow] in location = $0.location(in: yellow) }
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, ended(1, 104, 100))
        try scene.app.advance(to: 1)                       // the double tap's interval runs out
        #expect(scene.log.recognizerLines == ["double failed", "single recognized"])
        #expect(location == Point(54, 50), "where the finger lifted, though its touch is gone")
    }

    /// A failed recognizer's timers can no longer act, and go: a double tap failed by the long
    /// press that began on its finger leaves no deadline behind (its 1.5 s hold limit would
    /// wake the host's loop for a timer frame that does nothing).
    @Test func aFailedRecognizerLeavesNoDeadlineBehind() throws {
        let press = scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        scene.attach(doubleTap, to: scene.white, as: "double")
        try scene.app.frame(1, began(1, 100, 400))
        #expect(scene.app.nextDeadline == 1.5)
        try scene.app.advance(to: 1.5)
        #expect(press.state == .began && doubleTap.state == .failed)
        #expect(scene.app.nextDeadline == nil)
    }

    @Test func longPressDefaults() {
        let press = LongPressGestureRecognizer()
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
        #expect(press.numberOfTouchesRequired == 1 && press.numberOfTapsRequired == 0)
    }

    @Test func aLongPressBeginsAtItsDueTimeNotBefore() throws {
        let press = scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        var beganAt: Double?
        press.addTarget { [unowned app = scene.app] in if $0.state == .began { beganAt = app.time } }
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.advance(to: 0.49)
        #expect(press.state == .possible)
        try scene.app.frame(0.7, moved(1, 100, 400))
        #expect(beganAt == 0.5)
    }

    @Test(arguments: [(10.0, "press began"), (10.5, "press failed")])
    func longPressAllowableMovementBeforeItBegins(travel: Double, first: String) throws {
        scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.2, moved(1, 100, 400 + travel))
        try scene.app.advance(to: 1)
        #expect(scene.log.recognizerLines.first == first)
    }

    @Test func aLongPressFollowsAnyMoveOnceBegunAndFailsOnAnEarlyLift() throws {
        scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.frame(0.6, moved(1, 300, 400))
        try scene.app.frame(0.7, ended(1, 300, 400))
        try scene.tap(2, at: 100, 400, from: 1, to: 1.4)
        #expect(scene.log.recognizerLines == ["press began", "press changed", "press ended", "press failed"])
    }

    @Test func aLongPressWithTwoFingers() throws {
        let press = scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        press.numberOfTouchesRequired = 2
        try scene.app.frame(0, began(1, 100, 400))
        try scene.app.advance(to: 0.6)
        #expect(press.state == .possible, "one finger is not enough")
        try scene.app.frame(0.7, began(2, 140, 400))
        try scene.app.advance(to: 1.19)
        #expect(press.state == .possible)
        try scene.app.advance(to: 1.2)
        #expect(press.state == .began, "half a second after the second finger")
    }

    @Test func aLongPressAfterATap() throws {
        let press = scene.attach(LongPressGestureRecognizer(), to: scene.white, as: "press")
        press.numberOfTapsRequired = 1
        try scene.tap(1, at: 100, 400, from: 0, to: 0.1)
        try scene.app.frame(0.3, began(2, 100, 400))
        try scene.app.advance(to: 0.8)
        #expect(scene.log.recognizerLines == ["press began"])
        try scene.app.frame(0.9, ended(2, 100, 400))
        try scene.tap(3, at: 100, 400, from: 2, to: 2.1)
        try scene.app.advance(to: 3)
        #expect(scene.log.recognizerLines == ["press began", "press ended", "press failed"],
                "no second touch within the interval")
    }
}
