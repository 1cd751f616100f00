import Testing
@testable import HitKit

/// What a frame reuses from the one before must never show: the dispatcher's recycled event keeps
/// the touches down while no finger is added or lifted, and an arena entry hands its recognizer
/// the last touch set again when its touches are the same (so a frame of many fingers does not
/// hash the same touches again). Each
/// call must still see exactly the touches of its frame.
@Suite struct FrameReuseTests {
    /// Records, per touch call, the finger ids of the call's set and of its event.
    final class Recorder: GestureRecognizer {
        var calls: [(method: String, touches: Set<Int>, event: Set<Int>)] = []
        /// The sets received, as received.
        var sets: [Set<Touch>] = []
        /// Ignores the touch of this finger at its next move.
        var ignoreAtMove: Int?

        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches, event) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            note("moved", touches, event)
            if let id = ignoreAtMove, let touch = touches.first(where: { $0.id == id }) {
                ignoreAtMove = nil
                ignore(touch)
            }
        }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches, event) }

        private func note(_ method: String, _ touches: Set<Touch>, _ event: Event?) {
            sets.append(touches)
            calls.append((method, Set(touches.map(\.id)), Set((event?.allTouches ?? []).map(\.id))))
        }
    }

    let app = Application()
    let view: View
    let recognizer = Recorder()

    init() {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        view = View(frame: Rect(0, 0, 400, 400), in: app)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        view.addGestureRecognizer(recognizer)
    }

    @Test func eachEventHasTheTouchesDownAsFingersComeAndGo() throws {
        try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        try app.frame(0.1, moved(1, 11, 10))
        try app.frame(0.2, moved(2, 21, 20))            // nothing added or lifted since the last frame
        try app.frame(0.3, began(3, 30, 30))
        try app.frame(0.4, moved(3, 31, 30))
        try app.frame(0.5, ended(1, 11, 10))            // an ended touch is in its frame's event
        try app.frame(0.6, moved(2, 22, 20))            // and gone from the next one
        try app.frame(0.7, moved(2, 23, 20))
        let events = recognizer.calls.map(\.event)
        #expect(events == [[1, 2], [1, 2], [1, 2], [1, 2, 3], [1, 2, 3], [1, 2, 3], [2, 3], [2, 3]])
        #expect(recognizer.calls.map(\.method) == ["began", "moved", "moved", "began", "moved", "ended", "moved", "moved"])
    }

    @Test func aRecognizerGetsTheTouchesOfEachCallEvenWhenItsSetIsReused() throws {
        try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        try app.frame(0.1, moved(1, 11, 10), moved(2, 21, 20))
        try app.frame(0.2, moved(1, 12, 10), moved(2, 22, 20))     // the same touches: the same set
        try app.frame(0.3, moved(1, 13, 10))                        // one of them
        try app.frame(0.4, moved(1, 14, 10), moved(2, 23, 20))
        #expect(recognizer.calls.map(\.touches) == [[1, 2], [1, 2], [1, 2], [1], [1, 2]])
        // A set kept from an earlier call is the recognizer's own: later calls do not change it.
        #expect(recognizer.sets.map { Set($0.map(\.id)) } == [[1, 2], [1, 2], [1, 2], [1], [1, 2]])
    }

    @Test func anIgnoredTouchLeavesTheReusedSet() throws {
        try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        try app.frame(0.1, moved(1, 11, 10), moved(2, 21, 20))
        recognizer.ignoreAtMove = 2
        try app.frame(0.2, moved(1, 12, 10), moved(2, 22, 20))     // ignores finger 2 during the call
        try app.frame(0.3, moved(1, 13, 10), moved(2, 23, 20))
        #expect(recognizer.calls.map(\.touches) == [[1, 2], [1, 2], [1, 2], [1]])
        #expect(recognizer.touches.map(\.id) == [1])
    }
}
