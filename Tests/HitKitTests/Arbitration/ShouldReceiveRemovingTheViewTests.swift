import Testing
@testable import HitKit

/// A delegate's `shouldReceive` that takes the touch's view out of the window: the touch goes nowhere
/// (A3 removal), so the recognizer asked does not take it and never recognizes.
@Suite struct ShouldReceiveRemovingTheViewTests {
    final class Delegate: GestureRecognizerDelegate {
        let view: View
        init(_ view: View) { self.view = view }
        func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
            view.removeFromSuperview()
            return true
        }
    }

    @Test func aTapWhoseShouldReceiveRemovesItsViewDoesNotRecognize() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let view = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        let delegate = Delegate(view)
        tap.delegate = delegate
        var states: [GestureRecognizer.State] = []
        tap.observeStateChanges { _, state in states.append(state) }
        var actions = 0
        tap.addTarget { _ in actions += 1 }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        #expect(view.window == nil)
        try app.send(InputFrame(timestamp: 0.05, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 50))]))
        #expect(!states.contains(.ended))
        #expect(actions == 0)
        withExtendedLifetime(delegate) {}
    }
}
