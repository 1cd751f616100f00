import Testing
@testable import HitKit

/// Behaviour A9, rule by rule: a touchpad pinch drives the pinch and rotation recognizers under
/// the pointer (candidates, beginning, should-begin, exclusion, changed/ended/cancelled, velocity,
/// location, no touches), and a hold is tracked.
@Suite struct TouchpadGestureTests {
    let app = Application()
    let window: Window
    let outer: View
    let photo: RecordingView
    let touchLog = TouchLog()
    let log = StateLog()

    init() {
        window = Window(frame: Rect(0, 0, 400, 600), in: app)
        outer = View(frame: Rect(0, 0, 400, 600), in: app)
        photo = RecordingView("photo", frame: Rect(50, 50, 300, 300), in: app, log: touchLog)
        window.addSubview(outer)
        outer.addSubview(photo)
    }

    final class StateLog { var lines: [String] = [] }

    @discardableResult
    func attach<R: GestureRecognizer>(_ recognizer: R, _ name: String, to view: View) -> R {
        view.addGestureRecognizer(recognizer)
        _ = recognizer.observeStateChanges { [log] _, state in log.lines.append("\(name) \(state)") }
        return recognizer
    }

    func step(_ t: Double, _ phase: TouchpadGestureInput.Phase, scale: Double = 1, rotation: Double = 0,
               at point: Point = Point(200, 200)) throws {
        try app.send(InputFrame(timestamp: t, touchpadGesture: .pinch(phase, at: point, scale: scale, rotation: rotation)))
    }

    func rejection(_ frame: InputFrame) -> InputError.TouchpadProblem? {
        do {
            try app.send(frame)
            return nil
        } catch {
            for rejection in error.rejections { if case .touchpad(let problem) = rejection.reason { return problem } }
            return nil
        }
    }

    // MARK: Pinch and rotate

