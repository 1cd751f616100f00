// A snapshot query's host (``HitHost``): room for its stacks on the querying thread's stack, then
// on the heap; no closures (a view that needs one makes the answer `.ask`) and no grids (a wide
// container's subviews are walked by their links: the same answer).

/// Room for one snapshot query's stacks: the caller's inline room for
/// ``ViewStoreSnapshot/inlineDepth`` entries each, then heap room that doubles. The query frees
/// the heap room with ``release()``.
///
/// The inline room is kept as two pointers, its size being a constant: the query copies its host
/// into its own state, and buffers' counts were two words more to copy on every query.
struct SnapshotHitHost: HitHost {
    private let inlinePoints: UnsafeMutablePointer<Point>
    private let inlineSlowFrames: UnsafeMutablePointer<SlowFrame>
    private var pointHeap: Column<Point>?
    private var slowFrameHeap: Column<SlowFrame>?

    /// `points` and `slowFrames` hold ``ViewStoreSnapshot/inlineDepth`` entries each.
    @inline(__always)
    init(points: UnsafeMutablePointer<Point>, slowFrames: UnsafeMutablePointer<SlowFrame>) {
        inlinePoints = points
        inlineSlowFrames = slowFrames
    }

    @inline(__always)
    func pointRoom() -> (UnsafeMutablePointer<Point>, UnsafeMutablePointer<Point>) {
        (inlinePoints, inlinePoints + ViewStoreSnapshot.inlineDepth)
    }

    func slowFrameRoom() -> (UnsafeMutablePointer<SlowFrame>, UnsafeMutablePointer<SlowFrame>) {
        (inlineSlowFrames, inlineSlowFrames + ViewStoreSnapshot.inlineDepth)
    }

    mutating func growPoints(_ scratch: inout HitScratch) {
        let bigger = Self.doubling(scratch.bottom, scratch.limit - scratch.bottom, replacing: &pointHeap)
        scratch.rebase(points: bigger.base, limit: bigger.base + bigger.capacity)
    }

    mutating func growSlowFrames(_ scratch: inout HitScratch) {
        let bigger = Self.doubling(scratch.slowBottom, scratch.slowLimit - scratch.slowBottom, replacing: &slowFrameHeap)
        scratch.rebase(slowFrames: bigger.base, slowLimit: bigger.base + bigger.capacity)
    }

    /// A heap column of twice `count` holding a copy of `count` entries from `start`, kept in
    /// `heap` in place of the one it held (freed: the entries may come from it).
    private static func doubling<Element>(_ start: UnsafeMutablePointer<Element>, _ count: Int,
                                          replacing heap: inout Column<Element>?) -> Column<Element> {
        let bigger = Column<Element>(capacity: count * 2)
        bigger.base.initialize(from: start, count: count)
        heap?.deallocate()
        heap = bigger
        return bigger
    }

    func noteWideContainer(_ container: Int32) {}

    func gridCandidates(of row: Int32, at p: Point) -> (UnsafePointer<Int32>, UnsafePointer<Int32>)? { nil }

    // Only the store's thread may call a closure: the query asks, unless no point could be inside.
    func hitTestOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Int32? {
        p.isFinite ? nil : noRow
    }

    func pointInsideOverride(_ row: Int32, _ p: Point, _ scratch: inout HitScratch) -> Bool? {
        p.isFinite ? nil : false
    }

    func release() {
        pointHeap?.deallocate()
        slowFrameHeap?.deallocate()
    }
}
