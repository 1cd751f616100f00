// Behaviour A1's `convert(_:to:)` and `convert(_:from:)` for points and rects, between any two views,
// across windows through screen coordinates.

/// Where a point or rect is expressed: on the screen, or in one view's own coordinates.
public enum CoordinateSpace: Hashable, Sendable {
    /// Screen coordinates: where windows are placed, by their center, bounds and transform.
    case screen
    /// The view's own coordinates, those of its bounds.
    case view(ViewID)
}

extension ViewStore {
    /// Converts a point between two coordinate spaces. Views of one tree convert through their
    /// nearest common ancestor; views of different windows through the screen (a window's
    /// `center`, `bounds` and `transform` place it on the screen). Converting into a view with an
    /// uninvertible transform, or under one, gives a non-finite point.
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try forest.convertPoint(point, from: source, to: destination)
    }

    /// Converts a rect by converting its four corners and taking their bounding box.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        try forest.convertRect(rect, from: source, to: destination)
    }

    /// Converts a vector (a displacement, such as a gesture's translation, rather than a place):
    /// the conversion of the point at its tip less that of the origin, exactly as two calls of
    /// ``convert(_:from:to:)-(Point,_,_)`` would give, in one walk. The spaces' translations
    /// cancel; their scales and rotations apply.
    public func convertVector(_ vector: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try forest.convertVectorEnds(vector, from: source, to: destination)
    }

    /// The view-to-superview map, the inverse of ``convertIntoRow(_:_:)``:
    /// `p = T·(q − anchorOffset) + center`.
    func convertOutOfRow(_ q: Point, _ row: Int32) -> Point {
        chunkTableReader.convert(q, outOf: row)
    }

    /// The rows as a forest for one conversion: its chunk tables, taken now.
    private var forest: LiveForest { LiveForest(tables: chunkTableReader, store: StoreLink(self)) }
}

/// The live store's rows as a forest (``RowForest``), for one conversion: the store outlives it
/// (it is made and dropped inside the store's own method), and no edit runs while it reads.
private struct LiveForest: RowForest {
    let tables: ChunkTableReader
    let store: StoreLink

    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32 {
        guard store.with({ $0.contains(id) }) else { throw .staleHandle(id) }
        return id.index
    }
}
