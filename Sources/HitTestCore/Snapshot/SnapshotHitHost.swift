// A snapshot query's host (``HitHost``): room for its stacks on the querying thread's stack, then
// on the heap; no closures (a view that needs one makes the answer `.ask`) and no grids (a wide
// container's subviews are walked by their links: the same answer).

/// Room for one snapshot query's stacks: the caller's inline room for
/// ``ViewStoreSnapshot/inlineDepth`` entries each, then heap room that doubles. The query frees
/// the heap room with ``release(_:)``.
///
/// The host is the two inline rooms' addresses and nothing else: the query copies its host into
/// its own state, and each word more was a store on every query. A stack whose room is not at
/// its inline address has grown onto the heap, which is how ``release(_:)`` knows what to free.
struct SnapshotHitHost: HitHost {
    private let inlinePoints: UnsafeMutablePointer<Point>
    private let inlineSlowFrames: UnsafeMutablePointer<SlowFrame>

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
        let bigger = doubling(scratch.bottom, upTo: scratch.limit, inline: inlinePoints)
        scratch.rebase(points: bigger.baseAddress.unsafelyUnwrapped, limit: bigger.baseAddress.unsafelyUnwrapped + bigger.count)
    }

    mutating func growSlowFrames(_ scratch: inout HitScratch) {
        let bigger = doubling(scratch.slowBottom, upTo: scratch.slowLimit, inline: inlineSlowFrames)
        scratch.rebase(slowFrames: bigger.baseAddress.unsafelyUnwrapped, slowLimit: bigger.baseAddress.unsafelyUnwrapped + bigger.count)
    }

    /// Heap room twice the size of `start..<end` holding a copy of it, handed over to the query's
    /// stacks (``release(_:)`` takes it back); the old room is freed when it was on the heap (not
    /// at `inline`).
    private func doubling<Element: BitwiseCopyable>(_ start: UnsafeMutablePointer<Element>, upTo end: UnsafeMutablePointer<Element>,
                                   inline: UnsafeMutablePointer<Element>) -> UnsafeMutableBufferPointer<Element> {
        let count = end - start
        let bigger = OwnedBuffer<Element>(capacity: count * 2)
        bigger.base.initialize(from: start, count: count)
        if start != inline { _ = OwnedBuffer(reclaiming: UnsafeMutableBufferPointer(start: start, count: count)) }
        return bigger.handOver()
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

    /// Frees the heap room of a query's stacks as they ended (`scratch`), if they grew there.
    @inline(__always)
    func release(_ scratch: HitScratch) {
        if _slowPath(scratch.bottom != inlinePoints) {
            _ = OwnedBuffer(reclaiming: UnsafeMutableBufferPointer(start: scratch.bottom, count: scratch.limit - scratch.bottom))
        }
        if _slowPath(scratch.slowBottom != inlineSlowFrames), scratch.slowFramesAreSetUp {
            _ = OwnedBuffer(reclaiming: UnsafeMutableBufferPointer(start: scratch.slowBottom,
                                                                   count: scratch.slowLimit - scratch.slowBottom))
        }
    }
}
