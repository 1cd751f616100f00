import Testing
@testable import HitKit

/// Behaviour A11: interactions are attached to one view; the menu's and the drag's participants
/// take part in delivery without being listed among the view's recognizers.
@Suite struct InteractionAttachmentTests {
    let app = Application()
    let window: Window
    let box: View
    let other: View
    let log = InteractionLog()

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        box = View(frame: Rect(0, 0, 200, 200), in: app)
        other = View(frame: Rect(200, 0, 200, 200), in: app)
        window.addSubview(box)
        window.addSubview(other)
    }

    @Test func anInteractionIsAddedOnceToOneView() throws {
        let delegate = RecordingDropDelegate("drop", log: log)
        let drop = DropInteraction(delegate: delegate)
        try box.addInteraction(drop)
        #expect(drop.view === box)
        #expect(throws: InteractionError.alreadyAdded) { try box.addInteraction(drop) }
        #expect(throws: InteractionError.attachedToAnotherView) { try other.addInteraction(drop) }
        #expect(box.interactions.count == 1, "a refused add changes nothing")
        box.removeInteraction(drop)
        #expect(drop.view == nil && box.interactions.isEmpty)
        try other.addInteraction(drop)
        #expect(drop.view === other)
    }

    @Test func interactionsAreListedInOrderAndTheirParticipantsAreNotRecognizers() throws {
        let tap = TapGestureRecognizer()
        box.addGestureRecognizer(tap)
        let menuDelegate = RecordingMenuDelegate("menu", log: log, configuration: nil)
        let dragDelegate = RecordingDragDelegate("drag", log: log)
        let menu = ContextMenuInteraction(delegate: menuDelegate)
        let drag = DragInteraction(delegate: dragDelegate)
        try box.addInteraction(menu)
        try box.addInteraction(drag)
        #expect(box.interactions.map(ObjectIdentifier.init) == [ObjectIdentifier(menu), ObjectIdentifier(drag)])
        #expect(box.gestureRecognizers.count == 1 && box.gestureRecognizers[0] === tap)
        // Replacing the recognizers keeps the interactions taking part.
        box.gestureRecognizers = []
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.2)
        #expect(log.lines == ["menu nil"])
    }

    /// An interaction's participant, seen among a touch's recognizers, belongs to its
    /// interaction: removing it from its view does nothing (the drag still lifts), and
    /// attaching it to another view traps.
    @Test func anInteractionsParticipantStaysWithItsInteraction() async throws {
        let dragDelegate = RecordingDragDelegate("drag", log: log)
        try box.addInteraction(DragInteraction(delegate: dragDelegate))
        try app.finger(1, .began, 50, 50, at: 0)
        let participant = try #require(app.activeTouches.first?.gestureRecognizers.first { $0.isInteractionParticipant })
        box.removeGestureRecognizer(participant)
        #expect(participant.view === box)
        try app.advance(to: 0.4)
        #expect(log.lines.contains { $0.hasPrefix("drag lift") }, "\(log.lines)")
        await #expect(processExitsWith: .failure) {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            let box = View(frame: Rect(0, 0, 200, 200), in: app)
            let other = View(frame: Rect(200, 0, 200, 200), in: app)
            window.addSubview(box)
            window.addSubview(other)
            let delegate = RecordingDragDelegate("drag", log: InteractionLog())
            try? box.addInteraction(DragInteraction(delegate: delegate))
            try? app.finger(1, .began, 50, 50, at: 0)
            guard let participant = app.activeTouches.first?.gestureRecognizers.first else { return }
            other.addGestureRecognizer(participant)
        }
    }

    @Test func aRemovedMenuTakesNoMorePartAndItsOpenMenuIsDismissed() throws {
        let configuration = ContextMenuConfiguration(items: [menuItem("copy", Rect(250, 0, 100, 40))])
        let delegate = RecordingMenuDelegate("menu", log: log, configuration: configuration)
        let menu = ContextMenuInteraction(delegate: delegate)
        try box.addInteraction(menu)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        #expect(app.openContextMenu === menu)
        box.removeInteraction(menu)
        #expect(app.openContextMenu == nil)
        try app.finger(1, .ended, 50, 50, at: 0.5)
        try app.finger(2, .began, 50, 50, at: 1)
        try app.advance(to: 2)
        #expect(log.lines == ["menu configuration 50.0 50.0", "menu willDisplay", "menu willEnd"])
    }

    /// A menu delegate that removes its own interaction when told the menu ends.
    final class SelfRemovingMenuDelegate: ContextMenuInteractionDelegate {
        let configuration: ContextMenuConfiguration
        let log: InteractionLog

        init(_ configuration: ContextMenuConfiguration, log: InteractionLog) {
            self.configuration = configuration
            self.log = log
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
            configuration
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            log.lines.append("menu willEnd")
            interaction.view?.removeInteraction(interaction)
        }
    }

    @Test(arguments: [0.2, 0.4])
    func aDelegateRemovingItsInteractionWhileItIsRemovedLeavesItRemovedOnce(removedAt time: Double) throws {
        let configuration = ContextMenuConfiguration(items: [menuItem("copy", Rect(250, 0, 100, 40))])
        let delegate = SelfRemovingMenuDelegate(configuration, log: log)
        let menu = ContextMenuInteraction(delegate: delegate)
        let drag = DragInteraction(delegate: RecordingDragDelegate("drag", log: log))
        try box.addInteraction(menu)
        try box.addInteraction(drag)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: time)
        #expect(app.openContextMenu === (time > 0.325 ? menu : nil))
        // Removing it ends its menu (shown, or asked for and about to show), whose willEnd
        // removes it again, from inside the removal.
        box.removeInteraction(menu)
        #expect(app.openContextMenu == nil && menu.view == nil)
        #expect(box.interactions.map(ObjectIdentifier.init) == [ObjectIdentifier(drag)], "the other interaction stays")
        #expect(log.lines.filter { $0 == "menu willEnd" }.count == 1)
        try box.addInteraction(menu)
        #expect(menu.view === box, "it can be added again")
    }
}
