// Behaviour A3 step 1's walk up the responder chain, taken once per began: it lists the touch's
// recognizers, gives each its priority depth for step 2's join (rule d), and finds the scroll
// view a touch stops (tap to stop, Behaviour A6.1), so neither step 2 nor the stop walks again.

extension GestureArena {
    /// Appends to `list` step 1's recognizers of a touch beginning on `view`: the enabled ones
    /// of each view from `view` up its chain, the most recently added first (the priority
    /// order). Each gets its view's depth below the window as ``GestureRecognizer/lastPriorityDepth``,
    /// which step 2's join reads.
    ///
    /// While a scroll view moves, the innermost moving one above `view` is found on the way: the
    /// touch then belongs to its pan alone (the list keeps only the pan), and the scroll view is
    /// left in ``ScrollMotionClock/stoppedByBegan`` for the dispatcher to stop
    /// (`Application.stopScrollMotion(for:)`).
    static func listRecognizers(from view: View, into list: inout [GestureRecognizer]) {
        // Without its application a view has no superview to look up.
        let application = view.application
        let start = list.count
        // The scroll views in motion (read once; usually none): each view of the chain is looked
        // for among them until one is found. A scroll view in motion is in this list, so an
        // identity test does, where a cast was a walk up the class chain.
        let moving = application?.scrollMotion.moving ?? []
        var pan: GestureRecognizer?
        // Once the pan is found, only its own view can list it: the views between are not
        // searched (a tap to stop walks on only to count the chain's length).
        var panView: View?
        var distance = 0
        var current: View? = view
        while let v = current {
            if pan == nil && !moving.isEmpty, let scrollView = moving.first(where: { $0 === v }), scrollView.isMoving {
                application?.scrollMotion.stoppedByBegan = scrollView
                pan = scrollView.panGestureRecognizer
                panView = pan?.view
                list.removeSubrange(start...)
            }
            if pan == nil || v === panView {
                for recognizer in v.attachedRecognizers.reversed() where recognizer.isEnabled && (pan == nil || recognizer === pan) {
                    // The distance from `view` for now: the depth needs the chain's length.
                    recognizer.lastPriorityDepth = distance
                    list.append(recognizer)
                }
            }
            distance += 1
            current = application.flatMap { v.nextInChain(in: $0) }
        }
        for recognizer in list[start...] { recognizer.lastPriorityDepth = distance - 1 - recognizer.lastPriorityDepth }
    }
}
