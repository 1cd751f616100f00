// Behaviour A2 on a snapshot: the live store's traversal (``HitStack``) on the snapshot's rows,
// with a host that keeps the path on the querying thread's stack and calls no closure.

/// The steps every snapshot query shares: room for its stacks, the traversal, and its answer.
enum SnapshotQuery {
    /// The part of a query a plain walk hands over (``PlainWalkEnd``): the general step, with
    /// room for its stacks on this thread's stack. Each query frees what it grew on the heap. Out
    /// of line, so that the plain walk's caller keeps few registers and sets no room up.
    @inline(never)
    static func general<Reader: RowReader>(_ end: PlainWalkEnd, root: Int32, _ rows: Reader) -> Int32 {
        // Each capacity a constant where it is used: a captured one is not known to the inner
        // call, which then allocated on the heap.
        withUnsafeTemporaryAllocation(of: Point.self, capacity: ViewStoreSnapshot.inlineDepth) { points in
            withUnsafeTemporaryAllocation(of: SlowFrame.self, capacity: ViewStoreSnapshot.inlineDepth) { slowFrames in
                var stack = HitStack(SnapshotHitHost(points: points.baseAddress.unsafelyUnwrapped,
                                                     slowFrames: slowFrames.baseAddress.unsafelyUnwrapped))
                let found: Int32
                switch end {
                case .answer(let row, _): found = row
                case .miss: found = noRow
                case .handOver(let row, let parentPoint): found = stack.resume(at: row, parentPoint: parentPoint, rows)
                case .rootOffFastPath(let point): found = stack.run(point, rows, root: root, honorsRootOverride: true)
                }
                // Freed here rather than copied back for the caller to free: the next window's
                // query starts from the inline room again, and a query that grew nothing frees nothing.
                stack.host.release(stack.scratch)
                return found
            }
        }
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
        if let slabRows { return hitTest(root, point, SlabReader(rows: slabRows, units: tables.units)) }
        return hitTest(root, point, tables)
    }

    @inline(__always)
    private func hitTest<Reader: RowReader>(_ root: Int32, _ point: Point, _ rows: Reader) -> SnapshotAnswer {
        switch rows.walkPlainly(root: root, at: point) {
        case .answer(let row, let record): return .hit(ViewID(index: row, generation: record.pointee.generation))
        case .miss: return .miss
        case let end: return SnapshotQuery.answer(SnapshotQuery.general(end, root: root, rows), rows)
        }
    }
}

extension ViewStoreSnapshot {
    /// The front-most answer over the snapshot's windows (front-most first) for a screen point,
    /// as ``ViewStore/hitTest(screenPoint:)`` walks its windows. Read from the snapshot's own
    /// properties: a ``SnapshotForest`` built for it was kept in memory for the whole query.
    @inline(__always)
    func hitTestWindows(_ screenPoint: Point) -> SnapshotAnswer {
        // The front window's shared map (cells read only), as on the live store; the walk is a
        // tail call, so this case saves no registers.
        if frontSlot.cells != nil, let cell = frontSlot.cell(at: screenPoint), cell.isAnswer {
            return .hit(ViewID(index: cell.row, generation: cell.generation))
        }
        return walkWindows(screenPoint)
    }

    /// The windows' walk, front to back.
    @inline(never)
    private func walkWindows(_ screenPoint: Point) -> SnapshotAnswer {
        // A non-finite point misses every window, as on the live store: no test for it here.
        if let slabRows {
            return hitTestWindows(screenPoint, SlabReader(rows: slabRows, units: tables.units))
        }
        return hitTestWindows(screenPoint, tables)
    }

    @inline(__always)
    private func hitTestWindows<Reader: RowReader>(_ screenPoint: Point, _ rows: Reader) -> SnapshotAnswer {
        var index = 0
        while index < windowOrder.count {
            let window = windowOrder[index]
            index += 1
            switch rows.walkPlainly(window: window, screenPoint: screenPoint) {
            case .answer(let row, let record): return .hit(ViewID(index: row, generation: record.pointee.generation))
            case .miss: continue
            case let end:
                let found = SnapshotQuery.general(end, root: window, rows)
                if found != noRow { return SnapshotQuery.answer(found, rows) }
            }
        }
        return .miss
    }
}
