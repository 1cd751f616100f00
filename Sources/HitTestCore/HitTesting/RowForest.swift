// Behaviour A1's conversions over any flat forest of rows: the live store's columns or a
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
        // The common ancestor, or noRow for "through the screen".
        var meeting = noRow
        if sourceRow != noRow && destinationRow != noRow {
            let sourceRoot = rootRow(of: sourceRow), destinationRoot = rootRow(of: destinationRow)
            if sourceRoot == destinationRoot {
                meeting = commonAncestor(sourceRow, destinationRow)
            } else if !isWindowRow(sourceRoot) || !isWindowRow(destinationRoot),
                      case .view(let a) = source, case .view(let b) = destination {
                throw .unrelatedViews(a, b)
            }
        } else {
            for (row, space) in [(sourceRow, source), (destinationRow, destination)] where row != noRow {
                if !isWindowRow(rootRow(of: row)), case .view(let id) = space {
                    throw .notInWindow(id)
                }
            }
        }
        var p = point
        var r = sourceRow
        while r != meeting {
            p = mapOutOfRow(p, r)
            r = parentRow(r)
        }
        // The rows below the meeting point, applied top-down. A temporary buffer (on the stack
        // for the usual depths) keeps a conversion free of heap allocation: the façade converts
        // on every touch call.
        var steps = 0
        r = destinationRow
        while r != meeting { steps += 1; r = parentRow(r) }
        guard steps > 0 else { return p }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: steps) { downward in
            r = destinationRow
            for index in stride(from: steps - 1, through: 0, by: -1) {
                downward[index] = r
                r = parentRow(r)
            }
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

/// The per-row maps from a row's geometry, flags word and side units (`nil` when it has none).
enum RowMaps {
    /// Behaviour A1's superview-to-view map: `q = T⁻¹·(p − center) + anchorOffset`.
    @inline(__always)
    static func into(_ p: Point, _ g: RowGeometry, _ f: UInt32,
                     _ units: @autoclosure () -> UnsafePointer<SideUnit>) -> Point {
        let v = Point(x: p.x - g.centerX, y: p.y - g.centerY)
        if f & (RowFlags.transformed.rawValue | RowFlags.customShape.rawValue) == 0 {
            // The plain shape: the anchor offset is half the size (see `RowGeometry`).
            return Point(x: v.x + 0.5 * g.width, y: v.y + 0.5 * g.height)
        }
        return HitTestColumns.convertSlowly(v, g, f, units())
    }

    /// The view-to-superview map, the inverse of ``into(_:_:_:_:)``: `p = T·(q − anchorOffset) + center`.
    static func outOf(_ q: Point, _ g: RowGeometry, _ f: UInt32, _ units: UnsafePointer<SideUnit>) -> Point {
        let transformed = f & RowFlags.transformed.rawValue != 0
        let offset = f & RowFlags.customShape.rawValue != 0
            ? units[transformed ? 2 : 0].anchorOffset : Point(x: 0.5 * g.width, y: 0.5 * g.height)
        var v = Point(x: q.x - offset.x, y: q.y - offset.y)
        // Only a transform that is not the identity is applied: the identity's 0·y would turn an
        // infinite coordinate into NaN, where the reference (and the inverse map) keep it.
        if transformed { v = units[1].transform.apply(to: v) }
        return Point(x: v.x + g.centerX, y: v.y + g.centerY)
    }
}
