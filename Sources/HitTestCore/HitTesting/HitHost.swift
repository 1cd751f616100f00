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

    /// The answer of `row`'s hit-test override at `p` with Behaviour A2's step 5 applied for
    /// `redirectRow`: a row or `noRow`; `nil` when the host cannot call it (the query asks).
    /// The slow-frame stack is set up.
    mutating func hitTestOverride(_ row: Int32, _ p: Point, redirectRow: Int32, _ scratch: inout HitScratch) -> Int32?
    /// `row`'s `pointInside` override at `p`; `nil` when the host cannot call it (the query asks).
    /// The slow-frame stack is set up.
    mutating func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool?
}

/// The live store as a query's host: its scratch columns, closures and grids.
struct LiveHitHost: HitHost {
    unowned(unsafe) let store: ViewStore

    @inline(__always)
    func pointRoom() -> (UnsafeMutablePointer<Point>, UnsafeMutablePointer<Point>) {
        (store.frames.base + store.framesInUse, store.frames.base + store.frames.capacity)
    }

    func slowFrameRoom() -> (UnsafeMutablePointer<SlowFrame>, UnsafeMutablePointer<SlowFrame>) {
        (store.slowFrames.base + store.slowFramesInUse, store.slowFrames.base + store.slowFrames.capacity)
    }

    // The store's columns hold the queries this one is nested in below its own entries: growing
    // keeps the whole column.
    func growPoints(_ scratch: inout HitScratch) {
        let offset = scratch.bottom - store.frames.base
        store.frames.grow(to: store.frames.capacity * 2, keeping: store.frames.capacity)
        scratch.rebase(points: store.frames.base + offset, limit: store.frames.base + store.frames.capacity)
    }

    func growSlowFrames(_ scratch: inout HitScratch) {
        let offset = scratch.slowBottom - store.slowFrames.base
        store.slowFrames.grow(to: store.slowFrames.capacity * 2, keeping: store.slowFrames.capacity)
        scratch.rebase(slowFrames: store.slowFrames.base + offset,
                       slowLimit: store.slowFrames.base + store.slowFrames.capacity)
    }

    func noteWideContainer(_ container: Int32) {
        store.noteWideContainer(container)
    }

    func gridCandidates(of row: Int32, at p: Point) -> (UnsafePointer<Int32>, UnsafePointer<Int32>)? {
        guard let grid = store.grids[row], grid.state == .ready else { return nil }
        return grid.candidates(at: p)
    }

    func hitTestOverride(_ row: Int32, _ p: Point, redirectRow: Int32, _ scratch: inout HitScratch) -> Int32? {
        let answer = callingOut(&scratch) { $0.callHitTestOverride(row, p) }
        // Step 5 for an override's answer, which may be anywhere.
        if answer != noRow && redirectRow != noRow && store.isDescendantOrSelf(answer, of: redirectRow) {
            return store.parent[redirectRow]
        }
        return answer
    }

    func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool? {
        callingOut(&scratch) { $0.callPointInsideOverride(row, p) }
    }

    /// Runs a callback that may query the store again: nested queries stack above this one's
    /// entries, and may grow (move) the columns, so the stacks are rebased afterwards.
    private func callingOut<Result>(_ scratch: inout HitScratch, _ body: (ViewStore) -> Result) -> Result {
        let savedPoints = store.framesInUse, savedSlow = store.slowFramesInUse
        let pointBase = scratch.bottom - store.frames.base, slowBase = scratch.slowBottom - store.slowFrames.base
        store.framesInUse = pointBase + (scratch.top - scratch.bottom)
        store.slowFramesInUse = slowBase + (scratch.slowTop - scratch.slowBottom)
        let result = body(store)
        store.framesInUse = savedPoints
        store.slowFramesInUse = savedSlow
        scratch.rebase(points: store.frames.base + pointBase, limit: store.frames.base + store.frames.capacity,
                       slowFrames: store.slowFrames.base + slowBase,
                       slowLimit: store.slowFrames.base + store.slowFrames.capacity)
        return result
    }
}
