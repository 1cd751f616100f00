import Testing
@testable import HitKit

/// Exclusion (A4 c) asks a delegate that takes the view out of the window: the recognizers it
/// stopped reset when the touch ends, and work again once the view is back.
@Suite struct SimultaneityAnswerRemovingTheViewTests {
    final class Delegate: GestureRecognizerDelegate {
        let view: View
        init(_ view: View) { self.view = view }
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            view.removeFromSuperview()
            return false
        }
    }

    @Test func theLongPressResetsAndWorksOnceItsViewIsBack() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let view = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        let long = LongPressGestureRecognizer()
        long.minimumPressDuration = 5
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(long)
        view.addGestureRecognizer(pan)
        let delegate = Delegate(view)
        pan.delegate = delegate
        // The pan begins at the move: exclusion (A4 c) asks the delegate, which removes the view.
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(50, 100))]))
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 100))]))
        #expect(long.state == .possible)

        pan.delegate = nil
        window.addSubview(view)
        long.minimumPressDuration = 0.5
        var states: [GestureRecognizer.State] = []
        long.observeStateChanges { _, state in states.append(state) }
        try app.send(InputFrame(timestamp: 1, touches: [TouchInput(id: 2, phase: .began, location: Point(50, 50))]))
        try app.advance(to: 2)
        try app.send(InputFrame(timestamp: 2.1, touches: [TouchInput(id: 2, phase: .ended, location: Point(50, 50))]))
        #expect(states == [.began, .ended])
        withExtendedLifetime(delegate) {}
    }
}
