import Testing
@testable import HitTestCore

/// A snapshot query keeps its path on the querying thread's stack up to
/// ``ViewStoreSnapshot/inlineDepth`` levels, then on the heap: deeper paths, and deeper runs of
/// views that are not plain rectangles, answer as the live store does.
@Suite("Snapshot deep paths")
struct SnapshotDeepPathTests {
    static let depth = 1_000

    @Test("a chain deeper than the inline path answers its leaf, its window, or a miss as the live store")
    func plainChain() throws {
        let chain = try DeepTreeTests.Chain(depth: Self.depth)
        let snapshot = chain.store.snapshot()
        #expect(snapshot.hitTest(screenPoint: Point(5, 5)) == .hit(chain.leaf))
        #expect(snapshot.hitTest(screenPoint: Point(10, 5)) == .hit(chain.window))
        #expect(snapshot.hitTest(screenPoint: Point(150, 5)) == .miss)
    }

    @Test("a chain of passThrough views deeper than the inline frames backs up to the window")
    func passThroughChain() throws {
        let chain = try DeepTreeTests.Chain(depth: Self.depth, passThrough: true)
        #expect(chain.store.snapshot().hitTest(screenPoint: Point(5, 5)) == .hit(chain.window))
        try chain.store.setFlag(.redirectsToSuperview, true, of: chain.leafParent)
        try chain.store.setFlag(.passThrough, false, of: chain.leaf)
        let live = try #require(chain.store.hitTest(screenPoint: Point(5, 5)))
        #expect(live == (try chain.store.superview(of: chain.leafParent)))
        #expect(chain.store.snapshot().hitTest(screenPoint: Point(5, 5)) == .hit(live))
    }

    @Test("a pointInside override at the bottom of a deep passThrough chain makes the query ask")
    func askAtDepth() throws {
        let chain = try DeepTreeTests.Chain(depth: Self.depth, passThrough: true)
        try chain.store.setPointInsideOverride({ _ in true }, of: chain.leaf)
        let snapshot = chain.store.snapshot()
        #expect(snapshot.hitTest(screenPoint: Point(5, 5)) == .ask(chain.leaf))
        #expect(snapshot.hitTest(screenPoint: Point(50, 50)) == .hit(chain.window), "off the chain, nothing to ask")
    }

    @Test("a query's inline frames fit the 1 KB withUnsafeTemporaryAllocation keeps on the stack")
    func inlineFramesFitTheStack() {
        // Above 1 KB the standard library asks the runtime, and on this platform it allocated.
        #expect(MemoryLayout<SlowFrame>.stride * ViewStoreSnapshot.inlineDepth <= 1024)
        #expect(MemoryLayout<Point>.stride * ViewStoreSnapshot.inlineDepth <= 1024)
    }
}
