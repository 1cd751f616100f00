import Testing
@testable import HitKit

/// The follow-up bound (``DeferredWork``, Behaviour.md "Order within a frame") on drop targeting
/// (Behaviour A11): a drop target whose callbacks move the views is targeted again at most four
/// passes in a row; what is still due waits for the next delivery's end.
@Suite struct DropTargetingFollowUpLimitTests {
    let app = Application()
    let target: View
    let log = InteractionLog()
    let dragDelegate: RecordingDragDelegate
    let fighter: Fighter

    /// A drop target fighting itself: entered, it hides its view (so the session leaves it);
    /// exited, it shows the view again (so the session enters it), for ever if nothing bounds it.
    final class Fighter: DropInteractionDelegate {
        let log: InteractionLog
        weak var view: View?
        init(log: InteractionLog) { self.log = log }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
            log.lines.append("enter")
            view?.isHidden = true
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            log.lines.append("update")
            return .copy
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) {
            log.lines.append("exit")
            view?.isHidden = false
        }
    }

    init() throws {
        let window = Window(frame: Rect(0, 0, 400, 600), in: app)
        let source = View(frame: Rect(0, 0, 400, 100), in: app)
        target = View(frame: Rect(0, 300, 400, 300), in: app)
        window.addSubview(source)
        window.addSubview(target)
        window.makeKeyAndVisible()
        dragDelegate = RecordingDragDelegate("drag", log: log, items: [DragItem("a")])
        try source.addInteraction(DragInteraction(delegate: dragDelegate))
        fighter = Fighter(log: log)
        fighter.view = target
        try target.addInteraction(DropInteraction(delegate: fighter))
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 0.325)
        try app.finger(1, .moved, 100, 70, at: 0.4)
        #expect(app.dragSessions.count == 1)
        log.lines = []
    }

    /// The callbacks the fight made, in order.
    var fight: [String] { log.lines.filter { $0 == "enter" || $0 == "exit" } }

    /// A frame moving the session over the target (its targeting pass fights, bounded); what it
    /// left due then waits for the next delivery's end.
    func moveOverTheTarget() throws {
        try app.finger(1, .moved, 100, 400, at: 0.5)
        #expect(fight.first == "enter")
        #expect(target.isHidden == false, "the last callback, an exit, showed the view")
        log.lines = []
    }

    /// A hover pass targets the sessions again (Behaviour A11: "a pointer's drag that ends gives
    /// the pointer its hovers back" runs in it): the entry the bound left due comes first, and the
    /// fight goes on at most four passes in a row.
    @Test func whatTheBoundLeftIsFollowedByAHoverPassFourPassesAtMost() throws {
        try moveOverTheTarget()
        app.updateHover()
        #expect(fight == ["enter", "exit", "enter", "exit"])
    }

    /// A group of edits (a delivery: ``DeferredWork``) that changed nothing ends by targeting
    /// the sessions again, since the frame's bound left the targeting stale: the entry first,
    /// then the fight, at most four passes in a row.
    @Test func whatTheBoundLeftIsFollowedAtTheEndOfAGroupOfEditsFourPassesAtMost() throws {
        try moveOverTheTarget()
        app.deferringUpdates {}
        #expect(fight == ["enter", "exit", "enter", "exit"])
    }

    /// A frame, with input or without, follows the fight at most four passes in a row: its own
    /// targeting pass reaches the bound, and the same delivery's end leaves the session to the
    /// next delivery rather than targeting it four passes more.
    @Test(arguments: [false, true])
    func aFrameFollowsTheFightFourPassesInARowAtMost(empty: Bool) throws {
        if empty {
            try moveOverTheTarget()
            try app.advance(to: 0.6)
        } else {
            try app.finger(1, .moved, 100, 400, at: 0.5)
        }
        #expect(fight == ["enter", "exit", "enter", "exit"])
    }
}
