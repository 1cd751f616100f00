import Testing
@testable import HitKit

/// Behaviour A3 and A4: every input frame runs step 3, also one in which no window has a changed
/// touch (every input rejected, or a touch outside every window). A transition requested
/// between frames, or a waiter released by a failure, must not wait for the next touch in its
/// window while its recognizer withholds touches from their views.
@Suite struct StepThreeEveryFrameTests {
    /// A recognizer that begins when the test says so, between frames (as a subclass reacting
    /// to something outside the touches would).
    final class BeginsOnRequest: GestureRecognizer {
        func beginNow() { state = .began }
    }

    let app = Application()
    let probe: ProbeView
    let recognizer = BeginsOnRequest()

    init() throws {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKeyAndVisible()
        probe = ProbeView(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(probe)
        probe.addGestureRecognizer(recognizer)
        try app.frame(0, began(1, 100, 100))
        recognizer.beginNow()
        #expect(recognizer.state == .possible, "a request waits for step 3")
    }

    @Test func aFrameWhoseInputsAreAllRejected() throws {
        #expect(throws: InputError.self) { try app.frame(0.1, began(1, 100, 100)) }   // a duplicate began
        #expect(recognizer.state == .began)
        #expect(probe.methods == ["began", "cancelled"])
    }

    @Test func aFrameWhoseOnlyTouchIsOutsideEveryWindow() throws {
        try app.frame(0.1, began(2, -20, -20))
        #expect(recognizer.state == .began)
        #expect(probe.methods == ["began", "cancelled"])
    }
}
