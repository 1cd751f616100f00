// Behaviour A1's conversions over any flat forest of rows: the live store's rows or a
// snapshot's records (``ViewStoreSnapshot``) answer them with the same code.

/// The rows a conversion reads: chunk tables taken once for the whole conversion, so each row
/// is one load through the table (the live store's tables cannot change during one: nothing
/// edits while it runs), and how to name a view's row.
protocol RowForest {
    var tables: ChunkTableReader { get }
    /// The row of a live view, or a ``ViewStoreError/staleHandle(_:)``.
    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32
}

extension RowForest {
    @inline(__always)
    func parentRow(_ r: Int32) -> Int32 { tables.row(r).pointee.parent }

    @inline(__always)
    func isWindowRow(_ r: Int32) -> Bool { tables.row(r).pointee.flags.contains(.window) }

    /// Behaviour A1's superview-to-view map.
    @inline(__always)
    func mapIntoRow(_ p: Point, _ r: Int32) -> Point { tables.convert(p, into: r) }

    /// The view-to-superview map.
    @inline(__always)
    func mapOutOfRow(_ q: Point, _ r: Int32) -> Point { tables.convert(q, outOf: r) }
}

/// What a conversion carries through the rows: one point, or a rect's four corners, each
/// mapped row by row exactly as a point alone would be, in one walk.
protocol RowMappedPoints {
    func mapped(_ map: (Point) -> Point) -> Self
}

extension Point: RowMappedPoints {
    @inline(__always)
    func mapped(_ map: (Point) -> Point) -> Point { map(self) }
}

extension Rect.Corners: RowMappedPoints {}

/// A vector's tip and its tail (the origin), carried down one walk: the vector is their
/// difference at the end, as if each had been converted on its own.
struct VectorEnds: RowMappedPoints {
    var tip: Point
    var tail = Point.zero

    @inline(__always)
    func mapped(_ map: (Point) -> Point) -> VectorEnds {
        VectorEnds(tip: map(tip), tail: map(tail))
    }

    var vector: Point { Point(x: tip.x - tail.x, y: tip.y - tail.y) }
}

extension RowForest {
    /// Converts a point between two coordinate spaces. Views of one tree convert through their
    /// nearest common ancestor; views of different windows through the screen (a window's
    /// `center`, `bounds` and `transform` place it on the screen). Converting into a view with an
    /// uninvertible transform, or under one, gives a non-finite point.
    func convertPoint(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try convert(point, from: source, to: destination)
    }

    /// Converts a rect by converting its four corners and taking their bounding box.
    func convertRect(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        try convert(Rect.Corners(rect), from: source, to: destination).boundingBox
    }

    /// Converts a vector (a displacement, not a place): its tip's conversion less its tail's,
    /// both ends carried down one walk.
    func convertVectorEnds(_ vector: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try convert(VectorEnds(tip: vector), from: source, to: destination).vector
    }

    /// ``convertPoint(_:from:to:)``'s walk, carrying `point`.
    private func convert<Points: RowMappedPoints>(_ point: Points, from source: CoordinateSpace,
                                                  to destination: CoordinateSpace) throws(ViewStoreError) -> Points
    {
        let sourceRow = try spaceRow(source), destinationRow = try spaceRow(destination)
        // Between the screen and a view (a touch's location in its window, a gesture's centroid
        // in a view), the walk below in one pass up the view's rows, which also finds its root.
        if sourceRow == noRow, destinationRow != noRow, case .view(let id) = destination {
            return try convertFromScreen(point, into: destinationRow, id)
        }
        if destinationRow == noRow, sourceRow != noRow, case .view(let id) = source {
            var p = point, r = sourceRow, root = sourceRow
            while r != noRow {
                p = p.mapped { mapOutOfRow($0, r) }
                root = r
                r = parentRow(r)
            }
            guard isWindowRow(root) else { throw .notInWindow(id) }
            return p
        }
        // Two views (or the screen to itself): the common ancestor, or noRow for "through the screen".
        // `steps`: the destination's rows below the meeting point, which map the point down.
        var meeting = noRow, steps = 0
        if sourceRow != noRow && destinationRow != noRow {
            let sourceUp = rootAndDepth(of: sourceRow), destinationUp = rootAndDepth(of: destinationRow)
            if sourceUp.root == destinationUp.root {
                let common = commonAncestor(sourceRow, sourceUp.depth, destinationRow, destinationUp.depth)
                meeting = common.row
                steps = destinationUp.depth - common.depth
            } else if !isWindowRow(sourceUp.root) || !isWindowRow(destinationUp.root),
                      case .view(let a) = source, case .view(let b) = destination {
                throw .unrelatedViews(a, b)
            } else {
                steps = destinationUp.depth + 1
            }
        }
        var p = point
        var r = sourceRow
        while r != meeting {
            p = p.mapped { mapOutOfRow($0, r) }
            r = parentRow(r)
        }
        guard steps > 0 else { return p }
        return mapDown(p, into: destinationRow, steps: steps)
    }

    /// `point` on the screen in `row`'s coordinates (the row of view `id`): the maps of its rows
    /// from its window down. A row outside every window has no place on the screen.
    @inline(__always)
    private func convertFromScreen<Points: RowMappedPoints>(_ point: Points, into row: Int32, _ id: ViewID)
        throws(ViewStoreError) -> Points
    {
        // A window (a touch's location in it): its own map.
        if parentRow(row) == noRow {
            guard isWindowRow(row) else { throw .notInWindow(id) }
            return point.mapped { mapIntoRow($0, row) }
        }
        var steps = 0, r = row, root = row
        while r != noRow {
            steps += 1
            root = r
            r = parentRow(r)
        }
        guard isWindowRow(root) else { throw .notInWindow(id) }
        return mapDown(point, into: row, steps: steps)
    }

    /// `p` mapped into `row` through the `steps` rows that end at it, top-down. A temporary
    /// buffer (on the stack for the usual depths) keeps a conversion free of heap allocation:
    /// the façade converts on every touch call.
    private func mapDown<Points: RowMappedPoints>(_ p: Points, into row: Int32, steps: Int) -> Points {
        if steps == 1 { return p.mapped { mapIntoRow($0, row) } }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: steps) { downward in
            var r = row
            for index in stride(from: steps - 1, through: 0, by: -1) {
                downward[index] = r
                r = parentRow(r)
            }
            var p = p
            for row in downward { p = p.mapped { mapIntoRow($0, row) } }
            return p
        }
    }

    /// `row`'s root and its number of ancestors, in one walk.
    private func rootAndDepth(of row: Int32) -> (root: Int32, depth: Int) {
        var root = row, depth = 0, up = parentRow(row)
        while up != noRow { root = up; depth += 1; up = parentRow(up) }
        return (root, depth)
    }

    private func spaceRow(_ space: CoordinateSpace) throws(ViewStoreError) -> Int32 {
        switch space {
        case .screen: noRow
        case .view(let id): try liveRow(id)
        }
    }

    /// The nearest common ancestor of rows `a` and `b` of one tree, at depths `da` and `db`, and its depth.
    private func commonAncestor(_ a: Int32, _ da: Int, _ b: Int32, _ db: Int) -> (row: Int32, depth: Int) {
        var x = a, y = b, dx = da, dy = db
        while dx > dy { x = parentRow(x); dx -= 1 }
        while dy > dx { y = parentRow(y); dy -= 1 }
        while x != y { x = parentRow(x); y = parentRow(y); dx -= 1 }
        return (x, dx)
    }
}
