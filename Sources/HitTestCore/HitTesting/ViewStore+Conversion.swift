// Behaviour A1's `convert(_:to:)` and `convert(_:from:)` for points and rects, between any two views,
// across windows through screen coordinates.

/// Where a point or rect is expressed: on the screen, or in one view's own coordinates.
public enum CoordinateSpace: Hashable, Sendable {
    case screen
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
        let sourceRow = try spaceRow(source), destinationRow = try spaceRow(destination)
        // The common ancestor, or noRow for "through the screen".
        var meeting = noRow
        if sourceRow != noRow && destinationRow != noRow {
            let sourceRoot = rootRow(of: sourceRow), destinationRoot = rootRow(of: destinationRow)
            if sourceRoot == destinationRoot {
                meeting = commonAncestor(sourceRow, destinationRow)
            } else if !flags[sourceRoot].contains(.window) || !flags[destinationRoot].contains(.window),
                      case .view(let a) = source, case .view(let b) = destination {
                throw .unrelatedViews(a, b)
            }
        } else {
            for (row, space) in [(sourceRow, source), (destinationRow, destination)] where row != noRow {
                if !flags[rootRow(of: row)].contains(.window), case .view(let id) = space {
                    throw .notInWindow(id)
                }
            }
        }
        var p = point
        var r = sourceRow
        while r != meeting {
            p = convertOutOfRow(p, r)
            r = parent[r]
        }
        // The rows below the meeting point, applied top-down. A temporary buffer (on the stack
        // for the usual depths) keeps a conversion free of heap allocation: the façade converts
        // on every touch call.
        var steps = 0
        r = destinationRow
        while r != meeting { steps += 1; r = parent[r] }
        guard steps > 0 else { return p }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: steps) { downward in
            r = destinationRow
            for index in stride(from: steps - 1, through: 0, by: -1) {
                downward[index] = r
                r = parent[r]
            }
            for row in downward { p = convertIntoRow(p, row) }
            return p
        }
    }

    /// Converts a rect by converting its four corners and taking their bounding box.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        var corners: [Point] = []
        for corner in rect.corners { corners.append(try convert(corner, from: source, to: destination)) }
        return Rect.boundingBox(of: corners)
    }

    /// The view-to-superview map, the inverse of ``convertIntoRow(_:_:)``:
    /// `p = T·(q − anchorOffset) + center`.
    func convertOutOfRow(_ q: Point, _ row: Int32) -> Point {
        let g = geometry[row], offset = anchorOffset(row)
        var v = Point(x: q.x - offset.x, y: q.y - offset.y)
        // Only a transform that is not the identity is applied: the identity's 0·y would turn an
        // infinite coordinate into NaN, where the reference (and the inverse map) keep it.
        if flags[row].rawValue & RowFlags.transformed.rawValue != 0 {
            v = storedTransform(row).apply(to: v)
        }
        return Point(x: v.x + g.centerX, y: v.y + g.centerY)
    }

    private func spaceRow(_ space: CoordinateSpace) throws(ViewStoreError) -> Int32 {
        switch space {
        case .screen: noRow
        case .view(let id): try row(id)
        }
    }

    private func commonAncestor(_ a: Int32, _ b: Int32) -> Int32 {
        var x = a, y = b
        var dx = depth(of: x), dy = depth(of: y)
        while dx > dy { x = parent[x]; dx -= 1 }
        while dy > dx { y = parent[y]; dy -= 1 }
        while x != y { x = parent[x]; y = parent[y] }
        return x
    }
}
