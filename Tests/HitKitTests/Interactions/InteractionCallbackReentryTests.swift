import Testing
@testable import HitKit

/// Behaviour A11 when the delegates HitKit calls change HitKit in the middle of a menu's or a
/// drag's life: they remove the views, dismiss the menu, call Escape, let themselves go. The rules
/// that must hold through it: every configuration answered ends once (`willEnd`), every lift and
/// session ends once with its `willEnd` before its `didEnd`, "an interaction whose view was
/// removed still gets its `sessionDidEnd`" (Targeting order), "view removal re-target[s] at once:
/// a target that leaves the chain gets `sessionDidExit` at that moment" (Drop: targeting), and
/// A3's one end per began.
@Suite struct InteractionCallbackReentryTests {
    let app = Application()
    let ledger = CallLedger()
    let window: Window
    let source: HookView
    let target: HookView

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 600), in: app)
        source = HookView("source", frame: Rect(0, 0, 400, 100), in: app, ledger: ledger)
        target = HookView("target", frame: Rect(0, 300, 400, 300), in: app, ledger: ledger)
        window.addSubview(source)
        window.addSubview(target)
        window.makeKeyAndVisible()
    }

    /// A drag delegate logging as B6 writes it, with hooks run inside its calls.
    final class DragDelegate: DragInteractionDelegate {
        let ledger: CallLedger
        var onItems: (() -> Void)?
        var onWillBegin: (() -> Void)?
        init(_ ledger: CallLedger) { self.ledger = ledger }
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            ledger.note("drag itemsForBeginning 1")
            onItems?()
            return [DragItem("a")]
        }
        func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) { ledger.note("drag lift") }
        func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
            ledger.note("drag sessionWillBegin")
            onWillBegin?()
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
            ledger.note("drag willEnd \(operation)")
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
            ledger.note("drag didEnd \(operation)")
        }
    }

    /// A drop delegate logging as B6 writes it, with hooks run inside its calls.
    final class DropDelegate: DropInteractionDelegate {
        let ledger: CallLedger
        var onCanHandle: (() -> Void)?
        var onUpdate: (() -> Void)?
        var onPerform: (() -> Void)?
        var onEnter: (() -> Void)?
        var onConclude: (() -> Void)?
        init(_ ledger: CallLedger) { self.ledger = ledger }
        func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
            ledger.note("drop canHandle true")
            onCanHandle?(); onCanHandle = nil
            return true
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
            ledger.note("drop enter")
            onEnter?(); onEnter = nil
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            ledger.note("drop update copy")
            onUpdate?(); onUpdate = nil
            return .copy
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { ledger.note("drop exit") }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
            ledger.note("drop performDrop")
            onPerform?()
        }
        func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) {
            ledger.note("drop concludeDrop")
            onConclude?()
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { ledger.note("drop sessionDidEnd") }
    }

    func attachDragAndDrop() throws -> (DragDelegate, DropDelegate, DragInteraction, DropInteraction) {
        let dragDelegate = DragDelegate(ledger)
        let drag = DragInteraction(delegate: dragDelegate)
        try source.addInteraction(drag)
        let dropDelegate = DropDelegate(ledger)
        let drop = DropInteraction(delegate: dropDelegate)
        try target.addInteraction(drop)
        return (dragDelegate, dropDelegate, drag, drop)
    }

    /// Finger 1 down on the source at 0, lifted by the drag at 0.325, its session begun at 0.4
    /// (20 pt from the lift), then over the target at 0.5.
    func dragOverTheTarget() throws {
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 0.325)
        try app.finger(1, .moved, 100, 70, at: 0.4)
        try app.finger(1, .moved, 100, 400, at: 0.5)
    }

    /// The drop delegates' calls and the session's end, in order (the source's lift and touch
    /// lines left out).
    var dropCallsAndEnds: [String] {
        ledger.lines.filter { $0.hasPrefix("drop") || $0.hasPrefix("drag willEnd") || $0.hasPrefix("drag didEnd") }
    }

    func expectBalanced() {
        #expect(ledger.violations == [])
        #expect(ledger.unended == [])
        #expect(app.activeTouches.isEmpty)
        #expect(app.dragSessions.isEmpty)
    }

    // MARK: Drop delegates

    @Test func aSessionDidUpdateThatRemovesTheTargetsViewExitsItAtOnceAndEndsItOnce() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dropDelegate.onUpdate = { [unowned target] in target.removeFromSuperview() }
        try dragOverTheTarget()
        #expect(ledger.lines.last == "drop exit", "exited in the frame of the removal, not at a later pass")
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(ledger.lines == ["source touchesBegan 1", "drag itemsForBeginning 1", "drag lift",
                                 "source touchesCancelled 1", "drag sessionWillBegin",
                                 "drop canHandle true", "drop enter", "drop update copy", "drop exit",
                                 "drag willEnd cancel", "drag didEnd cancel", "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    /// `canHandle` removing the view it is asked for: the pass runs again without it, so it is
    /// never entered, and the lift drops nothing.
    @Test func aCanHandleThatRemovesItsViewLeavesNoTargetAndEndsOnce() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dropDelegate.onCanHandle = { [unowned target] in target.removeFromSuperview() }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        let lines = dropCallsAndEnds
        #expect(lines == ["drop canHandle true", "drag willEnd cancel", "drag didEnd cancel"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    @Test func aPerformDropThatRemovesBothViewsStillConcludesAndEndsOnce() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dropDelegate.onPerform = { [unowned source, unowned target] in
            source.removeFromSuperview()
            target.removeFromSuperview()
        }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(ledger.lines.suffix(6) == ["drop update copy", "drop performDrop", "drag willEnd copy",
                                           "drop concludeDrop", "drag didEnd copy", "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    /// Escape from `concludeDrop`: the session has ended (its `willEnd` is out), so nothing is
    /// under way; Escape does not act, and the session is not ended a second time.
    @Test func anEscapeFromConcludeDropFindsNothingUnderWay() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        var escapeActed: Bool?
        dropDelegate.onConclude = { [unowned app] in escapeActed = app.handleEscapeKey() }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(escapeActed == false)
        #expect(ledger.lines.suffix(6) == ["drop update copy", "drop performDrop", "drag willEnd copy",
                                           "drop concludeDrop", "drag didEnd copy", "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    /// A drop interaction whose delegate is gone answers no `canHandle`: it takes no session, and
    /// the one outside it stays the target.
    @Test func aDropWhoseDelegateIsGoneTakesNoSessionAndTheOneOutsideStaysTheTarget() throws {
        let dragDelegate = DragDelegate(ledger)
        try source.addInteraction(DragInteraction(delegate: dragDelegate))
        do { try target.addInteraction(DropInteraction(delegate: DropDelegate(ledger))) }
        let outerDelegate = DropDelegate(ledger)
        try window.addInteraction(DropInteraction(delegate: outerDelegate))
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        // The window's drop is the target from the session's first pass (over the source) on.
        #expect(dropCallsAndEnds == ["drop canHandle true", "drop enter", "drop update copy", "drop update copy",
                                     "drop performDrop", "drag willEnd copy", "drop concludeDrop", "drag didEnd copy",
                                     "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, outerDelegate)) {}
    }

    /// A target whose delegate lets itself go in `sessionDidEnter` proposes nothing from then on:
    /// the lift over it cancels.
    @Test func aTargetWhoseDelegateGoesProposesNothingAndTheLiftCancels() throws {
        let dragDelegate = DragDelegate(ledger)
        try source.addInteraction(DragInteraction(delegate: dragDelegate))
        var dropDelegate: DropDelegate? = DropDelegate(ledger)
        try target.addInteraction(DropInteraction(delegate: dropDelegate!))
        dropDelegate?.onEnter = { dropDelegate = nil }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(dropDelegate == nil)
        #expect(dropCallsAndEnds == ["drop canHandle true", "drop enter", "drag willEnd cancel", "drag didEnd cancel"])
        #expect(app.activeTouches.isEmpty)
        #expect(app.dragSessions.isEmpty)
        withExtendedLifetime(dragDelegate) {}
    }

    /// `sessionDidEnter` removing the target's own view, from inside the targeting pass: the
    /// target is exited at once ("a target that leaves the chain gets `sessionDidExit` at that
    /// moment"), the lift over where it was drops nothing, and it is told the end once.
    @Test func aSessionDidEnterThatRemovesTheTargetsViewExitsItAndEndsItOnce() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dropDelegate.onEnter = { [unowned target] in target.removeFromSuperview() }
        try dragOverTheTarget()
        try app.finger(1, .moved, 110, 400, at: 0.55)
        try app.finger(1, .ended, 110, 400, at: 0.6)
        // The exit follows the enter at once: a target that has left is not asked to update.
        let drops = ledger.lines.filter { $0.hasPrefix("drop") }
        #expect(drops == ["drop canHandle true", "drop enter", "drop exit", "drop sessionDidEnd"])
        #expect(ledger.lines.suffix(3) == ["drag willEnd cancel", "drag didEnd cancel", "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    /// A `sessionDidEnter` that highlights its target by adding a view to it, as hosts do: the
    /// views changed, so the pass runs again; the target is unchanged and gets its first update
    /// once, and the lift drops on it.
    @Test func aSessionDidEnterThatAddsAHighlightIsUpdatedOnceAndDroppedOn() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dropDelegate.onEnter = { [unowned app, unowned target] in
            target.addSubview(View(frame: Rect(0, 0, 10, 10), in: app))
        }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(ledger.lines.filter { $0.hasPrefix("drop") }
                == ["drop canHandle true", "drop enter", "drop update copy", "drop performDrop",
                    "drop concludeDrop", "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    // MARK: Drag delegates

    @Test func aSessionWillBeginThatRemovesTheSourceGoesOnToItsDrop() throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        dragDelegate.onWillBegin = { [unowned source] in source.removeFromSuperview() }
        try dragOverTheTarget()
        try app.finger(1, .ended, 100, 400, at: 0.6)
        #expect(ledger.lines == ["source touchesBegan 1", "drag itemsForBeginning 1", "drag lift",
                                 "source touchesCancelled 1", "drag sessionWillBegin",
                                 "drop canHandle true", "drop enter", "drop update copy",
                                 "drop performDrop", "drag willEnd copy", "drop concludeDrop", "drag didEnd copy",
                                 "drop sessionDidEnd"])
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    // MARK: Context menus

    final class MenuDelegate: ContextMenuInteractionDelegate {
        let ledger: CallLedger
        var onConfiguration: (() -> Void)?
        var onWillDisplay: (() -> Void)?
        var items: [ContextMenuConfiguration.Item]?
        /// Whether `didHighlight` is logged too.
        var logsHighlights = false
        init(_ ledger: CallLedger) { self.ledger = ledger }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
            ledger.note("menu configuration \(location.x) \(location.y)")
            onConfiguration?()
            return ContextMenuConfiguration(items: items ?? [menuItem("copy", Rect(0, 200, 100, 40), action: "copy")])
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
            ledger.note("menu willDisplay")
            onWillDisplay?()
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            ledger.note("menu willEnd")
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {
            if logsHighlights { ledger.note("menu highlight \(item.identifier)") }
        }
    }

    /// `willDisplayMenu` dismissing the menu it announces: one `willEnd`, the presenting touch
    /// consumed to its end (the views had it cancelled), a later touch delivered as usual.
    @Test func aWillDisplayThatDismissesTheMenuEndsItOnce() throws {
        let delegate = MenuDelegate(ledger)
        let menu = ContextMenuInteraction(delegate: delegate)
        try source.addInteraction(menu)
        delegate.onWillDisplay = { [unowned menu] in menu.dismissMenu() }
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 0.5)
        try app.finger(1, .ended, 100, 50, at: 0.6)
        #expect(ledger.lines == ["source touchesBegan 1", "menu configuration 100.0 50.0", "menu willDisplay",
                                 "menu willEnd", "source touchesCancelled 1"]
                || ledger.lines == ["source touchesBegan 1", "menu configuration 100.0 50.0", "menu willDisplay",
                                    "source touchesCancelled 1", "menu willEnd"], "\(ledger.lines)")
        #expect(menu.openMenu == nil)
        try app.finger(2, .began, 100, 400, at: 1)
        try app.finger(2, .ended, 100, 400, at: 1.05)
        #expect(ledger.lines.suffix(2) == ["target touchesBegan 2", "target touchesEnded 2"])
        expectBalanced()
    }

    /// `willDisplayMenu` dismissing its menu (by `dismissMenu()` or Escape) on a view that also has
    /// a drag, an item under the finger: the menu is gone as it would be between frames, so its
    /// touch highlights nothing after `willEnd`, and moving away does not turn it into a drag
    /// (A11: only a presented menu turns into one).
    @Test(arguments: [false, true]) func aWillDisplayThatDismissesTheMenuLeavesNoHighlightAndNoDrag(escape: Bool) throws {
        let (dragDelegate, dropDelegate, _, _) = try attachDragAndDrop()
        let delegate = MenuDelegate(ledger)
        delegate.items = [menuItem("under", Rect(90, 40, 20, 20))]
        delegate.logsHighlights = true
        let menu = ContextMenuInteraction(delegate: delegate)
        try source.addInteraction(menu)
        delegate.onWillDisplay = { [unowned app, unowned menu] in
            if escape { _ = app.handleEscapeKey() } else { menu.dismissMenu() }
        }
        try app.finger(1, .began, 100, 50, at: 0)
        try app.advance(to: 0.4)
        try app.finger(1, .moved, 100, 70, at: 0.5)
        try app.finger(1, .moved, 100, 400, at: 0.6)
        try app.finger(1, .ended, 100, 400, at: 0.7)
        #expect(ledger.lines.filter { !$0.hasPrefix("source") }
                == ["menu configuration 100.0 50.0", "menu willDisplay", "menu willEnd"], "\(ledger.lines)")
        #expect(menu.openMenu == nil)
        expectBalanced()
        withExtendedLifetime((dragDelegate, dropDelegate)) {}
    }

    /// An open menu's item whose handler removes the menu's view: `willEnd` once, then the
    /// handler; the menu is gone and a later touch elsewhere is delivered as usual.
    @Test func aMenuItemHandlerThatRemovesTheMenusViewEndsTheMenuOnce() throws {
        let delegate = MenuDelegate(ledger)
        var handled = 0
        delegate.items = [menuItem("x", Rect(0, 200, 100, 40)) { [unowned source] _ in
            handled += 1
            source.removeFromSuperview()
        }]
        let menu = ContextMenuInteraction(delegate: delegate)
        try source.addInteraction(menu)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        try app.finger(1, .moved, 50, 210, at: 0.5)
        try app.finger(1, .ended, 50, 210, at: 0.6)
        #expect(handled == 1)
        #expect(ledger.lines == ["source touchesBegan 1", "menu configuration 50.0 50.0", "menu willDisplay",
                                 "source touchesCancelled 1", "menu willEnd"])
        #expect(app.openContextMenu == nil && menu.openMenu == nil)
        try app.finger(2, .began, 100, 400, at: 1)
        try app.finger(2, .ended, 100, 400, at: 1.05)
        #expect(ledger.lines.suffix(2) == ["target touchesBegan 2", "target touchesEnded 2"])
        expectBalanced()
    }
}
