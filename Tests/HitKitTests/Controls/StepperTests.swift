import Testing
import HitKit

/// The stepper of Behaviour A5, as UIKit's `UIStepper`: it steps on touch-down in the half
/// touched, sends `valueChanged` at once when continuous (else once when tracking ends), and a
/// held touch repeats its step after `autorepeatDelay` and then every `autorepeatInterval` until
/// it lifts, leaves its half or is cancelled.
///
/// The stepper is at (100, 100), 200 × 40: its middle is at screen x 200, its bounds grown by the
/// 70-pt tracking tolerance reach screen y 30...210.
@Suite struct StepperTests {
    let stage = ControlStage()
    let target = ActionPerformer()
    let stepper: Stepper

    init() {
        stepper = Stepper(frame: Rect(100, 100, 200, 40), in: stage.app)
        stage.add(stepper, "stepper")
        stage.name(target, "vc")
        stepper.addTarget(target, action: "changed", for: [.valueChanged, .touchDown, .touchUpInside, .touchCancel])
    }

    private var valueChanges: Int { stage.log.filter { $0.hasSuffix("valueChanged") }.count }

    // MARK: Touch-down

    @Test func aTouchDownStepsAtOnceInTheHalfTouched() throws {
        stepper.stepValue = 5
        stepper.value = 50
        try stage.down(1, 250, 120, at: 0)  // right half
        #expect(stepper.value == 55)
        #expect(stage.log == ["vc changed from stepper touchDown", "vc changed from stepper valueChanged"])
        try stage.up(1, 250, 120, at: 0.1)
        #expect(stepper.value == 55)
        #expect(stage.log.last == "vc changed from stepper touchUpInside")
        try stage.down(2, 199, 120, at: 1)  // one point left of the middle: the left half
        #expect(stepper.value == 50)
        try stage.up(2, 199, 120, at: 1.1)
        try stage.down(3, 200, 120, at: 2)  // on the middle: the right half
        #expect(stepper.value == 55)
        try stage.up(3, 200, 120, at: 2.1)
        #expect(valueChanges == 3)
    }

    @Test func theHalfIsDecidedAtTouchDownNotAtTheLift() throws {
        stepper.value = 10
        try stage.down(1, 150, 120, at: 0)  // left
        try stage.up(1, 260, 120, at: 0.1)  // lifted in the right half: no second step
        #expect(stepper.value == 9)
        #expect(valueChanges == 1)
    }

    @Test func aTouchUpOutsideKeepsTheStepOfTheTouchDown() throws {
        try stage.down(1, 250, 120, at: 0)
        try stage.up(1, 250, 300, at: 0.1)
        #expect(stepper.value == 1)
        #expect(stage.log == ["vc changed from stepper touchDown", "vc changed from stepper valueChanged"])
    }

    @Test func aStepperStopsAtItsLimitsWithoutWrapping() throws {
        stepper.maximumValue = 3
        stepper.stepValue = 2
        try stage.tap(1, 250, 120, at: 0)
        try stage.tap(2, 250, 120, at: 1)
        #expect(stepper.value == 3)
        try stage.tap(3, 250, 120, at: 2)  // at the maximum: nothing changes, nothing is sent
        #expect(stepper.value == 3)
        #expect(valueChanges == 2)
        stepper.value = 0
        try stage.tap(4, 150, 120, at: 3)
        #expect(stepper.value == 0)
        #expect(valueChanges == 2)
    }

    @Test func aWrappingStepperGoesRoundToTheOtherEnd() throws {
        stepper.wraps = true
        stepper.maximumValue = 2
        stepper.value = 2
        try stage.tap(1, 250, 120, at: 0)
        #expect(stepper.value == 0)
        try stage.tap(2, 150, 120, at: 1)
        #expect(stepper.value == 2)
        #expect(valueChanges == 2)
        stepper.stepValue = 0  // not positive: ignored
        #expect(stepper.stepValue == 1)
    }

