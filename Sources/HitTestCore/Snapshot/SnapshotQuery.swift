// Behaviour A2 on a snapshot: the live store's traversal (``HitStack``) on the snapshot's rows,
// with a host that keeps the path on the querying thread's stack and calls no closure.

/// The steps every snapshot query shares: room for its stacks, the traversal, and its answer.
enum SnapshotQuery {
    /// Runs `body` with a host whose room is on this thread's stack. Each query frees what it
    /// grew on the heap (``query(_:_:_:rootIsInside:_:)``).
    @inline(__always)
    static func withHost(_ body: (inout SnapshotHitHost) -> SnapshotAnswer) -> SnapshotAnswer {
        // Each capacity a constant where it is used: a captured one is not known to the inner
        // call, which then allocated on the heap.
        withUnsafeTemporaryAllocation(of: Point.self, capacity: ViewStoreSnapshot.inlineDepth) { points in
            withUnsafeTemporaryAllocation(of: SlowFrame.self, capacity: ViewStoreSnapshot.inlineDepth) { slowFrames in
                var host = SnapshotHitHost(points: points.baseAddress.unsafelyUnwrapped,
                                           slowFrames: slowFrames.baseAddress.unsafelyUnwrapped)
                return body(&host)
            }
        }
    }

    /// Hit-tests `root`'s subtree with `point` in its coordinates: a row, `noRow`, or an asked row.
    @inline(__always)
    static func query<Reader: RowReader>(_ root: Int32, _ point: Point, _ rows: Reader, rootIsInside: Bool,
                                             _ host: inout SnapshotHitHost) -> Int32 {
        var stack = HitStack(host)
        let found = stack.run(point, rows, root: root, honorsRootOverride: true, rootIsInside: rootIsInside)
        // Freed here rather than copied back for the caller to free: the next window's query
        // starts from the inline room again, and a query that grew nothing frees nothing.
        stack.host.release(stack.scratch)
        return found
    }

    /// The answer a query's result stands for: a row (a hit), `noRow` (a miss) or an asked row.
    // Inlined: as a call, its result comes back through memory.
    @inline(__always)
    static func answer<Reader: RowReader>(_ found: Int32, _ rows: Reader) -> SnapshotAnswer {
        // Hits first: the common answer takes one test.
        if found >= 0 { return .hit(ViewID(index: found, generation: rows.row(found).pointee.generation)) }
        if let asked = HitStack<SnapshotHitHost>.askedRow(found) {
            return .ask(ViewID(index: asked, generation: rows.row(asked).pointee.generation))
        }
        return .miss
    }
}

extension SnapshotForest {
    /// The answer for `point` in `root`'s coordinates, `root`'s own custom hit test included.
    func hitTest(_ root: Int32, _ point: Point) -> SnapshotAnswer {
        guard point.isFinite else { return .miss }
        return SnapshotQuery.withHost { host in
            if let slabRows {
                let rows = SlabReader(rows: slabRows, units: tables.units)
                return SnapshotQuery.answer(SnapshotQuery.query(root, point, rows, rootIsInside: false, &host), rows)
            }
            return SnapshotQuery.answer(SnapshotQuery.query(root, point, tables, rootIsInside: false, &host), tables)
        }
    }
}

extension ViewStoreSnapshot {
    /// The front-most answer over the snapshot's windows (front-most first) for a screen point,
    /// as ``ViewStore/hitTest(screenPoint:)`` walks its windows. Read from the snapshot's own
    /// properties: a ``SnapshotForest`` built for it was kept in memory for the whole query.
    @inline(__always)
    func hitTestWindows(_ screenPoint: Point) -> SnapshotAnswer {
        // A non-finite point misses every window, as on the live store: no test for it here.
        if let slabRows {
            return hitTestWindows(screenPoint, SlabReader(rows: slabRows, units: tables.units))
        }
        return hitTestWindows(screenPoint, tables)
    }

    @inline(__always)
    private func hitTestWindows<Reader: RowReader>(_ screenPoint: Point, _ rows: Reader) -> SnapshotAnswer {
        SnapshotQuery.withHost { host in
            var index = 0
            while index < windowOrder.count {
                let window = windowOrder[index]
                index += 1
                // A miss on a plain window costs one bounds test, as on the live store.
                guard let (local, inside) = rows.enterWindow(window, screenPoint) else { continue }
                let found = SnapshotQuery.query(window, local, rows, rootIsInside: inside, &host)
                if found != noRow { return SnapshotQuery.answer(found, rows) }
            }
            return .miss
        }
    }
}
