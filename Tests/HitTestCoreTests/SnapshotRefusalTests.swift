import Testing
@testable import HitTestCore

/// A snapshot answers only for the views live when it was taken, and its refusal of any other
/// says why: destroyed before it (``ViewStoreError/staleHandle(_:)``) or made after it
/// (``ViewStoreError/madeAfterSnapshot(_:)``), a distinction read from the snapshot's own rows.
@Suite("Snapshot refusals")
struct SnapshotRefusalTests {
    @Test("destroyed before: stale; made after, in a new row or a freed one: made after; destroyed after: still held")
    func refusalsSayWhy() throws {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let gone = try store.makeView(frame: Rect(10, 10, 20, 20))
        let kept = try store.makeView(frame: Rect(10, 10, 20, 20))
        try store.addSubview(kept, to: window)
        try store.destroy(gone)
        let snapshot = store.snapshot()

        let inGonesRow = try store.makeView(frame: Rect(0, 0, 5, 5))
        #expect(inGonesRow.index == gone.index)
        let appended = try store.makeView(frame: Rect(0, 0, 5, 5))
        try store.destroy(kept)
        // The freed row's next view, at a generation past any the snapshot saw.
        try store.destroy(inGonesRow)
        let third = try store.makeView(frame: Rect(0, 0, 5, 5))
        #expect(third.index == gone.index && third.generation > inGonesRow.generation)

        #expect(try snapshot.convert(Point.zero, from: .view(kept), to: .screen) == Point(10, 10))
        #expect(throws: ViewStoreError.staleHandle(gone)) { try snapshot.convert(Point.zero, from: .view(gone), to: .screen) }
        for later in [inGonesRow, appended, third] {
            #expect(throws: ViewStoreError.madeAfterSnapshot(later)) {
                try snapshot.convert(Point.zero, from: .screen, to: .view(later))
            }
            #expect(throws: ViewStoreError.madeAfterSnapshot(later)) { try snapshot.hitTest(Point(1, 1), in: later) }
        }
        #expect("\(ViewStoreError.madeAfterSnapshot(appended))".contains("made after the snapshot was taken"))
    }

    @Test("a retired row's last view, destroyed before the snapshot, is stale, not made after")
    func retiredRowIsStale() throws {
        let store = ViewStore()
        let v = try store.makeView()
        // Reaching the last generation takes four billion reuses; set it directly instead.
        store.generation[v.index] = .max
        let last = ViewID(index: v.index, generation: .max)
        try store.destroy(last)
        let snapshot = store.snapshot()
        #expect(throws: ViewStoreError.staleHandle(last)) { try snapshot.convert(Point.zero, from: .view(last), to: .screen) }
    }
}
