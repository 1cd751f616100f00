import Testing
@testable import HitKit

/// Behaviour A3, A8, A9, A10: bad input of every kind in one frame beside good input of every
/// kind. Exactly the bad parts are rejected (each named in the error, in the frame's order), the
/// good parts happen as they would alone, and a rejected input leaves nothing behind: the same
/// ids, keys and gestures work in later frames, and a rejected step counts for nothing in what
/// later steps measure (a touchpad pinch's velocity, a wheel run's end timer and translation).
/// These inputs (NaN and infinite values) cannot come from a scenario file.
@Suite struct BadInputAmidGoodInputTests {
    let app = Application()
    let window: Window
    let box: ProbeView
    let wheel = PanGestureRecognizer()
    let pinch = PinchGestureRecognizer()
    let log = Lines()

    final class Lines { var lines: [String] = [] }

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        box = ProbeView(frame: Rect(0, 0, 200, 200), in: app)
        box.isMultipleTouchEnabled = true
        let wheelView = View(frame: Rect(200, 0, 200, 200), in: app)
        let photo = View(frame: Rect(0, 200, 200, 200), in: app)
        window.addSubview(box)
        window.addSubview(wheelView)
        window.addSubview(photo)
        wheel.allowedScrollTypesMask = .all
        wheelView.addGestureRecognizer(wheel)
        photo.addGestureRecognizer(pinch)
        for (recognizer, name) in [(wheel as GestureRecognizer, "wheel"), (pinch, "pinch")] {
            recognizer.observeStateChanges { [log] _, state in log.lines.append("\(name) \(state)") }
        }
    }

    /// Sends `frame`, which must be partly rejected; returns the error.
    func rejected(_ frame: InputFrame) -> InputError? {
        do {
            try app.send(frame)
            Issue.record("the frame at \(frame.timestamp) was accepted whole")
            return nil
        } catch {
            return error
        }
    }

    @Test func everyKindOfBadInputInOneFrameIsRejectedAloneAndTheGoodPartsHappen() throws {
        try app.frame(0, began(1, 10, 10))
        var frame = InputFrame(timestamp: 0.1,
                               touches: [began(2, .nan, 10), moved(1, 20, 10), began(3, 30, .infinity), began(4, 40, 40)],
                               pointer: PointerInput(id: 9, location: Point(.nan, 50)),
                               scroll: ScrollInput(location: Point(300, 100), delta: Point(0, .nan), kind: .discrete),
                               keys: [Keys.up(5), Keys.down(6), KeyInput(code: 65536, phase: .down), Keys.down(7)])
        frame.touchpadGesture = .pinch(.began, at: Point(100, 300), scale: .infinity)
        guard let error = rejected(frame) else { return }
        // One rejection per bad input, in the frame's order: touches, pointer, scroll, keys, touchpad.
        let reasons = error.rejections.map(\.reason)
        #expect(error.rejections.map(\.touchID) == [2, 3, 9, nil, nil, nil, nil])
        #expect(Array(reasons.prefix(6)) == [
            .nonFiniteLocation, .nonFiniteLocation, .pointer(.nonFiniteLocation), .scroll(.nonFiniteDelta),
            .key(.init(index: 0, code: 5, kind: .notDown)), .key(.init(index: 2, code: 65536, kind: .codeOutOfRange)),
        ])
        if case .touchpad(.invalidScale(let scale))? = reasons.last { #expect(scale == .infinity) } else {
            Issue.record("the touchpad step was not rejected for its scale: \(reasons)")
        }
        #expect(!error.rejections.contains { $0.reason.rejectsWholeFrame })
        // The good parts: finger 1 moved and finger 4 began, in one call each; the two good keys
        // went down, unhandled, and the error says so.
        #expect(box.calls.map(\.method) == ["began", "began", "moved"])
        #expect(box.calls.map(\.ids) == [[1], [4], [1]])
        #expect(app.activeTouches.map(\.id) == [1, 4])
        #expect(error.outcome.unhandledKeys == [1, 3])
        // The bad parts left nothing behind.
        #expect(app.pointerLocation == nil && wheel.state == .possible && log.lines.isEmpty)
        #expect(app.touchpadState.kind == nil && app.pendingTimerCount == 0)
    }

    @Test func aRejectedInputLeavesItsIDKeyAndGestureFreeForLaterFrames() throws {
        try app.frame(0, began(1, 10, 10))
        var frame = InputFrame(timestamp: 0.1, touches: [began(2, .nan, 10), began(1, 12, 12)],
                               pointer: PointerInput(id: 9, location: Point(50, .nan), buttons: .primary),
                               scroll: ScrollInput(location: Point(.infinity, 100), delta: Point(0, -40), kind: .discrete),
                               keys: [Keys.up(5), Keys.cancelled(6)])
        frame.touchpadGesture = .pinch(.began, at: Point(100, 300), rotation: .nan)
        #expect(rejected(frame)?.rejections.count == 7)
        // The same ids, keys and gestures, good this time: each is taken as if the bad ones never came.
        frame = InputFrame(timestamp: 0.2, touches: [began(2, 20, 20), ended(1, 10, 10)],
                           pointer: PointerInput(id: 9, location: Point(50, 50), buttons: .primary),
                           scroll: ScrollInput(location: Point(300, 100), delta: Point(0, -40), kind: .discrete),
                           keys: [Keys.down(5), Keys.down(6)])
        frame.touchpadGesture = .pinch(.began, at: Point(100, 300))
        let outcome = try app.send(frame)
        #expect(outcome.unhandledKeys == [0, 1])
        #expect(box.calls.map(\.method) == ["began", "began", "ended"])
        #expect(box.calls.map(\.ids) == [[1], [2, 9], [1]])
        #expect(app.activeTouches.map(\.id) == [2, 9])
        #expect(log.lines == ["wheel began"] && wheel.translation(in: nil) == Point(0, -40))
        #expect(app.touchpadState.kind == .pinch)
        try app.send(InputFrame(timestamp: 0.25, keys: [Keys.up(5), Keys.cancelled(6)]))
    }

    /// A9: velocity is over the gesture's last two frames; a rejected step is not one of them.
    @Test func aRejectedTouchpadStepIsNotOneOfTheFramesAPinchsVelocityIsOver() throws {
        let pad = { (t: Double, phase: TouchpadGestureInput.Phase, scale: Double) in
            InputFrame(timestamp: t, touchpadGesture: .pinch(phase, at: Point(100, 300), scale: scale))
        }
        try app.send(pad(0, .began, 1))
        try app.send(pad(0.1, .changed, 1.2))
        #expect(rejected(pad(0.2, .changed, 0)) != nil)
        #expect(rejected(pad(0.25, .changed, .nan)) != nil)
        #expect(pinch.scale == 1.2)
        try app.send(pad(0.3, .changed, 1.5))
        #expect(abs(pinch.velocity - 1.5) < 1e-9, "(1.5 − 1.2) / (0.3 − 0.1), not over the rejected steps")
        #expect(log.lines == ["pinch began", "pinch changed"])
    }

    /// A8: a wheel run ends 0.1 s after its last notch; a rejected notch is not one, and adds nothing.
    @Test func aRejectedNotchNeitherMovesAWheelRunNorPushesBackItsEnd() throws {
        let notch = { (t: Double, dy: Double) in
            InputFrame(timestamp: t, scroll: ScrollInput(location: Point(300, 100), delta: Point(0, dy), kind: .discrete))
        }
        try app.send(notch(0, -40))
        #expect(rejected(notch(0.08, .nan)) != nil)
        #expect(wheel.translation(in: nil) == Point(0, -40) && log.lines == ["wheel began"])
        try app.advance(to: 0.1)
        #expect(log.lines == ["wheel began", "wheel ended"])
    }
}
