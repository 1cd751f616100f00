import Testing
@testable import HitKit

/// Behaviour A11: Escape "cancels every lift and session", and "last, sessionDidEnd goes to every
/// drop interaction the session entered". A host that presses Escape from inside a delegate that
/// the targeting pass calls (the source's `sessionDidMove`, a drop's `canHandle`, `sessionDidEnter`,
/// `sessionDidUpdate` or `sessionDidExit`) ends the session there, and the pass that was running
/// stops: no drop interaction is entered or updated for a session that has ended, so the last
/// call any of them hears of it is its `sessionDidEnd` (a host's drop highlight goes off).
@Suite struct EscapeDuringTargetingTests {
    let app = Application()
    let window: Window
    let source: View
    let other: View
    let target: View
    let log = InteractionLog()
    let hook: EscapeHook
    let dragDelegate: Drag
    let dropDelegate: Drop
    let otherDelegate: Drop

    /// Presses Escape inside the first call logged as `line` once armed (the delegate's own code
    /// cancelling the drag), and remembers what Escape answered.
    final class EscapeHook {
        unowned let app: Application
        var line: String?
        var answered: Bool?
        /// Done instead of pressing Escape, when set.
        var instead: (() -> Void)?
        init(_ app: Application) { self.app = app }
        func arm(_ line: String) { self.line = line }
        func reached(_ line: String) {
            guard line == self.line else { return }
            self.line = nil
            if let instead { return instead() }
            answered = app.handleEscapeKey()
        }
    }

