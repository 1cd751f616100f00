import Testing
@testable import HitTestCore

/// Snapshots share the store's own row chunks: taking one copies no row, and the store's next
/// write to a chunk copies that chunk alone (read through the store's chunk addresses).
@Suite("Snapshot sharing")
struct SnapshotSharingTests {
    /// A window 40 wide with `count` subviews 10 wide in a column, 1 point apart: rows 1...count.
    private func tallStore(_ count: Int) throws -> (ViewStore, [ViewID]) {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 40, Double(count)))
        var views: [ViewID] = []
        for i in 0..<count {
            let view = try store.makeView(frame: Rect(0, Double(i), 10, 1))
            try store.addSubview(view, to: window)
            views.append(view)
        }
        return (store, views)
    }

    private func chunkAddresses(_ store: ViewStore) -> [UnsafeRawPointer] {
        stride(from: 0, to: Int(store.storage.rowCount), by: 64).map { store.chunkAddress(ofRow: Int32($0)) }
    }

    @Test("A snapshot copies no chunk; the edit after it copies only the chunk it writes, once")
    func editCopiesOnlyItsChunk() throws {
        let (store, views) = try tallStore(1_000)
        let before = chunkAddresses(store)
        let snapshot = store.snapshot()
        #expect(chunkAddresses(store) == before, "taking a snapshot copies no chunk")

        let edited = views[500]
        try store.setCenter(Point(5, 0.5), of: edited)
        let after = chunkAddresses(store)
        let editedChunk = Int(edited.index) >> 6
        for chunk in after.indices {
            if chunk == editedChunk {
                #expect(after[chunk] != before[chunk], "the written chunk is a copy")
            } else {
                #expect(after[chunk] == before[chunk], "chunk \(chunk) was not written and is still shared")
            }
        }
        // A second write to the same chunk in the same epoch writes the copy in place.
        try store.setCenter(Point(5, 1.5), of: views[501])
        #expect(chunkAddresses(store) == after)

        // The snapshot still answers as the store was; the store answers as it is now.
        #expect(snapshot.hitTest(screenPoint: Point(5, 500.5)) == .hit(edited))
        #expect(store.hitTest(screenPoint: Point(5, 0.5)) == edited)
        #expect(snapshot.hitTest(screenPoint: Point(5, 0.5)) == .hit(views[0]))
    }

    @Test("Without a snapshot since the last copy, edits copy nothing")
    func editsWithoutSnapshotCopyNothing() throws {
        let (store, views) = try tallStore(300)
        let before = chunkAddresses(store)
        for view in views { try store.setCenter(Point(5, 0.5), of: view) }
        #expect(chunkAddresses(store) == before)
    }

    @Test("Side units are shared too: a snapshot keeps a transform the store changes afterwards")
    func sideUnitsAreShared() throws {
        let (store, views) = try tallStore(100)
        try store.setTransform(AffineTransform(scaleX: 2, y: 1), of: views[99])
        let snapshot = store.snapshot()
        try store.setTransform(.identity, of: views[99])
        try store.setTransform(AffineTransform(scaleX: 0.5, y: 1), of: views[99])
        // Scaled 2× about its center (5, 99.5), the view spans x in [-5, 15): x = 12 is inside
        // for the snapshot only.
        #expect(snapshot.hitTest(screenPoint: Point(12, 99.5)) == .hit(views[99]))
        #expect(store.hitTest(screenPoint: Point(12, 99.5)) == store.windows.first)
        #expect(store.hitTest(screenPoint: Point(5, 99.5)) == views[99])
    }

    @Test("Rows sit in one slab, chunk c at row 64·c, and a snapshot of such a store reads them there too")
    func rowsSitInOneSlab() throws {
        let (store, views) = try tallStore(300)
        let base = try #require(store.slabRows?.base)
        for (chunk, address) in chunkAddresses(store).enumerated() {
            #expect(address == UnsafeRawPointer(base + chunk * 64), "chunk \(chunk) is at its place in the slab")
        }
        let snapshot = store.snapshot()
        #expect(store.slabRows?.base == base, "taking a snapshot moves nothing")
        #expect(snapshot.hitTest(screenPoint: Point(5, 250.5)) == .hit(views[250]))
    }

    @Test("A write after a snapshot takes its chunk out of the slab; the store reads through the table until its slab is made again")
    func chunkLeavesAndReturns() throws {
        let (store, views) = try tallStore(300)
        let before = store.snapshot()
        try store.setCenter(Point(25, 0.5), of: views[100])
        #expect(store.slabRows?.base == nil, "chunk 1 is a copy outside the slab")
        #expect(store.hitTest(screenPoint: Point(25, 0.5)) == views[100], "the table finds the copy")
        #expect(store.hitTest(screenPoint: Point(5, 200.5)) == views[200], "and the chunks still in the slab")

        // Growing inside the slab's room leaves the copy where it is; growing past the room
        // moves every chunk into a new slab, the copied one included. The store began with room
        // for 64 rows and doubled: 301 rows (the window and 300 views) are in a slab of 512.
        let window = try #require(store.windows.first)
        var added: [ViewID] = []
        while added.count < 211 {
            added.append(try store.add(Rect(20, 299, 10, 1), to: window))
            #expect(store.slabRows?.base == nil)
        }
        added.append(try store.add(Rect(20, 299, 10, 1), to: window))
        let base = try #require(store.slabRows?.base, "a store grown past its slab reads from its new one")
        for (chunk, address) in chunkAddresses(store).enumerated() {
            #expect(address == UnsafeRawPointer(base + chunk * 64))
        }
        #expect(store.hitTest(screenPoint: Point(25, 0.5)) == views[100])
        #expect(store.hitTest(screenPoint: Point(25, 299.5)) == added.last)
        // The snapshot keeps the old slab alive, with the rows as they were.
        #expect(before.hitTest(screenPoint: Point(5, 100.5)) == .hit(views[100]))
        #expect(before.hitTest(screenPoint: Point(25, 0.5)) == .hit(window))
        #expect(before.hitTest(screenPoint: Point(25, 299.5)) == .hit(window))

        // A store already cut to size has no room to drop: `shrinkToFit()` still brings a
        // copied chunk back.
        try store.shrinkToFit()
        let cut = store.snapshot()
        try store.setCenter(Point(35, 0.5), of: views[100])
        #expect(store.slabRows?.base == nil)
        try store.shrinkToFit()
        #expect(store.slabRows?.base != nil, "the copy is back in a slab of the same size")
        #expect(store.hitTest(screenPoint: Point(35, 0.5)) == views[100])
        #expect(cut.hitTest(screenPoint: Point(25, 0.5)) == .hit(views[100]))
    }
}
