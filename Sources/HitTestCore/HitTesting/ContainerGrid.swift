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
/// A dirty grid is not used; it is built again after queries have entered the container a few
/// times, so an edit followed by one query costs a sibling walk, not a rebuild.
///
/// A grid's layout and lists are fixed when it is built (`let`): a rebuild makes a new grid.
/// Edits change what the lists hold, never the lists, so a query reads them with no dynamic
/// exclusivity check.
final class ContainerGrid {
    enum State { case ready, dirty, rejected }

    var state: State
    /// Linear walks of the container since the grid went dirty.
    var walksWhileDirty = 0

    /// The cells' geometry.
    private let layout: Layout
    /// CSR layout with spare room: the candidates of cell `i` are
    /// `entries[cellStart[i] ..< cellStart[i] + cellCount[i]]`, and the cell may grow up to
    /// `cellStart[i + 1]`; cell `columns · rows` is the list for points outside the grid. Empty
    /// (no room, no allocation) in a rejected grid.
    private let cellStart: OwnedBuffer<Int32>
    private let cellCount: OwnedBuffer<Int32>
    private let entries: OwnedBuffer<Int32>
    /// `entryOrdinals[k]` is the ordinal of `entries[k]`: smaller is further in front.
    private let entryOrdinals: OwnedBuffer<Int32>
    /// Where each subview of the container (listed or not) sits in the grid.
    private var placements: [Int32: Placement] = [:]

    /// Spare entries per cell, so that a moved subview usually finds room in its new cells.
    static let spareRoom = 2
    /// Spare entries in the list for points outside the grid (subviews moved beyond its extent).
    static let spareRoomOutside = 16
    /// A footprint over more cells than this is left to a rebuild.
    static let maxCellsPerEdit = 64

    /// The candidate subview rows for `p` (finite, in the container's coordinates), front-most first.
    @inline(__always)
    func candidates(at p: Point) -> (start: UnsafePointer<Int32>, end: UnsafePointer<Int32>) {
        let cell = layout.cell(at: p)
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

        /// No cell at all (a subview not yet listed).
        static func none(ordinal: Int32) -> Placement {
            Placement(ordinal: ordinal, x0: 1, x1: 0, y0: 1, y1: 0, outside: false)
        }
    }

    /// The cells' geometry: `columns × rows` cells over the box from (`originX`, `originY`), and
    /// one more cell for the points outside it.
    struct Layout {
        var originX = 0.0, originY = 0.0
        var cellsPerUnitX = 0.0, cellsPerUnitY = 0.0
        var columns = 0, rows = 0

        /// The cells, the one outside the grid included.
        var cellTotal: Int { columns * rows + 1 }

        /// About `cellTarget` cells shaped like the extent `width × height` at (`minX`, `minY`),
        /// at most 1024 a side.
        init(cellTarget: Double, width: Double, height: Double, minX: Double, minY: Double) {
            var cols = 1.0, rws = 1.0
            if width > 0 && height > 0 {
                cols = (cellTarget * width / height).squareRoot()
                rws = (cellTarget * height / width).squareRoot()
            } else if width > 0 {
                cols = cellTarget
            } else if height > 0 {
                rws = cellTarget
            }
            // Clamped before the conversion: a ratio of extreme sides is infinite.
            columns = Int(Swift.min(Swift.max(cols, 1), 1024))
            rows = Int(Swift.min(Swift.max(rws, 1), 1024))
            originX = minX
            originY = minY
            cellsPerUnitX = width > 0 ? Double(columns) / width : 0
            cellsPerUnitY = height > 0 ? Double(rows) / height : 0
        }

        /// No cell but the one outside: a rejected grid's.
        init() {}

        /// Whether every point maps to its cell: an extent too small or too large for its cells
        /// (a subnormal side, sides beyond the doubles' range) has no usable scale.
        var isUsable: Bool { cellsPerUnitX.isFinite && cellsPerUnitY.isFinite }

        /// The cell of `p`: the outside list's when `p` is outside the grid.
        @inline(__always)
        func cell(at p: Point) -> Int {
            let fx = (p.x - originX) * cellsPerUnitX, fy = (p.y - originY) * cellsPerUnitY
            if fx >= 0 && fy >= 0 && fx < Double(columns) && fy < Double(rows) {
                return Int(fy) * columns + Int(fx)
            }
            return columns * rows
        }

