import Testing
import HitKit

/// Hand-derived cases of SPEC A3/A5 that the random worlds of ``ControlModelDifferentialTests``
/// reach only rarely.
@Suite struct ControlModelExampleTests {
    let stage = ControlStage()
    let target = ActionPerformer()

    private func report(_ control: Control) {
        stage.name(target, "P")
        control.addTarget(target, action: "all", for: .allEvents)
    }

    /// A3 step 5: views hear a frame in the order their touches began, not in the order the
    /// frame lists the changes.
    @Test func controlsHearAFrameInTheOrderTheirTouchesBegan() throws {
        let a = stage.add(Button(frame: Rect(0, 0, 100, 100), in: stage.app), "a")
        let b = stage.add(Button(frame: Rect(200, 0, 100, 100), in: stage.app), "b")
        report(a)
        report(b)
        try stage.down(1, 250, 50, at: 0)
        try stage.down(2, 50, 50, at: 0.1)
        stage.clearLog()
        try stage.app.send(InputFrame(timestamp: 0.2, touches: [
            TouchInput(id: 2, phase: .ended, location: Point(50, 50)),
            TouchInput(id: 1, phase: .ended, location: Point(250, 50)),
        ]))
        #expect(stage.log == ["P all from b touchUpInside", "P all from b primaryActionTriggered",
                              "P all from a touchUpInside", "P all from a primaryActionTriggered"])
    }

    /// A4 f with A5: a recognizer that begins cancels the slider's touch in step 4, before the
    /// frame's move could reach it (step 5); a non-continuous slider then reports the value it
    /// had reached once, after `touchCancel`.
    @Test func aRecognizerCancelsANonContinuousSliderWhichReportsItsValueAfterTouchCancel() throws {
        let slider = stage.add(Slider(frame: Rect(100, 100, 200, 40), in: stage.app), "slider")
        slider.isContinuous = false
        report(slider)
        let recognizer = TriggeredRecognizer()
        stage.container.addGestureRecognizer(recognizer)
        // The thumb's centre runs from x 114 (value 0) to 286 (value 1) on the screen.
        try stage.down(1, 114, 120, at: 0)
        try stage.move(1, 200, 120, at: 0.1)
        #expect(slider.value == 0.5)
        recognizer.triggersOnNextMove = true
        try stage.move(1, 243, 120, at: 0.2)
        #expect(recognizer.state == .began)
        #expect(stage.log == ["P all from slider touchDown", "P all from slider touchDragInside",
                              "P all from slider touchCancel", "P all from slider valueChanged"])
        #expect(slider.value == 0.5 && !slider.isTracking && !slider.isHighlighted)
    }

    /// Behaviour A5 (disabled while tracking): the tracking stops without an event, so a
    /// non-continuous slider never reports the change its drag made, and the rest of the touch
    /// is ignored even when the slider is enabled again.
    @Test func aNonContinuousSliderDisabledMidDragReportsNothing() throws {
        let slider = stage.add(Slider(frame: Rect(100, 100, 200, 40), in: stage.app), "slider")
        slider.isContinuous = false
        report(slider)
        try stage.down(1, 114, 120, at: 0)
        try stage.move(1, 200, 120, at: 0.1)
        slider.isEnabled = false
        #expect(!slider.isTracking && !slider.isHighlighted && !slider.isTouchInside)
        slider.isEnabled = true
        try stage.move(1, 286, 120, at: 0.2)
        try stage.up(1, 286, 120, at: 0.3)
        #expect(stage.log == ["P all from slider touchDown", "P all from slider touchDragInside"])
        #expect(slider.value == 0.5)
    }

    /// A3: an exclusive-touch view is kept from a touch only by another view that has one; a
    /// second finger on the container, which the container never received (it takes one touch
    /// at a time), does not count.
    @Test func anExclusiveControlIgnoresATouchNoOtherViewReceived() throws {
        let button = stage.add(Button(frame: Rect(0, 0, 100, 100), in: stage.app), "button")
        button.isExclusiveTouch = true
        report(button)
        try stage.down(1, 300, 300, at: 0)
        try stage.down(2, 250, 300, at: 0.1)   // the container's second touch: not delivered
        try stage.down(3, 50, 50, at: 0.2)     // the container still has touch 1
        #expect(!button.isTracking)
        try stage.up(1, 300, 300, at: 0.3)
        try stage.up(3, 50, 50, at: 0.35)
        try stage.down(4, 50, 50, at: 1)       // touch 2 is down, but no view has it
        #expect(button.isTracking)
        #expect(stage.container.calls == ["began", "ended"])
        #expect(stage.log == ["P all from button touchDown"])
    }

    /// A3 with A5: a `touchDownRepeat` needs the previous touch on the same control to have
    /// ended within 0.35 s and 45 pt; a third quick tap counts on.
    @Test func quickTapsOnAControlCountUpAndAFarOneStartsAgain() throws {
        let button = stage.add(Button(frame: Rect(0, 0, 200, 100), in: stage.app), "button")
        stage.name(target, "P")
        button.addTarget(target, action: "down", for: [.touchDown, .touchDownRepeat])
        try stage.tap(1, 20, 20, at: 0)          // ends at 0.05
        try stage.tap(1, 60, 20, at: 0.4)        // 0.35 s and 40 pt after: repeat
        try stage.tap(1, 100, 20, at: 0.8)       // again: repeat
        try stage.tap(1, 150, 20, at: 1.2)       // 50 pt away: a new first tap
        #expect(stage.log == ["P down from button touchDown",
                              "P down from button touchDown", "P down from button touchDownRepeat",
                              "P down from button touchDown", "P down from button touchDownRepeat",
                              "P down from button touchDown"])
    }
}
