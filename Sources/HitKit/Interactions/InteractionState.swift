// The application's side of the interactions (Behaviour A11): the open menu and the touches that
// belong to it, the drags under way in the order they began, and the parts of a frame they
// run in — the presses a menu claims in step 1, the sessions beginning after the five steps, the
// targeting pass and the ends, Escape and the Menu key.

final class InteractionState {
    /// The application that owns this state (set as it is made).
    unowned var application: Application!

    // Fenced (``ExclusivityFence``), all four asked about on every frame: a change is one
    // assignment, append or removal, and the loops that call out (menus, delegates, targeting)
    // iterate over copies.
    #if HITKIT_INTERNAL_CHECKS
    /// The open menu, if any (at most one per application).
    var openMenu: OpenContextMenu?
    /// Touches the menus claimed at their press (presses on items, outside presses, compact
    /// clicks): no recognizer or view hears of them until they end.
    private var claimed: [Touch] = []
    /// Lifts and sessions under way, in the order they began (a lift at its lift, a session at
    /// its `sessionWillBegin`): the one order targeting, re-targeting and Escape follow.
    private(set) var drags: [DragSession] = []
    /// Sessions to begin after this frame's five steps.
    private var dueSessions: [DragSession] = []
    #else
    @exclusivity(unchecked) var openMenu: OpenContextMenu?
    @exclusivity(unchecked) private var claimed: [Touch] = []
    @exclusivity(unchecked) private(set) var drags: [DragSession] = []
    @exclusivity(unchecked) private var dueSessions: [DragSession] = []
    #endif
    /// How many delegates are answering for a menu now (``ContextMenuInteraction/askConfiguration(at:)``):
    /// the Menu key pressed from inside an answer does nothing, so a provider that presses it
    /// cannot nest asks without end.
    var menuAsksUnderWay = 0
    /// The sessions ``dropEndedSessions()`` is letting go of, kept with its capacity.
    private var droppedSessions: [DragSession] = []
    /// Whether a view changed (through the API) since the sessions were last targeted.
    var targetingIsStale = false
    /// How many drags wait to lift until the menus pending on their touch fail (a failing menu
    /// looks for them only then).
    var liftsWaitingForMenus = 0
    /// How many scroll views have had `autoscrollsDuringDrag` turned on (and not off): with none,
    /// no targeting pass looks for them.
    var autoscrollingScrollViews = 0


    var isIdle: Bool { openMenu == nil && drags.isEmpty && claimed.isEmpty }

    // MARK: Menus

    /// Shows `configuration` for `interaction`; `touch` is the touch that presented it (a finger's
    /// or a click held), or for a compact menu the click it ignores.
    func present(_ interaction: ContextMenuInteraction, _ configuration: ContextMenuConfiguration, compact: Bool, touch: Touch?) {
        let open = OpenContextMenu(interaction: interaction, configuration: configuration, isCompact: compact)
        openMenu = open
        if let tracer = application.tracer {
            tracer.recordMenu(interaction, shown: true, compact: compact,
                              compact ? (touch == nil ? "the Menu key" : "a secondary click") : "its touch was held")
        }
        // A compact menu's click belongs to no one (step 1 claimed it); a held touch follows the
        // items. It is the menu's before `willDisplay`: a dismissal from there fails the drag it
        // could turn into, as any dismissal does, and leaves nothing to highlight.
        let held = compact ? nil : touch
        if let held { open.touches.append((held, nil)) }
        interaction.delegate?.contextMenuInteraction(interaction, willDisplayMenuFor: configuration)
        guard let held, openMenu === open else { return }
        follow(held, in: open)
    }

    /// Dismisses `open` (`willEnd`). A drag the presenting touch could have turned into fails,
    /// unless the menu is turning into it.
    func dismiss(_ open: OpenContextMenu, _ why: @autoclosure () -> String, turningIntoDrag: Bool = false) {
        guard openMenu === open else { return }
        openMenu = nil
        let interaction = open.interaction
        if let tracer = application.tracer {
            tracer.recordMenu(interaction, shown: false, why())
        }
        interaction.delegate?.contextMenuInteraction(interaction, willEndFor: open.configuration)
        guard !turningIntoDrag else { return }
        for (touch, _) in open.touches {
            for case let drag as DragParticipant in touch.gestureRecognizers { drag.menuDismissed() }
        }
    }

