// The dispatch target's interactions (Behaviour A11): context menus, drags and drops on random
// views, with random answers, Escape and the Menu key between frames, and the promises they keep:
// every configuration answered gets exactly one `willEnd`, every lift with items exactly one
// `didEnd` (after its `willEnd`), every drop interaction a session entered exactly one
// `sessionDidEnd` for it, and no view hears of a touch after a drag session took it.
import HitKit

extension DispatchStream {
    /// Adds a context menu, a drag or a drop to a random view, answering at random.
    func addInteraction() {
        guard let view = randomView() else { return }
        let ledger = interactionLedger
        switch input.below(3) {
        case 0:
            var configuration: ContextMenuConfiguration?
            if !input.chance(64) {
                var items: [ContextMenuConfiguration.Item] = []
                for index in 0..<input.below(3) {
                    let frame = input.rect(within: 400)
                    if let item = try? ContextMenuConfiguration.Item(identifier: "item\(index)", frame: frame, action: "act",
                                                                     isEnabled: !input.chance(64)) {
                        items.append(item)
                    }
                }
                configuration = ContextMenuConfiguration(items: items)
            }
            let delegate = LedgerMenuDelegate(ledger: ledger, configuration: configuration)
            attach(ContextMenuInteraction(delegate: delegate), to: view, keeping: delegate)
        case 1:
            let delegate = LedgerDragDelegate(ledger: ledger, items: (0..<input.below(3)).map { DragItem("item\($0)") })
            let drag = DragInteraction(delegate: delegate)
            drag.allowsSimultaneousRecognitionDuringLift = input.chance(64)
            drag.allowsMove = input.chance(128)
            attach(drag, to: view, keeping: delegate)
        default:
            let proposals: [DropProposal] = [.copy, .move, .cancel, .forbidden]
            let delegate = LedgerDropDelegate(ledger: ledger, canHandle: !input.chance(64),
                                              proposal: proposals[input.below(proposals.count)])
            attach(DropInteraction(delegate: delegate), to: view, keeping: delegate)
        }
    }

    private func attach(_ interaction: Interaction, to view: View, keeping delegate: AnyObject) {
        interactionLedger.delegates.append(delegate)
        do {
            try view.addInteraction(interaction)
            log?("\(type(of: interaction)) on \(view)")
        } catch {
            interactionLedger.fail("a new interaction was refused: \(error)")
        }
        // Adding it again, here or elsewhere, is refused and changes nothing.
        if (try? view.addInteraction(interaction)) != nil { interactionLedger.fail("an interaction was added twice") }
        if let other = randomView(), other !== view, (try? other.addInteraction(interaction)) != nil {
            interactionLedger.fail("an interaction was added to two views")
        }
    }

    /// Escape, the Menu key or Shift-F10 in a key frame, or through the application's calls; or a
    /// menu dismissed; or an interaction removed from its view mid-gesture.
    func interactionKey() {
        switch input.below(5) {
        case 0: interactionKeyFrame(41, [])
        case 1: interactionKeyFrame(input.chance(128) ? 101 : 67, .shift)
        case 2:
            if input.chance(128) {
                log?("escape: \(app.handleEscapeKey())")
            } else {
                log?("menu key: \(app.handleContextMenuKey())")
            }
        case 3:
            log?("dismiss the open menu")
            app.openContextMenu?.dismissMenu()
        default:
            guard let view = randomView(), !view.interactions.isEmpty else { return }
            let interaction = view.interactions[input.below(view.interactions.count)]
            log?("remove \(type(of: interaction)) from \(view)")
            view.removeInteraction(interaction)
        }
    }

    /// The key `code` down and up in one frame. Escape is taken before the chain exactly when a
    /// menu is open (which it dismisses, alone) or drags are under way (which it cancels, all);
    /// the Menu key exactly when it shows a menu. A taken key makes no press; any other reaches
    /// the key window's responders.
    private func interactionKeyFrame(_ code: Int, _ flags: KeyModifierFlags) {
        guard !keysDown.contains(code) else { return }   // held by a key step, whose up it is
        let timestamp = time + Double(input.below(64)) * 0.004
        // What the key meets is what is under way once the frame's timers have run (a lift may
        // fail, a held touch show a menu): read after them.
        passTime(to: timestamp)
        let hadMenu = app.openContextMenu != nil, drags = app.dragSessions.count
        let hadKeyWindow = app.keyWindow != nil, beganBefore = ledger.pressBeganCount
        let frame = InputFrame(timestamp: timestamp, keys: [
            KeyInput(code: code, phase: .down, modifierFlags: flags), KeyInput(code: code, phase: .up, modifierFlags: flags),
        ])
        log?("key \(code) down and up at \(frame.timestamp), menu open \(hadMenu), drags \(drags)")
        if let rejected = send(frame) { return ledger.fail("a valid key frame was rejected: \(rejected)") }
        let taken: Bool
        if code == 41 {
            taken = hadMenu || drags > 0
            if hadMenu && (app.openContextMenu != nil || app.dragSessions.count != drags) {
                ledger.fail("Escape with a menu open did more or less than dismiss it")
            }
            if !hadMenu && !app.dragSessions.isEmpty { ledger.fail("Escape left \(app.dragSessions.count) drags under way") }
        } else {
            taken = !hadMenu && app.openContextMenu != nil
        }
        // The keyboard steps' own Escape handler, when in, takes what the interactions leave.
        let takenByAnother = code == 41 && !taken && interceptor != nil
        let began = ledger.pressBeganCount - beganBefore
        if (taken || takenByAnother) && began != 0 { ledger.fail("key \(code), taken before the chain, made \(began) pressesBegan") }
        if !taken && !takenByAnother && hadKeyWindow && began == 0 { ledger.fail("key \(code), not taken, reached no responder") }
    }

