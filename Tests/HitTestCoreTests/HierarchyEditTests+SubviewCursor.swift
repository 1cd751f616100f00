import Testing
import HitTestCore

/// Subviews read by index (`subview(of:at:)`, `subviewCount(of:)`): the store keeps where the
/// last read stopped, and every answer must still be `subviews(of:)`'s, whatever was read or
/// edited before it.
extension HierarchyEditTests {
    /// A store with two parents of `count` subviews each.
    struct TwoParents {
        let store = ViewStore()
        let first: ViewID, second: ViewID

        init(count: Int) throws {
            first = try store.makeView(frame: Rect(0, 0, 100, 100))
            second = try store.makeView(frame: Rect(0, 0, 100, 100))
            for _ in 0..<count {
                _ = try store.add(Rect(0, 0, 10, 10), to: first)
                _ = try store.add(Rect(0, 0, 10, 10), to: second)
            }
        }
    }

    @Test("subviews read by index in any order, two parents in turn, are subviews(of:)'s")
    func indexReadsInAnyOrder() throws {
        let f = try TwoParents(count: 40)
        let firstList = try f.store.subviews(of: f.first), secondList = try f.store.subviews(of: f.second)
        // In order, backwards, repeated, skipping, and past the end, with the other parent between.
        let indices = Array(0..<40) + Array((0..<40).reversed()) + [7, 7, 3, 39, 0, 20, 40, 21, 100, 22]
        for i in indices {
            #expect(try f.store.subview(of: f.first, at: i) == (i < 40 ? firstList[i] : nil), "first at \(i)")
            #expect(try f.store.subview(of: f.second, at: 39 - Swift.min(i, 39)) == secondList[39 - Swift.min(i, 39)])
            #expect(try f.store.subviewCount(of: i % 2 == 0 ? f.first : f.second) == 40)
        }
    }

    @Test("a read by index after an edit answers for the edited tree", arguments: ["insert", "remove", "move", "destroy and reuse", "frame"])
    func indexReadsFollowEdits(edit: String) throws {
        let f = try TwoParents(count: 10)
        let store = f.store, parent = f.first
        // Leave the cursor at index 5 and the count known.
        _ = try (0...5).map { try store.subview(of: parent, at: $0) }
        #expect(try store.subviewCount(of: parent) == 10)
        switch edit {
        case "insert": try store.insertSubview(try store.makeView(frame: Rect(0, 0, 1, 1)), into: parent, at: 0)
        case "remove": try store.removeFromSuperview(try #require(try store.subview(of: parent, at: 2)))
        case "move": try store.addSubview(try #require(try store.subview(of: f.second, at: 0)), to: parent)
        case "destroy and reuse":
            try store.destroy(try #require(try store.subview(of: parent, at: 5)))
            try store.insertSubview(try store.makeView(frame: Rect(0, 0, 1, 1)), into: parent, at: 5)
        default:
            // Not a link: the answers stay, and must still be right.
            try store.setFrame(Rect(1, 1, 5, 5), of: try #require(try store.subview(of: parent, at: 5)))
        }
        let list = try store.subviews(of: parent)
        #expect(try store.subviewCount(of: parent) == list.count)
        for i in 5..<list.count { #expect(try store.subview(of: parent, at: i) == list[i], "at \(i) after \(edit)") }
        #expect(try store.subview(of: parent, at: list.count) == nil)
        #expect(try (0..<list.count).map { try store.subview(of: parent, at: $0) } == list)
    }

    @Test("a stale parent handle throws, whatever the cursor holds")
    func staleParentAfterCursor() throws {
        let f = try TwoParents(count: 3)
        _ = try f.store.subview(of: f.first, at: 2)
        try f.store.destroy(f.first)
        #expect(throws: ViewStoreError.self) { try f.store.subview(of: f.first, at: 2) }
        #expect(throws: ViewStoreError.self) { try f.store.subviewCount(of: f.first) }
        let reused = try f.store.makeView(frame: Rect(0, 0, 1, 1))
        #expect(try f.store.subview(of: reused, at: 0) == nil && f.store.subviewCount(of: reused) == 0)
    }
}
