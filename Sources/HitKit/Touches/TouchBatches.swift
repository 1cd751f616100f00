/// Groups touches by view, views in the order of their first touch, touches in their order: how
/// step 5 and the cancels batch touches into calls to views.
///
/// Its buffers are kept between frames (a counting sort over a view index stamped on each view),
/// so grouping allocates nothing once warm and costs O(touches). A call made with one batch may
/// start another delivery (a view removed from inside a touch method cancels touches): the
/// dispatcher then takes a second instance from its pool of spare batches (`deliverGrouped`).
final class TouchBatches {
    /// The grouping buffers (``Storage``).
    // Fenced (``ExclusivityFence``): an instance serves one delivery at a time (nested
    // deliveries take another from the dispatcher's pool), and `eligible` and `send` run while
    // no buffer is being changed.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// The buffers, in one place so that one fence covers them.
    private struct Storage {
        var views: [View] = []
        var groupOfTouch: [Int] = []
        var groupEnd: [Int] = []
        var ordered: [Touch] = []
        /// The set handed to each call. Emptied, not replaced, after the call: a receiver that
        /// kept it holds its own copy (copy on write), so reuse never changes what a receiver
        /// sees.
        var batch: Set<Touch> = []
    }

    /// One call per view with its `eligible` touches: ``forEachView(of:where:_:)`` and
    /// ``send(_:to:eligible:becomes:send:)`` in one.
    func deliver(_ touches: [Touch], eligible: (Touch) -> Bool, becomes state: Touch.Delivery,
                 send: (View, Set<Touch>) -> Void) {
        forEachView(of: touches, where: eligible) { view, group in
            self.send(group, to: view, eligible: eligible, becomes: state, send: send)
        }
    }

    /// Calls `visit` once per view that holds a touch `grouped` picks, views in the order of
    /// their first such touch, with that view's picked touches in their order.
    func forEachView(of touches: [Touch], where grouped: (Touch) -> Bool,
                     _ visit: (View, ArraySlice<Touch>) -> Void) {
        group(touches, eligible: grouped)
        defer { clear() }
        var start = 0
        for (index, view) in fenced.views.enumerated() {
            let end = fenced.groupEnd[index]
            defer { start = end }
            visit(view, fenced.ordered[start..<end])
        }
    }

    /// One call to `view`, unless no touch of `group` is `eligible` now: those that are take
    /// `state` first, then `send` gets them as one set.
    func send(_ group: ArraySlice<Touch>, to view: View, eligible: (Touch) -> Bool, becomes state: Touch.Delivery,
              send: (View, Set<Touch>) -> Void) {
        for touch in group where eligible(touch) { fenced.batch.insert(touch) }
        guard !fenced.batch.isEmpty else { return }
        for touch in group where fenced.batch.contains(touch) { touch.transition(to: state) }
        send(view, fenced.batch)
        fenced.batch.removeAllKeepingCapacity()
    }

    /// Sorts the eligible touches into `ordered`, grouped by view (counting sort).
    private func group(_ touches: [Touch], eligible: (Touch) -> Bool) {
        for touch in touches {
            guard eligible(touch), let view = touch.view else {
                fenced.groupOfTouch.append(-1)
                continue
            }
            if view.batchIndex < 0 {
                view.batchIndex = fenced.views.count
                fenced.views.append(view)
                fenced.groupEnd.append(0)
            }
            fenced.groupOfTouch.append(view.batchIndex)
            fenced.groupEnd[view.batchIndex] += 1
        }
        for view in fenced.views { view.batchIndex = -1 }
        // Counts to end offsets, then place each touch at its group's next free slot.
        var total = 0
        for index in fenced.groupEnd.indices {
            total += fenced.groupEnd[index]
            fenced.groupEnd[index] = total - fenced.groupEnd[index]   // the group's start, for now
        }
        fenced.ordered.reserveCapacity(total)
        for _ in 0..<total { fenced.ordered.append(touches[0]) }
        for (touch, group) in zip(touches, fenced.groupOfTouch) where group >= 0 {
            fenced.ordered[fenced.groupEnd[group]] = touch
            fenced.groupEnd[group] += 1                            // ends at the group's end
        }
    }

    private func clear() {
        fenced.views.removeAllKeepingCapacity()
        fenced.groupOfTouch.removeAllKeepingCapacity()
        fenced.groupEnd.removeAllKeepingCapacity()
        fenced.ordered.removeAllKeepingCapacity()
        fenced.batch.removeAllKeepingCapacity()
    }
}
