import Testing
import HitKit

/// Behaviour A5's "default actions prevent overlapping gestures", through real input frames: the
/// seeds' button-in-a-tappable-view cases, pans over switches and sliders, swipes over sliders,
/// and each control's answer to `gestureRecognizerShouldBegin(_:)` for every kind of recognizer.
@Suite struct GesturePreventionTests {
    let stage = ControlStage()
    let target = ActionPerformer()
    /// The seeds' blue view: 300 × 300 at the window's origin, the controls inside it.
    let blue: View

    init() {
        blue = View(frame: Rect(0, 0, 300, 300), in: stage.app)
        stage.container.addSubview(blue)
        stage.name(blue, "blue")
        stage.name(target, "vc")
    }

    /// `control` in the blue view at (100, 100), 100 × 40, sending every touch-up, cancel and
    /// value change to `vc`.
    private func place<C: Control>(_ control: C, _ name: String) -> C {
        stage.add(control, name, to: blue, logTracking: true)
        control.addTarget(target, action: "act", for: [.touchUpInside, .touchCancel, .valueChanged])
        return control
    }

    private func frame() -> Rect { Rect(100, 100, 100, 40) }

    // MARK: Taps (the seeds)

    @Test func aButtonBeatsItsSuperviewsTap() throws {
        let button = place(Button(frame: frame(), in: stage.app), "button")
        let tap = TapGestureRecognizer()
        blue.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        try stage.tap(1, 150, 120, at: 0)
        #expect(stage.log == ["button beginTracking", "tap failed", "button endTracking",
                              "vc act from button touchUpInside"])
        _ = button
    }

    @Test func aTapOnTheButtonItselfWins() throws {
        let button = place(Button(frame: frame(), in: stage.app), "button")
        let tap = TapGestureRecognizer()
        button.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        try stage.tap(1, 150, 120, at: 0)
        #expect(stage.log == ["button beginTracking", "tap recognized", "button cancelTracking",
                              "vc act from button touchCancel"])
        #expect(!button.isTracking)
    }

    @Test func aCustomControlLosesToItsSuperviewsTap() throws {
        let control = place(Control(frame: frame(), in: stage.app), "control")
        let tap = TapGestureRecognizer()
        blue.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        try stage.tap(1, 150, 120, at: 0)
        #expect(stage.log == ["control beginTracking", "tap recognized", "control cancelTracking",
                              "vc act from control touchCancel"])
        _ = control
    }

    @Test func aTapThatDoesNotCancelTouchesAndTheButtonBothRespond() throws {
        _ = place(Button(frame: frame(), in: stage.app), "button")
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        blue.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        try stage.tap(1, 150, 120, at: 0)
        #expect(stage.log == ["button beginTracking", "tap recognized", "button endTracking",
                              "vc act from button touchUpInside"])
    }

    @Test func theTapLikeControlsAllBeatTheirSuperviewsTap() throws {
        let controls: [(Control, String)] = [
            (Switch(frame: frame(), in: stage.app), "switch"),
            (Stepper(frame: frame(), in: stage.app), "stepper"),
            (SegmentedControl(items: ["a", "b"], frame: frame(), in: stage.app), "segmented"),
            (PageControl(frame: frame(), in: stage.app), "pages"),
        ]
        let tap = TapGestureRecognizer()
        blue.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        for (index, (control, name)) in controls.enumerated() {
            if let pages = control as? PageControl { pages.numberOfPages = 2 }
            _ = place(control, name)
            stage.clearLog()
            try stage.tap(index + 1, 175, 120, at: Double(index))  // the right half
            if control is Stepper {  // it steps on touch-down (Behaviour A5)
                #expect(stage.log == ["\(name) beginTracking", "vc act from \(name) valueChanged", "tap failed",
                                      "\(name) endTracking", "vc act from \(name) touchUpInside"])
            } else {
                #expect(stage.log == ["\(name) beginTracking", "tap failed", "\(name) endTracking",
                                      "vc act from \(name) touchUpInside", "vc act from \(name) valueChanged"])
            }
            control.removeFromSuperview()
        }
    }

    @Test func aDisabledButtonDoesNotStopTheTap() throws {
        let button = place(Button(frame: frame(), in: stage.app), "button")
        button.isEnabled = false
        let tap = TapGestureRecognizer()
        blue.addGestureRecognizer(tap)
        stage.watch(tap, "tap")
        try stage.tap(1, 150, 120, at: 0)
        #expect(stage.log == ["tap recognized"])
    }

    // MARK: Pans and swipes

    @Test func aSwitchStopsItsSuperviewsPan() throws {
        let toggle = place(Switch(frame: frame(), in: stage.app), "switch")
        let pan = PanGestureRecognizer()
        blue.addGestureRecognizer(pan)
        stage.watch(pan, "pan")
        try stage.down(1, 120, 120, at: 0)
        try stage.move(1, 150, 120, at: 0.1)
        try stage.up(1, 150, 120, at: 0.2)
        #expect(stage.log == ["switch beginTracking", "pan failed", "switch continueTracking", "switch endTracking",
                              "vc act from switch touchUpInside", "vc act from switch valueChanged"])
        #expect(toggle.isOn)
    }

    @Test func aButtonLosesToItsSuperviewsPan() throws {
        _ = place(Button(frame: frame(), in: stage.app), "button")
        let pan = PanGestureRecognizer()
        blue.addGestureRecognizer(pan)
        stage.watch(pan, "pan")
        try stage.down(1, 120, 120, at: 0)
        try stage.move(1, 150, 120, at: 0.1)
        #expect(stage.log == ["button beginTracking", "pan began", "button cancelTracking",
                              "vc act from button touchCancel"])
    }

    @Test func aSliderStopsAPanThatBeganOnItsThumb() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        let pan = PanGestureRecognizer()
        blue.addGestureRecognizer(pan)
        stage.watch(pan, "pan")
        try stage.down(1, 110, 120, at: 0)  // the thumb is x 100..<128 at value 0
        try stage.move(1, 150, 120, at: 0.1)
        #expect(stage.log.contains("pan failed") && !stage.log.contains("pan began"))
        #expect(slider.isTracking && slider.value == 0.5)
    }

    @Test func aPanThatBeganOffTheThumbTakesTheSlidersTouch() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        let pan = PanGestureRecognizer()
        blue.addGestureRecognizer(pan)
        stage.watch(pan, "pan")
        try stage.down(1, 180, 120, at: 0)
        stage.clearLog()
        try stage.move(1, 150, 120, at: 0.1)
        #expect(stage.log == ["pan began", "slider cancelTracking", "vc act from slider touchCancel"])
        #expect(!slider.isTracking)
    }

    @Test func aSliderStopsOnlySwipesAlongItsAxis() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        let across = SwipeGestureRecognizer()
        across.direction = .down
        let along = SwipeGestureRecognizer()
        along.direction = .right
        blue.addGestureRecognizer(across)
        blue.addGestureRecognizer(along)
        stage.watch(across, "down")
        stage.watch(along, "right")
        try stage.down(1, 110, 120, at: 0)  // on the thumb
        try stage.move(1, 112, 180, at: 0.1)  // 60 pt down
        #expect(stage.log.contains("down recognized"))
        #expect(!slider.isTracking)
        stage.clearLog()
        try stage.up(1, 112, 180, at: 0.2)
        slider.value = 0
        try stage.down(2, 110, 120, at: 1)
        try stage.move(2, 170, 121, at: 1.1)  // 60 pt right
        #expect(stage.log.contains("right failed") && !stage.log.contains("right recognized"))
        #expect(slider.isTracking)
    }

    @Test func aSlidersOwnPanIsNotStopped() throws {
        let slider = place(Slider(frame: frame(), in: stage.app), "slider")
        let pan = PanGestureRecognizer()
        slider.addGestureRecognizer(pan)
        stage.watch(pan, "pan")
        try stage.down(1, 110, 120, at: 0)
        stage.clearLog()
        try stage.move(1, 150, 120, at: 0.1)
        #expect(stage.log == ["pan began", "slider cancelTracking", "vc act from slider touchCancel"])
    }

    // MARK: The answers, recognizer by recognizer

    /// Each control's `gestureRecognizerShouldBegin(_:)` for recognizers of the blue view (and
    /// one of its own), asked directly: false only where Behaviour A5 says so.
    @Test func eachControlAnswersAsTheSpecSays() {
        func tap(taps: Int = 1, touches: Int = 1, cancels: Bool = true) -> TapGestureRecognizer {
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = taps
            tap.numberOfTouchesRequired = touches
            tap.cancelsTouchesInView = cancels
            blue.addGestureRecognizer(tap)
            return tap
        }
        let singleTap = tap(), doubleTap = tap(taps: 2), twoFingerTap = tap(touches: 2)
        let gentleTap = tap(cancels: false)
        let pan = PanGestureRecognizer(), edgePan = ScreenEdgePanGestureRecognizer()
        let longPress = LongPressGestureRecognizer(), swipe = SwipeGestureRecognizer()
        for recognizer in [pan, edgePan, longPress, swipe] as [GestureRecognizer] { blue.addGestureRecognizer(recognizer) }

        let tapLike: [Control] = [Button(in: stage.app), Switch(in: stage.app), Stepper(in: stage.app),
                                  SegmentedControl(in: stage.app), PageControl(in: stage.app)]
        for control in tapLike {
            let ownTap = TapGestureRecognizer()
            control.addGestureRecognizer(ownTap)
            #expect(!control.gestureRecognizerShouldBegin(singleTap), "\(control)")
            #expect(control.gestureRecognizerShouldBegin(ownTap), "\(control)")
            for other in [doubleTap, twoFingerTap, gentleTap, longPress, swipe] as [GestureRecognizer] {
                #expect(control.gestureRecognizerShouldBegin(other), "\(control) \(other)")
            }
            let stopsPans = control is Switch
            #expect(control.gestureRecognizerShouldBegin(pan) == !stopsPans, "\(control)")
            #expect(control.gestureRecognizerShouldBegin(edgePan) == !stopsPans, "\(control)")
            control.isEnabled = false
            #expect(control.gestureRecognizerShouldBegin(singleTap), "a disabled \(control)")
        }
        let plain = Control(in: stage.app), slider = Slider(in: stage.app)
        for recognizer in [singleTap, doubleTap, pan, edgePan, longPress, swipe] as [GestureRecognizer] {
            #expect(plain.gestureRecognizerShouldBegin(recognizer))
            // No touch of these began on the slider's thumb.
            #expect(slider.gestureRecognizerShouldBegin(recognizer))
        }
    }
}
