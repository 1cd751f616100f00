// The application's public side of the interactions (Behaviour A11), and the hooks through which
// the frame function, hover and the deferred work reach them.

extension Application {
    /// The open context menu's interaction, if a menu is open.
    public var openContextMenu: ContextMenuInteraction? { interactionState.openMenu?.interaction }

    /// The drags under way (lifts and sessions), in the order they began: a lift at its lift, a
    /// session at its `sessionWillBegin`.
    public var dragSessions: [DragSession] { interactionState.drags.filter { !$0.hasEnded } }

    /// Does what the Escape key does before anything else sees it (Behaviour A11 **Keys**): dismisses
    /// the open menu; else cancels every lift and drag session under way, in the order they began
    /// (``dragSessions``). Returns false when there was nothing to do (the key then goes on as any
    /// key).
    @discardableResult
    public func handleEscapeKey() -> Bool {
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        let acted = interactionState.escape()
        if acted { deferredWork.needsResolution = true }
        return acted
    }

    /// Cancels every lift and drag session under way, as Escape does with no menu open: for a
    /// host tearing the application down, whose sessions (their touches taken from every view)
    /// would otherwise never be told their end.
    package func cancelDragSessions(by cause: String) {
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        if interactionState.cancelDrags(by: cause) { deferredWork.needsResolution = true }
    }

    /// Does what the Menu key (or Shift-F10) does before anything else sees it (Behaviour A11
    /// **Keys**): with no menu open, asks the context menus on the responder chain from the key's
    /// target (``pressTarget``), innermost first, each at its view's bounds' center, and shows the
    /// first configuration with items, compact. Returns false when none is shown.
    @discardableResult
    public func handleContextMenuKey() -> Bool {
        showContextMenu(from: pressTarget)
    }

    /// The Menu key's menu, from `target` up the chain.
    func showContextMenu(from target: Responder?) -> Bool {
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        return interactionState.menuKey(from: target)
    }

    // MARK: Hooks

    /// A pointer's drag began: its hovers end as if it had left, until the drag ends.
    func endPointerHoversForDrag() {
        pointerState.isHiddenByDrag = true
    }

    /// Whether a pointer drag ended, so hover must be worked out at the pointer again.
    func pointerDragDidEnd() -> Bool {
        guard pointerState.isHiddenByDrag, !interactionState.drags.contains(where: { $0.touch.type == .indirectPointer && !$0.hasEnded }) else {
            return false
        }
        pointerState.isHiddenByDrag = false
        return true
    }
}
