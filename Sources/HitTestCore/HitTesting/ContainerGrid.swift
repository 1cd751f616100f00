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
/// The store builds a grid lazily, after the first query that enters a container with at least
/// ``ViewStore/wideContainerThreshold`` subviews. An edit of one subview (its geometry, a flag that changes its
/// footprint, adding or removing it) moves only that subview's entries: every entry carries an
/// ordinal (front-to-back order key) so that an entry is inserted where front-most-first keeps,
/// and every cell has a little spare room. When an edit cannot be followed that way (a cell is
/// full, the footprint spans too many cells, two ordinals leave no gap) the grid goes "dirty".
/// A dirty grid is not used; it is rebuilt after queries have entered the container a few times,
/// so an edit followed by one query costs a sibling walk, not a rebuild.
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
    /// CSR layout with spare room: the candidates of cell `i` are
    /// `entries[cellStart[i] ..< cellStart[i] + cellCount[i]]`, and the cell may grow up to
    /// `cellStart[i + 1]`; cell `columns · rows` is the list for points outside the grid.
    /// Empty (no room, no allocation) until the grid is built, and again after ``release()``.
    private var cellStart = OwnedBuffer<Int32>()
    private var cellCount = OwnedBuffer<Int32>()
    private var entries = OwnedBuffer<Int32>()
    /// `entryOrdinals[k]` is the ordinal of `entries[k]`: smaller is further in front.
    private var entryOrdinals = OwnedBuffer<Int32>()
    /// Where each subview of the container (listed or not) sits in the grid.
    private var placements: [Int32: Placement] = [:]

    /// Spare entries per cell, so that a moved subview usually finds room in its new cells.
    static let spareRoom = 2
    /// Spare entries in the list for points outside the grid (subviews moved beyond its extent).
    static let spareRoomOutside = 16
    /// A footprint over more cells than this is left to a rebuild.
    static let maxCellsPerEdit = 64

    /// Drops the lists (their buffers free themselves) and the placements.
    private func release() {
        cellStart = OwnedBuffer()
        cellCount = OwnedBuffer()
        entries = OwnedBuffer()
        entryOrdinals = OwnedBuffer()
        placements.removeAll(keepingCapacity: true)
    }

    /// The candidate subview rows for `p` (finite, in the container's coordinates), front-most first.
    @inline(__always)
    func candidates(at p: Point) -> (start: UnsafePointer<Int32>, end: UnsafePointer<Int32>) {
        var cell = columns * rows
        let fx = (p.x - originX) * cellsPerUnitX, fy = (p.y - originY) * cellsPerUnitY
        if fx >= 0 && fy >= 0 && fx < Double(columns) && fy < Double(rows) {
            cell = Int(fy) * columns + Int(fx)
        }
        let start = UnsafePointer(entries.base) + Int(cellStart[cell])
        return (start, start + Int(cellCount[cell]))
    }

    /// Where a subview can be hit, in the container's coordinates.
    enum Reach {
        /// Never entered (a singular transform): listed in no cell.
        case never
        /// May be hit anywhere: a candidate in every cell and outside the grid.
        case anywhere
        /// Only inside this box.
        case box(Rect)
    }

    /// One subview as the grid sees it.
    struct Footprint {
        var row: Int32
        var reach: Reach
    }

    /// The cells a subview is listed in: the cells `x0...x1` × `y0...y1` (none when `x0 > x1`),
    /// plus the list for points outside the grid when `outside` is set.
    struct Placement {
        var ordinal: Int32
        var x0: Int16, x1: Int16, y0: Int16, y1: Int16
        var outside: Bool

        var cellCount: Int {
            (x0 > x1 ? 0 : (Int(x1) - Int(x0) + 1) * (Int(y1) - Int(y0) + 1)) + (outside ? 1 : 0)
        }
    }

    /// The cells `reach` covers on the current grid (ordinal left at 0).
    private func placement(for reach: Reach) -> Placement {
        switch reach {
        case .never:
            return Placement(ordinal: 0, x0: 1, x1: 0, y0: 1, y1: 0, outside: false)
        case .anywhere:
            return Placement(ordinal: 0, x0: 0, x1: Int16(columns - 1), y0: 0, y1: Int16(rows - 1), outside: true)
        case .box(let box):
            // The same arithmetic as `candidates(at:)`, so that every point of the box that a
            // query maps into a cell maps into one of these, and any other point to "outside".
            let fx0 = (box.origin.x - originX) * cellsPerUnitX
            let fx1 = (box.origin.x + box.size.width - originX) * cellsPerUnitX
            let fy0 = (box.origin.y - originY) * cellsPerUnitY
            let fy1 = (box.origin.y + box.size.height - originY) * cellsPerUnitY
            func clamp(_ v: Double, _ count: Int) -> Int16 {
                v <= 0 ? 0 : v >= Double(count - 1) ? Int16(count - 1) : Int16(v)
            }
            let inside = fx0 >= 0 && fy0 >= 0 && fx1 < Double(columns) && fy1 < Double(rows)
            return Placement(ordinal: 0, x0: clamp(fx0, columns), x1: clamp(fx1, columns),
                             y0: clamp(fy0, rows), y1: clamp(fy1, rows), outside: !inside)
        }
    }

    /// Calls `body` with the index of every cell of `placement`.
    private func forEachCell(of placement: Placement, _ body: (Int) -> Void) {
        if placement.x0 <= placement.x1 {
            for y in Int(placement.y0)...Int(placement.y1) {
                for x in Int(placement.x0)...Int(placement.x1) { body(y * columns + x) }
            }
        }
        if placement.outside { body(columns * rows) }
    }

    // MARK: Edits of one subview

    /// `row`'s footprint changed: lists it in the cells of `reach` instead of its old ones.
    /// False when the grid cannot follow (the caller then marks it dirty).
    func move(_ row: Int32, to reach: Reach) -> Bool {
        guard state == .ready, let old = placements[row] else { return false }
        var new = placement(for: reach)
        new.ordinal = old.ordinal
        return relist(row, from: old, to: new)
    }

    /// `row` left the container.
    func remove(_ row: Int32) -> Bool {
        guard state == .ready, let old = placements.removeValue(forKey: row) else { return false }
        forEachCell(of: old) { removeEntry(row, from: $0) }
        return true
    }

    /// `row` joined the container between the subviews `front` and `back` (either may be `noRow`).
    func insert(_ row: Int32, front: Int32, back: Int32, reach: Reach) -> Bool {
        guard state == .ready, placements[row] == nil else { return false }
        // The new ordinal lies strictly between its neighbours'; with no gap left, rebuild.
        let frontOrdinal = front == noRow ? nil : placements[front]?.ordinal
        let backOrdinal = back == noRow ? nil : placements[back]?.ordinal
        if front != noRow && frontOrdinal == nil || back != noRow && backOrdinal == nil { return false }
        let ordinal: Int64
        switch (frontOrdinal, backOrdinal) {
        case let (f?, b?): ordinal = (Int64(f) + Int64(b)) / 2
        case let (f?, nil): ordinal = Int64(f) + 1024
        case let (nil, b?): ordinal = Int64(b) - 1024
        case (nil, nil): ordinal = 0
        }
        guard ordinal > Int64(frontOrdinal ?? Int32.min), ordinal < Int64(backOrdinal ?? Int32.max) else { return false }
        var new = placement(for: reach)
        new.ordinal = Int32(ordinal)
        let empty = Placement(ordinal: new.ordinal, x0: 1, x1: 0, y0: 1, y1: 0, outside: false)
        return relist(row, from: empty, to: new)
    }

    /// Takes `row` out of the cells of `old` and into those of `new`; false when a cell of `new`
    /// has no room left or `new` spans too many cells (the grid is then left for a rebuild).
    private func relist(_ row: Int32, from old: Placement, to new: Placement) -> Bool {
        guard new.cellCount <= Self.maxCellsPerEdit else { return false }
        forEachCell(of: old) { removeEntry(row, from: $0) }
        placements[row] = new
        var fits = true
        forEachCell(of: new) { cell in
            if fits { fits = insertEntry(row, ordinal: new.ordinal, into: cell) }
        }
        return fits
    }

    private func removeEntry(_ row: Int32, from cell: Int) {
        let start = Int(cellStart[cell]), count = Int(cellCount[cell])
        guard let index = (0..<count).first(where: { entries[start + $0] == row }) else { return }
        for k in (start + index)..<(start + count - 1) {
            entries[k] = entries[k + 1]
            entryOrdinals[k] = entryOrdinals[k + 1]
        }
        cellCount[cell] -= 1
    }

    /// Inserts `row` into `cell` where front-most-first order keeps; false when the cell is full.
    private func insertEntry(_ row: Int32, ordinal: Int32, into cell: Int) -> Bool {
        let start = Int(cellStart[cell])
        let count = Int(cellCount[cell])
        guard start + count < Int(cellStart[cell + 1]) else { return false }
        var index = start + count
        while index > start && entryOrdinals[index - 1] > ordinal {
            entries[index] = entries[index - 1]
            entryOrdinals[index] = entryOrdinals[index - 1]
            index -= 1
        }
        entries[index] = row
        entryOrdinals[index] = ordinal
        cellCount[cell] += 1
        return true
    }

    // MARK: Rebuild

    /// Rebuilds from the container's subviews, given front-most first. Leaves the grid
    /// `rejected` when a grid would not pay (too few subviews, or footprints so large or so
    /// many "anywhere" subviews that cells would hold most of the siblings anyway).
    func rebuild(from subviews: [Footprint]) {
        release()
        walksWhileDirty = 0
        state = .rejected
        var everywhere = 0, listed = 0
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for subview in subviews {
            switch subview.reach {
            case .never: continue
            case .anywhere: everywhere += 1
            case .box(let box):
                minX = Swift.min(minX, box.origin.x); maxX = Swift.max(maxX, box.origin.x + box.size.width)
                minY = Swift.min(minY, box.origin.y); maxY = Swift.max(maxY, box.origin.y + box.size.height)
            }
            listed += 1
        }
        guard listed >= 32, everywhere <= 8, minX <= maxX, minY <= maxY else { return }
        // About one cell per subview, shaped like the extent, at most 1024 a side; when the
        // subviews are large enough that cells would list too many of them, try coarser cells.
        let width = maxX - minX, height = maxY - minY
        var cellTarget = Double(listed)
        while cellTarget >= 16 {
            if fill(subviews, listed: listed, width: width, height: height, cellTarget: cellTarget,
                    minX: minX, minY: minY, everywhere: everywhere) { return }
            cellTarget /= 4
        }
    }

    /// Lays the subviews out on a grid of about `cellTarget` cells; false (and nothing kept) when
    /// the cells would hold more than eight entries per subview on average.
    private func fill(_ subviews: [Footprint], listed: Int, width: Double, height: Double, cellTarget: Double,
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
        columns = Swift.min(Swift.max(cols, 1), 1024)
        rows = Swift.min(Swift.max(rws, 1), 1024)
        originX = minX
        originY = minY
        cellsPerUnitX = width > 0 ? Double(columns) / width : 0
        cellsPerUnitY = height > 0 ? Double(rows) / height : 0

        // Count, then fill (CSR with spare room per cell), keeping front-to-back order in every cell.
        let cellTotal = columns * rows
        let counts = OwnedBuffer<Int32>(repeating: 0, count: cellTotal + 1)
        var total = 0
        for subview in subviews {
            let place = placement(for: subview.reach)
            forEachCell(of: place) { counts[$0] += 1 }
            total += place.cellCount
            if total > 8 * listed + everywhere * (cellTotal + 1) { return false }
        }
        let starts = OwnedBuffer<Int32>(capacity: cellTotal + 2)
        var running = 0
        for i in 0...cellTotal {
            starts[i] = Int32(running)
            running += Int(counts[i]) + (i == cellTotal ? Self.spareRoomOutside : Self.spareRoom)
        }
        starts[cellTotal + 1] = Int32(running)
        for i in 0...cellTotal { counts[i] = 0 }
        cellStart = starts
        cellCount = counts
        entries = OwnedBuffer(capacity: running)
        entryOrdinals = OwnedBuffer(capacity: running)
        // Ordinals spaced out so that views added later usually fit between two neighbours.
        let spacing = Int32(Swift.min(1024, Int(Int32.max) / (subviews.count + 1)))
        placements.reserveCapacity(subviews.count + Self.spareRoomOutside)
        for (index, subview) in subviews.enumerated() {
            var place = placement(for: subview.reach)
            place.ordinal = Int32(index) * spacing
            placements[subview.row] = place
            // Appending in front-to-back order: every cell has room, and order keeps.
            forEachCell(of: place) { cell in
                let slot = Int(cellStart[cell] + cellCount[cell])
                entries[slot] = subview.row
                entryOrdinals[slot] = place.ordinal
                cellCount[cell] += 1
            }
        }
        state = .ready
        return true
    }
}
