import Testing
import HitTestCore

/// The hit test is iterative: a chain a million views deep neither overflows the stack nor
/// answers wrongly.
@Suite("Deep trees", .serialized)
struct DeepTreeTests {
    static let depth = 1_000_000

    /// A window holding a chain of `depth` views, each 10 × 10 at (0, 0) in its parent.
    /// Built leaf first, so each `addSubview` checks for a cycle in O(1) (the new parent has
    /// no ancestors yet) and building stays linear.
    struct Chain {
        let store: ViewStore
        let window: ViewID, top: ViewID, leaf: ViewID, leafParent: ViewID

        /// With `passThrough`, every view of the chain but the window is passThrough.
        init(depth: Int, passThrough: Bool = false) throws {
            store = ViewStore(capacity: depth + 1)
            window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
            leaf = try store.makeView(frame: Rect(0, 0, 10, 10))
            if passThrough { try store.setFlag(.passThrough, true, of: leaf) }
            var current = leaf
            var parentOfLeaf = leaf
            for level in 1..<depth {
                let parent = try store.makeView(frame: Rect(0, 0, 10, 10))
                if passThrough { try store.setFlag(.passThrough, true, of: parent) }
                try store.addSubview(current, to: parent)
                if level == 1 { parentOfLeaf = parent }
                current = parent
            }
            top = current
            leafParent = parentOfLeaf
            try store.addSubview(top, to: window)
        }
    }

    @Test("a million-deep chain answers its deepest leaf, twice, and then its parent")
    func millionDeep() throws {
        let chain = try Chain(depth: Self.depth)
        #expect(chain.store.liveViewCount == Self.depth + 1)
        #expect(chain.store.hitTest(screenPoint: Point(5, 5)) == chain.leaf)
        #expect(chain.store.hitTest(screenPoint: Point(9.5, 0)) == chain.leaf, "a second query reuses the scratch")
        #expect(chain.store.hitTest(screenPoint: Point(10, 5)) == chain.window, "the top misses: the window answers")
        #expect(chain.store.hitTest(screenPoint: Point(50, 50)) == chain.window)
        try chain.store.setFlag(.hidden, true, of: chain.leaf)
        #expect(chain.store.hitTest(screenPoint: Point(5, 5)) == chain.leafParent)
        #expect(try chain.store.window(of: chain.leaf) == chain.window)
        #expect(try chain.store.convert(Point(1, 2), from: .view(chain.leaf), to: .screen) == Point(1, 2))
        #expect(try chain.store.convert(Point(1, 2), from: .screen, to: .view(chain.leaf)) == Point(1, 2))
        #expect(try chain.store.convert(Point(1, 2), from: .view(chain.top), to: .view(chain.leaf)) == Point(1, 2))
    }

    @Test("a million-deep chain of passThrough views backs up all the way to the window")
    func millionDeepBacktrack() throws {
        let chain = try Chain(depth: Self.depth, passThrough: true)
        try chain.store.setFlag(.redirectsToSuperview, true, of: chain.leafParent)
        #expect(chain.store.hitTest(screenPoint: Point(5, 5)) == chain.window)
        try chain.store.setFlag(.passThrough, false, of: chain.leaf)
        #expect(try chain.store.hitTest(screenPoint: Point(5, 5)) == chain.store.superview(of: chain.leafParent),
                "the leaf answers, redirected by its parent to the grandparent")
        try chain.store.destroy(chain.top)
        #expect(chain.store.liveViewCount == 1)
        #expect(chain.store.hitTest(screenPoint: Point(5, 5)) == chain.window)
    }
}
