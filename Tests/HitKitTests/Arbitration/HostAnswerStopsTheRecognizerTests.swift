import Testing
@testable import HitKit

/// Rules a and b ask the host's code (delegates, a view's override), which may stop the recognizer it
/// is asked about: remove its view, disable or detach it. The recognizer, still possible, fails
/// (A3 removal, A4 i), and the frame goes on.
@Suite struct HostAnswerStopsTheRecognizerTests {
    final class Delegate: GestureRecognizerDelegate {
        let change: (GestureRecognizer) -> Void
        init(_ change: @escaping (GestureRecognizer) -> Void) { self.change = change }
        func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { change(g); return true }
    }

    func run(_ change: @escaping (GestureRecognizer) -> Void) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let view = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        let delegate = Delegate(change)
        pan.delegate = delegate
        var states: [GestureRecognizer.State] = []
        _ = pan.observeStateChanges { _, s in states.append(s) }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(50, 100))]))
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 100))]))
        #expect(pan.state == .possible)
        #expect(states == [.failed], "possible when stopped, it fails once")
        withExtendedLifetime(delegate) {}
    }

    @Test func removingTheViewFromShouldBegin() throws { try run { $0.view?.removeFromSuperview() } }
    @Test func disablingTheRecognizerFromShouldBegin() throws { try run { $0.isEnabled = false } }
    @Test func detachingTheRecognizerFromShouldBegin() throws { try run { $0.view?.removeGestureRecognizer($0) } }

    /// The view's own `gestureRecognizerShouldBegin` (rule b asks it first) doing the same.
    final class RemovingView: View {
        override func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { removeFromSuperview(); return true }
    }

    @Test func aViewsShouldBeginRemovingItself() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let view = RemovingView(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var states: [GestureRecognizer.State] = []
        _ = pan.observeStateChanges { _, s in states.append(s) }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(50, 100))]))
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 100))]))
        #expect(pan.state == .possible)
        #expect(states == [.failed])
    }

    /// Rule a's delegate question (asked before rule b) disabling the recognizer asked about.
    final class RequireDelegate: GestureRecognizerDelegate {
        func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
            g.isEnabled = false
            return false
        }
    }

    @Test func disablingTheRecognizerFromShouldRequireFailureOf() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let view = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(pan)
        let delegate = RequireDelegate()
        pan.delegate = delegate
        var states: [GestureRecognizer.State] = []
        _ = pan.observeStateChanges { _, s in states.append(s) }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .moved, location: Point(50, 100))]))
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 100))]))
        #expect(pan.state == .possible)
        #expect(states == [.failed])
        withExtendedLifetime(delegate) {}
    }
}
