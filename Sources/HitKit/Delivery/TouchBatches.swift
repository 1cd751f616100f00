/// Groups touches by view, views in the order of their first touch, touches in their order: how
/// step 5 and the cancels batch touches into one call per view.
///
/// Its buffers are kept between frames (a counting sort over a view index stamped on each view),
/// so grouping allocates nothing once warm and costs O(touches). A call made with one batch may
/// start another delivery (a view removed from inside a touch method cancels touches): the
/// dispatcher then takes a second instance from its pool of spare batches (`deliverGrouped`).
final class TouchBatches {
    // `@exclusivity(unchecked)` below: an instance is used by one delivery at a time (nested
    // deliveries take another from the dispatcher's pool), and the `send` calls run while none
    // of these buffers is being modified.
    @exclusivity(unchecked) private var views: [View] = []
    @exclusivity(unchecked) private var groupOfTouch: [Int] = []
    @exclusivity(unchecked) private var groupEnd: [Int] = []
    @exclusivity(unchecked) private var ordered: [Touch] = []
    /// The set handed to each call. Emptied, not replaced, after the call: a receiver that kept
    /// it holds its own copy (copy on write), so reuse never changes what a receiver sees.
    @exclusivity(unchecked) private var batch: Set<Touch> = []

    /// Calls `send` once per view with the touches of `touches` for which `eligible` holds, in
    /// groups. Eligibility is checked again just before each call, and `state` set before it.
    func deliver(_ touches: [Touch], eligible: (Touch) -> Bool, becomes state: Touch.Delivery,
                 send: (View, Set<Touch>) -> Void) {
        group(touches, eligible: eligible)
        defer { clear() }
        var start = 0
        for (index, view) in views.enumerated() {
            let end = groupEnd[index]
            defer { start = end }
            for touch in ordered[start..<end] where eligible(touch) { batch.insert(touch) }
            guard !batch.isEmpty else { continue }
            for touch in ordered[start..<end] where batch.contains(touch) { touch.transition(to: state) }
            send(view, batch)
            batch.empty()
        }
    }

    /// Sorts the eligible touches into `ordered`, grouped by view (counting sort).
    private func group(_ touches: [Touch], eligible: (Touch) -> Bool) {
        for touch in touches {
            guard eligible(touch), let view = touch.view else {
                groupOfTouch.append(-1)
                continue
            }
            if view.batchIndex < 0 {
                view.batchIndex = views.count
                views.append(view)
                groupEnd.append(0)
            }
            groupOfTouch.append(view.batchIndex)
            groupEnd[view.batchIndex] += 1
        }
        for view in views { view.batchIndex = -1 }
        // Counts to end offsets, then place each touch at its group's next free slot.
        var total = 0
        for index in groupEnd.indices {
            total += groupEnd[index]
            groupEnd[index] = total - groupEnd[index]   // the group's start, for now
        }
        ordered.reserveCapacity(total)
        for _ in 0..<total { ordered.append(touches[0]) }
        for (touch, group) in zip(touches, groupOfTouch) where group >= 0 {
            ordered[groupEnd[group]] = touch
            groupEnd[group] += 1                            // ends at the group's end
        }
    }

    private func clear() {
        views.empty()
        groupOfTouch.empty()
        groupEnd.empty()
        ordered.empty()
        batch.empty()
    }
}
