import Testing
@testable import HitKit

/// A drag whose `itemsForBeginning` takes its own view out of the window: no lift, no session, and
/// the frame goes on (A3 removal, A11).
@Suite struct DragSourceRemovedByItsDelegateTests {
    final class Delegate: DragInteractionDelegate {
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            interaction.view?.removeFromSuperview()
            return [DragItem("a")]
        }
    }

    @Test func itemsForBeginningRemovingTheSource() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let source = View(frame: Rect(0, 0, 400, 100), in: app)
        window.addSubview(source)
        let delegate = Delegate()
        try source.addInteraction(DragInteraction(delegate: delegate))
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(100, 50))]))
        try app.advance(to: 0.325)
        try app.send(InputFrame(timestamp: 0.4, touches: [TouchInput(id: 1, phase: .ended, location: Point(100, 50))]))
        #expect(app.dragSessions.isEmpty && app.activeTouches.isEmpty)
    }
}
