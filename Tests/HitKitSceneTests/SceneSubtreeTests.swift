import Testing
@testable import HitKitScene

/// `subtree` walks a view and everything under it one view at a time, parents before children,
/// back to front, holding only the views still to visit.
@Suite struct SceneSubtreeTests {
    typealias View = SceneDescription.View

    @Test func parentsComeBeforeChildrenBackToFront() {
        let tree = View(id: "root", subviews: [
            View(id: "a", subviews: [View(id: "a1"), View(id: "a2", subviews: [View(id: "a2x")])]),
            View(id: "b"),
            View(id: "c", subviews: [View(id: "c1")]),
        ])
        #expect(tree.subtree.map(\.id) == ["root", "a", "a1", "a2", "a2x", "b", "c", "c1"])
        #expect(Array(View(id: "leaf").subtree.map(\.id)) == ["leaf"])
        #expect(tree.subtree.reduce(0) { count, _ in count + 1 } == tree.subtreeCount)
    }

    @Test func theWalkHoldsTheSiblingsStillToVisitNotTheWholeTree() {
        // 50 containers of 20 leaves: a list of the subtree would hold 1,051 views; the walk
        // holds at most the containers still to visit and one container's leaves.
        let tree = View(id: "w", subviews: (0..<50).map { container in
            View(id: "c\(container)", subviews: (0..<20).map { View(id: "v\(container)-\($0)") })
        })
        var iterator = tree.subtree.makeIterator()
        var visited = 0
        var mostPending = 0
        while iterator.next() != nil {
            visited += 1
            mostPending = max(mostPending, iterator.pending.count)
        }
        #expect(visited == 1 + 50 + 50 * 20)
        #expect(mostPending <= 50 + 20)
    }
}
