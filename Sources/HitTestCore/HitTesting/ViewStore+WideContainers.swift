// Wide containers: when to give one a ContainerGrid, how subviews' footprints are computed, and
// how a grid follows an edit of one subview (or goes stale when it cannot).
//
// A container is found wide at edit time, when its subview count reaches the threshold: the
// hit test's sibling step then counts nothing. The grid itself is built lazily, after the first
// query that enters the container, so that building a scene builds no grid it never uses.

extension ViewStore {
    /// A container with this many subviews is wide: the first query that enters it has a grid
    /// built for it, used by the queries after. It stays wide when subviews leave.
    public static let wideContainerThreshold: Int32 = 64
    /// A dirty grid is rebuilt once queries have entered the container this many times.
    static let rebuildAfterDirtyWalks = 4

    /// Whether the subviews of `id` are currently served by a grid (for tests and benchmarks).
    public func hasContainerGrid(_ id: ViewID) throws(ViewStoreError) -> Bool {
        lookups.grids[try row(id)]?.state == .ready
    }

    /// `child`'s footprint may have changed (geometry, transform, a hit-test flag or override):
    /// moves it within its container's grid, or marks the grid stale when that cannot be done.
    func gridChildChanged(_ child: Int32) {
        let container = parent[child]
        guard let grid = readyGrid(of: container) else { return invalidateGrid(of: container) }
        if !grid.move(child, to: reach(of: child)) { invalidateGrid(of: container) }
    }

    /// `child` is about to leave its container.
    func gridChildLeaving(_ child: Int32) {
        let container = parent[child]
        let f = flags[container]
        if !f.contains(.wideContainer) {
            flags[container] = RowFlags(rawValue: f.rawValue &- 1 << RowFlags.subviewCountShift)
            return
        }
        guard let grid = readyGrid(of: container) else { return invalidateGrid(of: container) }
        if !grid.remove(child) { invalidateGrid(of: container) }
    }

    /// `child` has just been linked under its container.
    func gridChildJoined(_ child: Int32) {
        let container = parent[child]
        let f = flags[container]
        if !f.contains(.wideContainer) {
            let count = f.rawValue >> RowFlags.subviewCountShift + 1
            if count < UInt32(Self.wideContainerThreshold) {
                flags[container] = RowFlags(rawValue: f.rawValue &+ 1 << RowFlags.subviewCountShift)
            } else {
                flags[container] = f.subtracting(.subviewCount).union(.wideContainer)
            }
            return
        }
        guard let grid = readyGrid(of: container) else { return invalidateGrid(of: container) }
        if !grid.insert(child, front: nextSibling[child], back: previousSibling[child], reach: reach(of: child)) {
            invalidateGrid(of: container)
        }
    }

    private func readyGrid(of container: Int32) -> ContainerGrid? {
        guard container != noRow, flags[container].contains(.wideContainer),
              let grid = lookups.grids[container], grid.state == .ready else { return nil }
        return grid
    }

    /// Where `row` can be hit in its superview, as a grid lists it.
    private func reach(of row: Int32) -> ContainerGrid.Reach {
        // A singular transform is never entered; making it invertible moves the row back in.
        if flags[row].contains(.singularTransform) { return .never }
        guard let box = footprint(of: row) else { return .anywhere }
        return .box(box)
    }

    /// Marks the grid of `container` (if it has one) stale: it cannot follow an edit.
    func invalidateGrid(of container: Int32) {
        guard container != noRow, flags[container].contains(.wideContainer),
              let grid = lookups.grids[container] else { return }
        grid.state = .dirty
        grid.walksWhileDirty = 0
    }

    /// Called after the outermost query: does what the queries asked for.
    func processPendingWork() {
        query.hasPendingWork = false
        processPendingGrids()
        processPendingDestroys()
    }

