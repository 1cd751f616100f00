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

    /// ``convertPoint(_:from:to:)``'s walk, carrying `point`: up from the source view through
    /// each row's view-to-superview map to the nearest common ancestor (or out of its window to
    /// the screen), then down through each row's superview-to-view map to the destination.
    private func convert<Points: RowMappedPoints>(_ point: Points, from source: CoordinateSpace,
                                                  to destination: CoordinateSpace) throws(ViewStoreError) -> Points
    {
        switch (source, destination) {
        case (.screen, .screen):
            return point
        case (.view(let id), .screen):
            // One walk up, mapping as it goes.
            var p = point, r = try liveRow(id), root = r
            while r != noRow {
                p = p.mapped { mapOutOfRow($0, r) }
                root = r
                r = parentRow(r)
            }
            guard isWindowRow(root) else { throw .notInWindow(id) }
            return p
        case (.screen, .view(let id)):
            // A touch's location in its window (the usual case: the window's own map), a
            // gesture's centroid in a view.
            let row = try liveRow(id)
            if parentRow(row) == noRow {
                guard isWindowRow(row) else { throw .notInWindow(id) }
                return point.mapped { mapIntoRow($0, row) }
            }
            guard let mapped = convert(point, from: noRow, to: row) else { throw .notInWindow(id) }
            return mapped
        case (.view(let a), .view(let b)):
            let sourceRow = try liveRow(a), destinationRow = try liveRow(b)
            guard let mapped = convert(point, from: sourceRow, to: destinationRow) else { throw .unrelatedViews(a, b) }
            return mapped
        }
    }

    /// `point` mapped from row `source` (``noRow``: the screen) into row `destination`, or `nil`
    /// when the two meet on the screen and one of them is not on it. Each side's rows, from the
    /// row up to its root, are read once into a path on the stack; the two meet where their
    /// paths stop sharing their top. A side deeper than the stack's room is walked twice, to size
    /// a buffer for it. Kept out of line, so that the usual one-row conversions do not set up
    /// its stack room.
    @inline(never)
    private func convert<Points: RowMappedPoints>(_ point: Points, from source: Int32, to destination: Int32) -> Points? {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * stackPathLength) { rows in
            let upRoom = UnsafeMutableBufferPointer(rebasing: rows[..<stackPathLength])
            let downRoom = UnsafeMutableBufferPointer(rebasing: rows[stackPathLength...])
            if let up = path(from: source, into: upRoom), let down = path(from: destination, into: downRoom) {
                return convert(point, up: up, down: down)
            }
            let upDepth = depth(of: source), downDepth = depth(of: destination)
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: upDepth + downDepth) { deep in
                let up = path(from: source, into: UnsafeMutableBufferPointer(rebasing: deep[..<upDepth]))!
                let down = path(from: destination, into: UnsafeMutableBufferPointer(rebasing: deep[upDepth...]))!
                return convert(point, up: up, down: down)
            }
        }
    }

    /// `point` mapped out of the rows of `up` below the top it shares with `down`, then into those
    /// of `down`, top-most first; `nil` when they share no top and either top is not a window (an
    /// empty `up`, the screen, shares none and needs only `down`'s).
    @inline(__always)
    private func convert<Points: RowMappedPoints>(_ point: Points, up: UnsafeBufferPointer<Int32>,
                                                  down: UnsafeBufferPointer<Int32>) -> Points? {
        var shared = 0
        while shared < up.count && shared < down.count
                && up[up.count - 1 - shared] == down[down.count - 1 - shared] { shared += 1 }
        if shared == 0 && (!(up.isEmpty || isWindowRow(up[up.count - 1])) || !isWindowRow(down[down.count - 1])) {
            return nil
        }
        var p = point
        for r in up[..<(up.count - shared)] { p = p.mapped { mapOutOfRow($0, r) } }
        for r in down[..<(down.count - shared)].reversed() { p = p.mapped { mapIntoRow($0, r) } }
        return p
    }

    /// The rows from `row` up to its root, `row` first, written into `room`; `nil` if they do not
    /// fit. ``noRow`` (the screen) has none.
    @inline(__always)
    private func path(from row: Int32, into room: UnsafeMutableBufferPointer<Int32>) -> UnsafeBufferPointer<Int32>? {
        var count = 0, r = row
        while r != noRow {
            guard count < room.count else { return nil }
            room[count] = r
            count += 1
            r = parentRow(r)
        }
        return UnsafeBufferPointer(rebasing: room[..<count])
    }

    /// How many rows `row`'s path holds (0 for ``noRow``).
    private func depth(of row: Int32) -> Int {
        var count = 0, r = row
        while r != noRow { count += 1; r = parentRow(r) }
        return count
    }
}

/// How many rows each side of a conversion holds on the stack: the two sides' 1 KB is what
/// `withUnsafeTemporaryAllocation` places on the stack without asking, and 128 is far deeper
/// than any real hierarchy.
private let stackPathLength = 128
