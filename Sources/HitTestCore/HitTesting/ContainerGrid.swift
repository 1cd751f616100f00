/// A uniform grid over one wide container's subviews, so that a point is tested against the few
/// subviews whose footprint covers its cell instead of against every sibling.
///
/// "Front-most wins" stays exact: each cell lists its candidates front-most first, and a
/// subview that could be hit anywhere (it hits outside its bounds or has a custom `pointInside`
/// or `hitTest`) is listed in every cell and in the list for points outside the grid. A footprint
/// is the bounding box of the subview's hit area in the container's coordinates, padded so that
/// rounding in the forward map can never leave out a subview the inverse map would enter; a
/// footprint is only ever too large, and the traversal still runs the real test on each candidate.
///
/// The store builds a grid lazily, after a query walked at least ``ViewStore/wideContainerThreshold``
/// siblings of one container, and drops it back to "dirty" on any edit of the container's subview
/// list or of a subview's geometry or hit-test flags. A dirty grid is not used; it is rebuilt
/// after it has been walked linearly a few times, so an edit followed by one query costs a
/// sibling walk, not a rebuild.
final class ContainerGrid {
    enum State { case ready, dirty, rejected }

    var state: State = .dirty
    /// Linear walks of the container since the grid went dirty.
    var walksWhileDirty = 0

    private(set) var originX = 0.0
    private(set) var originY = 0.0
    private(set) var cellsPerUnitX = 0.0
    private(set) var cellsPerUnitY = 0.0
    private(set) var columns = 0
    private(set) var rows = 0
    /// CSR layout: the candidates of cell `i` are `entries[cellStart[i]..<cellStart[i + 1]]`;
    /// cell `columns · rows` is the list for points outside the grid.
    private var cellStart: UnsafeMutablePointer<Int32>?
    private var entries: UnsafeMutablePointer<Int32>?

    deinit { release() }

    private func release() {
        cellStart?.deallocate()
        entries?.deallocate()
        cellStart = nil
        entries = nil
    }

    /// The candidate subview rows for `p` (finite, in the container's coordinates), front-most first.
    @inline(__always)
    func candidates(at p: Point) -> (start: UnsafePointer<Int32>, end: UnsafePointer<Int32>) {
        var cell = columns * rows
        let fx = (p.x - originX) * cellsPerUnitX, fy = (p.y - originY) * cellsPerUnitY
        if fx >= 0 && fy >= 0 && fx < Double(columns) && fy < Double(rows) {
            cell = Int(fy) * columns + Int(fx)
        }
        let starts = cellStart.unsafelyUnwrapped, base = UnsafePointer(entries.unsafelyUnwrapped)
        return (base + Int(starts[cell]), base + Int(starts[cell + 1]))
    }

    /// One subview as the grid sees it.
    struct Footprint {
        var row: Int32
        /// `nil`: the subview may be hit anywhere, so it is a candidate in every cell.
        var box: Rect?
    }

    /// Rebuilds from the container's subviews, given front-most first. Leaves the grid
    /// `rejected` when a grid would not pay (too few subviews, or footprints so large or so
    /// many "anywhere" subviews that cells would hold most of the siblings anyway).
    func rebuild(from subviews: [Footprint]) {
        release()
        walksWhileDirty = 0
        state = .rejected
        let everywhere = subviews.count { $0.box == nil }
        guard subviews.count >= 32, everywhere <= 8 else { return }

        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for subview in subviews {
            guard let box = subview.box else { continue }
            minX = Swift.min(minX, box.origin.x); maxX = Swift.max(maxX, box.origin.x + box.size.width)
            minY = Swift.min(minY, box.origin.y); maxY = Swift.max(maxY, box.origin.y + box.size.height)
        }
        guard minX <= maxX, minY <= maxY else { return }
        // About one cell per subview, shaped like the extent, at most 1024 a side; when the
        // subviews are large enough that cells would list too many of them, try coarser cells.
        let width = maxX - minX, height = maxY - minY
        var cellTarget = Double(subviews.count)
        while cellTarget >= 16 {
            if fill(subviews, width: width, height: height, cellTarget: cellTarget,
                    minX: minX, minY: minY, everywhere: everywhere) { return }
            cellTarget /= 4
        }
    }

    /// Lays the subviews out on a grid of about `cellTarget` cells; false (and nothing kept) when
    /// the cells would hold more than eight entries per subview on average.
    private func fill(_ subviews: [Footprint], width: Double, height: Double, cellTarget: Double,
                      minX: Double, minY: Double, everywhere: Int) -> Bool {
        var cols = 1, rws = 1
        if width > 0 && height > 0 {
            cols = Int((cellTarget * width / height).squareRoot())
            rws = Int((cellTarget * height / width).squareRoot())
        } else if width > 0 {
            cols = Int(cellTarget)
        } else if height > 0 {
            rws = Int(cellTarget)
        }
        cols = Swift.min(Swift.max(cols, 1), 1024)
        rws = Swift.min(Swift.max(rws, 1), 1024)
        let perX = width > 0 ? Double(cols) / width : 0
        let perY = height > 0 ? Double(rws) / height : 0

        func cellRange(_ box: Rect) -> (x0: Int, x1: Int, y0: Int, y1: Int) {
            func clamp(_ v: Double, _ count: Int) -> Int { v <= 0 ? 0 : Swift.min(Int(v), count - 1) }
            return (clamp((box.origin.x - minX) * perX, cols), clamp((box.origin.x + box.size.width - minX) * perX, cols),
                    clamp((box.origin.y - minY) * perY, rws), clamp((box.origin.y + box.size.height - minY) * perY, rws))
        }

        // Count, then fill (CSR), keeping front-to-back order within every cell.
        let cellCount = cols * rws
        var counts = [Int](repeating: 0, count: cellCount + 1)
        var total = 0
        for subview in subviews {
            if let box = subview.box {
                let r = cellRange(box)
                for y in r.y0...r.y1 { for x in r.x0...r.x1 { counts[y * cols + x] += 1 } }
                total += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)
            } else {
                for i in 0...cellCount { counts[i] += 1 }
                total += cellCount + 1
            }
            if total > 8 * subviews.count + everywhere * (cellCount + 1) { return false }
        }
        let starts = UnsafeMutablePointer<Int32>.allocate(capacity: cellCount + 2)
        let list = UnsafeMutablePointer<Int32>.allocate(capacity: Swift.max(total, 1))
        var running = 0
        for i in 0...cellCount {
            starts[i] = Int32(running)
            running += counts[i]
        }
        starts[cellCount + 1] = Int32(running)
        var fill = (0...cellCount).map { Int(starts[$0]) }
        for subview in subviews {
            if let box = subview.box {
                let r = cellRange(box)
                for y in r.y0...r.y1 {
                    for x in r.x0...r.x1 {
                        list[fill[y * cols + x]] = subview.row
                        fill[y * cols + x] += 1
                    }
                }
            } else {
                for i in 0...cellCount {
                    list[fill[i]] = subview.row
                    fill[i] += 1
                }
            }
        }
        cellStart = starts
        entries = list
        originX = minX
        originY = minY
        cellsPerUnitX = perX
        cellsPerUnitY = perY
        columns = cols
        rows = rws
        state = .ready
        return true
    }
}
