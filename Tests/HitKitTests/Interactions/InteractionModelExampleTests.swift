import Testing
@testable import HitKit

/// Behaviour A11 by hand, for rules the random comparison with `InteractionModel` reaches only
/// rarely, each derived from SPEC.md's sentence it names.
@Suite struct InteractionModelExampleTests {
    let app = Application()
    let window: Window
    let source: View
    let target: View
    let log = InteractionLog()
    let dragDelegate: RecordingDragDelegate
    let drag: DragInteraction

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        source = View(frame: Rect(0, 0, 200, 100), in: app)
        target = View(frame: Rect(0, 200, 400, 200), in: app)
        window.addSubview(source)
        window.addSubview(target)
        dragDelegate = RecordingDragDelegate("drag", log: log)
        drag = DragInteraction(delegate: dragDelegate)
        try source.addInteraction(drag)
    }

    /// Records a recognizer's state changes into `lines`.
    func watch(_ recognizer: GestureRecognizer, as name: String, into lines: InteractionLog) {
        recognizer.observeStateChanges { _, state in lines.lines.append("\(name) \(state)") }
    }

    /// A11: a long press held past 1.0 s after a lift begins then and cancels the lift.
    @Test func aLongPressHeldPastOneSecondAfterALiftBeginsAndCancelsIt() throws {
        let press = LongPressGestureRecognizer()
        let states = InteractionLog()
        watch(press, as: "press", into: states)
        source.addGestureRecognizer(press)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.99)
        #expect(states.lines.isEmpty)
        try app.advance(to: 1.01)
        #expect(states.lines == ["press began"])
        #expect(log.lines == ["drag itemsForBeginning 1", "drag lift", "drag willEnd cancel", "drag didEnd cancel"])
        try app.finger(1, .ended, 50, 50, at: 1.1)
        #expect(states.lines == ["press began", "press ended"])
    }

    /// A11 Keys: "Escape, when a menu is open, dismisses it (only the menu, even if a session is
    /// under way); else, when sessions or lifts are under way, cancels them all".
    @Test func escapeDismissesTheMenuBeforeItCancelsASession() throws {
        let menuDelegate = RecordingMenuDelegate("menu", log: log, configuration: ContextMenuConfiguration(items: [
            menuItem("copy", Rect(300, 0, 100, 40)),
        ]))
        let menu = ContextMenuInteraction(delegate: menuDelegate)
        try target.addInteraction(menu)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        try app.finger(1, .moved, 50, 80, at: 0.5)
        // A secondary click on the target opens a compact menu while the session goes on.
        try app.send(InputFrame(timestamp: 0.6, pointer: PointerInput(id: 9, location: Point(x: 100, y: 300), buttons: .secondary)))
        #expect(app.openContextMenu === menu && app.dragSessions.count == 1)
        log.lines.removeAll()
        try app.send(InputFrame(timestamp: 0.7, keys: [KeyInput(code: 41, phase: .down), KeyInput(code: 41, phase: .up)]))
        #expect(log.lines == ["menu willEnd"])
        #expect(app.dragSessions.count == 1)
        try app.send(InputFrame(timestamp: 0.8, keys: [KeyInput(code: 41, phase: .down), KeyInput(code: 41, phase: .up)]))
        #expect(log.lines == ["menu willEnd", "drag willEnd cancel", "drag didEnd cancel"])
        #expect(app.dragSessions.isEmpty)
        withExtendedLifetime(menuDelegate) {}
    }

    /// A11 Drop: targeting: "a candidate's answer is kept from when it is first asked until it
    /// leaves the chain or the session ends": a refusing target is not asked again while the
    /// session stays over it, and is asked again once it has left the chain and come back.
    @Test func aCanHandleAnswerIsKeptUntilItsCandidateLeavesTheChain() throws {
        final class Refusing: DropInteractionDelegate {
            var asked = 0
            func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool { asked += 1; return false }
            func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal { .copy }
        }
        let refusing = Refusing()
        try target.addInteraction(DropInteraction(delegate: refusing))
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        try app.finger(1, .moved, 50, 250, at: 0.5)
        try app.finger(1, .moved, 60, 260, at: 0.6)
        try app.finger(1, .moved, 70, 270, at: 0.7)
        #expect(refusing.asked == 1)
        try app.finger(1, .moved, 70, 150, at: 0.8)
        try app.finger(1, .moved, 70, 250, at: 0.9)
        #expect(refusing.asked == 2)
    }

    /// A11 Drop: end: "`sessionDidEnd` to every interaction that was entered, in first-entry
    /// order", and "an interaction whose view was removed still gets its `sessionDidEnd`".
    @Test func everyEnteredTargetHearsTheEndInFirstEntryOrderEvenAfterItsRemoval() throws {
        let left = View(frame: Rect(0, 0, 200, 200), in: app)
        let right = View(frame: Rect(200, 0, 200, 200), in: app)
        target.addSubview(left)
        target.addSubview(right)
        let leftDelegate = RecordingDropDelegate("left", log: log)
        let rightDelegate = RecordingDropDelegate("right", log: log, proposal: .forbidden)
        try left.addInteraction(DropInteraction(delegate: leftDelegate))
        try right.addInteraction(DropInteraction(delegate: rightDelegate))
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        try app.finger(1, .moved, 300, 250, at: 0.5)   // over right
        try app.finger(1, .moved, 100, 250, at: 0.6)   // over left
        right.removeFromSuperview()
        log.lines.removeAll()
        try app.finger(1, .ended, 100, 250, at: 0.7)
        #expect(log.lines == ["left performDrop", "drag willEnd copy", "left concludeDrop", "drag didEnd copy",
                              "right sessionDidEnd", "left sessionDidEnd"])
    }

    /// A11 Drag: "a primary-button pointer touch more than 3 pt from its press, before 0.325 s"
    /// drags; "within" includes the allowance exactly, so 3 pt does not.
    @Test(arguments: [(3.0, false), (3.5, true)])
    func aClickDragsOnlyWhenMovedMoreThanThreePoints(_ distance: Double, _ drags: Bool) throws {
        try app.send(InputFrame(timestamp: 0, pointer: PointerInput(id: 9, location: Point(x: 50, y: 50), buttons: .primary)))
        try app.send(InputFrame(timestamp: 0.1, pointer: PointerInput(id: 9, location: Point(x: 50 + distance, y: 50), buttons: .primary)))
        #expect((app.dragSessions.first?.hasBegun == true) == drags)
        #expect(log.lines == (drags ? ["drag itemsForBeginning 1", "drag lift", "drag sessionWillBegin"] : []))
    }
}
