// Behaviour A3 step 1's walk up the responder chain, taken once per began: it lists the touch's
// recognizers, gives each its priority depth for step 2's join (rule d), and finds the scroll
// view a touch stops (tap to stop, Behaviour A6.1), so neither step 2 nor the stop walks again.

extension GestureArena {
    /// Appends to `list` step 1's recognizers of a touch beginning on `view`: the enabled ones
    /// of each view from `view` up its chain, the most recently added first (the priority
    /// order). Each gets its view's depth below the window as ``GestureRecognizer/lastPriorityDepth``,
    /// which step 2's join reads. Returns `view`'s window (``View/window``), which ends the chain
    /// the walk has read anyway.
    ///
    /// While a scroll view moves, the innermost moving one above `view` is looked for first: the
    /// touch then belongs to its pan alone (the list holds only the pan), and the scroll view is
    /// left in ``ScrollMotionClock/stoppedByBegan`` for the dispatcher to stop
    /// (`Application.stopScrollMotion(for:)`).
    @discardableResult
    static func listRecognizers(from view: View, into list: inout [GestureRecognizer]) -> Window? {
        // Without its application a view has no superview to look up: its own recognizers alone.
        guard let application = view.application else {
            appendEnabledRecognizers(of: view, depth: 0, to: &list)
            return view.window
        }
        let context = application.viewContext
        return context.withChain(of: view) { chain, reachesRoot in
            // While scroll views move (usually none do), a touch inside one belongs to its pan alone.
            if let moving = application.scrollMotion.innermostMovingScrollView(on: chain, includingStoppedInStep: true) {
                listPan(of: moving.scrollView, at: moving.level, on: chain, into: &list)
            } else {
                appendEnabledRecognizers(of: view, depth: chain.count - 1, to: &list)
                for (level, id) in chain.enumerated().dropFirst() {
                    // Every view on the chain has its object (``ViewContext/withChain(of:_:)``);
                    // read in place, without a reference taken to each.
                    let read: Void? = context.withView(for: id) {
                        appendEnabledRecognizers(of: $0, depth: chain.count - 1 - level, to: &list)
                    }
                    if read == nil { break }
                }
            }
            // The chain's last view is the root when the chain reaches it; cut short, the window
            // is looked up the usual way.
            return reachesRoot ? context.window(at: chain[chain.endIndex - 1]) : view.window
        }
    }

    /// Appends the enabled recognizers of `view`, the most recently added first, at `depth`.
    private static func appendEnabledRecognizers(of view: View, depth: Int, to list: inout [GestureRecognizer]) {
        // Most views on a chain have no recognizer: for those nothing is read but the side
        // storage's absence.
        guard let recognizers = view.sideStorage?.attachedRecognizers, !recognizers.isEmpty else { return }
        recognizers.forEachHeldFromLast { recognizer in
            guard recognizer.isEnabled else { return }
            recognizer.lastPriorityDepth = depth
            list.append(recognizer)
        }
    }

    /// Tap to stop's part of the walk: `scrollView`, the innermost in motion on the touch's
    /// chain (``ScrollMotionClock/innermostMovingScrollView(on:)``, the rule a scroll or a wheel
    /// notch follows too), is left in ``ScrollMotionClock/stoppedByBegan``, and its pan — then its
    /// pinch, so that a pinch can follow (Behaviour A6.2) — is listed alone if it is enabled and
    /// attached: a built-in recognizer is on its scroll view or on none
    /// (``View/addGestureRecognizer(_:)``), so its depth is the scroll view's on the chain.
    private static func listPan(of scrollView: ScrollView, at level: Int, on chain: ArraySlice<ViewID>,
                                into list: inout [GestureRecognizer]) {
        scrollView.application?.scrollMotion.stoppedByBegan = scrollView
        for recognizer in [scrollView.panGestureRecognizer, scrollView.pinchGestureRecognizer] {
            guard let recognizer, recognizer.isEnabled, let viewID = recognizer.view?.id,
                  let recognizerLevel = chain[level...].firstIndex(of: viewID) else { continue }
            recognizer.lastPriorityDepth = chain.count - 1 - recognizerLevel
            list.append(recognizer)
        }
    }
}
