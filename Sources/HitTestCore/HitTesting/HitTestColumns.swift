/// The tables one hit-test query reads, taken once when the query starts: the live store's
/// (``ViewStore/rows``) or a snapshot's, read the same way. Two kinds: ``HitTestColumns`` reads a
/// row through the chunk table; ``SlabColumns`` finds it at the slab's base plus its index, when
/// every chunk is in the slab (``ChunkedColumn/homeBase``). A query is compiled for each kind.
///
/// The tables stay valid for the whole query: the store refuses edits while a query runs
/// (``ViewStoreError/editDuringHitTest``), so no chunk is copied, no table grows and the slab
/// does not move, and a snapshot's tables never change. The scratch stacks are not here: a
/// nested query may grow them, so ``HitStack`` reloads them after callbacks.
@usableFromInline
protocol HitTestTables {
    /// Row `r`'s 64-byte record (``RowRecord``), `r` ≥ 0.
    func row(_ r: Int32) -> UnsafeMutablePointer<RowRecord>
    /// The record a ``RowLink`` names (not ``RowLink/none``).
    func row(link: Int32) -> UnsafeMutablePointer<RowRecord>
    /// The link of `record`, which `link` names: read back from the record's address where the
    /// tables can, so that a loop that follows links need not keep the current one.
    func link(of record: UnsafeMutablePointer<RowRecord>, _ link: Int32) -> Int32
    /// The side units' chunk table (biased, as ``ChunkedColumn/table``).
    var units: UnsafePointer<UnsafeMutablePointer<SideUnit>> { get }
}

/// Rows read through the chunk table: one load more a row than ``SlabColumns``, and valid always.
@usableFromInline
struct HitTestColumns: HitTestTables {
    let rows: UnsafePointer<UnsafeMutablePointer<RowRecord>>
    @usableFromInline let units: UnsafePointer<UnsafeMutablePointer<SideUnit>>

    static var chunkShift: Int { ChunkedColumn<RowRecord>.chunkShift }

    @inline(__always)
    init(rows: UnsafePointer<UnsafeMutablePointer<RowRecord>>, units: UnsafePointer<UnsafeMutablePointer<SideUnit>>) {
        self.rows = rows
        self.units = units
    }

    @inline(__always)
    init(_ store: ViewStore) {
        self.init(rows: store.rows.chunks, units: store.sideUnits.chunks)
    }

    /// The tables' entries are biased (``ChunkedColumn/table``), and `r` is widened without sign
    /// extension: a 32-bit load already zero-extends it.
    @inline(__always)
    @usableFromInline func row(_ r: Int32) -> UnsafeMutablePointer<RowRecord> {
        let i = Int(UInt32(bitPattern: r))
        return rows[i &>> Self.chunkShift] + i
    }

    @inline(__always)
    @usableFromInline func row(link: Int32) -> UnsafeMutablePointer<RowRecord> { row(RowLink.row(link)) }

    @inline(__always)
    @usableFromInline func link(of record: UnsafeMutablePointer<RowRecord>, _ link: Int32) -> Int32 { link }

    /// ``convert(_:into:)`` for a row with side units (`units`), from `v = p − center`. Static,
    /// with its inputs as values: as a method on `self` it made the compiler copy the table
    /// pointers to memory at every level of the caller.
    @inline(__always)
    static func convertSlowly(_ v: Point, _ g: RowGeometry, _ f: UInt32, _ units: UnsafePointer<SideUnit>) -> Point {
        if f & RowFlags.singularTransform.rawValue != 0 { return Point(x: .nan, y: .nan) }
        var v = v
        var unit = units
        if f & RowFlags.generalTransform.rawValue != 0 {
            v = unit.pointee.transform.apply(to: v)
            unit += 2
        }
        let offset = f & RowFlags.customShape.rawValue != 0
            ? unit.pointee.anchorOffset : Point(x: 0.5 * g.width, y: 0.5 * g.height)
        return Point(x: v.x + offset.x, y: v.y + offset.y)
    }

    @inline(__always)
    static func boundsContain(_ g: RowGeometry, _ p: Point) -> Bool {
        // The reference's `origin + width` with the origin at +0. Taking the origin as `0 · size`
        // (exactly +0 for a finite size) rather than a literal keeps the compiler's two lane-wise
        // comparisons and single branch; with a literal it emits a branch per comparison, and a
        // sibling's x and y outcomes are hard to predict (random-1000-shallow 18 → 24 ns).
        let x0 = 0 * g.width, y0 = 0 * g.height
        return x0 <= p.x && p.x < x0 + g.width && y0 <= p.y && p.y < y0 + g.height
    }