    /// The enabled item under `touch` is worked out again; becoming an item highlights it, and
    /// leaving every item ends its highlight (re-entering it highlights it again, A11).
    private func follow(_ touch: Touch, in open: OpenContextMenu) {
        guard let index = open.touches.firstIndex(where: { $0.touch === touch }) else { return }
        let item = locationInMenuWindow(touch, open).flatMap { open.configuration.enabledItem(at: $0) }
        guard item != open.touches[index].item else { return }
        guard let item else {
            open.touches[index].item = nil
            return open.itemsUnderTouchesChanged()
        }
        // Last in the list: the latest to enter an item is the one the highlight falls back to
        // when the highlighted touch leaves (``OpenContextMenu/itemsUnderTouchesChanged()``).
        open.touches.remove(at: index)
        open.touches.append((touch, item))
        open.highlightedIndex = item
        open.interaction.delegate?.contextMenuInteraction(open.interaction, didHighlight: open.configuration.items[item])
    }

    /// `touch`'s location in the window of the menu's view (item frames are there).
    private func locationInMenuWindow(_ touch: Touch, _ open: OpenContextMenu) -> Point? {
        guard let window = open.interaction.view?.window else { return nil }
        return window.convertFromScreen(touch.screenLocation)
    }

    func menuTouchMoved(_ touch: Touch) {
        guard let open = openMenu else { return }
        follow(touch, in: open)
    }

    /// A touch of the menu lifted: on an enabled item the menu ends and performs it; anywhere
    /// else it stays open.
    func menuTouchLifted(_ touch: Touch) {
        guard let open = openMenu, let index = open.touches.firstIndex(where: { $0.touch === touch }) else { return }
        open.touches.remove(at: index)
        guard let point = locationInMenuWindow(touch, open), let item = open.configuration.enabledItem(at: point) else {
            return open.itemsUnderTouchesChanged()
        }
        dismiss(open, "an item was picked")
        perform(open.configuration.items[item], of: open.interaction)
    }

    func menuTouchCancelled(_ touch: Touch) {
        guard let open = openMenu else { return }
        open.touches.removeAll { $0.touch === touch }
        open.itemsUnderTouchesChanged()
    }

    /// The item's handler, or its action sent as a control's target-less action is (Behaviour
    /// A5): from the key window's first responder if there is one, else from the menu's view.
    private func perform(_ item: ContextMenuConfiguration.Item, of interaction: ContextMenuInteraction) {
        let report: ContextMenuInteraction.ItemReport
        if let handler = item.handler {
            handler(item)
            report = .init(item: item, receiver: nil, handled: true)
        } else if let action = item.action {
            let sender = interaction.view
            let receiver = ActionRouter(application: application).firstCandidate(sender)?.target(forAction: action, withSender: sender)
            let handled = application.sendAction(action, to: nil, from: sender, for: nil)
            report = .init(item: item, receiver: handled ? receiver : nil, handled: handled)
        } else {
            report = .init(item: item, receiver: nil, handled: false)
        }
        guard !interaction.itemObservers.isEmpty else { return }
        let observers = interaction.itemObservers
        observers.callEach { $0(interaction, report) }
    }

    // MARK: Step 1: presses the menus claim

    /// Step 1 for a new touch (after its hit test): a press while a menu is open belongs to the
    /// menu (on an item) or dismisses it and is consumed; a secondary click asks the menus on its
    /// chain. Returns whether the touch was claimed: then no recognizer and no view hears of it.
    func claimAtPress(_ touch: Touch) -> Bool {
        if let open = openMenu {
            claimed.append(touch)
            if let point = locationInMenuWindow(touch, open), open.configuration.containsItem(at: point) {
                open.touches.append((touch, nil))
                follow(touch, in: open)
            } else {
                dismiss(open, "a press outside its items (consumed)")
            }
            return true
        }
        guard touch.buttonMaskAtBegan == .secondary else { return false }
        return presentCompactMenu(for: touch)
    }

