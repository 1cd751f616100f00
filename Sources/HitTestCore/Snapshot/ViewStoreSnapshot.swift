/// An immutable copy of a ``ViewStore`` at one moment, which any thread may hit-test and convert
/// points on while the store's own thread goes on editing the store (``ViewStore/snapshot()``).
///
/// It answers exactly as the store would have at that moment (Behaviour A1 and A2), with two
/// differences. A view whose answer needs a closure (a custom `hitTest` or `pointInside`) makes
/// the query answer ``SnapshotAnswer/ask(_:)``, since only the store's thread may call it. And a
/// wide container's subviews are walked in order rather than through its grid: the same answer.
///
/// A snapshot shares its rows with the store and with other snapshots in 64-row chunks that no
/// one writes again (the store copies a chunk before writing it); it stays valid after its store
/// is gone. Queries allocate nothing for paths
/// up to ``inlineDepth`` views deep (deeper paths allocate scratch that doubles as it grows).
public final class ViewStoreSnapshot: @unchecked Sendable {
    // @unchecked: every stored property is a `let`, and the chunks behind `rows` and `units` are
    // never written once frozen (``ChunkedArray`` copies a chunk before writing it again).
    private let rows: FrozenChunks<RowRecord>
    private let units: FrozenChunks<SideUnit>
    /// The rows and units through their chunk tables, taken once: valid while `rows` and `units` live.
    let tables: ChunkTableReader
    /// The rows at the slab's base, when every row was in it at the freeze (``FrozenChunks/homeBase``).
    let slabRows: SlabRows?
    private let rowCount: Int32
    /// Window rows, front-most first.
    let windowOrder: [Int32]
    /// The number of live views in the snapshot.
    public let viewCount: Int
    /// The front window's hit map, when the store had one built at its write count when the
    /// snapshot was taken: shared, and never written again (the store builds a new one rather
    /// than reuse a map a snapshot holds). Its slot's path room is not shared: a query here walks
    /// from the window where the cell holds no answer.
    private let frontMap: WindowHitMap?
    let frontSlot: HitMapSlot

    /// The depth of path a query keeps on the thread's stack.
    public static let inlineDepth = 40

    init(rows: FrozenChunks<RowRecord>, units: FrozenChunks<SideUnit>, rowCount: Int32,
         windowOrder: [Int32], liveViewCount: Int, frontMap: (map: WindowHitMap, slot: HitMapSlot)? = nil) {
        self.frontMap = frontMap?.map
        var slot = frontMap?.slot ?? HitMapSlot()
        slot.path = nil
        frontSlot = slot
        self.rows = rows
        self.units = units
        tables = ChunkTableReader(rows: rows.chunkTable, units: units.chunkTable)
        slabRows = rows.slabRows
        self.rowCount = rowCount
        self.windowOrder = windowOrder
        self.viewCount = liveViewCount
    }

    /// Whether `id` named a live view when the snapshot was taken.
    public func contains(_ id: ViewID) -> Bool {
        guard id.index >= 0 && id.index < rowCount else { return false }
        let record = forest.row(id.index).pointee
        return record.generation == id.generation && record.flags.contains(.live)
    }

    /// Whether `id` can only name a view made after the snapshot was taken: its row did not exist
    /// yet, or held an older generation, or was free at `id`'s generation, the one a free row
    /// gives the next view made in it (a view destroyed before the snapshot left its row a
    /// generation past its handle's, except a retired row's last).
    /// Why `id` is refused: out of line, so that the queries' path keeps only the check.
    @inline(never)
    func refusal(of id: ViewID) -> ViewStoreError {
        madeLater(id) ? .madeAfterSnapshot(id) : .staleHandle(id)
    }

    func madeLater(_ id: ViewID) -> Bool {
        guard id.index >= 0 else { return false }
        guard id.index < rowCount else { return true }
        let record = forest.row(id.index).pointee
        return id.generation > record.generation
            || (id.generation == record.generation && !record.flags.contains(.live) && record.generation != .max)
    }

    /// The front-most view under a screen point, as ``ViewStore/hitTest(screenPoint:)`` would
    /// have answered when the snapshot was taken, or ``SnapshotAnswer/ask(_:)``.
    public func hitTest(screenPoint: Point) -> SnapshotAnswer {
        hitTestWindows(screenPoint)
    }

    /// Behaviour A2's `hitTest(p)` of `id` with `point` in its own coordinates, its own custom
    /// hit test included (which makes the answer ``SnapshotAnswer/ask(_:)``).
    public func hitTest(_ point: Point, in id: ViewID) throws(ViewStoreError) -> SnapshotAnswer {
        let forest = forest
        return forest.hitTest(try forest.liveRow(id), point)
    }

    /// Converts a point between two coordinate spaces, as ``ViewStore/convert(_:from:to:)-(Point,_,_)``.
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try forest.convertPoint(point, from: source, to: destination)
    }

    /// Converts a rect between two coordinate spaces, as ``ViewStore/convert(_:from:to:)-(Rect,_,_)``.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        try forest.convertRect(rect, from: source, to: destination)
    }

    /// Converts a vector between two coordinate spaces, as ``ViewStore/convertVector(_:from:to:)``.
    public func convertVector(_ vector: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try forest.convertVectorEnds(vector, from: source, to: destination)
    }

    /// The rows as a forest, read by value: valid while `self` lives, which every caller ensures.
    private var forest: SnapshotForest {
        SnapshotForest(tables: tables, slabRows: slabRows, owner: self)
    }
}
