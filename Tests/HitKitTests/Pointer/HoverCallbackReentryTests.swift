import Testing
@testable import HitKit

/// Behaviour A8's hover when the hover recognizer's own action changes its view: a hover "ends
/// when it stops holding (the pointer moved elsewhere, left the window, or V was removed, hidden
/// or made non-interactive)", and the view under the pointer is recomputed "after every change
/// of a view's flags, hierarchy or geometry (… or a call of the API)".
@Suite struct HoverCallbackReentryTests {
    let app = Application()
    let window: Window
    let view: View
    let hover = HoverGestureRecognizer()
    var states: [GestureRecognizer.State] { recorded.states }
    let recorded = Recorded()

    final class Recorded { var states: [GestureRecognizer.State] = [] }

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        view = View(frame: Rect(0, 0, 200, 400), in: app)
        window.addSubview(view)
        window.makeKeyAndVisible()
        view.addGestureRecognizer(hover)
        hover.observeStateChanges { [recorded] _, state in recorded.states.append(state) }
    }

    func pointer(_ t: Double, _ x: Double) throws {
        try app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 7, location: Point(x, 50))))
    }

    @Test func aHoverWhoseBeganActionRemovesItsViewEndsOnceAndBeginsAgainWhenItIsBack() throws {
        var once = true
        hover.addTarget { [unowned view] recognizer in
            if recognizer.state == .began && once { once = false; view.removeFromSuperview() }
        }
        try pointer(0, 50)
        #expect(states == [.began, .ended])
        try pointer(0.1, 60)
        try app.send(InputFrame(timestamp: 0.2, pointer: .left(id: 7)))
        #expect(states == [.began, .ended])
        window.addSubview(view)
        try pointer(0.3, 50)
        #expect(states == [.began, .ended, .began])
    }

    @Test func aHoverWhoseChangedActionHidesItsViewEndsInThatFrame() throws {
        hover.addTarget { [unowned view] recognizer in if recognizer.state == .changed { view.isHidden = true } }
        try pointer(0, 50)
        try pointer(0.1, 60)
        #expect(states == [.began, .changed, .ended])
        try pointer(0.2, 70)
        #expect(states == [.began, .changed, .ended])
    }
}
