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
    let hotExtras: UnsafeMutablePointer<HotExtras>

    @inline(__always)
    init(_ store: ViewStore) {
        geometry = store.geometry.base
        flags = store.flags.base
        parent = store.parent.base
        lastChild = store.lastChild.base
        previousSibling = store.previousSibling.base
        extrasIndex = store.extrasIndex.base
        hotExtras = store.hotExtras.base
    }

    /// Behaviour A1's superview-to-view map: `q = T⁻¹·(p − center) + anchorOffset`, in the
    /// reference's order of operations. Converting into a view whose transform has no inverse
    /// gives a non-finite point.
    @inline(__always)
    func convert(_ p: Point, into row: Int32) -> Point {
        let g = geometry[Int(row)]
        var v = Point(x: p.x - g.centerX, y: p.y - g.centerY)
        let f = flags[Int(row)].rawValue
        if f & (RowFlags.generalTransform.rawValue | RowFlags.singularTransform.rawValue) != 0 {
            if f & RowFlags.singularTransform.rawValue != 0 { return Point(x: .nan, y: .nan) }
            v = hotExtras[Int(extrasIndex[Int(row)])].inverse.apply(to: v)
        }
        return Point(x: v.x + g.anchorOffsetX, y: v.y + g.anchorOffsetY)
    }

    /// Whether the row's bounds contain `p`: the hit area of a row on the fast path (no
    /// ``RowFlags/customHitArea``), already standardized and finite, so four comparisons.
    @inline(__always)
    func boundsContain(_ row: Int32, _ p: Point) -> Bool {
        let g = geometry[Int(row)]
        return g.boundsX <= p.x && p.x < g.boundsX + g.boundsWidth
            && g.boundsY <= p.y && p.y < g.boundsY + g.boundsHeight
    }

    /// Whether the row's hit area contains `p`, for rows without a `pointInside` override: the
    /// bounds when they are the hit area (four comparisons), else the precomputed hit area.
    @inline(__always)
    func hitAreaContains(_ row: Int32, _ p: Point) -> Bool {
        if flags[Int(row)].rawValue & RowFlags.customHitArea.rawValue != 0 {
            return hotExtras[Int(extrasIndex[Int(row)])].hitArea.contains(p)
        }
        return boundsContain(row, p)
    }
}
