// The store's state that edits and queries read on every call, in three groups, each held by one
// property of ``ViewStore`` (`storage`, `query`, `lookups`) that skips the dynamic exclusivity
// check in the normal build: the exclusivity promise (Promises.swift, promise 2).

/// The rows and side units: what every query reads and every edit writes.
@usableFromInline
struct RowStorage: ~Copyable {
    /// Every row as one record, in chunks shared with the snapshots (``RowRecord``). The
    /// per-field views (``ViewStore/geometry``, ``ViewStore/flags``, …) read and write one field
    /// of a row.
    @usableFromInline var rows = ChunkedArray<RowRecord>()
    /// Rows `0..<rowCount` have been written.
    @usableFromInline var rowCount: Int32 = 0
    /// The rows' side units (``SideUnit``), each row's run from its ``RowRecord/firstSideUnit``.
    @usableFromInline var sideUnits = ChunkedArray<SideUnit>()
    /// Units `0..<sideUnitsInUse` have been handed out (some may be on a free list).
    @usableFromInline var sideUnitsInUse = 0

    init() {}
}

/// A query's scratch stacks and the work it leaves for after the outermost query.
@usableFromInline
struct QueryState: ~Copyable {
    /// ``HitStack``'s point stack: one point per level of the current path.
    @usableFromInline private(set) var points = OwnedBuffer<Point>(capacity: 64)
    /// The point stack's first free entry: a custom hit test calling back into the engine
    /// stacks its query above the one that called it. With ``pointsEnd``, kept as pointers
    /// beside the buffer so that a query's room is two loads, not three and their arithmetic.
    @usableFromInline private(set) var firstFreePoint: UnsafeMutablePointer<Point>
    /// `points.base + points.capacity`.
    @usableFromInline private(set) var pointsEnd: UnsafeMutablePointer<Point>
    /// ``HitStack``'s frames for the views on the path that are not plain rectangles.
    @usableFromInline private(set) var slowFrames = OwnedBuffer<SlowFrame>(capacity: 8)
    @usableFromInline var slowFramesInUse = 0
    /// Queries under way that have called out to a view's closure (an override) and not yet
    /// returned: edits are refused while it is not zero, and work a query leaves waits until it
    /// is zero. Only a closure can run code while a query is under way, so a query that calls
    /// none needs no count (and pays none: two writes of the store a query).
    @usableFromInline var queriesCallingOut = 0
    /// Set when a query left work for after the outermost query (``ViewStore/processPendingWork()``).
    var hasPendingWork = false
    /// Wide containers a query entered without a ready grid (none yet, or a dirty one); handled
    /// after the outermost query. Fixed capacity: a query never allocates to record one.
    var pendingGridRows: [Int32] = []
    /// What a query reads of the front-most windows' hit maps, by place in the window order.
    private(set) var hitMapSlots = OwnedBuffer<HitMapSlot>(repeating: HitMapSlot(), count: HitMapSlot.count)
    /// The store's write count the maps (or their absence) belong to.
    var hitMapStamp: UInt64 = .max
    /// Queries since ``hitMapStamp`` towards the maps; `Int32.max` once they are made or refused.
    var hitMapQueries: Int32 = 0
    /// ``HitMapPolicy/queriesBeforeBuild`` of the store's policy, `Int32.max` for one that never builds.
    var hitMapThreshold = Int32(HitMapPolicy.standard.queriesBeforeBuild)
    /// Slots holding a map.
    var hitMapCount = 0
    /// ``hitMapStamp`` once the maps are made or refused (`.max` before): a query of an unedited
    /// store compares this alone.
    var hitMapsSettledAt: UInt64 = .max

    init() {
        firstFreePoint = points.base
        pointsEnd = points.base + points.capacity
    }

    /// Entries of the point stack in use by queries under way (called out of).
    var pointsInUse: Int {
        get { firstFreePoint - points.base }
        set { firstFreePoint = points.base + newValue }
    }

    /// Doubles the point stack's room, keeping every entry (the queries a nested one is stacked
    /// on own the entries below it).
    mutating func growPoints() {
        let inUse = pointsInUse
        points.grow(to: points.capacity * 2, keeping: points.capacity)
        firstFreePoint = points.base + inUse
        pointsEnd = points.base + points.capacity
    }

    /// Doubles the slow-frame stack's room, keeping every entry.
    mutating func growSlowFrames() {
        slowFrames.grow(to: slowFrames.capacity * 2, keeping: slowFrames.capacity)
    }
}

/// The lookups queries make off the plain path: overrides, the window order, the grids.
struct StoreLookups {
    /// Rows' rarely set state, only for rows that set some of it (``RareExtras``).
    var rareExtras: [Int32: RareExtras] = [:]
    /// Live window rows, front-most first (Behaviour A2: higher level first, then shown last first).
    var windowOrder: [Int32] = []
    /// Grids of wide containers (rows flagged ``RowFlags/wideContainer``).
    var grids: [Int32: ContainerGrid] = [:]
    /// The hit maps the query's slots (``QueryState/hitMapSlots``) point into, by the same place.
    var hitMaps = [WindowHitMap?](repeating: nil, count: HitMapSlot.count)
    /// What building the maps works in, and retired maps for the next builds to reuse.
    let retiredHitMaps = RetiredHitMaps()
    /// Where the last read of a subview by index stopped (``SubviewCursor``).
    var subviewCursor = SubviewCursor()
}

/// A row's rarely set state that the shape does not use: read by getters and by the calls to
/// overrides, never by the hit test's inner loop. Kept by row in a dictionary, only for rows that
/// set some of it, so that a transformed view's side units hold no closures.
struct RareExtras {
    var alpha: Double = 1
    var pointInsideOverride: ViewStore.PointInsideOverride?
    var hitTestOverride: ViewStore.HitTestOverride?
    var windowLevel: Double = 0
}

extension ViewStore {
    /// The rows as a query reads them: at the slab's base when every chunk is there, else
    /// through the chunk table.
    @inlinable @inline(__always)
    var slabRows: SlabRows? { storage.rows.slabRows(count: Int(storage.rowCount)) }

    /// The rows and side units through their chunk tables.
    @inlinable @inline(__always)
    var chunkTableReader: ChunkTableReader {
        ChunkTableReader(rows: storage.rows.chunkTable(count: Int(storage.rowCount)), units: sideUnitTable)
    }

    /// The side units' chunk table.
    @inlinable @inline(__always)
    var sideUnitTable: ChunkTable<SideUnit> { storage.sideUnits.chunkTable(count: storage.sideUnitsInUse) }
}
