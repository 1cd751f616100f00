// Behaviour A2 on a snapshot: the live store's traversal (``HitStack``) on the snapshot's rows,
// with a host that keeps the path on the querying thread's stack and calls no closure.

extension SnapshotReader {
    /// The answer for `point` in `root`'s coordinates, `root`'s own custom hit test included.
    func hitTest(_ root: Int32, _ point: Point) -> SnapshotAnswer {
        guard point.isFinite else { return .miss }
        return withHost { host in
            if let base = homeBase {
                return answer(query(root, point, SlabColumns(base: base, units: tables.units), rootIsInside: false, &host))
            }
            return answer(query(root, point, tables, rootIsInside: false, &host))
        }
    }

    /// The front-most answer over `windowOrder` (front-most first) for a screen point, as
    /// ``ViewStore/hitTest(screenPoint:)`` walks its windows. Inlined into the snapshot's method:
    /// a call between them cost a tenth of the snapshot's extra instructions over the live store.
    @inline(__always)
    func hitTest(screenPoint: Point, windowOrder: [Int32]) -> SnapshotAnswer {
        // A non-finite point misses every window, as on the live store: no test for it here.
        if let base = homeBase {
            return hitTest(screenPoint: screenPoint, windowOrder: windowOrder, SlabColumns(base: base, units: tables.units))
        }
        return hitTest(screenPoint: screenPoint, windowOrder: windowOrder, tables)
    }

    @inline(__always)
    private func hitTest<Tables: HitTestTables>(screenPoint: Point, windowOrder: [Int32], _ tables: Tables) -> SnapshotAnswer {
        withHost { host in
            var index = 0
            while index < windowOrder.count {
                let window = windowOrder[index]
                index += 1
                // A miss on a plain window costs one bounds test, as on the live store.
                guard let (local, inside) = tables.enterWindow(window, screenPoint) else { continue }
                let found = query(window, local, tables, rootIsInside: inside, &host)
                if found != noRow { return answer(found) }
            }
            return .miss
        }
    }

    /// Runs `body` with a host whose room is on this thread's stack. Each query frees what it
    /// grew on the heap (``query(_:_:_:rootIsInside:_:)``).
    @inline(__always)
    private func withHost(_ body: (inout SnapshotHitHost) -> SnapshotAnswer) -> SnapshotAnswer {
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

    @inline(__always)
    private func query<Tables: HitTestTables>(_ root: Int32, _ point: Point, _ tables: Tables, rootIsInside: Bool,
                                              _ host: inout SnapshotHitHost) -> Int32 {
        var stack = HitStack(host)
        let found = stack.run(point, tables, root: root, honorsRootOverride: true, rootIsInside: rootIsInside)
        // Freed here rather than copied back for the caller to free: the next window's query
        // starts from the inline room again, and a query that grew nothing frees nothing.
        stack.host.release()
        return found
    }

    // Inlined: as a call, its result came back through memory (snapshot-hit-random-100000).
    @inline(__always)
    private func answer(_ found: Int32) -> SnapshotAnswer {
        if let asked = HitStack<SnapshotHitHost>.askedRow(found) { return .ask(handle(asked)) }
        return found == noRow ? .miss : .hit(handle(found))
    }

    @inline(__always)
    private func handle(_ r: Int32) -> ViewID {
        ViewID(index: r, generation: row(r).pointee.generation)
    }
}
