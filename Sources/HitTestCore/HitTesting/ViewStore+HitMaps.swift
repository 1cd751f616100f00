// Windows' hit maps (``WindowHitMap``): when the store builds one, how it paints it, and how a
// query reads it.

extension ViewStore {
    /// The rows' and side units' write count: a map built at one value is valid until it moves.
    @inline(__always)
    package var rowWrites: UInt64 { storage.rows.writes &+ storage.sideUnits.writes }

    /// The slot of the window at `index` in the window order, if it holds that window's map.
    /// ``noteQueryForHitMaps()`` has emptied every slot since the last edit.
    @inline(__always)
    func readyHitMap(_ index: Int, _ window: Int32) -> UnsafePointer<HitMapSlot>? {
        guard query.hitMapCount > 0 && index < HitMapSlot.count else { return nil }
        let slot = UnsafePointer(query.hitMapSlots.base + index)
        return slot.pointee.cells != nil && slot.pointee.window == window ? slot : nil
    }

    /// Counts a query of an unchanged store: retires the maps of an edited one, and once the
    /// policy's count of queries with no edit between them is reached, builds the maps of the
    /// front-most plain windows that pay (``HitMapSlot/count`` of them at most). After that, until
    /// the next edit, queries count nothing (``QueryState/hitMapQueries`` is `Int32.max`).
    @inline(never)
    func noteQueryForHitMaps() {
        let stamp = rowWrites
        if query.hitMapStamp != stamp {
            query.hitMapsSettledAt = .max
            if query.hitMapCount > 0 { retireHitMaps() }
            query.hitMapStamp = stamp
            query.hitMapQueries = 0
        }
        guard query.hitMapQueries < .max else { return }
        guard query.hitMapThreshold < .max else {
            // A policy that never builds: settled at once.
            query.hitMapQueries = .max
            query.hitMapsSettledAt = stamp
            return
        }
        query.hitMapQueries += 1
        guard query.hitMapQueries >= query.hitMapThreshold else { return }
        query.hitMapQueries = .max
        query.hitMapsSettledAt = stamp
        let policy = hitMapPolicy
        // Too few views in the whole store: no window's map would pay (and nothing is allocated).
        guard liveViewCount >= policy.minimumViews else { return }
        for index in 0..<Swift.min(lookups.windowOrder.count, HitMapSlot.count) {
            let window = lookups.windowOrder[index]
            var map = lookups.retiredHitMaps.maps.popLast() ?? WindowHitMap()
            // A snapshot may share a retired map: its cells are never written again.
            if !isKnownUniquelyReferenced(&map) { map = WindowHitMap() }
            guard buildHitMap(window: window, policy: policy, into: map) else {
                lookups.retiredHitMaps.maps.append(map)
                continue
            }
            hitMapBuilds += 1
            query.hitMapCount += 1
            lookups.hitMaps[index] = map
            query.hitMapSlots.base[index] = HitMapSlot(window: window, validAt: stamp, map: map)
        }
    }

    /// Drops every window's map; queries count again from the next. Called for any edit (by the
    /// next query) and whenever the window order changes: a slot's place is its window's.
    func retireHitMaps() {
        for index in 0..<HitMapSlot.count {
            // Kept for the next build, so that building again allocates nothing.
            if let map = lookups.hitMaps[index] { lookups.retiredHitMaps.maps.append(map) }
            lookups.hitMaps[index] = nil
            query.hitMapSlots.base[index] = HitMapSlot()
        }
        query.hitMapCount = 0
        query.hitMapStamp = .max
        query.hitMapsSettledAt = .max
    }

    /// How many windows have a hit map now (``hitMapPolicy``): 0 from any edit on (the next
    /// query retires the maps an edit made stale).
    public var hitMapCount: Int { query.hitMapStamp == rowWrites ? query.hitMapCount : 0 }

    /// The bytes the windows' maps hold.
    var hitMapBytes: Int {
        lookups.hitMaps.reduce(0) { $0 + ($1?.allocatedBytes ?? 0) }
            + lookups.retiredHitMaps.allocatedBytes
            + HitMapSlot.count * MemoryLayout<HitMapSlot>.stride
    }

