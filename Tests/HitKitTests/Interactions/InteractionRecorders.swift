@testable import HitKit

/// Delegates that record what interactions tell them, as the scene log writes it (Behaviour B6).
final class InteractionLog {
    var lines: [String] = []
}

final class RecordingMenuDelegate: ContextMenuInteractionDelegate {
    let name: String
    let log: InteractionLog
    var configuration: ContextMenuConfiguration?
    /// Runs inside the next ask, after it is logged (the delegate's own code pressing a key, say).
    var duringNextAsk: (() -> Void)?

    init(_ name: String, log: InteractionLog, configuration: ContextMenuConfiguration?) {
        self.name = name
        self.log = log
        self.configuration = configuration
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
        log.lines.append(configuration == nil ? "\(name) nil" : "\(name) configuration \(location.x) \(location.y)")
        if let run = duringNextAsk {
            duringNextAsk = nil
            run()
        }
        return configuration
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
        log.lines.append("\(name) willDisplay")
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
        log.lines.append("\(name) willEnd")
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {
        log.lines.append("\(name) highlight \(item.identifier)")
    }
}

final class RecordingDragDelegate: DragInteractionDelegate {
    let name: String
    let log: InteractionLog
    var items: [DragItem]
    var sessions: [DragSession] = []
    /// Runs inside the next `willLiftFor`, after it is logged.
    var duringNextLift: (() -> Void)?

    init(_ name: String, log: InteractionLog, items: [DragItem] = [DragItem("item")]) {
        self.name = name
        self.log = log
        self.items = items
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        log.lines.append("\(name) itemsForBeginning \(items.count)")
        sessions.append(session)
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) {
        log.lines.append("\(name) lift")
        if let run = duringNextLift {
            duringNextLift = nil
            run()
        }
    }
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        log.lines.append("\(name) sessionWillBegin")
    }
    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {
        log.lines.append("\(name) sessionDidMove")
    }
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
        log.lines.append("\(name) willEnd \(operation)")
    }
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        log.lines.append("\(name) didEnd \(operation)")
    }
}

final class RecordingDropDelegate: DropInteractionDelegate {
    let name: String
    let log: InteractionLog
    var proposal: DropProposal

    init(_ name: String, log: InteractionLog, proposal: DropProposal = .copy) {
        self.name = name
        self.log = log
        self.proposal = proposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { log.lines.append("\(name) enter") }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
        log.lines.append("\(name) update \(proposal)")
        return proposal
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { log.lines.append("\(name) exit") }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) { log.lines.append("\(name) performDrop") }
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) { log.lines.append("\(name) concludeDrop") }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { log.lines.append("\(name) sessionDidEnd") }
}

extension Application {
    /// One finger's change in a frame of its own.
    func finger(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double, at time: Double) throws {
        try send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: phase, location: Point(x: x, y: y))]))
    }
}

/// A menu item at `frame` performing `action`, for tests (the frame is valid).
func menuItem(_ identifier: String, _ frame: Rect, action: Action? = nil, enabled: Bool = true,
              handler: ((ContextMenuConfiguration.Item) -> Void)? = nil) -> ContextMenuConfiguration.Item {
    // swiftlint:disable:next force_try
    try! ContextMenuConfiguration.Item(identifier: identifier, frame: frame, action: action, isEnabled: enabled, handler: handler)
}