    /// Builds or rebuilds the grids the queries asked for.
    func processPendingGrids() {
        let rows = query.pendingGridRows
        query.pendingGridRows.removeAll(keepingCapacity: true)
        for container in rows where flags[container].contains(.live) {
            if let existing = lookups.grids[container] {
                guard existing.state == .dirty else { continue }
                existing.walksWhileDirty += 1
                if existing.walksWhileDirty < Self.rebuildAfterDirtyWalks { continue }
            }
            var subviews: [ContainerGrid.Footprint] = []
            subviews.reserveCapacity(childCount(of: container))
            var child = lastChild[container]
            while child != noRow {
                subviews.append(ContainerGrid.Footprint(row: child, reach: reach(of: child)))
                child = previousSibling[child]
            }
            gridRebuilds += 1
            lookups.grids[container] = ContainerGrid(subviews: subviews)
        }
    }

    private func childCount(of container: Int32) -> Int {
        var count = 0, child = lastChild[container]
        while child != noRow { count += 1; child = previousSibling[child] }
        return count
    }

    /// The box in the superview's coordinates outside which `row` can never be entered, padded
    /// for rounding (not asked of rows with a singular transform, which are never entered); `nil` when the view may be hit anywhere (it hits outside its bounds, has a
    /// custom test, non-finite geometry or a badly conditioned transform).
    func footprint(of row: Int32) -> Rect? {
        let f = flags[row]
        if f.rawValue & (RowFlags.hitsOutsideBounds.rawValue | RowFlags.customPointInside.rawValue
                         | RowFlags.customHitTest.rawValue) != 0 { return nil }
        let g = geometry[row], offset = anchorOffset(row)
        let area = f.contains(.customShape)
            ? self[sideUnitOf: row, at: f.shapeUnitOffset, as: ShapeUnit.self].hitArea
            : Rect(x: 0, y: 0, width: g.width, height: g.height)
        var transform = AffineTransform.identity
        var scale = 1.0
        if f.contains(.generalTransform) {
            transform = self[sideUnitOf: row, at: 1, as: AffineTransform.self]
            let inverse = self[sideUnitOf: row, at: 0, as: AffineTransform.self]
            scale = Swift.max(abs(transform.a), abs(transform.b), abs(transform.c), abs(transform.d))
            let inverseScale = Swift.max(abs(inverse.a), abs(inverse.b), abs(inverse.c), abs(inverse.d))
            // The inverse map's rounding, seen in the superview, grows with the condition number.
            if scale * inverseScale > 1e6 { return nil }
        }
        var magnitude = Swift.max(abs(g.centerX), abs(g.centerY))
        magnitude = Swift.max(magnitude, scale * Swift.max(abs(offset.x), abs(offset.y),
                                                           abs(area.origin.x), abs(area.origin.y),
                                                           abs(area.origin.x + area.size.width),
                                                           abs(area.origin.y + area.size.height)))
        // The four corners mapped into the superview, without an array: a grid build maps
        // every subview, and must not allocate per subview.
        let x0 = area.origin.x, y0 = area.origin.y, x1 = x0 + area.size.width, y1 = y0 + area.size.height
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var sawNaN = false
        func include(_ x: Double, _ y: Double) {
            let moved = transform.apply(to: Point(x: x - offset.x, y: y - offset.y))
            let px = moved.x + g.centerX, py = moved.y + g.centerY
            sawNaN = sawNaN || px.isNaN || py.isNaN
            minX = Swift.min(minX, px); maxX = Swift.max(maxX, px)
            minY = Swift.min(minY, py); maxY = Swift.max(maxY, py)
        }
        include(x0, y0); include(x1, y0); include(x1, y1); include(x0, y1)
        let box = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard !sawNaN, box.isFinite, magnitude.isFinite else { return nil }
        let pad = magnitude * 1e-8 + Double.leastNormalMagnitude
        return Rect(x: box.origin.x - pad, y: box.origin.y - pad,
                    width: box.size.width + 2 * pad, height: box.size.height + 2 * pad)
    }
}