        /// The cells `reach` covers (ordinal left at 0).
        func placement(for reach: Reach) -> Placement {
            switch reach {
            case .never:
                return .none(ordinal: 0)
            case .anywhere:
                return Placement(ordinal: 0, x0: 0, x1: Int16(columns - 1), y0: 0, y1: Int16(rows - 1), outside: true)
            case .box(let box):
                // The same arithmetic as `cell(at:)`, so that every point of the box that a query
                // maps into a cell maps into one of these, and any other point to "outside".
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
        func forEachCell(of placement: Placement, _ body: (Int) -> Void) {
            if placement.x0 <= placement.x1 {
                for y in Int(placement.y0)...Int(placement.y1) {
                    for x in Int(placement.x0)...Int(placement.x1) { body(y * columns + x) }
                }
            }
            if placement.outside { body(columns * rows) }
        }
    }

    // MARK: Building

    /// A grid over the container's subviews, given front-most first: `rejected` (with no lists)
    /// when a grid would not pay: too few subviews, or footprints so large or so many "anywhere"
    /// subviews that cells would hold most of the siblings anyway.
    init(subviews: [Footprint]) {
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
        // About one cell per subview; when the subviews are large enough that cells would list
        // more than eight entries per subview on average, coarser cells.
        var chosen: Layout?
        var counts = OwnedBuffer<Int32>()
        // An extent that overflows the doubles (views near ±1.8e308 on both sides) gets no grid.
        if listed >= 32, everywhere <= 8, minX <= maxX, minY <= maxY, (maxX - minX).isFinite, (maxY - minY).isFinite {
            var cellTarget = Double(listed)
            while cellTarget >= 16 && chosen == nil {
                let layout = Layout(cellTarget: cellTarget, width: maxX - minX, height: maxY - minY, minX: minX, minY: minY)
                guard layout.isUsable else { break }
                counts = OwnedBuffer(repeating: 0, count: layout.cellTotal)
                if Self.count(subviews, on: layout, into: counts, limit: 8 * listed + everywhere * layout.cellTotal) {
                    chosen = layout
                }
                cellTarget /= 4
            }
        }
        guard let layout = chosen else {
            self.layout = Layout()
            cellStart = OwnedBuffer()
            cellCount = OwnedBuffer()
            entries = OwnedBuffer()
            entryOrdinals = OwnedBuffer()
            state = .rejected
            return
        }
        // CSR with spare room per cell, filled in front-to-back order: every cell has room, and
        // order keeps.
        let cellTotal = layout.cellTotal
        let starts = OwnedBuffer<Int32>(capacity: cellTotal + 1)
        var running = 0
        for i in 0..<cellTotal {
            starts[i] = Int32(running)
            running += Int(counts[i]) + (i == cellTotal - 1 ? Self.spareRoomOutside : Self.spareRoom)
            counts[i] = 0
        }
        starts[cellTotal] = Int32(running)
        let entries = OwnedBuffer<Int32>(capacity: running), ordinals = OwnedBuffer<Int32>(capacity: running)
        // Ordinals spaced out so that views added later usually fit between two neighbours.
        let spacing = Int32(Swift.min(1024, Int(Int32.max) / (subviews.count + 1)))
        var placements: [Int32: Placement] = [:]
        placements.reserveCapacity(subviews.count + Self.spareRoomOutside)
        for (index, subview) in subviews.enumerated() {
            var place = layout.placement(for: subview.reach)
            place.ordinal = Int32(index) * spacing
            placements[subview.row] = place
            layout.forEachCell(of: place) { cell in
                let slot = Int(starts[cell] + counts[cell])
                entries[slot] = subview.row
                ordinals[slot] = place.ordinal
                counts[cell] += 1
            }
        }
        self.layout = layout
        cellStart = starts
        cellCount = counts
        self.entries = entries
        entryOrdinals = ordinals
        self.placements = placements
        state = .ready
    }

    /// Counts each cell's entries into `counts`; false as soon as they pass `limit` in all.
    private static func count(_ subviews: [Footprint], on layout: Layout, into counts: borrowing OwnedBuffer<Int32>,
                              limit: Int) -> Bool {
        var total = 0
        for subview in subviews {
            let place = layout.placement(for: subview.reach)
            layout.forEachCell(of: place) { counts[$0] += 1 }
            total += place.cellCount
            if total > limit { return false }
        }
        return true
    }

    // MARK: Edits of one subview

    /// `row`'s footprint changed: lists it in the cells of `reach` instead of its old ones.
    /// False when the grid cannot follow (the caller then marks it dirty).
    func move(_ row: Int32, to reach: Reach) -> Bool {
        guard state == .ready, let old = placements[row] else { return false }
        var new = layout.placement(for: reach)
        new.ordinal = old.ordinal
        return relist(row, from: old, to: new)
    }

    /// `row` left the container.
    func remove(_ row: Int32) -> Bool {
        guard state == .ready, let old = placements.removeValue(forKey: row) else { return false }
        layout.forEachCell(of: old) { removeEntry(row, from: $0) }
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
        var new = layout.placement(for: reach)
        new.ordinal = Int32(ordinal)
        return relist(row, from: .none(ordinal: new.ordinal), to: new)
    }

    /// Takes `row` out of the cells of `old` and into those of `new`; false when a cell of `new`
    /// has no room left or `new` spans too many cells (the grid is then left for a rebuild).
    private func relist(_ row: Int32, from old: Placement, to new: Placement) -> Bool {
        guard new.cellCount <= Self.maxCellsPerEdit else { return false }
        layout.forEachCell(of: old) { removeEntry(row, from: $0) }
        placements[row] = new
        var fits = true
        layout.forEachCell(of: new) { cell in
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
}