    /// How far the reference's edges may lie from the painted ones, in points, on a path `depth`
    /// views deep whose coordinates stay within `magnitude`: every level of the plain map rounds
    /// twice (`p − center`, `+ size / 2`) and painting sums the origins with about as many, each
    /// within an ulp of `magnitude`. Sixteen times that, so the band holds with room to spare.
    static func hitMapTolerance(depth: Int, magnitude: Double) -> Double {
        Double(depth + 4) * magnitude * 0x1p-48
    }

    // MARK: Painting

    /// Paints the hit map of `window` into `map` (see ``WindowHitMap``); false when it would not
    /// pay or cannot be exact: the window is not a plain rectangle, has too few views, its
    /// coordinates are too large for the cells, or painting would write too many cells.
    func buildHitMap(window: Int32, policy: HitMapPolicy, into map: WindowHitMap) -> Bool {
        // The build's working lists, freed when it ends: a store keeps no room for a build it may
        // never make again.
        var paintOps: [HitMapPaintOp] = [], pending: [HitMapPendingView] = [], depths: [Int32] = []
        // Only a plain window's query looks for its map.
        guard flags[window].rawValue & RowFlags.offPlainPath.rawValue == 0 else { return false }
        let windowGeometry = geometry[window]
        let width = windowGeometry.width, height = windowGeometry.height
        guard width > 0, height > 0, (width * height).isFinite else { return false }
        // Where a query finds its cell from the screen point alone (``HitMapSlot/cell(at:)``):
        // within a few ulps of the window's own map, which the guard band covers.
        let origin = SIMD2(windowGeometry.centerX - 0.5 * width, windowGeometry.centerY - 0.5 * height)

        // Views in painter's order: a view, then its subviews' subtrees back to front.
        var magnitude = Swift.max(abs(windowGeometry.centerX) + width, abs(windowGeometry.centerY) + height)
        var deepest = 0
        // Views covered by their front-most subview, left unpainted (``coveringSubview(of:originX:originY:_:_:_:_:)``).
        var covered = 0
        func pushSubviews(of row: Int32, depth: Int32, originX: Double, originY: Double,
                          _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            var child = lastChild[row]
            while child != noRow {
                pending.append(HitMapPendingView(row: child, parentDepth: depth, edgeParent: row, edgeParentDepth: depth,
                                                 originX: originX, originY: originY, x0: x0, y0: y0, x1: x1, y1: y1))
                child = previousSibling[child]
            }
        }
        pushSubviews(of: window, depth: 0, originX: 0, originY: 0, 0, 0, width, height)
        let unhittable = RowFlags.unhittable.rawValue
        let opaque = RowFlags.slowPath.rawValue | RowFlags.generalTransform.rawValue
        while let view = pending.popLast() {
            let f = flags[view.row].rawValue
            // A custom hit test replaces every step, the unhittable flags' included.
            if f & unhittable != 0 && f & RowFlags.customHitTest.rawValue == 0 { continue }
            let depth = Int(view.parentDepth) + 1
            deepest = Swift.max(deepest, depth)
            let g = geometry[view.row]
            let left = view.originX + (g.centerX - 0.5 * g.width)
            let top = view.originY + (g.centerY - 0.5 * g.height)
            if f & opaque != 0 || !left.isFinite || !top.isFinite {
                // Somewhere inside its footprint, or anywhere its superview is entered.
                var box = (view.x0, view.y0, view.x1, view.y1)
                if left.isFinite, top.isFinite, let footprint = footprint(of: view.row) {
                    let x = view.originX + footprint.origin.x, y = view.originY + footprint.origin.y
                    box = (Swift.max(box.0, x), Swift.max(box.1, y),
                           Swift.min(box.2, x + footprint.size.width), Swift.min(box.3, y + footprint.size.height))
                    magnitude = Swift.max(magnitude, abs(x) + footprint.size.width, abs(y) + footprint.size.height)
                }
                if box.0 < box.2 && box.1 < box.3 {
                    paintOps.append(HitMapPaintOp(row: view.row, parent: view.edgeParent, parentDepth: view.edgeParentDepth,
                                                  depth: Int32(depth), plain: false, x0: box.0, y0: box.1, x1: box.2, y1: box.3))
                }
                continue
            }
            magnitude = Swift.max(magnitude, abs(left) + g.width, abs(top) + g.height,
                                  abs(g.centerX) + g.width, abs(g.centerY) + g.height)
            let x0 = Swift.max(view.x0, left), y0 = Swift.max(view.y0, top)
            let x1 = Swift.min(view.x1, left + g.width), y1 = Swift.min(view.y1, top + g.height)
            // Its subviews are entered only inside it: an empty intersection hides them too.
            guard x0 < x1 && y0 < y1 else { continue }
            if let cover = coveringSubview(of: view.row, originX: left, originY: top, x0, y0, x1, y1) {
                // Painting the view, the subviews behind `cover`, then `cover` ends as painting
                // `cover` alone with the view's rule for the cells it covers in part: it covers
                // whole every cell the others do, and on the rest the view's rule leaves a start
                // shallower than the view, which no deeper view's rule changes. So a chain of
                // wrappers costs its area once, not once a level.
                pending.append(HitMapPendingView(row: cover, parentDepth: Int32(depth),
                                                 edgeParent: view.edgeParent, edgeParentDepth: view.edgeParentDepth,
                                                 originX: left, originY: top, x0: x0, y0: y0, x1: x1, y1: y1))
                covered += 1
                continue
            }
            paintOps.append(HitMapPaintOp(row: view.row, parent: view.edgeParent, parentDepth: view.edgeParentDepth,
                                          depth: Int32(depth), plain: true, x0: x0, y0: y0, x1: x1, y1: y1))
            pushSubviews(of: view.row, depth: Int32(depth), originX: left, originY: top, x0, y0, x1, y1)
        }
        // The views the map answers for: those painted and those their painted subviews cover.
        let views = paintOps.count + covered + 1
        guard views >= policy.minimumViews, magnitude.isFinite else { return false }

        // Cells: a power-of-two side, as many as the policy allows and no more.
        let perView = Swift.max(policy.cellsPerView, 1)
        let target = views > HitMapPolicy.maximumCells / perView ? HitMapPolicy.maximumCells : views * perView
        // From the largest power of two whose square fits the area per cell, up until the cells
        // fit; and a point at least. A half-point cell has a pixel centre (x.5) on every edge, in
        // the guard band, so every query at one would walk: a map of many views in a small window
        // (a deep chain, tiles of a point) would answer none of them.
        var exponent = Swift.max(0, Int((width * height / Double(target)).squareRoot().exponent))
        var columns = 0, cellRows = 0, scale = 1.0
        while true {
            scale = Double(sign: .plus, exponent: -exponent, significand: 1)
            let c = (width * scale).rounded(.up), r = (height * scale).rounded(.up)
            if c * r <= Double(target) { columns = Int(c); cellRows = Int(r); break }
            guard exponent < 1000 else { return false }
            exponent += 1
        }
        let tolerance = Self.hitMapTolerance(depth: deepest, magnitude: magnitude)
        let guardBand = tolerance * scale
        guard guardBand < 0.25 else { return false }

        let count = columns * cellRows
        map.prepare(columns: columns, cellRows: cellRows, pathRoom: deepest + 1, origin: origin, scale: scale,
                    guardBand: guardBand, fill: HitMapCell(row: window, generation: generation[window]))
        let cells = map.cells.base
        depths.append(contentsOf: repeatElement(0, count: count))
        var painted = 0
        let budget = 16 * count + 64 * paintOps.count
        let side = 1 / scale
        for op in paintOps {
            let i0 = op.x0 <= 0 ? 0 : Int(Swift.min(op.x0 * scale, Double(columns - 1)))
            let j0 = op.y0 <= 0 ? 0 : Int(Swift.min(op.y0 * scale, Double(cellRows - 1)))
            let i1 = Int(Swift.min((op.x1 * scale).rounded(.up), Double(columns))) - 1
            let j1 = Int(Swift.min((op.y1 * scale).rounded(.up), Double(cellRows))) - 1
            guard i0 <= i1 && j0 <= j1 else { continue }
            painted += (i1 - i0 + 1) * (j1 - j0 + 1)
            if painted > budget { return false }
            let answer = HitMapCell(row: op.row, generation: generation[op.row])
            let depth = op.depth
            for j in j0...j1 {
                let cy0 = Double(j) * side, cy1 = Double(j + 1) * side
                let coversRow = op.plain && op.y0 <= cy0 && cy1 <= op.y1
                for i in i0...i1 {
                    let k = j * columns + i
                    if coversRow && op.x0 <= Double(i) * side && Double(i + 1) * side <= op.x1 {
                        cells[k] = answer
                        depths[k] = depth
                    } else if depths[k] >= op.parentDepth {
                        // Part of the cell is the view's, the rest its earlier siblings' or its
                        // superview's: walk on from the superview.
                        cells[k] = HitMapCell(row: ~op.parent, generation: 0)
                        depths[k] = op.parentDepth
                    } else if cells[k].isAnswer {
                        cells[k].row = ~cells[k].row
                    }
                }
            }
        }
        // A cell that reaches past the window's right or bottom edge holds no answer: a point
        // in it may be outside the window, which only the window's own test can tell.
        if Double(columns) * side > width {
            for j in 0..<cellRows where cells[j * columns + columns - 1].isAnswer {
                cells[j * columns + columns - 1].row = ~cells[j * columns + columns - 1].row
            }
        }
        if Double(cellRows) * side > height {
            for i in 0..<columns where cells[(cellRows - 1) * columns + i].isAnswer {
                cells[(cellRows - 1) * columns + i].row = ~cells[(cellRows - 1) * columns + i].row
            }
        }
        return true
    }

