/// The raw column pointers one hit-test query reads, taken once when the query starts.
///
/// Reading the store's columns through `self` in the inner loop costs a dynamic exclusivity
/// check per access (they are stored properties of a class); these copies cost nothing. They stay
/// valid for the whole query because the store refuses edits while a query runs
/// (``ViewStoreError/editDuringHitTest``), so no row column or side table can be reallocated. The
/// scratch stacks are not here: a nested query may grow them, so ``HitStack`` reloads them after
/// callbacks.
@usableFromInline
struct HitTestColumns {
    let geometry: UnsafeMutablePointer<RowGeometry>
    let flags: UnsafeMutablePointer<RowFlags>
    let parent: UnsafeMutablePointer<Int32>
    let lastChild: UnsafeMutablePointer<Int32>
    let previousSibling: UnsafeMutablePointer<Int32>
    let extrasIndex: UnsafeMutablePointer<Int32>
    let sideUnits: UnsafeMutablePointer<SideUnit>

    @inline(__always)
    init(_ store: ViewStore) {
        geometry = store.geometry.base
        flags = store.flags.base
        parent = store.parent.base
        lastChild = store.lastChild.base
        previousSibling = store.previousSibling.base
        extrasIndex = store.extrasIndex.base
        sideUnits = store.sideUnits.base
    }

    /// Behaviour A1's superview-to-view map: `q = T⁻¹·(p − center) + anchorOffset`, in the
    /// reference's order of operations. Converting into a view whose transform has no inverse
    /// gives a non-finite point.
    @inline(__always)
    func convert(_ p: Point, into row: Int32) -> Point {
        RowMaps.into(p, geometry[Int(row)], flags[Int(row)].rawValue, sideUnits + Int(extrasIndex[Int(row)]))
    }

    /// ``convert(_:into:)`` for a row with side units (`units`), from `v = p − center`. Static,
    /// with its inputs as values: as a method on `self` it made the compiler copy the column
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

    /// Whether the row's bounds contain `p`: the hit area of a row without
    /// ``RowFlags/customShape``, `[0, width) × [0, height)` with a finite, non-negative size.
    @inline(__always)
    func boundsContain(_ row: Int32, _ p: Point) -> Bool {
        Self.boundsContain(geometry[Int(row)], p)
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

    /// Whether the row's hit area contains `p`, for rows without a `pointInside` override: the
    /// bounds for a plain shape (four comparisons), else the precomputed hit area.
    @inline(__always)
    func hitAreaContains(_ row: Int32, _ p: Point) -> Bool {
        let f = flags[Int(row)].rawValue
        if f & RowFlags.customShape.rawValue != 0 {
            let unit = Int(extrasIndex[Int(row)]) + (f & RowFlags.transformed.rawValue != 0 ? 2 : 0)
            return sideUnits[unit].hitArea.contains(p)
        }
        return boundsContain(row, p)
    }
}