    /// The plain map (see ``RowGeometry``: the anchor offset is half the size) of `outer` into
    /// the plain rectangle `record`, and whether its bounds contain the result:
    /// ``boundsContain(_:_:)-swift.type.method`` after `outer − center + 0.5 · size`. Both lanes
    /// at once: the scalar form moved each coordinate in and out of a vector register (chain-1000:
    /// 45 → 39 Ir a level). The same arithmetic lane by lane, so the same bits as the reference.
    @inline(__always)
    static func enterPlainly(_ outer: Point, _ record: UnsafeMutablePointer<RowRecord>) -> (Point, Bool) {
        enter(fromCenter: fromCenter(outer, record), record)
    }

    /// The first step of the plain map: `outer − center`, both lanes at once.
    @inline(__always)
    static func fromCenter(_ outer: Point, _ record: UnsafeMutablePointer<RowRecord>) -> SIMD2<Double> {
        SIMD2(outer.x, outer.y) - plainGeometry(record).center
    }

    /// The inverse transform at `unit` applied to `v`, by ``AffineTransform/apply(to:)``: the
    /// same operations as the general step's, so the same bits.
    @inline(__always)
    static func inverseTransformed(_ v: SIMD2<Double>, _ unit: UnsafePointer<SideUnit>) -> SIMD2<Double> {
        let q = unit.pointee.transform.apply(to: Point(x: v.x, y: v.y))
        return SIMD2(q.x, q.y)
    }

    /// The last step of the plain map, `v + 0.5 · size` from `v = outer − center` (transformed
    /// when the row is), and the bounds test: the point in the row's coordinates, and whether
    /// the row's bounds contain it.
    @inline(__always)
    static func enter(fromCenter v: SIMD2<Double>, _ record: UnsafeMutablePointer<RowRecord>) -> (Point, Bool) {
        let size = plainGeometry(record).size
        let p = v + 0.5 * size
        // The size is finite and non-negative off ``RowFlags/customShape``: the bounds test is
        // `0 ≤ p < size`, and a NaN lane fails it. `p < size` is written `!(size ≤ p)`, true for
        // a NaN lane, which `0 ≤ p` already fails: the comparison then writes over the size's
        // register, which nothing reads after it, instead of a copy of `p` (32.1 → 31.1 Ir a
        // level). Each lane of the mask is all ones or zero: both lanes' AND is nonzero exactly
        // when both hold, which compiles to `movmskpd` and a compare, where `all()` took five
        // instructions (two moves out, a shuffle, an AND, a shift).
        let inside = unsafeBitCast((p .>= SIMD2<Double>()) .& .!(size .<= p), to: SIMD2<Int64>.self)
        return (Point(x: p.x, y: p.y), inside.x & inside.y != 0)
    }

    /// The record's center and size as two vectors, read with the vectors' 16-byte alignment.
    ///
    /// Unsafe, fenced here: a record starts a cache line (``ColumnChunk`` aligns its elements to
    /// 64 bytes, and a record is 64 bytes) and its geometry's four doubles come first, so both
    /// loads are aligned. Read as `Double` fields, the compiler knows only 8-byte alignment and
    /// must load each pair into a register first; aligned, it folds them into the arithmetic's
    /// operands (chain-1000: 33.1 → 32.1 Ir a level).
    @inline(__always)
    static func plainGeometry(_ record: UnsafeMutablePointer<RowRecord>) -> (center: SIMD2<Double>, size: SIMD2<Double>) {
        assert(Int(bitPattern: record) & (MemoryLayout<SIMD2<Double>>.alignment - 1) == 0
               && MemoryLayout<RowRecord>.offset(of: \.geometry.centerX) == 0
               && MemoryLayout<RowRecord>.offset(of: \.geometry.centerY) == 8
               && MemoryLayout<RowRecord>.offset(of: \.geometry.width) == 16
               && MemoryLayout<RowRecord>.offset(of: \.geometry.height) == 24,
               "a record's geometry is read as two aligned vectors")
        let raw = UnsafeRawPointer(record)
        return (raw.load(as: SIMD2<Double>.self), raw.load(fromByteOffset: 16, as: SIMD2<Double>.self))
    }

}

/// Rows read at the slab's base plus their index: a row's address depends on nothing but its
/// index, so the next sibling's record is one load (its link) away from the last one's, not two.
/// Random-100000-shallow: 399.2 → 367.2 Ir a query, and 46.7 → 32.8 ns in full runs (the
/// benchmark's fast mode), the load saved being on the critical path.
@usableFromInline
struct SlabColumns: HitTestTables {
    let base: UnsafeMutablePointer<RowRecord>
    @usableFromInline let units: UnsafePointer<UnsafeMutablePointer<SideUnit>>

    @inline(__always)
    init(base: UnsafeMutablePointer<RowRecord>, units: UnsafePointer<UnsafeMutablePointer<SideUnit>>) {
        self.base = base
        self.units = units
    }

    @inline(__always)
    @usableFromInline func row(_ r: Int32) -> UnsafeMutablePointer<RowRecord> {
        base + Int(UInt32(bitPattern: r))
    }

