// Behaviour A2's hit test: the public entry points. The traversal itself is ``HitStack``.

/// A window's answer through its hit map (the view may be `nil` only when a finished query's
/// answer went stale meanwhile).
struct MappedAnswer {
    var view: ViewID?
}

extension ViewStore {
    /// The front-most view under a screen point: windows front to back (higher level first,
    /// then the one shown last), each tested in its own coordinates; the first that answers wins.
    public func hitTest(screenPoint: Point) -> ViewID? {
        // The common case first: the front window has a map built at the store's present write
        // count (no edit since, nor a change of the window order, which empties the slots) and
        // the point's cell holds the answer. Everything else is a tail call, so this case saves
        // no registers.
        let writes = rowWrites
        let slot = UnsafePointer(query.hitMapSlots.base)
        guard slot.pointee.validAt == writes else { return hitTestWithoutMap(screenPoint, writes) }
        let cell = slot.pointee.cell(at: screenPoint)
        if let cell, cell.isAnswer { return ViewID(index: cell.row, generation: cell.generation) }
        return hitTestFrontWindow(screenPoint, cell, slot)
    }

    /// The query when the front window has no current map: the walk, counted towards building one.
    @inline(never)
    private func hitTestWithoutMap(_ screenPoint: Point, _ writes: UInt64) -> ViewID? {
        if _slowPath(query.hitMapsSettledAt != writes) { noteQueryForHitMaps() }
        return walkingHitTest(screenPoint: screenPoint, from: 0)
    }

    /// The front window's query when its map holds no answer for the point's cell (or the point
    /// is near the cell's edge, or outside the cells), then the other windows'.
    @inline(never)
    private func hitTestFrontWindow(_ screenPoint: Point, _ cell: HitMapCell?, _ slot: UnsafePointer<HitMapSlot>) -> ViewID? {
        let window = slot.pointee.window
        // A map is only built for a plain window; an edit since (a flag's) retired it.
        let (local, inside) = RowMaps.enterPlainly(screenPoint, storage.rows.element(Int(window)))
        if inside, let answer = hitTestMapped(window: window, local: local, cell, slot) { return answer.view }
        return walkingHitTest(screenPoint: screenPoint, from: 1)
    }

    /// The windows from `first` in the window order, front to back, each walked or through its map.
    @inline(__always)
    private func walkingHitTest(screenPoint: Point, from first: Int) -> ViewID? {
        // No finiteness test here: a NaN or infinite point fails every plain window's bounds
        // test, stays non-finite through any window's map, and the general step refuses it
        // (``generalQuery(_:root:_:honoringRootOverride:)``): no view, as Behaviour A2 says.
        if let slab = slabRows {
            return hitTest(screenPoint: screenPoint, from: first, SlabReader(rows: slab, units: sideUnitTable))
        }
        return hitTest(screenPoint: screenPoint, from: first, chunkTableReader)
    }

    @inline(__always)
    private func hitTest<Reader: RowReader>(screenPoint: Point, from first: Int, _ rows: Reader) -> ViewID? {
        // An index loop: `for window in windowOrder` retains and releases the array's buffer
        // on every query, a fifth of a miss's cost.
        var index = first
        while index < lookups.windowOrder.count {
            let window = lookups.windowOrder[index]
            index += 1
            let end: PlainWalkEnd
            let record = rows.row(window)
            if record.pointee.flags.rawValue & RowFlags.offPlainPath.rawValue == 0 {
                // A plain window (most are): a miss costs one bounds test, and only a point
                // inside it looks for the window's map.
                let (local, inside) = RowMaps.enterPlainly(screenPoint, record)
                guard inside else { continue }
                if let map = readyHitMap(index - 1, window) {
                    let cell = map.pointee.cell(at: screenPoint)
                    if let cell, cell.isAnswer { return ViewID(index: cell.row, generation: cell.generation) }
                    // Out of line: the walk below keeps its registers.
                    if let answer = hitTestMapped(window: window, local: local, cell, map) { return answer.view }
                    continue
                }
                end = rows.walkPlainly(from: window, record, at: local)
            } else {
                end = rows.walkPlainly(window: window, screenPoint: screenPoint)
            }
            switch end {
            case .answer(let row, let record):
                // A plain walk leaves no work for the query's end: its answer is final as it is.
                return ViewID(index: row, generation: record.pointee.generation)
            case .miss:
                continue
            case let end:
                let answer = generalQuery(end, root: window, rows, honoringRootOverride: true)
                if answer != noRow { return finishQuery(handle(answer)) }
            }
        }
        return finishQuery(nil)
    }

    /// ``hitTestMapped(window:local:_:_:_:)`` with the store's rows as a query reads them.
    @inline(never)
    private func hitTestMapped(window: Int32, local: Point, _ cell: HitMapCell?,
                               _ map: UnsafePointer<HitMapSlot>) -> MappedAnswer? {
        if let slab = slabRows {
            return hitTestMapped(window: window, local: local, cell, map, SlabReader(rows: slab, units: sideUnitTable))
        }
        return hitTestMapped(window: window, local: local, cell, map, chunkTableReader)
    }

    /// One window's query through its map when the point's cell holds no answer: `nil` when no
    /// view of the window answers (the next window is asked), else the answer, finished.
    @inline(__always)
    private func hitTestMapped<Reader: RowReader>(window: Int32, local: Point, _ cell: HitMapCell?,
                                                  _ map: UnsafePointer<HitMapSlot>, _ rows: Reader) -> MappedAnswer? {
        switch rows.walkMapped(window: window, local: local, cell, map) {
        case .answer(let row, let record): return MappedAnswer(view: ViewID(index: row, generation: record.pointee.generation))
        case .miss: return nil
        case let end:
            let answer = generalQuery(end, root: window, rows, honoringRootOverride: true)
            return answer != noRow ? MappedAnswer(view: finishQuery(handle(answer))) : nil
        }
    }