    /// The front-most subview of `row` when it is a plain rectangle that covers `row`'s box
    /// `x0..<x1 × y0..<y1` (where `row` can be entered, in the window's coordinates; `row`'s
    /// corner at `originX, originY`), in the painter's arithmetic: then every point of the box
    /// that enters `row` enters it too, so neither `row` nor a subview behind it is the answer
    /// there. Its box is then `row`'s to the bit (the same `max` and `min`). A subview the map
    /// cannot see into (a transform, an override, `passThrough`, ...) is never taken for one:
    /// painted as such, every cell it touches would be a start, where `row` answers many.
    private func coveringSubview(of row: Int32, originX: Double, originY: Double,
                                 _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int32? {
        let child = lastChild[row]
        guard child != noRow else { return nil }
        let f = flags[child].rawValue
        let seenInto = RowFlags.unhittable.rawValue | RowFlags.slowPath.rawValue | RowFlags.generalTransform.rawValue
        guard f & seenInto == 0 else { return nil }
        let g = geometry[child]
        let left = originX + (g.centerX - 0.5 * g.width), top = originY + (g.centerY - 0.5 * g.height)
        // A non-finite corner fails every comparison.
        return left <= x0 && top <= y0 && x1 <= left + g.width && y1 <= top + g.height ? child : nil
    }
}

// MARK: Queries

extension RowReader {
    /// A window's query for `local` (inside it, in its coordinates) whose cell is not an answer:
    /// the plain walk from the cell's start, or from the window for a point near its cell's edge.
    @inline(__always)
    func walkMapped(window: Int32, local: Point, _ cell: HitMapCell?, _ slot: UnsafePointer<HitMapSlot>) -> PlainWalkEnd {
        if let cell, cell.start != window {
            return walkDown(to: cell.start, window: window, local, slot.pointee.path.unsafelyUnwrapped)
        }
        return walkPlainly(from: window, row(window), at: local)
    }

