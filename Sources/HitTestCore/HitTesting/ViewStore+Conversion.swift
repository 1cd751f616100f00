// Behaviour A1's `convert(_:to:)` and `convert(_:from:)` for points and rects, between any two views,
// across windows through screen coordinates.

/// Where a point or rect is expressed: on the screen, or in one view's own coordinates.
public enum CoordinateSpace: Hashable, Sendable {
    case screen
    case view(ViewID)
}

extension ViewStore: RowForest {
    /// Converts a point between two coordinate spaces. Views of one tree convert through their
    /// nearest common ancestor; views of different windows through the screen (a window's
    /// `center`, `bounds` and `transform` place it on the screen). Converting into a view with an
    /// uninvertible transform, or under one, gives a non-finite point.
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try convertPoint(point, from: source, to: destination)
    }

    /// Converts a rect by converting its four corners and taking their bounding box.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        try convertRect(rect, from: source, to: destination)
    }

    /// Converts a vector (a displacement, such as a gesture's translation, rather than a place):
    /// the conversion of the point at its tip less that of the origin, exactly as two calls of
    /// ``convert(_:from:to:)-(Point,_,_)`` would give, in one walk. The spaces' translations
    /// cancel; their scales and rotations apply.
    public func convertVector(_ vector: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try convertVectorEnds(vector, from: source, to: destination)
    }

    /// The view-to-superview map, the inverse of ``convertIntoRow(_:_:)``:
    /// `p = T·(q − anchorOffset) + center`.
    func convertOutOfRow(_ q: Point, _ row: Int32) -> Point {
        chunkTableReader.convert(q, outOf: row)
    }

    // MARK: RowForest

    func parentRow(_ row: Int32) -> Int32 { parent[row] }
    func isWindowRow(_ row: Int32) -> Bool { flags[row].contains(.window) }
    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32 { try row(id) }
    func mapIntoRow(_ p: Point, _ row: Int32) -> Point { convertIntoRow(p, row) }
    func mapOutOfRow(_ q: Point, _ row: Int32) -> Point { convertOutOfRow(q, row) }
}
