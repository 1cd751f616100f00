// The store's state that edits and queries read on every call, in three groups, each held by one
// `@exclusivity(unchecked)` property of ``ViewStore`` (`columns`, `query`, `tables`).
//
// Why unchecked: every access to a class's stored `var` otherwise pays a dynamic exclusivity
// check (a thread-local access set), which dominated edits and queries in profiles.
//
// Why no two accesses can overlap (the invariant the annotation promises, for all three groups):
// - the store is used from its owner thread only: it is not `Sendable`, and snapshots read
//   frozen chunks (``FrozenColumn``), never these groups;
// - every access lasts one expression: the accessors below yield one field, and no method holds
//   an `inout` to a group across a call out (an override closure or a nested query
//   reads and writes the groups only between the caller's accesses; ``LiveHitHost`` saves and
//   restores the scratch counters around such a call);
// - edits are refused while a query is under way (`query.queriesCallingOut`: only a closure the
//   query calls can try one), so a closure called by a query cannot change the rows under it.

/// The rows and side units: what every query reads and every edit writes.
@usableFromInline
struct StoreColumns {
    /// Every row as one record, in chunks shared with the snapshots (``RowRecord``). The
    /// per-field views (``ViewStore/geometry``, ``ViewStore/flags``, …) read and write one field
    /// of a row.
    @usableFromInline var rows = ChunkedColumn<RowRecord>()
    /// Rows `0..<rowCount` have been written.
    @usableFromInline var rowCount: Int32 = 0
    /// Each row's inverse and forward transform and shape, as it uses them (``SideUnit``),
    /// indexed by the row's `extrasIndex`.
    @usableFromInline var sideUnits = ChunkedColumn<SideUnit>()
}

/// A query's scratch stacks and the work it leaves for after the outermost query.
@usableFromInline
struct QueryState {
    /// ``HitStack``'s point stack: one point per level of the current path.
    @usableFromInline private(set) var frames = Column<Point>(capacity: 64)
    /// The point stack's first free entry: a custom hit test calling back into the engine
    /// stacks its query above the one that called it. With ``framesEnd``, kept as pointers
    /// beside the column so that a query's room is two loads, not three and their arithmetic.
    @usableFromInline private(set) var firstFreeFrame: UnsafeMutablePointer<Point>
    /// `frames.base + frames.capacity`.
    @usableFromInline private(set) var framesEnd: UnsafeMutablePointer<Point>
    /// ``HitStack``'s frames for the views on the path that are not plain rectangles.
    @usableFromInline var slowFrames = Column<SlowFrame>(capacity: 8)
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

    init() {
        firstFreeFrame = frames.base
        framesEnd = frames.base + frames.capacity
    }

    /// Entries of the point stack in use by queries under way (called out of).
    var framesInUse: Int {
        get { firstFreeFrame - frames.base }
        set { firstFreeFrame = frames.base + newValue }
    }

    /// Doubles the point stack's room, keeping every entry (the queries a nested one is stacked
    /// on own the entries below it).
    mutating func growFrames() {
        let inUse = framesInUse
        frames.grow(to: frames.capacity * 2, keeping: frames.capacity)
        firstFreeFrame = frames.base + inUse
        framesEnd = frames.base + frames.capacity
    }
}

/// The lookups queries make off the plain path: overrides, the window order, the grids.
struct StoreTables {
    /// Rows' rarely set state, only for rows that set some of it (``RareExtras``).
    var rareExtras: [Int32: RareExtras] = [:]
    /// Live window rows, front-most first (Behaviour A2: higher level first, then shown last first).
    var windowOrder: [Int32] = []
    /// Grids of wide containers (rows flagged ``RowFlags/wideContainer``).
    var grids: [Int32: ContainerGrid] = [:]
}

// The two columns every edit and query reads by their own names (`rows[…]` through the row
// fields, `sideUnits[…]`); the other fields are read through their group.
extension ViewStore {
    @inlinable var rows: ChunkedColumn<RowRecord> {
        @inline(__always) get { columns.rows }
        @inline(__always) _modify { yield &columns.rows }
    }

    @inlinable var sideUnits: ChunkedColumn<SideUnit> {
        @inline(__always) get { columns.sideUnits }
        @inline(__always) _modify { yield &columns.sideUnits }
    }
}