    @Test func aNonContinuousStepperReportsOnceWhenTrackingEnds() throws {
        stepper.isContinuous = false
        try stage.down(1, 250, 120, at: 0)
        #expect(stepper.value == 1)
        #expect(valueChanges == 0)
        try stage.up(1, 250, 120, at: 0.1)
        #expect(stage.log == ["vc changed from stepper touchDown", "vc changed from stepper touchUpInside",
                              "vc changed from stepper valueChanged"])
        // Ended by a cancel: reported on the cancel.
        try stage.down(2, 250, 120, at: 1)
        try stage.cancel(2, at: 1.1)
        #expect(stepper.value == 2)
        #expect(stage.log.suffix(2) == ["vc changed from stepper touchCancel", "vc changed from stepper valueChanged"])
        // No change (at the minimum): nothing to report.
        stepper.value = 0
        stage.clearLog()
        try stage.tap(3, 150, 120, at: 2)
        #expect(valueChanges == 0)
    }

    // MARK: Autorepeat

    @Test func aHeldTouchRepeatsAfterTheDelayThenAtTheInterval() throws {
        try stage.down(1, 250, 120, at: 0)
        #expect(stepper.value == 1)
        try stage.app.advance(to: 0.499)
        #expect(stepper.value == 1)
        try stage.app.advance(to: 0.5)
        #expect(stepper.value == 2)
        try stage.app.advance(to: 0.599)
        #expect(stepper.value == 2)
        try stage.app.advance(to: 0.6)
        #expect(stepper.value == 3)
        // Several repeats due by one frame each fire, in order, before the frame's input.
        try stage.up(1, 250, 120, at: 0.85)
        #expect(stepper.value == 5)  // 0.7 and 0.8
        #expect(valueChanges == 5)
        #expect(stage.log.last == "vc changed from stepper touchUpInside")
    }

    @Test func theRepeatsStopWhenTheTouchLifts() throws {
        try stage.down(1, 150, 120, at: 0)
        stepper.value = 50
        try stage.up(1, 150, 120, at: 0.45)
        #expect(stage.app.pendingTimerCount == 0)
        try stage.app.advance(to: 3)
        #expect(stepper.value == 50)
    }

    @Test func theRepeatsStopForGoodWhenTheTouchLeavesItsHalf() throws {
        stepper.value = 50
        try stage.down(1, 250, 120, at: 0)
        try stage.move(1, 290, 200, at: 0.3)  // still the right half, within the tolerance
        try stage.app.advance(to: 0.5)
        #expect(stepper.value == 52)
        try stage.move(1, 199, 120, at: 0.55)  // across the middle
        #expect(stage.app.pendingTimerCount == 0)
        try stage.move(1, 250, 120, at: 0.57)  // back: the repeating does not resume
        try stage.app.advance(to: 2)
        #expect(stepper.value == 52)
    }

    @Test func theRepeatsStopWhenTheTouchLeavesTheToleranceBand() throws {
        stepper.value = 50
        try stage.down(1, 250, 120, at: 0)
        try stage.move(1, 250, 210, at: 0.3)  // below the grown bounds (y 30..<210)
        try stage.app.advance(to: 2)
        #expect(stepper.value == 51)
    }

    @Test func theRepeatsStopWhenTheTouchIsCancelled() throws {
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 0.5)
        try stage.cancel(1, at: 0.55)
        try stage.app.advance(to: 2)
        #expect(stepper.value == 2)
        #expect(stage.app.pendingTimerCount == 0)
    }

    @Test func theRepeatsStopWhenARecognizerCancelsTheTouch() throws {
        let longPress = LongPressGestureRecognizer()
        longPress.minimumPressDuration = 0.7
        stage.container.addGestureRecognizer(longPress)  // the stepper does not stop a long press
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 2)
        // Steps at 0, 0.5 and 0.6. The repeat due at 0.7 was scheduled at 0.6, after the long
        // press's timer (scheduled at 0): the press begins first and cancels the touch.
        #expect(stepper.value == 3)
        #expect(stage.log.last == "vc changed from stepper touchCancel")
    }

    @Test func withoutAutorepeatAHeldTouchStepsOnce() throws {
        stepper.autorepeat = false
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 2)
        #expect(stepper.value == 1)
        #expect(stage.app.pendingTimerCount == 0)
    }

    @Test func theDelayAndIntervalAreSettable() throws {
        stepper.autorepeatDelay = 1
        stepper.autorepeatInterval = 0.25
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 0.99)
        #expect(stepper.value == 1)
        try stage.app.advance(to: 1.5)  // 1, 1.25, 1.5
        #expect(stepper.value == 4)
    }

    /// Each repeat is a timer frame: an interval too short to move the clock (or shorter than
    /// the timers' tolerance) would make `advance` run repeats without end. Repeats come at most
    /// every millisecond.
    @Test(arguments: [1e-300, 1e-10, 1e-4])
    func repeatsComeAtMostEveryMillisecond(_ interval: Double) throws {
        stepper.maximumValue = 10_000
        stepper.autorepeatInterval = interval
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 0.6)  // 1 at touch-down, 2 at 0.5, then one a millisecond
        #expect(stepper.value == 102)
    }

    /// A bound that is not finite would make every value the maximum (or a slider's position
    /// NaN): it is ignored, and the stepper keeps stepping within its range.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aBoundThatIsNotFiniteIsIgnored(_ bound: Double) throws {
        stepper.value = 50
        stepper.minimumValue = bound
        stepper.maximumValue = bound
        #expect(stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.value == 50)
        try stage.down(1, 150, 120, at: 0)  // the left half
        #expect(stepper.value == 49)
        let slider = Slider(frame: Rect(0, 0, 100, 20), in: stage.app)
        slider.value = 0.5
        slider.minimumValue = bound
        slider.maximumValue = bound
        #expect(slider.minimumValue == 0 && slider.maximumValue == 1 && slider.value == 0.5)
    }

    @Test func aNonContinuousStepperReportsTheRepeatsOnceAtTheEnd() throws {
        stepper.isContinuous = false
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 0.7)
        #expect(stepper.value == 4 && valueChanges == 0)
        try stage.up(1, 250, 120, at: 0.75)
        #expect(valueChanges == 1)
    }

    @Test func repeatsCarryOnAtTheLimitWithoutSendingAndWrapWhenAllowed() throws {
        stepper.maximumValue = 2
        try stage.down(1, 250, 120, at: 0)
        try stage.app.advance(to: 0.8)  // 1, then 2 at 0.5, then at the limit
        #expect(stepper.value == 2 && valueChanges == 2)
        try stage.up(1, 250, 120, at: 0.85)
        stepper.wraps = true
        stepper.value = 0
        try stage.down(2, 250, 120, at: 2)  // 1
        try stage.app.advance(to: 2.6)  // 2 at 2.5, 0 at 2.6
        #expect(stepper.value == 0)
    }
}
