// Behaviour A3 step 1's walk up the responder chain, taken once per began: it lists the touch's
// recognizers, gives each its priority depth for step 2's join (rule d), and finds the scroll
// view a touch stops (tap to stop, Behaviour A6.1), so neither step 2 nor the stop walks again.

extension GestureArena {
    /// Appends to `list` step 1's recognizers of a touch beginning on `view`: the enabled ones
    /// of each view from `view` up its chain, the most recently added first (the priority
    /// order). Each gets its view's depth below the window as ``GestureRecognizer/lastPriorityDepth``,
    /// which step 2's join reads.
    ///
    /// While a scroll view moves, the innermost moving one above `view` is looked for first: the
    /// touch then belongs to its pan alone (the list holds only the pan), and the scroll view is
    /// left in ``ScrollMotionClock/stoppedByBegan`` for the dispatcher to stop
    /// (`Application.stopScrollMotion(for:)`).
    static func listRecognizers(from view: View, into list: inout [GestureRecognizer]) {
        // Without its application a view has no superview to look up.
        let application = view.application
        // While scroll views move (usually none do), a touch inside one belongs to its pan alone.
        if let application, !application.scrollMotion.moving.isEmpty,
           listPanOfMovingScrollView(above: view, in: application, into: &list) { return }
        let start = list.count
        var distance = 0
        var current: View? = view
        while let v = current {
            for recognizer in v.attachedRecognizers.reversed() where recognizer.isEnabled {
                // The distance from `view` for now: the depth needs the chain's length.
                recognizer.lastPriorityDepth = distance
                list.append(recognizer)
            }
            distance += 1
            current = application.flatMap { v.nextInChain(in: $0) }
        }
        for recognizer in list[start...] { recognizer.lastPriorityDepth = distance - 1 - recognizer.lastPriorityDepth }
    }

    /// Tap to stop's part of the walk: finds the innermost scroll view in motion on `view`'s
    /// chain, leaves it in ``ScrollMotionClock/stoppedByBegan``, and lists its pan alone, if the
    /// pan is enabled and its view is that scroll view or above it on the chain (where the
    /// recognizer walk would meet it). Returns `false`, listing nothing, when no scroll view on
    /// the chain moves.
    ///
    /// The chain is read from the store in one call and followed as ``View/nextInChain(in:)``
    /// follows it (up to the first superview without a view object), without taking each view:
    /// only the moving scroll views and the pan's view are compared, and the pan's depth needs
    /// only the chain's length.
    private static func listPanOfMovingScrollView(above view: View, in application: Application,
                                                  into list: inout [GestureRecognizer]) -> Bool {
        let motion = application.scrollMotion
        var chain = motion.takeChainScratch()
        defer { motion.returnChainScratch(&chain) }
        chain.append(view.id)
        // A live view's handle is never stale; were it, the chain would be `view` alone.
        do { try view.store.appendSuperviews(of: view.id, to: &chain) } catch {}
        let context = application.viewContext
        var length = 1
        while length < chain.count && context.hasView(for: chain[length]) { length += 1 }

        // The innermost: the moving scroll view at the lowest level of the chain (each is looked
        // for by id, so no view is taken; usually one moves).
        var stopped: ScrollView?
        var stoppedLevel = length
        for scrollView in motion.moving where scrollView.isMoving {
            if let level = chain[..<stoppedLevel].firstIndex(of: scrollView.id) {
                stopped = scrollView
                stoppedLevel = level
            }
        }
        guard let stopped else { return false }
        motion.stoppedByBegan = stopped
        let pan = stopped.panGestureRecognizer
        // The walk would list the pan at its view's level, at or above the scroll view's.
        if pan.isEnabled, let panViewID = pan.view?.id,
           let panLevel = chain[stoppedLevel..<length].firstIndex(of: panViewID) {
            pan.lastPriorityDepth = length - 1 - panLevel
            list.append(pan)
        }
        return true
    }
}
