// Behaviour A1's conversions over any flat forest of rows: the live store's rows or a
// snapshot's records (``ViewStoreSnapshot``) answer them with the same code.

/// The links and per-row maps a conversion reads.
protocol RowForest {
    func parentRow(_ row: Int32) -> Int32
    func isWindowRow(_ row: Int32) -> Bool
    /// The row of a live view, or a ``ViewStoreError/staleHandle(_:)``.
    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32
    /// Behaviour A1's superview-to-view map.
    func mapIntoRow(_ p: Point, _ row: Int32) -> Point
    /// The view-to-superview map.
    func mapOutOfRow(_ q: Point, _ row: Int32) -> Point
}

extension RowForest {
    /// Converts a point between two coordinate spaces. Views of one tree convert through their
    /// nearest common ancestor; views of different windows through the screen (a window's
    /// `center`, `bounds` and `transform` place it on the screen). Converting into a view with an
    /// uninvertible transform, or under one, gives a non-finite point.
    func convertPoint(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
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
                p = mapOutOfRow(p, r)
                root = r
                r = parentRow(r)
            }
            guard isWindowRow(root) else { throw .notInWindow(id) }
            return p
        }
        // Two views (or the screen to itself): the common ancestor, or noRow for "through the screen".
        var meeting = noRow
        if sourceRow != noRow && destinationRow != noRow {
            let sourceRoot = rootRow(of: sourceRow), destinationRoot = rootRow(of: destinationRow)
            if sourceRoot == destinationRoot {
                meeting = commonAncestor(sourceRow, destinationRow)
            } else if !isWindowRow(sourceRoot) || !isWindowRow(destinationRoot),
                      case .view(let a) = source, case .view(let b) = destination {
                throw .unrelatedViews(a, b)
            }
        }
        var p = point
        var r = sourceRow
        while r != meeting {
            p = mapOutOfRow(p, r)
            r = parentRow(r)
        }
        // The rows below the meeting point, applied top-down.
        var steps = 0
        r = destinationRow
        while r != meeting { steps += 1; r = parentRow(r) }
        guard steps > 0 else { return p }
        return mapDown(p, into: destinationRow, steps: steps)
    }

    /// `point` on the screen in `row`'s coordinates (the row of view `id`): the maps of its rows
    /// from its window down. A row outside every window has no place on the screen.
    @inline(__always)
    private func convertFromScreen(_ point: Point, into row: Int32, _ id: ViewID) throws(ViewStoreError) -> Point {
        // A window (a touch's location in it): its own map.
        if parentRow(row) == noRow {
            guard isWindowRow(row) else { throw .notInWindow(id) }
            return mapIntoRow(point, row)
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
    private func mapDown(_ p: Point, into row: Int32, steps: Int) -> Point {
        if steps == 1 { return mapIntoRow(p, row) }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: steps) { downward in
            var r = row
            for index in stride(from: steps - 1, through: 0, by: -1) {
                downward[index] = r
                r = parentRow(r)
            }
            var p = p
            for row in downward { p = mapIntoRow(p, row) }
            return p
        }
    }

    /// Converts a rect by converting its four corners and taking their bounding box.
    func convertRect(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        var corners: [Point] = []
        for corner in rect.corners { corners.append(try convertPoint(corner, from: source, to: destination)) }
        return Rect.boundingBox(of: corners)
    }

    func rootRow(of row: Int32) -> Int32 {
        var r = row
        while parentRow(r) != noRow { r = parentRow(r) }
        return r
    }

    /// The number of ancestors of `row`.
    func depth(of row: Int32) -> Int {
        var d = 0, r = parentRow(row)
        while r != noRow { d += 1; r = parentRow(r) }
        return d
    }

    private func spaceRow(_ space: CoordinateSpace) throws(ViewStoreError) -> Int32 {
        switch space {
        case .screen: noRow
        case .view(let id): try liveRow(id)
        }
    }

    private func commonAncestor(_ a: Int32, _ b: Int32) -> Int32 {
        var x = a, y = b
        var dx = depth(of: x), dy = depth(of: y)
        while dx > dy { x = parentRow(x); dx -= 1 }
        while dy > dx { y = parentRow(y); dy -= 1 }
        while x != y { x = parentRow(x); y = parentRow(y) }
        return x
    }
}
