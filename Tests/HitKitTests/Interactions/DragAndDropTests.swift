import Testing
@testable import HitKit

/// Behaviour A11's drags and drops through the API: the session's reports, removals mid-drag,
/// Escape, autoscroll as a function of the clock, and the delegates' defaults.
@Suite struct DragAndDropTests {
    let app = Application()
    let window: Window
    let source: View
    let target: View
    let log = InteractionLog()
    let dragDelegate: RecordingDragDelegate
    let drag: DragInteraction
    let dropDelegate: RecordingDropDelegate
    let drop: DropInteraction

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 600), in: app)
        source = View(frame: Rect(0, 0, 400, 100), in: app)
        target = View(frame: Rect(0, 300, 400, 300), in: app)
        window.addSubview(source)
        window.addSubview(target)
        dragDelegate = RecordingDragDelegate("drag", log: log, items: [DragItem("a"), DragItem("b")])
        drag = DragInteraction(delegate: dragDelegate)
        try source.addInteraction(drag)
        dropDelegate = RecordingDropDelegate("drop", log: log)
        drop = DropInteraction(delegate: dropDelegate)
        try target.addInteraction(drop)
    }

    /// Lifts finger `id` on the source at `time` and begins its session 0.075 s after the lift.
    func beginSession(_ id: Int = 1, at time: Double = 0) throws {
        try app.finger(id, .began, 100, 50, at: time)
        try app.advance(to: time + 0.325)
        try app.finger(id, .moved, 100, 70, at: time + 0.4)
    }

    @Test func theSessionReportsItsLocationItemsAndWhetherItMayMove() throws {
        try beginSession()
        let session = try #require(dragDelegate.sessions.first)
        #expect(session.hasBegun && !session.hasEnded)
        #expect(session.items == [DragItem("a"), DragItem("b")])
        #expect(session.location(in: target) == Point(x: 100, y: -230))
        // A view in no window has no place on the screen, where the location is (the C call
        // refuses it: HK_ERR_NOT_IN_WINDOW).
        let loose = View(frame: Rect(10, 10, 50, 50), in: app)
        #expect(!session.location(in: loose).x.isFinite && !session.location(in: loose).y.isFinite)
        #expect(session.allowsMoveOperation)
        drag.allowsMove = false
        #expect(!session.allowsMoveOperation)
        #expect(app.dragSessions.count == 1)
        try app.finger(1, .ended, 100, 70, at: 0.5)
        #expect(session.hasEnded && app.dragSessions.isEmpty)
    }

    @Test func aSessionWhoseSourceIsRemovedGoesOnToItsEnd() throws {
        try beginSession()
        source.removeFromSuperview()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag sessionWillBegin",
                              "drag sessionDidMove", "drop enter", "drop update copy",
                              "drop performDrop", "drag willEnd copy", "drop concludeDrop", "drag didEnd copy",
                              "drop sessionDidEnd"])
    }

    /// A11: the session's moves call `sessionDidMove`, the one its end makes too: a touch that
    /// ends at a new location is told of that move before the end's targeting pass.
    @Test func aSessionWhoseTouchEndsAtANewLocationHearsOfThatMoveFirst() throws {
        try beginSession()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        try app.finger(1, .ended, 100, 410, at: 0.6)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag sessionWillBegin",
                              "drag sessionDidMove", "drop enter", "drop update copy",
                              "drag sessionDidMove", "drop update copy",
                              "drop performDrop", "drag willEnd copy", "drop concludeDrop", "drag didEnd copy",
                              "drop sessionDidEnd"])
    }

    @Test func aLiftWhoseSourceIsRemovedIsCancelled() throws {
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 0.4)
        source.removeFromSuperview()
        try app.finger(1, .ended, 100, 50, at: 0.5)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag willEnd cancel", "drag didEnd cancel"])
    }

    @Test func aRemovedDropInteractionIsExitedAtOnce() throws {
        try beginSession()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        target.removeInteraction(drop)
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(log.lines.suffix(5) == ["drop update copy", "drop exit", "drag willEnd cancel", "drag didEnd cancel", "drop sessionDidEnd"])
    }

    @Test func aDisabledDragNeverLifts() throws {
        drag.isEnabled = false
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 1)
        #expect(log.lines.isEmpty)
    }

    @Test func escapeCancelsTheLiftsAndSessionsInTheOrderTheyBegan() throws {
        // The lift (0.325 s) began before the second drag's session (0.6 s).
        let second = View(frame: Rect(0, 100, 400, 100), in: app)
        window.addSubview(second)
        let secondDelegate = RecordingDragDelegate("second", log: log)
        try second.addInteraction(DragInteraction(delegate: secondDelegate))
        try app.finger(1, .began, 100, 50, at: 0)
        try app.finger(2, .began, 100, 150, at: 0.1)
        try app.advance(to: 0.5)
        try app.finger(2, .moved, 100, 400, at: 0.6)
        #expect(app.handleEscapeKey())
        #expect(log.lines.suffix(6) == ["drag willEnd cancel", "drag didEnd cancel",
                                        "drop exit", "second willEnd cancel", "second didEnd cancel", "drop sessionDidEnd"])
        #expect(app.dragSessions.isEmpty)
    }

    /// Behaviour A11 targeting: within one view, the drop interaction added last is the first
    /// candidate, so it is the target when both can handle the session.
    @Test func theLatestAddedDropInteractionOfAViewIsTheFirstCandidate() throws {
        let laterDelegate = RecordingDropDelegate("later", log: log)
        try target.addInteraction(DropInteraction(delegate: laterDelegate))
        try beginSession()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag sessionWillBegin",
                              "drag sessionDidMove", "later enter", "later update copy",
                              "later performDrop", "drag willEnd copy", "later concludeDrop", "drag didEnd copy",
                              "later sessionDidEnd"])
    }

    @Test func theDropDelegatesDefaultAnswerIsThatItCanHandle() throws {
        final class Quiet: DropInteractionDelegate {
            func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal { .copy }
        }
        let quiet = Quiet()
        let plain = DropInteraction(delegate: quiet)
        target.removeInteraction(drop)
        try target.addInteraction(plain)
        try beginSession()
        try app.finger(1, .moved, 100, 400, at: 0.5)
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(log.lines.suffix(2) == ["drag willEnd copy", "drag didEnd copy"])
    }

    /// Behaviour A11: autoscroll ticks at t₀ + k/60 whatever the host's calls, so the offsets seen
    /// at a given time are the same however often the host advances the clock.
    @Test(arguments: [0.0, 0.001, 0.007]) func autoscrollFollowsTheClockNotTheHost(_ hostStep: Double) throws {
        let list = ScrollView(frame: Rect(0, 300, 400, 300), in: app)
        list.contentSize = Size(width: 400, height: 2000)
        list.autoscrollsDuringDrag = true
        window.addSubview(list)
        var offsets: [Double] = []
        let observer = ScrollOffsets { offsets.append($0.y) }
        list.delegate = observer
        try beginSession()
        try app.finger(1, .moved, 100, 578, at: 0.5)  // 22 pt from the bottom: 10 pt a tick
        if hostStep > 0 {
            var time = 0.5
            while time < 0.6 {
                time += hostStep
                try app.advance(to: min(time, 0.6))
            }
        }
        try app.advance(to: 0.6)
        // Ticks at 0.5 + k/60 for k = 1…6 are due by 0.6 (0.5 + 6/60 is 0.6 exactly).
        #expect(offsets == [10, 20, 30, 40, 50, 60])
        withExtendedLifetime(observer) {}
    }

    /// A11: "after the lift, a long press sharing the touch cannot begin before 1.0 s from
    /// touch-down". Held back since 0.5 s, a long press whose finger lifts at 0.9 s fails; it
    /// does not begin (and end) as the lift ends.
    @Test func aLongPressHeldBackByALiftFailsWhenItsTouchLiftsBeforeOneSecond() throws {
        let states = try pressLongOnTheSource()
        try app.advance(to: 0.6)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift"])
        try app.finger(1, .ended, 100, 50, at: 0.9)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag willEnd cancel", "drag didEnd cancel"])
        #expect(states.lines == ["failed"])
    }

    /// A11: the hold outlasts the lift. Removing the drag interaction at 0.7 s ends its lift with
    /// the finger still down; the long press it held back since 0.5 s begins at 1.0 s, not then.
    @Test func aLongPressHeldBackByALiftStillWaitsForOneSecondAfterTheInteractionIsRemoved() throws {
        let states = try pressLongOnTheSource()
        try app.advance(to: 0.7)
        source.removeInteraction(drag)
        try app.advance(to: 0.99)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag willEnd cancel", "drag didEnd cancel"])
        #expect(states.lines.isEmpty)
        try app.advance(to: 1.0)
        #expect(states.lines == ["began"])
        try app.finger(1, .ended, 100, 50, at: 1.1)
        #expect(states.lines == ["began", "ended"])
    }

    /// A11: the hold is the lift's, whatever ends it, even its own `willLiftFor` (Escape there, or
    /// the interaction removed): the long press held back since 0.5 s still begins at 1.0 s.
    @Test(arguments: [false, true]) func aLongPressHeldBackByALiftEndedInItsWillLiftStillWaitsForOneSecond(removing: Bool) throws {
        dragDelegate.duringNextLift = { [unowned app, unowned source, unowned drag] in
            if removing { source.removeInteraction(drag) } else { _ = app.handleEscapeKey() }
        }
        let states = try pressLongOnTheSource()
        try app.advance(to: 0.99)
        #expect(log.lines == ["drag itemsForBeginning 2", "drag lift", "drag willEnd cancel", "drag didEnd cancel"])
        #expect(states.lines.isEmpty)
        try app.advance(to: 1.0)
        #expect(states.lines == ["began"])
        try app.finger(1, .ended, 100, 50, at: 1.1)
        #expect(states.lines == ["began", "ended"])
    }

    /// A long press (0.5 s) on the source, its state changes recorded, and finger 1 down on it at 0.
    func pressLongOnTheSource() throws -> InteractionLog {
        let press = LongPressGestureRecognizer()
        let states = InteractionLog()
        press.observeStateChanges { _, state in states.lines.append("\(state)") }
        source.addGestureRecognizer(press)
        try app.finger(1, .began, 100, 50, at: 0)
        return states
    }

    final class ScrollOffsets: ScrollViewDelegate {
        let body: (Point) -> Void
        init(_ body: @escaping (Point) -> Void) { self.body = body }
        func scrollViewDidScroll(_ scrollView: ScrollView) { body(scrollView.contentOffset) }
    }
}
