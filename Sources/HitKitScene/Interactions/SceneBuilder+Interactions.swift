import HitKit
import HitTestCore

// Scene interactions (Behaviour B1, A11) built into the façade's, with delegates that give the
// scene's fixed answers and write Behaviour B6's lines.

/// The interactions built from a scene, by scene id, with the delegates that answer for them
/// (an interaction holds its delegate weakly, so they are kept here).
final class SceneInteractions {
    private(set) var interactionsByID: [String: Interaction] = [:]
    fileprivate var delegates: [AnyObject] = []

    fileprivate func add(_ interaction: Interaction, id: String, delegate: AnyObject) {
        interactionsByID[id] = interaction
        delegates.append(delegate)
    }
}

extension SceneBuilder {
    /// Adds every view's interactions after its gestures, in the order `contextMenu`, `drag`,
    /// `drop` (so the drop comes first in the priority order, Behaviour B1).
    static func buildInteractions(of scene: SceneDescription, responders: SceneResponders,
                                  log: DeliveryLog) -> SceneInteractions {
        let built = SceneInteractions()
        for window in scene.windows {
            for description in window.view.subtree where !description.interactions.isEmpty {
                guard let view = responders[description.id] as? View else { continue }
                let interactions = description.interactions
                if let menu = interactions.contextMenu {
                    let delegate = SceneContextMenuDelegate(menu, log: log, responders: responders)
                    let interaction = ContextMenuInteraction(delegate: delegate)
                    interaction.observePerformedItems { [unowned log, unowned responders] _, report in
                        let action = report.item.action?.name ?? "-"
                        if report.handled, let receiver = report.receiver {
                            log.append("\(responders.id(of: receiver) ?? "\(receiver)") \(action) from \(menu.id) \(report.item.identifier)")
                        } else {
                            log.append("\(menu.id) \(action) unhandled \(report.item.identifier)")
                        }
                    }
                    try? view.addInteraction(interaction)
                    built.add(interaction, id: menu.id, delegate: delegate)
                }
                if let drag = interactions.drag {
                    let delegate = SceneDragDelegate(drag, log: log)
                    let interaction = DragInteraction(delegate: delegate)
                    interaction.isEnabled = drag.enabled
                    interaction.allowsMove = drag.allowsMove
                    interaction.allowsSimultaneousRecognitionDuringLift = drag.simultaneous
                    try? view.addInteraction(interaction)
                    built.add(interaction, id: drag.id, delegate: delegate)
                }
                if let drop = interactions.drop {
                    let delegate = SceneDropDelegate(drop, log: log)
                    let interaction = DropInteraction(delegate: delegate)
                    try? view.addInteraction(interaction)
                    built.add(interaction, id: drop.id, delegate: delegate)
                }
            }
        }
        return built
    }
}

/// A scene's `contextMenu`: its fixed configuration, and B6's menu lines.
final class SceneContextMenuDelegate: ContextMenuInteractionDelegate {
    private let id: String
    private let configuration: ContextMenuConfiguration?
    private unowned let log: DeliveryLog

    init(_ description: SceneDescription.ContextMenu, log: DeliveryLog, responders: SceneResponders) {
        id = description.id
        self.log = log
        // The decoder checked the frames: finite, width and height not negative.
        configuration = description.configuration ? ContextMenuConfiguration(items: description.items.compactMap { item in
            try? ContextMenuConfiguration.Item(identifier: item.id, frame: item.frame, action: Action(item.action),
                                               isEnabled: item.enabled)
        }) : nil
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
        log.append(configuration == nil ? "\(id) nil" : "\(id) configuration \(location.x) \(location.y)")
        return configuration
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
        log.append("\(id) willDisplay")
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
        log.append("\(id) willEnd")
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {
        log.append("\(id) highlight \(item.identifier)")
    }
}

/// A scene's `drag`: its fixed items, and B6's drag lines.
final class SceneDragDelegate: DragInteractionDelegate {
    private let id: String
    private let items: [DragItem]
    private unowned let log: DeliveryLog

    init(_ description: SceneDescription.Drag, log: DeliveryLog) {
        id = description.id
        items = description.items.map(DragItem.init)
        self.log = log
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        log.append("\(id) itemsForBeginning \(items.count)")
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) {
        log.append("\(id) lift")
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        log.append("\(id) sessionWillBegin")
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
        log.append("\(id) willEnd \(operation)")
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        log.append("\(id) didEnd \(operation)")
    }
}

/// A scene's `drop`: its fixed answers, and B6's drop lines.
final class SceneDropDelegate: DropInteractionDelegate {
    private let id: String
    private let canHandle: Bool
    private let proposal: DropProposal
    private unowned let log: DeliveryLog

    init(_ description: SceneDescription.Drop, log: DeliveryLog) {
        id = description.id
        canHandle = description.canHandle
        proposal = switch description.proposal {
        case .copy: .copy
        case .move: .move
        case .cancel: .cancel
        case .forbidden: .forbidden
        }
        self.log = log
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        log.append("\(id) canHandle \(canHandle)")
        return canHandle
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { log.append("\(id) enter") }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
        log.append("\(id) update \(proposal)")
        return proposal
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { log.append("\(id) exit") }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) { log.append("\(id) performDrop") }
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) { log.append("\(id) concludeDrop") }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { log.append("\(id) sessionDidEnd") }
}

extension ScenarioReplayer {
    /// The edit `{"menu": ID, "dismiss": true}`: the menu's `dismissMenu()` (nothing when it is
    /// closed). Returns why it cannot be made, if it cannot.
    static func dismissMenu(_ id: String, in scene: LoadedScene) -> String? {
        guard let menu = scene.interaction(withID: id) as? ContextMenuInteraction else { return "no menu \"\(id)\"" }
        menu.dismissMenu()
        return nil
    }
}
