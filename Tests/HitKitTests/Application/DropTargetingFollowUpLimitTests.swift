import Testing
@testable import HitKit

/// The follow-up bound (``DeferredWork``, Behaviour.md "Order within a frame") on drop targeting
/// (Behaviour A11): a drop target whose callbacks move the views is targeted again at most four
/// passes in a row; what is still due waits for the next delivery's end.
@Suite struct DropTargetingFollowUpLimitTests {
    let app = Application()
    let target: View
    /// A view no one drags to or hovers: a host's change to it changes the views.
    let bystander: View
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
        bystander = View(frame: Rect(0, 100, 10, 10), in: app)
        window.addSubview(source)
        window.addSubview(target)
        window.addSubview(bystander)
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

    /// A pointer on the screen, over neither view: a change then also runs a hover pass, which
    /// targets the sessions again (Behaviour A11).
    func putAPointerOnTheScreen() throws {
        try app.send(InputFrame(timestamp: 0.45, pointer: PointerInput(id: 7, location: Point(390, 150))))
        log.lines = []
    }

    /// A host's change outside any delivery is a delivery of its own: its targeting and its hover
    /// pass together follow the fight four passes at most, and each next delivery's end goes on
    /// four passes more, none skipped.
    @Test func aChangeOutsideAnyDeliveryFollowsTheFightFourPassesAndTheNextDeliveryGoesOn() throws {
        try putAPointerOnTheScreen()
        try moveOverTheTarget()
        bystander.alpha = 0.5
        #expect(fight == ["enter", "exit", "enter", "exit"])
        for _ in 0..<2 {
            log.lines = []
            app.deferringUpdates {}
            #expect(fight == ["enter", "exit", "enter", "exit"])
        }
    }

    /// The same change made by a timer, inside a frame: the timer's frame and the frame at its
    /// time each run a targeting pass, and together follow the fight four passes at most; the
    /// next delivery's end goes on.
    @Test func aChangeInsideAFrameIsFollowedFourPassesAndTheNextDeliveryGoesOn() throws {
        try putAPointerOnTheScreen()
        try moveOverTheTarget()
        app.schedule(at: 0.6) { [bystander] in bystander.alpha = 0.5 }
        try app.advance(to: 0.6)
        #expect(fight == ["enter", "exit", "enter", "exit"])
        log.lines = []
        app.deferringUpdates {}
        #expect(fight == ["enter", "exit", "enter", "exit"])
    }

    /// A session the bound stopped earlier in a frame still follows its touch when the frame
    /// moves it: the moved pass runs (and is bounded in its turn).
    @Test func aMovedTouchIsFollowedAfterTheBoundInTheSameFrame() throws {
        try putAPointerOnTheScreen()
        try moveOverTheTarget()
        app.schedule(at: 0.6) { [bystander] in bystander.alpha = 0.5 }
        try app.finger(1, .moved, 100, 420, at: 0.6)
        #expect(log.lines.contains("drag sessionDidMove"))
        #expect(fight == Array(repeating: ["enter", "exit"], count: 4).flatMap { $0 }, "four passes each")
    }

    /// A drop target that changes a view once, as it is entered.
    final class OneChangeOnEntry: DropInteractionDelegate {
        let change: () -> Void
        init(_ change: @escaping () -> Void) { self.change = change }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
            change()
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            .copy
        }
    }

    /// A change made by a callback during a delivery's end is a delivery of its own, whose end
    /// runs inside the first one's and must not end its bound. Here the first session, entering
    /// a target that changes a view, starts such a delivery in the middle of the end's
    /// retargeting: its end follows the second session's fight to the bound, and the first end,
    /// going on to the second session, leaves it to the next delivery.
    @Test func aChangeMadeDuringADeliverysEndDoesNotEndItsBound() throws {
        let secondSource = View(frame: Rect(0, 200, 200, 50), in: app)
        let entered = View(frame: Rect(200, 200, 200, 50), in: app)
        target.superview?.addSubview(secondSource)
        target.superview?.addSubview(entered)
        let secondDrag = RecordingDragDelegate("second drag", log: log, items: [DragItem("b")])
        try secondSource.addInteraction(DragInteraction(delegate: secondDrag))
        let entry = OneChangeOnEntry { [bystander] in bystander.alpha = 0.3 }
        try entered.addInteraction(DropInteraction(delegate: entry))
        entered.isHidden = true
        try putAPointerOnTheScreen()
        try app.finger(1, .moved, 300, 225, at: 0.5)  // the first session, over the hidden target
        try app.finger(2, .began, 100, 225, at: 0.55)
        try app.advance(to: 0.9)
        try app.finger(2, .moved, 100, 400, at: 0.95)  // the second session, over the fighting one
        #expect(app.dragSessions.count == 2)
        log.lines = []
        entered.isHidden = false
        #expect(bystander.alpha == 0.3, "the first session entered its target")
        #expect(fight == ["enter", "exit", "enter", "exit"])
        log.lines = []
        app.deferringUpdates {}
        #expect(fight == ["enter", "exit", "enter", "exit"])
        withExtendedLifetime((secondDrag, entry)) {}
    }
}