    @Test func aPinchBeginsAtTheFirstScaleOtherThanOneAndReadsTheGesturesScale() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        try step(0, .began)
        try step(0.1, .changed)
        #expect(log.lines.isEmpty, "a scale of 1 begins nothing")
        try step(0.2, .changed, scale: 1.01)
        #expect(log.lines == ["pinch began"], "no 8-point threshold: any scale ≠ 1")
        #expect(pinch.scale == 1.01)
        try step(0.3, .changed, scale: 0.5)
        #expect(pinch.scale == 0.5 && log.lines == ["pinch began", "pinch changed"])
        try step(0.4, .ended, scale: 1)
        #expect(log.lines.last == "pinch ended")
        #expect(pinch.state == .possible && pinch.scale == 1, "reset at the end of the frame")
    }

    @Test func aRotationBeginsAtTheFirstRotationOtherThanZero() throws {
        let rotation = attach(RotationGestureRecognizer(), "rotation", to: photo)
        try step(0, .began)
        try step(0.1, .changed, scale: 1.5)
        #expect(log.lines.isEmpty, "a scale alone does not begin a rotation")
        try step(0.2, .changed, scale: 1.5, rotation: -0.01)
        #expect(log.lines == ["rotation began"] && rotation.rotation == -0.01)
    }

    @Test func aBeganWhoseScaleIsNotOneBeginsAtOnce() throws {
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        try step(0, .began, scale: 1.2)
        #expect(log.lines == ["pinch began"])
    }

    @Test func candidatesComeFromTheHitViewUpInPriorityOrder() throws {
        let inner = attach(PinchGestureRecognizer(), "inner", to: photo)
        let outerPinch = attach(PinchGestureRecognizer(), "outer", to: outer)
        let delegate = Simultaneous()
        inner.delegate = delegate
        outerPinch.delegate = delegate
        let elsewhere = View(frame: Rect(0, 500, 10, 10), in: app)
        window.addSubview(elsewhere)
        attach(PinchGestureRecognizer(), "elsewhere", to: elsewhere)
        try step(0, .began)
        try step(0.1, .changed, scale: 2)
        #expect(log.lines == ["inner began", "outer began"], "the deepest view's first; none outside the chain")
    }

    @Test func candidatesTakeIndirectPointerTouchesAreEnabledAndTrackNoTouch() throws {
        let directOnly = attach(PinchGestureRecognizer(), "directOnly", to: photo)
        directOnly.allowedTouchTypes = [.direct]
        let disabled = attach(PinchGestureRecognizer(), "disabled", to: photo)
        disabled.isEnabled = false
        let busy = attach(PinchGestureRecognizer(), "busy", to: outer)
        let pad = View(frame: Rect(0, 400, 400, 200), in: app)
        outer.addSubview(pad)
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(10, 500))]))
        #expect(busy.touches.count == 1)
        try step(0.1, .began)
        try step(0.2, .changed, scale: 2)
        #expect(log.lines.isEmpty)
        #expect(app.touchpadState.recognizers.isEmpty)
    }

    @Test func shouldBeginIsAskedWhenTheValueFirstChangesNotAtBegan() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        let delegate = Counting(answer: false)
        pinch.delegate = delegate
        try step(0, .began)
        try step(0.1, .changed)
        #expect(delegate.shouldBeginCalls == 0)
        try step(0.2, .changed, scale: 1.1)
        #expect(delegate.shouldBeginCalls == 1 && log.lines == ["pinch failed"])
        try step(0.3, .changed, scale: 1.2)
        #expect(log.lines == ["pinch failed"], "a failed recognizer is not driven again")
    }

    @Test func exclusionFailsTheOthersSharingTheGesture() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        attach(RotationGestureRecognizer(), "rotation", to: photo)
        try step(0, .began)
        try step(0.1, .changed, scale: 1.1, rotation: 0.1)
        // The rotation, added last, resolves first and makes the pinch fail.
        #expect(log.lines == ["rotation began", "pinch failed"])
        try step(0.2, .changed, scale: 1.2, rotation: 0.1)
        #expect(log.lines == ["rotation began", "pinch failed", "rotation changed"], "the failed pinch is not driven")
        #expect(pinch.scale == 1, "reset when it failed")
    }

    @Test func aRecognizerThatCannotBePreventedGoesOn() throws {
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        attach(Unpreventable(), "rotation", to: outer)
        try step(0, .began)
        try step(0.1, .changed, scale: 1.1)
        try step(0.2, .changed, scale: 1.1, rotation: 0.2)
        // The rotation could not be prevented; once it begins it cancels the pinch (rule c).
        #expect(log.lines == ["pinch began", "pinch changed", "rotation began", "pinch cancelled"])
    }

    /// `ended` ends those that began, `cancelled` cancels them; either fails those still possible.
    @Test(arguments: [(TouchpadGestureInput.Phase.ended, "pinch ended"), (.cancelled, "pinch cancelled")])
    func theEndFinishesThoseThatBeganAndFailsTheRest(_ end: TouchpadGestureInput.Phase, _ line: String) throws {
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        let rotation = attach(RotationGestureRecognizer(), "rotation", to: photo)
        let delegate = Simultaneous()
        rotation.delegate = delegate
        try step(0, .began)
        try step(0.1, .changed, scale: 1.1)
        try step(0.2, end, scale: 1.1)
        #expect(log.lines == ["pinch began", "rotation failed", line])
        #expect(app.touchpadState.kind == nil && app.touchpadState.recognizers.isEmpty)
    }

    @Test func velocityIsPerSecondOverTheLastTwoFrames() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        let rotation = attach(RotationGestureRecognizer(), "rotation", to: photo)
        let delegate = Simultaneous()
        rotation.delegate = delegate
        try step(0, .began)
        #expect(pinch.velocity == 0 && rotation.velocity == 0)
        try step(0.5, .changed, scale: 1.5, rotation: 0.25)
        #expect(pinch.velocity == 1 && rotation.velocity == 0.5)
        try step(0.75, .changed, scale: 1.25, rotation: 0.5)
        #expect(pinch.velocity == -1 && rotation.velocity == 1)
    }

    @Test func locationIsThePointersAndThereAreNoTouches() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        var seen: [(Point, Int)] = []
        // Unowned: the photo holds the pinch, which holds this target (a strong capture would leak both).
        pinch.addTarget { [unowned photo] recognizer in seen.append((recognizer.location(in: photo), recognizer.numberOfTouches)) }
        try step(0, .began, at: Point(100, 120))
        try step(0.1, .changed, scale: 2, at: Point(110, 130))
        #expect(seen.count == 1)
        #expect(seen.first?.0 == Point(60, 80) && seen.first?.1 == 0)
        #expect(pinch.location(in: nil) == Point(110, 130))
    }

    @Test func viewsGetNoTouchCallsAndTouchRecognizersAreNotCancelled() throws {
        let pan = attach(PanGestureRecognizer(), "pan", to: photo)
        let tap = attach(TapGestureRecognizer(), "tap", to: photo)
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(100, 100))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(130, 100))]))
        #expect(log.lines == ["tap failed", "pan began"])
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        try step(0.2, .began)
        try step(0.3, .changed, scale: 2)
        try step(0.4, .ended, scale: 2)
        #expect(log.lines == ["tap failed", "pan began", "pinch began", "pinch ended"], "the pan goes on")
        #expect(pan.state == .began && tap.state == .failed)
        #expect(touchLog.lines == ["photo touchesBegan 1", "photo touchesCancelled 1"], "only the pan's cancel; none from the touchpad")
    }

    @Test func aDrivenRecognizerTakesNoFingerMeanwhile() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        photo.isMultipleTouchEnabled = true
        try step(0, .began)
        try step(0.1, .changed, scale: 1.5)
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .began, location: Point(100, 100)),
                                                        TouchInput(id: 2, phase: .began, location: Point(150, 100))]))
        #expect(pinch.touches.isEmpty)
        try app.send(InputFrame(timestamp: 0.3, touches: [TouchInput(id: 2, phase: .moved, location: Point(250, 100))]))
        #expect(pinch.scale == 1.5 && log.lines == ["pinch began"])
        #expect(touchLog.lines == ["photo touchesBegan 1,2", "photo touchesMoved 2"])
    }

    @Test func aRecognizerDisabledMidGestureIsCancelledAndNotDrivenAgain() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        try step(0, .began)
        try step(0.1, .changed, scale: 1.5)
        pinch.isEnabled = false
        pinch.isEnabled = true
        try step(0.2, .changed, scale: 1.6)
        try step(0.3, .ended)
        #expect(log.lines == ["pinch began", "pinch cancelled"])
        #expect(pinch.state == .possible && !pinch.isDrivenByTouchpad)
    }

    @Test func aTouchpadFrameEndsAFrame() throws {
        var ends = 0
        _ = app.observeFrameEnds { _ in ends += 1 }
        try step(0, .began)
        #expect(rejection(InputFrame(timestamp: 0.1, touchpadGesture: .hold(.began, at: Point(1, 1)))) == .alreadyBegan(.pinch))
        #expect(ends == 2, "a frame whose only input is rejected still ends: its time came")
    }

    // MARK: Hold

    @Test func aHoldIsTrackedFromBeganToItsEndAndDrivesNoRecognizer() throws {
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        attach(RotationGestureRecognizer(), "rotation", to: photo)
        try app.send(InputFrame(timestamp: 0, touchpadGesture: .hold(.began, at: Point(200, 200), fingers: 3)))
        #expect(app.touchpadState.kind == .hold)
        #expect(rejection(InputFrame(timestamp: 0.1, touchpadGesture: .pinch(.began, at: Point(200, 200)))) == .alreadyBegan(.hold))
        try app.send(InputFrame(timestamp: 0.2, touchpadGesture: .hold(.cancelled, at: Point(200, 200))))
        #expect(app.touchpadState.kind == nil)
        try app.send(InputFrame(timestamp: 0.3, touchpadGesture: .hold(.began, at: Point(200, 200))))
        try app.send(InputFrame(timestamp: 0.4, touchpadGesture: .hold(.ended, at: Point(200, 200))))
        #expect(app.touchpadState.kind == nil && log.lines.isEmpty && touchLog.lines.isEmpty)
    }

    // MARK: Bad input

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity, -Double.infinity])
    func aScaleThatIsNotAFinitePositiveNumberIsRejected(_ scale: Double) throws {
        let problem = rejection(InputFrame(timestamp: 0, touchpadGesture: .pinch(.began, at: Point(200, 200), scale: scale)))
        guard case .invalidScale(let reported)? = problem else { Issue.record("got \(String(describing: problem))"); return }
        #expect(reported == scale || (reported.isNaN && scale.isNaN))
        #expect(app.touchpadState.kind == nil, "a rejected began starts nothing")
    }

    @Test(arguments: [Double.nan, Double.infinity])
    func aRotationThatIsNotFiniteIsRejected(_ rotation: Double) throws {
        try step(0, .began)
        #expect(rejection(InputFrame(timestamp: 0.1, touchpadGesture: .pinch(.changed, at: Point(200, 200), rotation: rotation)))
                == .nonFiniteRotation)
        #expect(app.touchpadState.kind == .pinch, "the gesture under way goes on")
    }

    @Test func aLocationThatIsNotFiniteAndTooFewFingersAreRejected() throws {
        #expect(rejection(InputFrame(timestamp: 0, touchpadGesture: .pinch(.began, at: Point(.nan, 0)))) == .nonFiniteLocation)
        #expect(rejection(InputFrame(timestamp: 0, touchpadGesture: .hold(.began, at: Point(0, 0), fingers: 0)))
                == .invalidFingerCount(0))
    }

    @Test(arguments: [TouchpadGestureInput.Phase.changed, .ended, .cancelled])
    func aLaterPhaseWithNoneUnderWayIsRejected(_ phase: TouchpadGestureInput.Phase) throws {
        #expect(rejection(InputFrame(timestamp: 0, touchpadGesture: .pinch(phase, at: Point(200, 200)))) == .notBegan)
    }

    @Test func aSecondBeganIsRejectedAndTheFirstGoesOn() throws {
        let pinch = attach(PinchGestureRecognizer(), "pinch", to: photo)
        try step(0, .began)
        #expect(rejection(InputFrame(timestamp: 0.1, touchpadGesture: .pinch(.began, at: Point(200, 200), scale: 2)))
                == .alreadyBegan(.pinch))
        #expect(log.lines.isEmpty)
        try step(0.2, .changed, scale: 2)
        #expect(log.lines == ["pinch began"] && pinch.scale == 2)
    }

    @Test func aKindChangingMidGestureIsRejected() throws {
        try step(0, .began)
        #expect(rejection(InputFrame(timestamp: 0.1, touchpadGesture: .hold(.ended, at: Point(200, 200)))) == .kindChanged(from: .pinch))
        try step(0.2, .cancelled)
        #expect(app.touchpadState.kind == nil)
        try app.send(InputFrame(timestamp: 0.3, touchpadGesture: .hold(.began, at: Point(200, 200))))
        #expect(rejection(InputFrame(timestamp: 0.4, touchpadGesture: .pinch(.changed, at: Point(200, 200)))) == .kindChanged(from: .hold))
        #expect(rejection(InputFrame(timestamp: 0.5, touchpadGesture: .hold(.changed, at: Point(200, 200)))) == .holdChanged)
        #expect(app.touchpadState.kind == .hold)
    }

    @Test func nothingElseOfTheFrameIsLost() throws {
        attach(PinchGestureRecognizer(), "pinch", to: photo)
        var frame = InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(100, 100))],
                               pointer: PointerInput(id: 9, location: Point(20, 20)))
        frame.touchpadGesture = .pinch(.changed, at: Point(200, 200), scale: 2)
        do {
            try app.send(frame)
            Issue.record("the touchpad step should be rejected")
        } catch {
            #expect(error.rejections == [.init(touchID: nil, reason: .touchpad(.notBegan))])
        }
        #expect(touchLog.lines == ["photo touchesBegan 1"])
        #expect(app.pointerLocation == Point(20, 20))
        #expect(log.lines.isEmpty)
    }
}

// MARK: Helpers

private final class Simultaneous: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }
}

private final class Counting: GestureRecognizerDelegate {
    let answer: Bool
    var shouldBeginCalls = 0
    init(answer: Bool) { self.answer = answer }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginCalls += 1
        return answer
    }
}

private final class Unpreventable: RotationGestureRecognizer {
    override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
}