    /// Behaviour A2's `hitTest(p)` of `id` (a window or any view) with `point` in its own coordinates,
    /// using the view's own custom hit test if it has one.
    public func hitTest(_ point: Point, in id: ViewID) throws(ViewStoreError) -> ViewID? {
        finishQuery(handle(ifAny: hitTestRow(try row(id), point, honoringRootOverride: true)))
    }

    /// The default hit test of `id` ("super.hitTest" for a custom hit test): Behaviour A2's steps 1–5
    /// for `id` itself, custom hit tests of its descendants included.
    public func defaultHitTest(_ id: ViewID, at point: Point) throws(ViewStoreError) -> ViewID? {
        finishQuery(handle(ifAny: hitTestRow(try row(id), point, honoringRootOverride: false)))
    }

    /// The default `point(inside:)` of `id`: whether its hit area contains `point`.
    public func defaultPointInside(_ id: ViewID, _ point: Point) throws(ViewStoreError) -> Bool {
        try hitArea(of: id).contains(point)
    }

    /// `point(inside:)` of `id`, its override included.
    public func pointInside(_ id: ViewID, _ point: Point) throws(ViewStoreError) -> Bool {
        let r = try row(id)
        return pointInsideRow(r, point, flags[r], chunkTableReader)
    }

    // MARK: The traversal

    /// Hit-tests the subtree of `root` with `point` in `root`'s coordinates; returns a row or
    /// `noRow`. The caller passes its answer through ``finishQuery(_:)``.
    @usableFromInline
    func hitTestRow(_ root: Int32, _ point: Point, honoringRootOverride: Bool) -> Int32 {
        if let slab = slabRows {
            return hitTestRow(root, point, SlabReader(rows: slab, units: sideUnitTable),
                              honoringRootOverride: honoringRootOverride)
        }
        return hitTestRow(root, point, chunkTableReader, honoringRootOverride: honoringRootOverride)
    }

    @inline(__always)
    func hitTestRow<Reader: RowReader>(_ root: Int32, _ point: Point, _ rows: Reader, honoringRootOverride: Bool) -> Int32 {
        switch rows.walkPlainly(root: root, at: point) {
        case .answer(let row, _): return row
        case .miss: return noRow
        case let end: return generalQuery(end, root: root, rows, honoringRootOverride: honoringRootOverride)
        }
    }

    /// The part of a query a plain walk hands over (``PlainWalkEnd``): the general step, with the
    /// store's scratch stacks and its closures. Out of line, so that the plain walk's caller keeps
    /// few registers.
    @inline(never)
    func generalQuery<Reader: RowReader>(_ end: PlainWalkEnd, root: Int32, _ rows: Reader,
                                         honoringRootOverride: Bool) -> Int32 {
        // No count of queries under way: the host counts the ones calling out (``LiveHitHost``).
        var stack = HitStack(LiveHitHost(self))
        switch end {
        case .answer(let row, _): return row
        case .miss: return noRow
        case .handOver(let row, let parentPoint): return stack.resume(at: row, parentPoint: parentPoint, rows)
        case .rootOffFastPath(let point):
            guard point.isFinite else { return noRow }
            return stack.run(point, rows, root: root, honorsRootOverride: honoringRootOverride)
        }
    }

    /// Does the work queries asked for (grids to build, rows freed meanwhile) once the outermost
    /// query is over, after its answer became a handle: a view freed during the query answers
    /// with its handle, stale by the time the caller sees it.
    @inline(__always)
    func finishQuery(_ answer: ViewID?) -> ViewID? {
        if query.hasPendingWork && query.queriesCallingOut == 0 { processPendingWork() }
        return answer
    }

    /// Records a wide container a query entered without a ready grid, without allocating.
    func noteWideContainer(_ container: Int32) {
        if query.pendingGridRows.count < Self.pendingGridCapacity && !query.pendingGridRows.contains(container) {
            query.pendingGridRows.append(container)
            query.hasPendingWork = true
        }
    }

    /// Behaviour A1's superview-to-view map for one row (see ``RowReader/convert(_:into:)``).
    func convertIntoRow(_ p: Point, _ row: Int32) -> Point {
        chunkTableReader.convert(p, into: row)
    }

    /// Behaviour A2's `pointInside`, override included. A non-finite point is never inside.
    func pointInsideRow(_ row: Int32, _ p: Point, _ f: RowFlags, _ rows: ChunkTableReader) -> Bool {
        if f.contains(.customPointInside) { return callPointInsideOverride(row, p) }
        return p.isFinite && rows.hitAreaContains(row, p)
    }

    /// Calls a view's `pointInside` override; a non-finite point is never inside.
    func callPointInsideOverride(_ row: Int32, _ p: Point) -> Bool {
        guard p.isFinite, let override = lookups.rareExtras[row]?.pointInsideOverride else { return false }
        return override(p)
    }

    /// Calls a view's hit-test override; a stale answer counts as no answer.
    func callHitTestOverride(_ row: Int32, _ p: Point) -> Int32 {
        guard p.isFinite, let override = lookups.rareExtras[row]?.hitTestOverride,
              let answer = override(p), contains(answer) else { return noRow }
        return answer.index
    }
}