    /// A drag delegate logging as the scene log writes it, and pressing Escape when armed.
    final class Drag: DragInteractionDelegate {
        let name: String
        let log: InteractionLog
        let hook: EscapeHook
        var sessions: [DragSession] = []
        init(_ name: String, log: InteractionLog, hook: EscapeHook) {
            self.name = name
            self.log = log
            self.hook = hook
        }
        func note(_ call: String) {
            log.lines.append("\(name) \(call)")
            hook.reached("\(name) \(call)")
        }
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            sessions.append(session)
            return [DragItem("a")]
        }
        func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) { note("sessionDidMove") }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
            note("willEnd \(operation)")
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
            note("didEnd \(operation)")
        }
    }

    /// A drop delegate logging each call with the name of the session's source, and pressing
    /// Escape when armed.
    final class Drop: DropInteractionDelegate {
        let name: String
        let log: InteractionLog
        let hook: EscapeHook
        init(_ name: String, log: InteractionLog, hook: EscapeHook) {
            self.name = name
            self.log = log
            self.hook = hook
        }
        func note(_ call: String, _ session: DragSession) {
            let from = (session.source.delegate as? Drag)?.name ?? "?"
            log.lines.append("\(name) \(call) \(from)")
            hook.reached("\(name) \(call) \(from)")
        }
        func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
            note("canHandle", session)
            return true
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { note("enter", session) }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            note("update", session)
            return .copy
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { note("exit", session) }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) { note("performDrop", session) }
        func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) { note("concludeDrop", session) }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { note("sessionDidEnd", session) }
    }

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 600), in: app)
        source = View(frame: Rect(0, 0, 200, 100), in: app)
        other = View(frame: Rect(0, 100, 400, 200), in: app)
        target = View(frame: Rect(0, 300, 400, 300), in: app)
        window.addSubview(source)
        window.addSubview(other)
        window.addSubview(target)
        hook = EscapeHook(app)
        dragDelegate = Drag("drag", log: log, hook: hook)
        try source.addInteraction(DragInteraction(delegate: dragDelegate))
        dropDelegate = Drop("target", log: log, hook: hook)
        try target.addInteraction(DropInteraction(delegate: dropDelegate))
        otherDelegate = Drop("other", log: log, hook: hook)
        try other.addInteraction(DropInteraction(delegate: otherDelegate))
    }

    /// Finger `id` down on the source at x, lifted at 0.325 s and its session begun at 0.4 s
    /// (20 pt from the lift, still over the source: nothing is targeted yet).
    func beginSession(_ id: Int = 1, x: Double = 100) throws {
        try app.finger(id, .began, x, 50, at: 0)
        try app.advance(to: 0.325)
        try app.finger(id, .moved, x, 70, at: 0.4)
    }

    /// The session begun, then over the target at 0.5 s (entered and updated there).
    func sessionOverTheTarget() throws -> DragSession {
        try beginSession()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        #expect(log.lines == ["drag sessionDidMove", "target canHandle drag", "target enter drag", "target update drag"])
        log.lines.removeAll()
        return try #require(dragDelegate.sessions.first)
    }

    /// The session has ended and left nothing behind: no target, no entered interaction, no
    /// proposal, no autoscroll; and the finger lifting later (unless `liftAt` is nil: it has)
    /// tells no one anything.
    func expectEndedAndForgotten(_ session: DragSession, liftAt time: Double?, _ x: Double, _ y: Double) throws {
        #expect(hook.answered == true)
        #expect(session.hasEnded)
        #expect(app.dragSessions.isEmpty)
        #expect(session.targeting.target == nil && session.targeting.entered.isEmpty && session.targeting.proposal == nil)
        #expect(session.autoscroll.entries.isEmpty)
        if let time {
            let before = log.lines
            try app.finger(1, .ended, x, y, at: time)
            #expect(log.lines == before, "the lift of an ended session's touch tells no one")
        }
        #expect(app.activeTouches.isEmpty)
    }

    // MARK: The calls of a frame's pass

    /// Escape pressed inside `call` during the frame at 0.6 s, which takes finger 1 to `to` with
    /// `phase`; the session has just begun (over the source), or is `overTheTarget` since 0.5 s.
    struct Case: Sendable, CustomTestStringConvertible {
        let call: String
        let overTheTarget: Bool
        let phase: Touch.Phase
        let to: Point
        let expected: [String]
        let testDescription: String
    }

    static let cases = [
        // The black-box reproducer: from `sessionDidMove` with the target entered, the target is
        // exited and told the end, and the pass of that frame does not enter it again.
        Case(call: "drag sessionDidMove", overTheTarget: true, phase: .moved, to: Point(x: 100, y: 410),
             expected: ["drag sessionDidMove", "target exit drag", "drag willEnd cancel", "drag didEnd cancel",
                        "target sessionDidEnd drag"],
             testDescription: "sessionDidMove over the target"),
        // From the first `sessionDidMove`, before anything was targeted: the pass that would have
        // found the target does not run.
        Case(call: "drag sessionDidMove", overTheTarget: false, phase: .moved, to: Point(x: 100, y: 400),
             expected: ["drag sessionDidMove", "drag willEnd cancel", "drag didEnd cancel"],
             testDescription: "the first sessionDidMove"),
        // From `canHandle`: the interaction asked was never entered, so it hears nothing more (no
        // `sessionDidEnd` either).
        Case(call: "target canHandle drag", overTheTarget: false, phase: .moved, to: Point(x: 100, y: 400),
             expected: ["drag sessionDidMove", "target canHandle drag", "drag willEnd cancel", "drag didEnd cancel"],
             testDescription: "canHandle"),
        // From `sessionDidEnter`: the target is exited and told the end, and not given the first
        // update it was owed.
        Case(call: "target enter drag", overTheTarget: false, phase: .moved, to: Point(x: 100, y: 400),
             expected: ["drag sessionDidMove", "target canHandle drag", "target enter drag", "target exit drag",
                        "drag willEnd cancel", "drag didEnd cancel", "target sessionDidEnd drag"],
             testDescription: "sessionDidEnter"),
        // From `sessionDidUpdate`: the proposal it returns is not kept for the ended session.
        Case(call: "target update drag", overTheTarget: true, phase: .moved, to: Point(x: 100, y: 410),
             expected: ["drag sessionDidMove", "target update drag", "target exit drag", "drag willEnd cancel",
                        "drag didEnd cancel", "target sessionDidEnd drag"],
             testDescription: "sessionDidUpdate"),
        // From the old target's `sessionDidExit` as the session moves onto another drop view: the
        // new one, already asked, is not entered.
        Case(call: "target exit drag", overTheTarget: true, phase: .moved, to: Point(x: 100, y: 150),
             expected: ["drag sessionDidMove", "other canHandle drag", "target exit drag", "drag willEnd cancel",
                        "drag didEnd cancel", "target sessionDidEnd drag"],
             testDescription: "sessionDidExit"),
        // From the update of the frame the finger lifts in over the target (20 pt on: the source
        // hears of that move first): cancelled there, the lift drops nothing on it and ends
        // nothing a second time.
        Case(call: "target update drag", overTheTarget: true, phase: .ended, to: Point(x: 100, y: 420),
             expected: ["drag sessionDidMove", "target update drag", "target exit drag", "drag willEnd cancel",
                        "drag didEnd cancel", "target sessionDidEnd drag"],
             testDescription: "the lift's sessionDidUpdate"),
        // From the move the lift makes: cancelled before its pass, the lift drops nothing.
        Case(call: "drag sessionDidMove", overTheTarget: true, phase: .ended, to: Point(x: 100, y: 420),
             expected: ["drag sessionDidMove", "target exit drag", "drag willEnd cancel", "drag didEnd cancel",
                        "target sessionDidEnd drag"],
             testDescription: "the lift's sessionDidMove"),
    ]

    @Test(arguments: cases) func escapeInsideAFramesPassEndsTheSessionThereAndNothingFollows(_ test: Case) throws {
        let session: DragSession
        if test.overTheTarget {
            session = try sessionOverTheTarget()
        } else {
            try beginSession()
            session = try #require(dragDelegate.sessions.first)
        }
        hook.arm(test.call)
        try app.finger(1, test.phase, test.to.x, test.to.y, at: 0.6)
        #expect(log.lines == test.expected)
        try expectEndedAndForgotten(session, liftAt: test.phase == .ended ? nil : 0.7, test.to.x, test.to.y)
    }

    // MARK: The other passes

    /// The pass after a view change (a drop view put over the session between frames), whose
    /// `canHandle` presses Escape: the old target is exited and ended, the new view never entered.
    @Test func escapeFromCanHandleInTheRetargetingAfterAViewChangeEntersNothing() throws {
        let session = try sessionOverTheTarget()
        let cover = View(frame: Rect(0, 300, 400, 300), in: app)
        let coverDelegate = Drop("cover", log: log, hook: hook)
        try cover.addInteraction(DropInteraction(delegate: coverDelegate))
        hook.arm("cover canHandle drag")
        window.addSubview(cover)
        #expect(log.lines == ["cover canHandle drag", "target exit drag", "drag willEnd cancel", "drag didEnd cancel",
                              "target sessionDidEnd drag"])
        try expectEndedAndForgotten(session, liftAt: 0.7, 100, 400)
        withExtendedLifetime(coverDelegate) {}
    }

    /// An autoscroll tick's pass, whose update presses Escape: the scroll view does not go on
    /// scrolling for the ended session (no tick is scheduled for it again).
    @Test func escapeFromAnAutoscrollTicksUpdateStopsTheAutoscroll() throws {
        let list = ScrollView(frame: Rect(0, 300, 400, 300), in: app)
        list.contentSize = Size(width: 400, height: 2000)
        list.autoscrollsDuringDrag = true
        let listDelegate = Drop("list", log: log, hook: hook)
        try list.addInteraction(DropInteraction(delegate: listDelegate))
        window.addSubview(list)
        try beginSession()
        let session = try #require(dragDelegate.sessions.first)
        try app.finger(1, .moved, 100, 578, at: 0.5)  // 22 pt from the bottom: 10 pt a tick
        #expect(log.lines.suffix(2) == ["list enter drag", "list update drag"])
        log.lines.removeAll()
        hook.arm("list update drag")
        try app.advance(to: 0.52)  // the first tick, at 0.5 + 1/60
        #expect(list.contentOffset.y == 10)
        #expect(session.autoscroll.entries.isEmpty, "no tick is due for the ended session")
        #expect(log.lines == ["list update drag", "list exit drag", "drag willEnd cancel", "drag didEnd cancel",
                              "list sessionDidEnd drag"])
        try app.advance(to: 0.6)
        #expect(list.contentOffset.y == 10)
        try expectEndedAndForgotten(session, liftAt: 0.7, 100, 578)
        withExtendedLifetime(listDelegate) {}
    }

    // MARK: The drop's end

    /// Once the lift has dropped the session on its target, its end is under way: Escape pressed
    /// from any call of that end (`performDrop` first) finds no session to cancel and is left to
    /// the keyboard (answers false), and the drop's calls go on in A11's order, told once.
    @Test(arguments: ["target performDrop drag", "drag willEnd copy", "target concludeDrop drag",
                      "drag didEnd copy", "target sessionDidEnd drag"])
    func escapeFromTheDropsEndCancelsNothing(_ call: String) throws {
        let session = try sessionOverTheTarget()
        hook.arm(call)
        try app.finger(1, .ended, 100, 420, at: 0.6)
        #expect(hook.answered == false)
        #expect(log.lines == ["drag sessionDidMove", "target update drag", "target performDrop drag", "drag willEnd copy",
                              "target concludeDrop drag", "drag didEnd copy", "target sessionDidEnd drag"])
        #expect(session.hasEnded && app.dragSessions.isEmpty && app.activeTouches.isEmpty)
    }

    /// The same for a cancelled end (its touch cancelled over the target): from its first call,
    /// the target's `sessionDidExit`, Escape finds nothing to cancel.
    @Test func escapeFromACancelledEndsExitCancelsNothing() throws {
        let session = try sessionOverTheTarget()
        hook.arm("target exit drag")
        try app.finger(1, .cancelled, 100, 420, at: 0.6)
        #expect(hook.answered == false)
        #expect(log.lines == ["target exit drag", "drag willEnd cancel", "drag didEnd cancel", "target sessionDidEnd drag"])
        #expect(session.hasEnded && app.dragSessions.isEmpty && app.activeTouches.isEmpty)
    }

    /// A drop view put over the target from `performDrop` is a view change, and the session
    /// being dropped is targeted no more: the new view is never asked.
    @Test func aViewAddedInPerformDropIsNotAskedAboutTheSession() throws {
        let session = try sessionOverTheTarget()
        let cover = View(frame: Rect(0, 300, 400, 300), in: app)
        let coverDelegate = Drop("cover", log: log, hook: hook)
        try cover.addInteraction(DropInteraction(delegate: coverDelegate))
        hook.instead = { [window] in window.addSubview(cover) }
        hook.arm("target performDrop drag")
        try app.finger(1, .ended, 100, 420, at: 0.6)
        #expect(log.lines == ["drag sessionDidMove", "target update drag", "target performDrop drag", "drag willEnd copy",
                              "target concludeDrop drag", "drag didEnd copy", "target sessionDidEnd drag"])
        #expect(session.hasEnded && app.dragSessions.isEmpty)
        withExtendedLifetime(coverDelegate) {}
    }

    // MARK: Two sessions

    /// Two sessions moving in one frame: Escape from the first one's `sessionDidMove` ends both,
    /// in the order they began; neither is targeted after its end, and the target entered hears
    /// of each session last by its `sessionDidEnd`.
    @Test func escapeFromOneSessionsPassEndsBothAndNeitherIsTargetedAgain() throws {
        let second = View(frame: Rect(200, 0, 200, 100), in: app)
        window.addSubview(second)
        let secondDelegate = Drag("second", log: log, hook: hook)
        try second.addInteraction(DragInteraction(delegate: secondDelegate))
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(x: 100, y: 50)),
                                                        TouchInput(id: 2, phase: .began, location: Point(x: 300, y: 50))]))
        try app.advance(to: 0.325)
        try app.send(InputFrame(timestamp: 0.4, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 100, y: 70)),
                                                          TouchInput(id: 2, phase: .moved, location: Point(x: 300, y: 70))]))
        try app.send(InputFrame(timestamp: 0.5, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 100, y: 400)),
                                                          TouchInput(id: 2, phase: .moved, location: Point(x: 300, y: 400))]))
        #expect(app.dragSessions.count == 2)
        log.lines.removeAll()
        hook.arm("drag sessionDidMove")
        try app.send(InputFrame(timestamp: 0.6, touches: [TouchInput(id: 1, phase: .moved, location: Point(x: 100, y: 410)),
                                                          TouchInput(id: 2, phase: .moved, location: Point(x: 300, y: 410))]))
        #expect(log.lines == ["drag sessionDidMove",
                              "target exit drag", "drag willEnd cancel", "drag didEnd cancel", "target sessionDidEnd drag",
                              "target exit second", "second willEnd cancel", "second didEnd cancel", "target sessionDidEnd second"])
        #expect(hook.answered == true && app.dragSessions.isEmpty)
        for session in dragDelegate.sessions + secondDelegate.sessions {
            #expect(session.hasEnded && session.targeting.target == nil && session.targeting.entered.isEmpty)
        }
        let before = log.lines
        try app.send(InputFrame(timestamp: 0.7, touches: [TouchInput(id: 1, phase: .ended, location: Point(x: 100, y: 410)),
                                                          TouchInput(id: 2, phase: .ended, location: Point(x: 300, y: 410))]))
        #expect(log.lines == before)
        #expect(app.activeTouches.isEmpty)
        withExtendedLifetime(secondDelegate) {}
    }
}
