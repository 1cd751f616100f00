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

/// The live store as a query's host: its scratch stacks, closures and grids.
struct LiveHitHost: HitHost {
    /// Made by one of the store's own query methods
    /// (``ViewStore/generalQuery(_:root:_:honoringRootOverride:)``) and alive only as long
    /// as that call, during which the store is `self` and alive: not retained (the lifetime
    /// promise, Promises.swift, promise 3).
    let store: StoreLink

    @inline(__always)
    init(_ store: ViewStore) { self.store = StoreLink(store) }

    @inline(__always)
    func pointRoom() -> (UnsafeMutablePointer<Point>, UnsafeMutablePointer<Point>) {
        store.with { ($0.query.firstFreePoint, $0.query.pointsEnd) }
    }

    func slowFrameRoom() -> (UnsafeMutablePointer<SlowFrame>, UnsafeMutablePointer<SlowFrame>) {
        store.with { store in
            let base = store.query.slowFrames.base
            return (base + store.query.slowFramesInUse, base + store.query.slowFrames.capacity)
        }
    }

    // The store's stacks hold the queries this one is nested in below its own entries: growing
    // keeps the whole stack.
    func growPoints(_ scratch: inout HitScratch) {
        store.with { store in
            let offset = scratch.bottom - store.query.points.base
            store.query.growPoints()
            scratch.rebase(points: store.query.points.base + offset, limit: store.query.pointsEnd)
        }
    }

    func growSlowFrames(_ scratch: inout HitScratch) {
        store.with { store in
            let offset = scratch.slowBottom - store.query.slowFrames.base
            store.query.growSlowFrames()
            let base = store.query.slowFrames.base
            scratch.rebase(slowFrames: base + offset, slowLimit: base + store.query.slowFrames.capacity)
        }
    }

    func noteWideContainer(_ container: Int32) {
        store.with { $0.noteWideContainer(container) }
    }

    func gridCandidates(of row: Int32, at p: Point) -> (UnsafePointer<Int32>, UnsafePointer<Int32>)? {
        store.with { store in
            guard let grid = store.lookups.grids[row], grid.state == .ready else { return nil }
            return grid.candidates(at: p)
        }
    }

    func hitTestOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Int32? {
        callingOut(&scratch) { $0.callHitTestOverride(row, p) }
    }

    func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool? {
        callingOut(&scratch) { $0.callPointInsideOverride(row, p) }
    }

    /// Runs a callback that may query the store again: nested queries stack above this one's
    /// entries, and may grow (move) the stacks, so they are rebased afterwards. While it runs,
    /// the store refuses edits and defers the work queries leave
    /// (``QueryState/queriesCallingOut``).
    private func callingOut<Result>(_ scratch: inout HitScratch, _ body: (ViewStore) -> Result) -> Result {
        store.with { store in
            let savedPoints = store.query.pointsInUse, savedSlow = store.query.slowFramesInUse
            let pointBase = scratch.bottom - store.query.points.base
            let slowBase = scratch.slowBottom - store.query.slowFrames.base
            store.query.pointsInUse = pointBase + (scratch.top - scratch.bottom)
            store.query.slowFramesInUse = slowBase + (scratch.slowTop - scratch.slowBottom)
            store.query.queriesCallingOut &+= 1
            let result = body(store)
            store.query.queriesCallingOut &-= 1
            store.query.pointsInUse = savedPoints
            store.query.slowFramesInUse = savedSlow
            let points = store.query.points.base, slowFrames = store.query.slowFrames.base
            scratch.rebase(points: points + pointBase, limit: store.query.pointsEnd,
                           slowFrames: slowFrames + slowBase, slowLimit: slowFrames + store.query.slowFrames.capacity)
            return result
        }
    }
}
