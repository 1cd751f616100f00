import HitKit
import Testing

/// The README's "Feeding a toolkit's input" example, run as written: if this test breaks, the
/// README is wrong too.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("A tap on a double-tap view, fed as input frames, ends in one action")
    func toolkitMainLoop() throws {
        // --- README begins ---
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), in: app)
        window.makeKeyAndVisible()
        let photo = View(frame: Rect(x: 20, y: 100, width: 335, height: 200), in: app)
        window.addSubview(photo)

        var zoomed = 0
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        _ = doubleTap.addTarget { _ in zoomed += 1 }
        photo.addGestureRecognizer(doubleTap)

        // The toolkit's main loop turns each pointer or touch event into a frame: a timestamp in
        // seconds and the fingers that changed, in screen coordinates.
        let finger = Point(x: 100, y: 150)
        try app.send(InputFrame(timestamp: 0.00, touches: [TouchInput(id: 1, phase: .began, location: finger)]))
        try app.send(InputFrame(timestamp: 0.05, touches: [TouchInput(id: 1, phase: .ended, location: finger)]))
        try app.send(InputFrame(timestamp: 0.20, touches: [TouchInput(id: 2, phase: .began, location: finger)]))
        try app.send(InputFrame(timestamp: 0.25, touches: [TouchInput(id: 2, phase: .ended, location: finger)]))
        // With no input, the loop still moves the clock so timers (long presses, multi-tap
        // timeouts, delayed delivery) fire on time.
        try app.advance(to: 1.0)
        // --- README ends ---
        #expect(zoomed == 1)
        #expect(doubleTap.state == .possible)

        // Bad input is a typed error naming the touch; the application goes on.
        #expect(throws: InputError.self) {
            try app.send(InputFrame(timestamp: 1.1, touches: [TouchInput(id: 9, phase: .moved, location: finger)]))
        }
        try app.send(InputFrame(timestamp: 1.2, touches: [TouchInput(id: 3, phase: .began, location: finger)]))
        #expect(app.activeTouches.count == 1)
    }
}