    /// A link is its record's byte offset from the base: one add, where a row needs a shift
    /// first, on the path from one sibling to the next (see ``RowLink``).
    @inline(__always)
    @usableFromInline func row(link: Int32) -> UnsafeMutablePointer<RowRecord> {
        (UnsafeMutableRawPointer(base) + Int(link)).assumingMemoryBound(to: RowRecord.self)
    }

    /// The record's own link: its offset from the base, so the loop need not keep it.
    @inline(__always)
    @usableFromInline func link(of record: UnsafeMutablePointer<RowRecord>, _ link: Int32) -> Int32 {
        Int32(truncatingIfNeeded: UnsafeMutableRawPointer(record) - UnsafeMutableRawPointer(base))
    }
}

/// The reads every query makes, the same on either kind of tables.
extension HitTestTables {
    /// The inverse transform of a row flagged ``RowFlags/generalTransform``, which always has
    /// side units (so no check for none).
    @inline(__always)
    func inverseTransformUnit(_ record: UnsafeMutablePointer<RowRecord>) -> UnsafePointer<SideUnit> {
        let unit = Int(UInt32(bitPattern: record.pointee.extrasIndex))
        return UnsafePointer(units[unit &>> HitTestColumns.chunkShift] + unit)
    }

    /// Whether a plain row's subviews can be entered at `p`, in its coordinates: true unless it
    /// has a ``RowFlags/subviewReach`` that does not hold `p` (ViewStore+SubviewReach.swift).
    /// A plain row has no shape units, so its reach unit follows its transform's, if any: its
    /// ``RowFlags/reachUnitOffset``, read from one bit. A singularly transformed row has units
    /// too, but is never entered, so never asked (testing both bits cost 1 Ir a query).
    @inline(__always)
    func subviewsReach(_ record: UnsafeMutablePointer<RowRecord>, _ f: UInt32, _ p: Point) -> Bool {
        guard f & RowFlags.subviewReach.rawValue != 0 else { return true }
        assert(f & RowFlags.customShape.rawValue == 0, "a plain row's reach follows its transform's units")
        let unit = Int(UInt32(bitPattern: record.pointee.extrasIndex))
            + (f & RowFlags.generalTransform.rawValue != 0 ? 2 : 0)
        let corners = UnsafeRawPointer(units[unit &>> HitTestColumns.chunkShift] + unit)
        // Unsafe, fenced here: a side unit is 16-byte aligned (48-byte units from a chunk aligned
        // to 64), and a reach unit's least corner comes first, its greatest next.
        let least = corners.load(as: SIMD2<Double>.self)
        let greatest = corners.load(fromByteOffset: 16, as: SIMD2<Double>.self)
        let v = SIMD2(p.x, p.y)
        let holds = unsafeBitCast((v .>= least) .& (v .<= greatest), to: SIMD2<Int64>.self)
        return holds.x & holds.y != 0
    }

    /// The row's side units (a run never straddles a chunk); not to be read when it has none.
    @inline(__always)
    func sideUnits(_ record: UnsafeMutablePointer<RowRecord>) -> UnsafePointer<SideUnit> {
        let unit = Int(record.pointee.extrasIndex)
        guard unit >= 0 else { return UnsafePointer(bitPattern: MemoryLayout<SideUnit>.alignment).unsafelyUnwrapped }
        return UnsafePointer(units[unit >> HitTestColumns.chunkShift] + unit)
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

    /// A window's first step for a screen point: the point in the window's coordinates, and
    /// whether the window is a plain view whose bounds contain it; `nil` when a plain window
    /// misses, so that no query is set up. A plain rectangle maps and tests in one step. A
    /// non-finite point stays non-finite through the map (an infinite coordinate times a zero
    /// entry is NaN), so it is never inside.
    @inline(__always)
    func enterWindow(_ window: Int32, _ screenPoint: Point) -> (local: Point, inside: Bool)? {
        let record = row(window)
        let f = record.pointee.flags.rawValue, g = record.pointee.geometry
        if f & RowFlags.offPlainPath.rawValue == 0 {
            let (local, inside) = HitTestColumns.enterPlainly(screenPoint, record)
            return inside ? (local, true) : nil
        }
        let local = RowMaps.into(screenPoint, g, f, sideUnits(record))
        if f & RowFlags.offFastPath.rawValue != 0 { return (local, false) }
        return HitTestColumns.boundsContain(g, local) ? (local, true) : nil
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
    /// bounds for a plain shape (four comparisons), else the precomputed hit area.
    @inline(__always)
    func hitAreaContains(_ record: UnsafeMutablePointer<RowRecord>, _ p: Point) -> Bool {
        let f = record.pointee.flags.rawValue
        if f & RowFlags.customShape.rawValue != 0 {
            return sideUnits(record)[f & RowFlags.transformed.rawValue != 0 ? 2 : 0].hitArea.contains(p)
        }
        return HitTestColumns.boundsContain(record.pointee.geometry, p)
    }

    @inline(__always)
    func hitAreaContains(_ row: Int32, _ p: Point) -> Bool {
        hitAreaContains(self.row(row), p)
    }
}
