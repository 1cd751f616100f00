// What a hit-test query (``HitStack``) needs besides the rows: room for its stacks, the views'
// closures, and the wide-container grids. The live store offers all three
// (``LiveHitHost``); a snapshot, queried from any thread, offers room on that thread's stack and
// neither closures nor grids (``SnapshotHitHost``), so a view that needs a closure makes the
// query ask (``HitStack/asking(_:)``).

/// The room, callbacks and grids of one kind of hit-test query. Generic, not existential:
/// ``HitStack`` is specialized for each host, and the static flags fold away.
protocol HitHost {
    /// Room for the point stack: its first free entry and its end.
    func pointRoom() -> (UnsafeMutablePointer<Point>, UnsafeMutablePointer<Point>)
    /// Room for the slow-frame stack: its first free entry and its end.
    func slowFrameRoom() -> (UnsafeMutablePointer<SlowFrame>, UnsafeMutablePointer<SlowFrame>)
    /// Doubles the point stack's room (full: `top == limit`), keeping its entries.
    mutating func growPoints(_ scratch: inout HitScratch)
    /// Doubles the slow-frame stack's room (set up and full), keeping its entries.
    mutating func growSlowFrames(_ scratch: inout HitScratch)

    /// Records a wide container the query entered without a ready grid (to build or rebuild one).
    func noteWideContainer(_ container: Int32)
    /// The grid candidates of the wide container `row` around `p`, when it has a ready grid.
    func gridCandidates(of row: Int32, at p: Point) -> (UnsafePointer<Int32>, UnsafePointer<Int32>)?

    /// The answer of `row`'s hit-test override at `p`: a row or `noRow` (a miss), before step 5
    /// (the query applies it); `nil` when the host cannot call it (the query asks).
    /// The slow-frame stack is set up.
    mutating func hitTestOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Int32?
    /// `row`'s `pointInside` override at `p`; `nil` when the host cannot call it (the query asks).
    /// The slow-frame stack is set up.
    mutating func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool?
}

/// The live store as a query's host: its scratch columns, closures and grids.
struct LiveHitHost: HitHost {
    // `unowned(unsafe)`, lifetime rule: a host is made by one of the store's own query methods
    // (``ViewStore/hitTestRow(_:_:_:honoringRootOverride:rootIsInside:)``) and lives only as
    // long as that call, during which the store is `self` and alive. A strong reference would
    // retain and release the store on every query for nothing.
    unowned(unsafe) let store: ViewStore

    @inline(__always)
    func pointRoom() -> (UnsafeMutablePointer<Point>, UnsafeMutablePointer<Point>) {
        (store.query.firstFreeFrame, store.query.framesEnd)
    }

    func slowFrameRoom() -> (UnsafeMutablePointer<SlowFrame>, UnsafeMutablePointer<SlowFrame>) {
        let slowFrames = store.query.slowFrames
        return (slowFrames.base + store.query.slowFramesInUse, slowFrames.base + slowFrames.capacity)
    }

    // The store's columns hold the queries this one is nested in below its own entries: growing
    // keeps the whole column.
    func growPoints(_ scratch: inout HitScratch) {
        let offset = scratch.bottom - store.query.frames.base
        store.query.growFrames()
        scratch.rebase(points: store.query.frames.base + offset, limit: store.query.framesEnd)
    }

    func growSlowFrames(_ scratch: inout HitScratch) {
        let offset = scratch.slowBottom - store.query.slowFrames.base
        store.query.slowFrames.grow(to: store.query.slowFrames.capacity * 2, keeping: store.query.slowFrames.capacity)
        scratch.rebase(slowFrames: store.query.slowFrames.base + offset,
                       slowLimit: store.query.slowFrames.base + store.query.slowFrames.capacity)
    }

    func noteWideContainer(_ container: Int32) {
        store.noteWideContainer(container)
    }

    func gridCandidates(of row: Int32, at p: Point) -> (UnsafePointer<Int32>, UnsafePointer<Int32>)? {
        guard let grid = store.tables.grids[row], grid.state == .ready else { return nil }
        return grid.candidates(at: p)
    }

    func hitTestOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Int32? {
        callingOut(&scratch) { $0.callHitTestOverride(row, p) }
    }

    func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool? {
        callingOut(&scratch) { $0.callPointInsideOverride(row, p) }
    }

    /// Runs a callback that may query the store again: nested queries stack above this one's
    /// entries, and may grow (move) the columns, so the stacks are rebased afterwards. While it
    /// runs, the store refuses edits and defers the work queries leave
    /// (``QueryState/queriesCallingOut``).
    private func callingOut<Result>(_ scratch: inout HitScratch, _ body: (ViewStore) -> Result) -> Result {
        let savedPoints = store.query.framesInUse, savedSlow = store.query.slowFramesInUse
        let pointBase = scratch.bottom - store.query.frames.base
        let slowBase = scratch.slowBottom - store.query.slowFrames.base
        store.query.framesInUse = pointBase + (scratch.top - scratch.bottom)
        store.query.slowFramesInUse = slowBase + (scratch.slowTop - scratch.slowBottom)
        store.query.queriesCallingOut &+= 1
        let result = body(store)
        store.query.queriesCallingOut &-= 1
        store.query.framesInUse = savedPoints
        store.query.slowFramesInUse = savedSlow
        let frames = store.query.frames, slowFrames = store.query.slowFrames
        scratch.rebase(points: frames.base + pointBase, limit: frames.base + frames.capacity,
                       slowFrames: slowFrames.base + slowBase, slowLimit: slowFrames.base + slowFrames.capacity)
        return result
    }
}
