// Subview reach: a box, kept for a container with a middling number of subviews, outside which
// none of them can be entered. A query that enters the container at a point outside the box
// answers the container at once instead of testing each subview: a tap on a toolbar's empty end,
// a list's padding, a window's margin.
//
// Containers by their number of subviews:
// - fewer than `subviewReachThreshold`: the query walks them (a box would cost more than it saves);
// - from there to `wideContainerThreshold`: a reach, kept at edit time;
// - wide: a grid (ViewStore+WideContainers.swift), which culls by cell.
//
// The box only has to hold every subview's footprint (the grid's own bound of where a view can be
// entered), so it may be larger than their union: it grows when a subview moves or grows, and is
// remade exactly when a subview leaves. A subview that can be hit anywhere (it hits outside its
// bounds, has a custom test, or a footprint that cannot be bounded) takes the reach away until
// the next subview joins or leaves.

extension ViewStore {
    /// A container with this many subviews (and fewer than ``wideContainerThreshold``) keeps the
    /// box its subviews can be hit in, and a query entering it outside the box skips them.
    public static let subviewReachThreshold: Int32 = 8

    /// Whether the subviews of `id` have a reach (for tests and benchmarks).
    public func hasSubviewReach(_ id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].contains(.subviewReach)
    }

    /// `child` has just been linked under its container: the container's grid and reach follow.
    func subviewJoined(_ child: Int32) {
        gridChildJoined(child)
        let container = parent[child]
        let f = flags[container]
        if f.contains(.wideContainer) {
            setReach(nil, of: container)
        } else if let reach = subviewReach(of: container) {
            setReach(including(child, in: reach), of: container)
        } else if Self.subviewCount(f) >= Self.subviewReachThreshold {
            setReach(remadeReach(of: container, leaving: noRow), of: container)
        }
    }

    /// `child` is about to leave its container.
    func subviewLeaving(_ child: Int32) {
        gridChildLeaving(child)
        let container = parent[child]
        let f = flags[container]
        guard !f.contains(.wideContainer) else { return }
        // The count no longer includes `child` (``gridChildLeaving(_:)``); its links still do.
        guard Self.subviewCount(f) >= Self.subviewReachThreshold else { return setReach(nil, of: container) }
        // A subview strictly inside the box did not make any of its edges: the box stays. So
        // emptying a container one subview at a time remakes it only for those that did.
        if let reach = subviewReach(of: container), !flags[child].contains(.singularTransform),
           let box = footprint(of: child), reach.holdsStrictly(box) {
            return
        }
        setReach(remadeReach(of: container, leaving: child), of: container)
    }

    /// `child`'s footprint may have changed (geometry, transform, a hit-test flag or override).
    func subviewChanged(_ child: Int32) {
        gridChildChanged(child)
        let container = parent[child]
        guard container != noRow, let reach = subviewReach(of: container) else { return }
        setReach(including(child, in: reach), of: container)
    }

    /// The subview count a container's flags keep until it is wide.
    private static func subviewCount(_ f: RowFlags) -> Int32 {
        Int32(f.rawValue >> RowFlags.subviewCountShift)
    }

    /// The container's reach, if it has one. Inlined: every edit of a subview asks, and most
    /// containers have none, which a call returned through memory.
    @inline(__always)
    private func subviewReach(of container: Int32) -> ReachUnit? {
        let f = flags[container]
        guard f.contains(.subviewReach) else { return nil }
        return self[sideUnitOf: container, at: f.reachUnitOffset, as: ReachUnit.self]
    }

    /// `reach` grown to hold `child`'s footprint; `nil` when the child can be hit anywhere.
    private func including(_ child: Int32, in reach: ReachUnit) -> ReachUnit? {
        // A singular transform is never entered (and has no footprint to ask for).
        if flags[child].contains(.singularTransform) { return reach }
        guard let box = footprint(of: child) else { return nil }
        return reach.including(box)
    }

    /// The reach of the container's subviews but `leaving`, from scratch.
    private func remadeReach(of container: Int32, leaving: Int32) -> ReachUnit? {
        var reach = ReachUnit.empty
        var child = lastChild[container]
        while child != noRow {
            if child != leaving {
                guard let grown = including(child, in: reach) else { return nil }
                reach = grown
            }
            child = previousSibling[child]
        }
        return reach
    }

    /// Gives the container `reach`, or takes its reach away (`nil`), resizing its side-unit run
    /// and keeping the units before the reach (a transform's, a shape's).
    private func setReach(_ reach: ReachUnit?, of container: Int32) {
        var f = flags[container]
        if f.contains(.subviewReach) != (reach != nil) {
            let oldCount = f.sideUnitCount, oldStart = firstSideUnit[container]
            f.formSymmetricDifference(.subviewReach)
            resizeSideUnitRun(container, from: oldCount, to: f.sideUnitCount)
            // The old run went to the free list of its own length, which this resize does not take
            // from, so its units are still there to copy.
            let start = firstSideUnit[container]
            if start != oldStart {
                for unit in 0..<Int32(f.reachUnitOffset) { storage.sideUnits[start + unit] = storage.sideUnits[oldStart + unit] }
            }
            flags[container] = f
        }
        if let reach { self[sideUnitOf: container, at: f.reachUnitOffset, as: ReachUnit.self] = reach }
    }
}
