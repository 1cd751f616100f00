/// How one hit-test query reaches rows and side units, taken once when the query starts: the live
/// store's (``ViewStore/rows``) or a snapshot's, read the same way. Two kinds: ``ChunkTableReader``
/// finds a row through the chunk table; ``SlabReader`` at the slab's base plus its index, when
/// every chunk is in the slab (``SlabRows``). A query is compiled for each kind.
///
/// A reader stays valid for the whole query: the store refuses edits while a query runs
/// (``ViewStoreError/editDuringHitTest``), so no chunk is copied, no table grows and the slab
/// does not move, and a snapshot's tables never change. The scratch stacks are not here: a
/// nested query may grow them, so ``HitStack`` reloads them after callbacks.
@usableFromInline
protocol RowReader {
    /// Row `r`'s record, `r` ≥ 0.
    func row(_ r: Int32) -> RowPointer
    /// The record a ``RowLink`` names (not ``RowLink/none``).
    func row(link: Int32) -> RowPointer
    /// The link of `record`, which `link` names: read back from the record's address where the
    /// reader can, so that a loop that follows links need not keep the current one.
    func link(of record: RowPointer, _ link: Int32) -> Int32
    /// The side units' chunk table.
    var units: ChunkTable<SideUnit> { get }
}

/// Rows read through the chunk table: one load more a row than ``SlabReader``, and valid always.
@usableFromInline
struct ChunkTableReader: RowReader {
    @usableFromInline let rows: ChunkTable<RowRecord>
    @usableFromInline let units: ChunkTable<SideUnit>

    @inlinable @inline(__always)
    init(rows: ChunkTable<RowRecord>, units: ChunkTable<SideUnit>) {
        self.rows = rows
        self.units = units
    }

    @inlinable @inline(__always)
    func row(_ r: Int32) -> RowPointer { rows.element(r) }

    @inlinable @inline(__always)
    func row(link: Int32) -> RowPointer { rows.element(RowLink.row(link)) }

    @inlinable @inline(__always)
    func link(of record: RowPointer, _ link: Int32) -> Int32 { link }
}

/// Rows read at the slab's base plus their index: a row's address depends on nothing but its
/// index, so the next sibling's record is one load (its link) away from the last one's, not two.
@usableFromInline
struct SlabReader: RowReader {
    @usableFromInline let rows: SlabRows
    @usableFromInline let units: ChunkTable<SideUnit>

    @inlinable @inline(__always)
    init(rows: SlabRows, units: ChunkTable<SideUnit>) {
        self.rows = rows
        self.units = units
    }

    @inlinable @inline(__always)
    func row(_ r: Int32) -> RowPointer { rows.row(r) }

    /// A link is its record's byte offset from the base: one add, where a row needs a shift
    /// first, on the path from one sibling to the next (see ``RowLink``).
    @inlinable @inline(__always)
    func row(link: Int32) -> RowPointer { rows.row(link: link) }

    /// The record's own link: its offset from the base, so the loop need not keep it.
    @inlinable @inline(__always)
    func link(of record: RowPointer, _ link: Int32) -> Int32 { rows.link(of: record) }
}

/// The reads every query makes, the same on either kind of reader.
extension RowReader {
    /// The inverse transform of a row flagged ``RowFlags/generalTransform``, which always has
    /// side units (so no check for none).
    @inline(__always)
    func inverseTransformUnit(_ record: RowPointer) -> UnitPointer {
        let first = Int(UInt32(bitPattern: record.pointee.firstSideUnit))
        return units.element(first, inRun: first..<first + record.pointee.flags.sideUnitCount)
    }

    /// Whether a plain row's subviews can be entered at `p`, in its coordinates: true unless it
    /// has a ``RowFlags/subviewReach`` that does not hold `p` (ViewStore+SubviewReach.swift).
    /// A plain row has no shape units, so its reach unit follows its transform's, if any: its
    /// ``RowFlags/reachUnitOffset``, read from one bit. A singularly transformed row has units
    /// too, but is never entered, so never asked (testing both bits cost 1 Ir a query).
    @inline(__always)
    func subviewsReach(_ record: RowPointer, _ f: UInt32, _ p: Point) -> Bool {
        guard f & RowFlags.subviewReach.rawValue != 0 else { return true }
        internalCheck(f & RowFlags.customShape.rawValue == 0, "a plain row's reach follows its transform's units")
        let first = Int(UInt32(bitPattern: record.pointee.firstSideUnit))
        let unit = first + (f & RowFlags.generalTransform.rawValue != 0 ? 2 : 0)
        return units.element(unit, inRun: first..<first + RowFlags(rawValue: f).sideUnitCount).load(ReachUnit.self).holds(p)
    }

    /// The row's first side unit, its run the room; not to be asked of a row that has none.
    @inline(__always)
    func sideUnits(_ record: RowPointer) -> UnitPointer {
        let first = Int(record.pointee.firstSideUnit)
        return units.element(first, inRun: first..<first + record.pointee.flags.sideUnitCount)
    }

    /// Behaviour A1's superview-to-view map: `q = T⁻¹·(p − center) + anchorOffset`, in the
    /// reference's order of operations. Converting into a view whose transform has no inverse
    /// gives a non-finite point.
    @inline(__always)
    func convert(_ p: Point, into row: Int32) -> Point {
        let record = self.row(row)
        return RowMaps.into(p, record.pointee.geometry, record.pointee.flags.rawValue, sideUnits(record))
    }

    /// The view-to-superview map, the inverse of ``convert(_:into:)``.
    func convert(_ q: Point, outOf row: Int32) -> Point {
        let record = self.row(row)
        return RowMaps.outOf(q, record.pointee.geometry, record.pointee.flags.rawValue, sideUnits(record))
    }

    /// The top of `row`'s tree, by the rows' parent links (`row` when it has no parent).
    func rootRow(of row: Int32) -> Int32 {
        var r = row
        while true {
            let up = self.row(r).pointee.parent
            if up == noRow { return r }
            r = up
        }
    }

    /// Whether `row` is `ancestor` or lies under it, by the rows' parent links.
    func isDescendantOrSelf(_ row: Int32, of ancestor: Int32) -> Bool {
        var r = row
        while r != noRow {
            if r == ancestor { return true }
            r = self.row(r).pointee.parent
        }
        return false
    }

    /// Whether the row's hit area contains `p`, for rows without a `pointInside` override: the
    /// bounds for a plain shape (four comparisons), else its shape's hit area.
    @inline(__always)
    func hitAreaContains(_ record: RowPointer, _ p: Point) -> Bool {
        let f = record.pointee.flags
        if f.rawValue & RowFlags.customShape.rawValue != 0 {
            return sideUnits(record).advanced(by: f.shapeUnitOffset).load(ShapeUnit.self).hitArea.contains(p)
        }
        return RowMaps.boundsContain(record.pointee.geometry, p)
    }

    @inline(__always)
    func hitAreaContains(_ row: Int32, _ p: Point) -> Bool {
        hitAreaContains(self.row(row), p)
    }
}