    /// After the stream: no menu left open, then every promise balanced.
    func finishInteractions() {
        app.openContextMenu?.dismissMenu()
        interactionLedger.checkBalanced()
    }
}

/// The interactions' side of the ledger.
final class InteractionLedger {
    unowned let ledger: DispatchLedger
    var delegates: [AnyObject] = []
    /// Per menu: configurations answered minus `willEnd`s.
    private var openConfigurations: [ObjectIdentifier: Int] = [:]
    /// Per session: whether its `willEnd` came, and whether its `didEnd` did.
    private var sessions: [ObjectIdentifier: (session: DragSession, willEnd: Bool, didEnd: Bool)] = [:]
    /// Per (drop interaction, session) entered: whether its `sessionDidEnd` came.
    private var entered: [[ObjectIdentifier]: Bool] = [:]
    /// Touches drag sessions took: no view may hear of them again but their cancel.
    private var taken: [ObjectIdentifier: Touch] = [:]

    init(ledger: DispatchLedger) {
        self.ledger = ledger
    }

    func fail(_ message: String) { ledger.fail(message) }

    func answered(_ menu: ContextMenuInteraction) { openConfigurations[ObjectIdentifier(menu), default: 0] += 1 }

    func willEnd(_ menu: ContextMenuInteraction) {
        let key = ObjectIdentifier(menu)
        guard let open = openConfigurations[key], open > 0 else { return fail("a willEnd without a configuration") }
        openConfigurations[key] = open - 1
    }

    func lifted(_ session: DragSession) {
        let key = ObjectIdentifier(session)
        if sessions[key] != nil { fail("a session was given items twice") }
        sessions[key] = (session, false, false)
    }

    func began(_ session: DragSession) {
        taken[ObjectIdentifier(session.touch)] = session.touch
    }

    func ended(_ session: DragSession, did: Bool) {
        let key = ObjectIdentifier(session)
        guard let record = sessions[key] else { return fail("an end for a session that never lifted") }
        if did {
            if !record.willEnd || record.didEnd { fail("didEnd without willEnd, or twice") }
            sessions[key]?.didEnd = true
            taken[ObjectIdentifier(session.touch)] = nil
        } else {
            if record.willEnd { fail("willEnd twice") }
            sessions[key]?.willEnd = true
        }
    }

    func entered(_ drop: DropInteraction, _ session: DragSession) {
        let key = [ObjectIdentifier(drop), ObjectIdentifier(session)]
        if entered[key] == true { fail("a drop interaction entered after its sessionDidEnd") }
        if entered[key] == nil { entered[key] = false }
    }

    func sessionDidEnd(_ drop: DropInteraction, _ session: DragSession) {
        let key = [ObjectIdentifier(drop), ObjectIdentifier(session)]
        guard entered[key] == false else { return fail("sessionDidEnd without an entry, or twice") }
        entered[key] = true
    }

    /// A view or window heard of `touch`: only its cancel may come after a session took it.
    func delivered(_ touch: Touch, cancelled: Bool) {
        if !cancelled, taken[ObjectIdentifier(touch)] != nil { fail("a view heard of touch \(touch.id) after a drag session took it") }
    }

    func checkBalanced() {
        for (_, open) in openConfigurations where open != 0 { fail("\(open) configuration(s) without a willEnd") }
        for record in sessions.values where !record.didEnd {
            fail("a lift with items without its didEnd (begun \(record.session.hasBegun), ended \(record.session.hasEnded), willEnd \(record.willEnd))")
        }
        for (_, ended) in entered where !ended { fail("an entered drop interaction without its sessionDidEnd") }
    }
}

final class LedgerMenuDelegate: ContextMenuInteractionDelegate {
    unowned let ledger: InteractionLedger
    let configuration: ContextMenuConfiguration?

    init(ledger: InteractionLedger, configuration: ContextMenuConfiguration?) {
        self.ledger = ledger
        self.configuration = configuration
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
        if configuration != nil { ledger.answered(interaction) }
        return configuration
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
        ledger.willEnd(interaction)
    }
}

final class LedgerDragDelegate: DragInteractionDelegate {
    unowned let ledger: InteractionLedger
    let items: [DragItem]

    init(ledger: InteractionLedger, items: [DragItem]) {
        self.ledger = ledger
        self.items = items
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        if !items.isEmpty { ledger.lifted(session) }
        return items
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) { ledger.began(session) }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
        ledger.ended(session, did: false)
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        ledger.ended(session, did: true)
    }
}

final class LedgerDropDelegate: DropInteractionDelegate {
    unowned let ledger: InteractionLedger
    let canHandle: Bool
    let proposal: DropProposal

    init(ledger: InteractionLedger, canHandle: Bool, proposal: DropProposal) {
        self.ledger = ledger
        self.canHandle = canHandle
        self.proposal = proposal
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool { canHandle }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { ledger.entered(interaction, session) }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal { proposal }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { ledger.sessionDidEnd(interaction, session) }
}
