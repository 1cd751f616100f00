import Testing
@testable import HitKit

/// Drags keep nothing alive: an application let go of with a finger still down on a drag (its
/// session under way, or cancelled by Escape) frees the drag's interaction and its session.
@Suite struct InteractionLifetimeTests {
    /// Gives items and keeps no session, so only HitKit could keep one alive.
    final class Items: DragInteractionDelegate {
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            [DragItem("a")]
        }
    }

    @Test(arguments: ["under way", "cancelled by Escape"])
    func aDragWhoseFingerIsStillDownKeepsNothingAlive(_ session: String) throws {
        let items = Items()
        weak var freedInteraction: DragInteraction?
        weak var freedApplication: Application?
        do {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 400, 600), in: app)
            let source = View(frame: Rect(0, 0, 400, 100), in: app)
            window.addSubview(source)
            let drag = DragInteraction(delegate: items)
            try source.addInteraction(drag)
            try app.finger(1, .began, 100, 50, at: 0)
            try app.advance(to: 0.325)
            try app.finger(1, .moved, 100, 70, at: 0.4)
            #expect(app.dragSessions.count == 1)
            if session == "cancelled by Escape" {
                #expect(app.handleEscapeKey())
                #expect(app.dragSessions.isEmpty)
            }
            freedInteraction = drag
            freedApplication = app
        }
        #expect(freedApplication == nil)
        #expect(freedInteraction == nil)
    }
}