    /// Maps `local` (in `window`'s coordinates) down the ancestors of `start` to it, as the plain
    /// walk does level by level, and walks on from there: every point of the cell enters each of
    /// them, and nothing in front of them on the way.
    @inline(never)
    func walkDown(to start: Int32, window: Int32, _ local: Point, _ path: UnsafeMutablePointer<Int32>) -> PlainWalkEnd {
        var count = 0
        var r = start
        while r != window {
            path[count] = r
            count += 1
            r = row(r).pointee.parent
        }
        var p = local, parentPoint = local
        var record = row(window)
        while count > 0 {
            count -= 1
            record = row(path[count])
            parentPoint = p
            p = RowMaps.enterPlainly(p, record).0
        }
        if record.pointee.flags.rawValue & RowFlags.offFastPath.rawValue != 0 {
            // A wide container: the general step uses its grid.
            return .handOver(row: start, parentPoint: parentPoint)
        }
        return walkPlainly(from: start, record, at: p)
    }
}

extension HitMapSlot {
    /// The cell of `screenPoint` in the slot's window, or `nil` when the point is outside the
    /// cells or within the guard band of its cell's edge.
    ///
    /// From the screen point and the window's corner: that is within a few ulps of the point the
    /// window's own map gives, which the guard band covers. A cell that holds an answer lies
    /// inside the window (the build keeps none past its edges), so a point answered by its cell
    /// is inside the window too.
    ///
    /// The cell's column and row come without a conversion to an integer, which costs a range
    /// check a lane: adding 1.5 · 2⁵² to `u − ½` (where `u` is the point in cells, within
    /// `0 ≤ u < extent ≤ 2²⁰`) rounds it to a whole number held in the sum's low bits. That is
    /// `⌊u⌋`, or one off when `u` is near a whole number; then `u`'s offset in the cell it names
    /// is outside `0 < offset < 1`, so outside the guard band, and the query walks. An offset
    /// inside the band is exact (the cell's corner is), and then the cell is `⌊u⌋`, in range.
    @inline(__always)
    func cell(at screenPoint: Point) -> HitMapCell? {
        let magic = cellIndexMagic
        let u = (SIMD2(screenPoint.x, screenPoint.y) - origin) * scale
        let biased = (u - 0.5) + magic
        let offset = u - (biased - magic)
        let usable = (u .>= SIMD2<Double>()) .& (u .< extent)
            .& (offset .> guardLow) .& (offset .< guardHigh)
        let lanes = unsafeBitCast(usable, to: SIMD2<Int64>.self)
        guard _fastPath(lanes.x & lanes.y != 0) else { return nil }
        // The column and row plus the bias (``HitMapSlot/biasedCells``).
        let bi = UInt(biased.x.bitPattern), bj = UInt(biased.y.bitPattern)
        let i = Int(bitPattern: bi &- UInt(magic.bitPattern)), j = Int(bitPattern: bj &- UInt(magic.bitPattern))
        internalCheck(i >= 0 && i < Int(columns) && j >= 0 && j < Int(cellRows),
                      "cell (\(i), \(j)) outside the map")
        let address = biasedCells &+ (bj &* UInt(truncatingIfNeeded: columns) &+ bi) &* UInt(MemoryLayout<HitMapCell>.stride)
        return HitMapCell(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped.load(as: UInt64.self))
    }
}

/// One view as the painter sees it, in the window's coordinates.
struct HitMapPaintOp {
    var row: Int32
    /// Where a cell this view covers in part becomes a start: its superview, or, when it covers
    /// unpainted views (``ViewStore/coveringSubview(of:originX:originY:_:_:_:_:)``), the
    /// superview of the outermost of them, whose own rule that is.
    var parent: Int32
    var parentDepth: Int32
    /// The view's own depth, which the cells it covers whole keep.
    var depth: Int32
    /// Whether the view is a plain rectangle (`x0..<x1 × y0..<y1` is its hit area within its
    /// ancestors'), or one the map cannot see into (the box is where it might be entered).
    var plain: Bool
    var x0, y0, x1, y1: Double
}

/// A view waiting to be painted, with its superview's origin and hit area in the window's
/// coordinates.
struct HitMapPendingView {
    var row: Int32
    var parentDepth: Int32
    /// ``HitMapPaintOp/parent``: the superview, unless this view covers it.
    var edgeParent: Int32
    var edgeParentDepth: Int32
    var originX, originY: Double
    var x0, y0, x1, y1: Double
}

/// Retired hit maps, kept by the store so that the next build takes one's room (at most one per
/// slot) instead of allocating; ``ViewStore/shrinkToFit()`` frees them.
final class RetiredHitMaps {
    var maps: [WindowHitMap] = []

    /// Frees the retired maps.
    func release() { maps = [] }

    var allocatedBytes: Int { maps.reduce(0) { $0 + $1.allocatedBytes } }
}