    /// A secondary click: the menus on its chain, innermost first, until one shows.
    private func presentCompactMenu(for touch: Touch) -> Bool {
        for case let participant as ContextMenuParticipant in touch.gestureRecognizers {
            // A view an earlier provider took out of its window has no menu to show.
            guard let interaction = participant.interaction, let view = interaction.view, view.window != nil else { continue }
            participant.endAttemptBeforeAnotherAsk("a secondary click asked for its menu (A11)")
            guard let configuration = interaction.askConfiguration(at: touch.location(in: view)) else { continue }
            if configuration.items.isEmpty || !Self.isStillShowable(interaction) {
                interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration)
                continue
            }
            present(interaction, configuration, compact: true, touch: touch)
            claimed.append(touch)
            return true
        }
        return false
    }

    /// A touch the menus claimed changed: a menu's touch is followed; a consumed one is dropped
    /// at its end.
    func claimedTouchChanged(_ touch: Touch) {
        if let open = openMenu, open.touches.contains(where: { $0.touch === touch }) {
            switch touch.phase {
            case .moved: follow(touch, in: open)
            case .ended: menuTouchLifted(touch)
            case .cancelled: menuTouchCancelled(touch)
            default: break
            }
        }
        if touch.hasLifted { claimed.removeAll { $0 === touch } }
    }

    /// Whether `touch` was claimed by the menus at its press.
    func isClaimed(_ touch: Touch) -> Bool {
        !claimed.isEmpty && claimed.contains { $0 === touch }
    }

    // MARK: Drags

    func lifted(_ session: DragSession) {
        drags.append(session)
    }

    /// A session began: it goes behind every drag under way, since Behaviour A11 takes sessions
    /// in the order they began, not lifted (a later lift may begin first). Once, in place.
    private func began(_ session: DragSession) {
        guard let index = drags.firstIndex(where: { $0 === session }) else { return }
        drags.remove(at: index)
        drags.append(session)
    }

    /// A lift ended before its session began.
    func liftEnded(_ session: DragSession) {
        drags.removeAll { $0 === session }
        dueSessions.removeAll { $0 === session }
    }

    func beginAfterTouchSteps(_ session: DragSession) {
        if !dueSessions.contains(where: { $0 === session }) { dueSessions.append(session) }
    }

    /// After the five steps: the sessions due begin (`sessionWillBegin`, then the recognizers and
    /// views still sharing the touch lose it, then a pointer's hovers end).
    func beginDueSessions() {
        guard !dueSessions.isEmpty else { return }
        let due = dueSessions
        dueSessions.removeAll()
        for session in due where !session.hasEnded && !session.hasBegun {
            let source = session.source
            session.hasBegun = true
            began(session)
            if let tracer = application.tracer {
                tracer.recordSession(session, "began: \(session.beginReason); it takes the touch from every recognizer and view (A11)")
            }
            source.delegate?.dragInteraction(source, sessionWillBegin: session)
            application.dispatcher.takeTouch(session.touch, from: source.dragParticipant)
            if session.touch.type == .indirectPointer { application.endPointerHoversForDrag() }
        }
    }

    /// The targeting pass (Behaviour A11): each session, in the order they began, follows its
    /// touch, and ends there if its touch ended or was cancelled. A session that a delegate
    /// called during the pass ended (Escape ends them all) is skipped from then on. Returns
    /// whether a pointer's drag ended (its hover is then worked out again).
    func targetSessions() -> Bool {
        guard !drags.isEmpty else { return false }
        targetingIsStale = false
        for session in drags where session.hasBegun && !session.hasEnded {
            let touch = session.touch
            switch touch.phase {
            case .cancelled:
                DropTargeting.end(session, cancelled: true, in: application)
            case .ended:
                let moved = touch.screenLocation != session.targeting.lastLocation
                // An end at a new location is a move too: the source hears of it first (A11).
                if moved && !session.targeting.isNew && !tellMoved(session) { continue }
                DropTargeting.pass(session, moved: moved, in: application)
                DropTargeting.end(session, cancelled: false, in: application)
            default:
                let moved = session.targeting.isNew || touch.screenLocation != session.targeting.lastLocation
                // One whose pass in this delivery reached the bound waits for the next one's end,
                // unless its touch moved: a frame's pass follows the touch.
                if session.targeting.isLeftDue && !moved {
                    targetingIsStale = true
                    continue
                }
                if moved && !session.targeting.isNew && !tellMoved(session) { continue }
                DropTargeting.pass(session, moved: moved, in: application)
                Autoscroll.follow(session, in: application)
            }
        }
        dropEndedSessions()
        return application.pointerDragDidEnd()
    }

    /// `sessionDidMove` (never in the frame the session began); returns whether the session is
    /// still under way: its delegate may have ended it (Escape), and an ended one is not targeted.
    private func tellMoved(_ session: DragSession) -> Bool {
        session.source.delegate?.dragInteraction(session.source, sessionDidMove: session)
        return !session.hasEnded
    }

    /// Drops the ended sessions. The last release of one frees what a host put in it (and runs
    /// that object's deinit), so they are let go of from ``droppedSessions`` after the removal:
    /// no host code runs inside the fenced access to ``drags``.
    private func dropEndedSessions() {
        guard drags.contains(where: { $0.hasEnded }) else { return }
        droppedSessions.append(contentsOf: drags.lazy.filter { $0.hasEnded })
        drags.removeAll { $0.hasEnded }
        droppedSessions.removeAllKeepingCapacity()
    }

    /// A change to the views (an edit, a removal): each session is targeted again where it is;
    /// an unchanged target gets no call.
    func retarget() {
        targetingIsStale = false
        for session in drags where session.hasBegun && !session.hasEnded {
            // One whose pass in this delivery reached the bound goes on at the next one's end.
            if session.targeting.isLeftDue {
                targetingIsStale = true
                continue
            }
            DropTargeting.pass(session, moved: false, in: application)
            Autoscroll.follow(session, in: application)
        }
    }

    /// A view's flags, geometry or place changed through the API: the sessions are targeted
    /// again when the delivery under way ends.
    func viewsDidChange() {
        if !drags.isEmpty { targetingIsStale = true }
    }

    /// The outermost delivery's end has done its work: the sessions whose pass reached the bound
    /// in it are left stale, so the next delivery's end goes on with them.
    func deliveryDidEnd() {
        for session in drags where session.targeting.isLeftDue {
            session.targeting.isLeftDue = false
            targetingIsStale = true
        }
    }

    /// `view` is leaving its window: a menu shown by an interaction of its subtree is dismissed.
    /// (Attempts and lifts end through their participants, which the arena stops.)
    func viewWillLeaveWindow(_ view: View) {
        guard let open = openMenu, let menuView = open.interaction.view, menuView.isDescendant(of: view) else { return }
        dismiss(open, "its view left its window")
    }

    /// A drop interaction left its view: the sessions forget it.
    func dropInteractionLeft() {
        if !drags.isEmpty { targetingIsStale = true }
    }

    // MARK: Keys

    /// Escape (Behaviour A11 **Keys**): dismisses the open menu; else cancels every lift and
    /// session, in the order they began (``drags``). Returns whether it acted.
    func escape() -> Bool {
        if let open = openMenu {
            dismiss(open, "Escape")
            return true
        }
        return cancelDrags(by: "Escape")
    }

    /// Cancels every lift and session under way, in the order they began (``escape()`` with no
    /// menu open); `cause` names what cancelled them, for the trace. Returns false when there
    /// was none.
    func cancelDrags(by cause: String) -> Bool {
        // A session whose drop is under way (Escape from its `performDrop`) is past cancelling.
        let under = drags.filter { !$0.hasEnded && !$0.isEnding }
        guard !under.isEmpty else { return false }
        // A delegate told of one end may press Escape again, which ends the rest first.
        for session in under where !session.hasEnded && !session.isEnding {
            if let tracer = application.tracer { tracer.recordSession(session, "cancelled by \(cause)") }
            if session.hasBegun {
                DropTargeting.end(session, cancelled: true, in: application)
            } else {
                session.source.dragParticipant.cancelledByEscape()
            }
        }
        dropEndedSessions()
        // The pointer gets its hovers back as the session ends, before the frame's next key (A11),
        // as a session ended by its lift does in its targeting pass.
        if application.pointerDragDidEnd(), application.updateHover(pointerMoved: false) {
            application.dispatcher.runFrame(nil, at: application.time)
        }
        return true
    }

    /// Whether `interaction` is on a view in a window: a provider may have taken it out (a menu
    /// whose view leaves its window is dismissed, so one is never shown there), and then the
    /// answer it gave ends unshown, as an empty one does. (No menu can open while a provider
    /// answers: the Menu key does nothing then, and frames are not taken from inside one.)
    private static func isStillShowable(_ interaction: ContextMenuInteraction) -> Bool {
        interaction.view?.window != nil
    }

    /// The Menu key or Shift-F10: with no menu open, the menus on the responder chain from
    /// `target`, innermost first, each at its view's bounds' center; the first with items shows,
    /// compact. Returns whether one did; does nothing from inside a provider's answer.
    func menuKey(from target: Responder?) -> Bool {
        guard openMenu == nil, menuAsksUnderWay == 0 else { return false }
        var responder = target
        while let current = responder {
            if let view = current as? View {
                for case let interaction as ContextMenuInteraction in view.interactions.reversed() {
                    guard Self.isStillShowable(interaction) else { continue }
                    let bounds = view.bounds
                    let center = Point(x: bounds.midX, y: bounds.midY)
                    interaction.menuParticipant.endAttemptBeforeAnotherAsk("the Menu key asked for its menu (A11)")
                    guard let configuration = interaction.askConfiguration(at: center) else { continue }
                    if configuration.items.isEmpty || !Self.isStillShowable(interaction) {
                        interaction.delegate?.contextMenuInteraction(interaction, willEndFor: configuration)
                        continue
                    }
                    present(interaction, configuration, compact: true, touch: nil)
                    return true
                }
            }
            responder = current.next
        }
        return false
    }
}
