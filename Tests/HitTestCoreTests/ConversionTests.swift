import Testing
import HitTestCore

/// Behaviour A1's `convert` for points and rects, within a tree and across windows through the screen.
@Suite("Conversion")
struct ConversionTests {
    /// Two windows side by side on the screen:
    ///
    ///     first (0, 0, 320, 480)  > a (10, 20, 100, 100) > a1 (5, 5, 10, 10)
    ///                             > b (200, 300, 50, 50)
    ///     second (400, 0, 200, 200) > c (20, 30, 40, 40)
    struct Screen {
        let store = ViewStore()
        let first, second, a, a1, b, c: ViewID

        init() throws {
            first = try store.makeWindow(frame: Rect(0, 0, 320, 480))
            a = try store.add(Rect(10, 20, 100, 100), to: first)
            a1 = try store.add(Rect(5, 5, 10, 10), to: a)
            b = try store.add(Rect(200, 300, 50, 50), to: first)
            second = try store.makeWindow(frame: Rect(400, 0, 200, 200))
            c = try store.add(Rect(20, 30, 40, 40), to: second)
        }

        func convert(_ p: Point, _ from: ViewID, _ to: ViewID) throws -> Point {
            try store.convert(p, from: .view(from), to: .view(to))
        }

        /// Gives `a` a skewing transform, an anchor point off its center and a moved bounds
        /// origin, and turns `c`.
        func skew() throws {
            try store.setTransform(AffineTransform(a: 1.5, b: 0.25, c: -0.5, d: 0.75, tx: 3, ty: -4), of: a)
            try store.setAnchorPoint(Point(0.2, 0.9), of: a)
            try store.setBounds(Rect(-7, 11, 100, 100), of: a)
            try store.setTransform(AffineTransform(rotationAngle: 1.1), of: c)
        }
    }

    @Test("between a child and its parent, both ways")
    func parentChild() throws {
        let s = try Screen()
        #expect(try s.convert(Point(1, 2), s.a1, s.a) == Point(6, 7))
        #expect(try s.convert(Point(6, 7), s.a, s.a1) == Point(1, 2))
        #expect(try s.convert(Point(1, 2), s.a1, s.first) == Point(16, 27))
        #expect(try s.convert(Point(16, 27), s.first, s.a1) == Point(1, 2))
    }

    @Test("between siblings' subtrees, through their common ancestor")
    func siblings() throws {
        let s = try Screen()
        #expect(try s.convert(Point(1, 2), s.a1, s.b) == Point(-184, -273))
        #expect(try s.convert(Point(-184, -273), s.b, s.a1) == Point(1, 2))
        #expect(try s.convert(Point(0, 0), s.b, s.a) == Point(190, 280))
    }

    @Test("to and from the screen, on either side")
    func screen() throws {
        let s = try Screen()
        #expect(try s.store.convert(Point(1, 2), from: .view(s.a1), to: .screen) == Point(16, 27))
        #expect(try s.store.convert(Point(430, 40), from: .screen, to: .view(s.c)) == Point(10, 10))
        #expect(try s.store.convert(Point(10, 10), from: .view(s.c), to: .screen) == Point(430, 40))
        #expect(try s.store.convert(Point(0, 0), from: .view(s.second), to: .screen) == Point(400, 0))
        #expect(try s.store.convert(Point(7, -3), from: .screen, to: .screen) == Point(7, -3))
    }

    @Test("across two windows at different screen positions, through the screen")
    func acrossWindows() throws {
        let s = try Screen()
        #expect(try s.convert(Point(1, 2), s.a1, s.c) == Point(-404, -3))
        #expect(try s.convert(Point(-404, -3), s.c, s.a1) == Point(1, 2))
        #expect(try s.convert(Point(0, 0), s.second, s.first) == Point(400, 0))
    }

    @Test("across a transformed window")
    func acrossTransformedWindow() throws {
        let s = try Screen()
        try s.store.setTransform(AffineTransform(scaleX: 2, y: 2), of: s.second)
        // `second` now spans screen 300..<700 × −100..<300; c's origin (20, 30) lands at (340, −40).
        #expect(try s.store.convert(Point(0, 0), from: .view(s.c), to: .screen) == Point(340, -40))
        #expect(try s.convert(Point(0, 0), s.c, s.a1) == Point(340 - 15, -40 - 25))
        #expect(try s.store.convert(Point(350, -30), from: .screen, to: .view(s.c)) == Point(5, 5))
    }

    @Test("a view to itself is the identity")
    func identity() throws {
        let s = try Screen()
        #expect(try s.convert(Point(3, 4), s.a1, s.a1) == Point(3, 4))
        #expect(try s.store.convert(Rect(1, 2, 3, 4), from: .view(s.b), to: .view(s.b)) == Rect(1, 2, 3, 4))
    }

    @Test("a rect converts as the bounding box of its converted corners")
    func rects() throws {
        let s = try Screen()
        #expect(try s.store.convert(Rect(0, 0, 10, 10), from: .view(s.a1), to: .view(s.first)) == Rect(15, 25, 10, 10))
        #expect(try s.store.convert(Rect(10, 10, -10, -10), from: .view(s.a1), to: .view(s.a)) == Rect(5, 5, 10, 10))
        #expect(try s.store.convert(Rect(0, 0, 40, 40), from: .view(s.c), to: .screen) == Rect(420, 30, 40, 40))
        let bar = try s.store.add(Rect(100, 140, 100, 20), to: s.first)
        try s.store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: bar)
        let upright = try s.store.convert(Rect(0, 0, 100, 20), from: .view(bar), to: .view(s.first))
        #expect(isClose(upright, Rect(140, 100, 20, 100)))
        #expect(try isClose(upright, s.store.frame(of: bar)))
        let back = try s.store.convert(Rect(140, 100, 20, 100), from: .view(s.first), to: .view(bar))
        #expect(isClose(back, Rect(0, 0, 100, 20)))
    }

    @Test("a round trip through transformed views and anchor points returns the point", arguments: [
        Point(0, 0), Point(13.5, -7.25), Point(-200, 300), Point(1e-3, 1e3),
    ])
    func roundTrip(point: Point) throws {
        let s = try Screen()
        try s.skew()
        try s.store.setAnchorPoint(Point(1, 0), of: s.c)
        let there = try s.convert(point, s.a1, s.c)
        #expect(isClose(try s.convert(there, s.c, s.a1), point, tolerance: 1e-9 * max(1, abs(point.x) + abs(point.y))))
        let onScreen = try s.store.convert(point, from: .view(s.a1), to: .screen)
        #expect(isClose(try s.store.convert(onScreen, from: .screen, to: .view(s.a1)), point, tolerance: 1e-9 * 1e3))
    }

    @Test("the screen hit test agrees with conversion: the answer contains the converted point")
    func agreesWithHitTest() throws {
        let s = try Screen()
        try s.store.setTransform(AffineTransform(rotationAngle: 0.3), of: s.a)
        for p in [Point(20, 30), Point(60, 70), Point(25, 25), Point(230, 320), Point(440, 50)] {
            let hit = try #require(s.store.hitTest(screenPoint: p))
            #expect(try s.store.bounds(of: hit).contains(s.store.convert(p, from: .screen, to: .view(hit))))
        }
    }

    @Test("converting into a view with a singular transform, or under one, gives a non-finite point")
    func intoSingular() throws {
        let s = try Screen()
        try s.store.setTransform(AffineTransform(scaleX: 0, y: 1), of: s.a)
        #expect(try !s.convert(Point(50, 50), s.first, s.a).isFinite)
        #expect(try !s.convert(Point(50, 50), s.first, s.a1).isFinite)
        #expect(try !s.store.convert(Point(50, 50), from: .screen, to: .view(s.a1)).isFinite)
        #expect(try !s.store.convert(Rect(0, 0, 10, 10), from: .view(s.b), to: .view(s.a)).isFinite)
        // Out of it the transform applies as it is: everything collapses onto the center's x.
        #expect(try s.convert(Point(30, 40), s.a, s.first) == Point(60, 60))
    }

    @Test("views in no common hierarchy throw unrelatedViews")
    func unrelated() throws {
        let s = try Screen()
        let loose = try s.store.makeView(frame: Rect(0, 0, 10, 10))
        let looseChild = try s.store.add(Rect(1, 1, 5, 5), to: loose)
        let otherLoose = try s.store.makeView(frame: Rect(0, 0, 10, 10))
        #expect(throws: ViewStoreError.unrelatedViews(loose, otherLoose)) { try s.convert(.zero, loose, otherLoose) }
        #expect(throws: ViewStoreError.unrelatedViews(looseChild, s.a)) { try s.convert(.zero, looseChild, s.a) }
        #expect(throws: ViewStoreError.unrelatedViews(s.c, loose)) { try s.convert(.zero, s.c, loose) }
        #expect(throws: ViewStoreError.unrelatedViews(loose, otherLoose)) {
            try s.store.convert(Rect(0, 0, 1, 1), from: .view(loose), to: .view(otherLoose))
        }
        // Within one detached tree conversion works.
        #expect(try s.convert(Point(0, 0), looseChild, loose) == Point(1, 1))
    }

    @Test("a view in no window has no screen coordinates: notInWindow")
    func notInWindow() throws {
        let s = try Screen()
        let loose = try s.store.makeView(frame: Rect(0, 0, 10, 10))
        let looseChild = try s.store.add(Rect(1, 1, 5, 5), to: loose)
        #expect(throws: ViewStoreError.notInWindow(loose)) {
            try s.store.convert(Point(1, 1), from: .view(loose), to: .screen)
        }
        #expect(throws: ViewStoreError.notInWindow(looseChild)) {
            try s.store.convert(Point(1, 1), from: .screen, to: .view(looseChild))
        }
        #expect(throws: ViewStoreError.notInWindow(loose)) {
            try s.store.convert(Rect(0, 0, 1, 1), from: .view(loose), to: .screen)
        }
        // Removing a view from its window takes its screen coordinates away too.
        try s.store.removeFromSuperview(s.a)
        #expect(throws: ViewStoreError.notInWindow(s.a1)) {
            try s.store.convert(Point(1, 1), from: .view(s.a1), to: .screen)
        }
    }

    @Test("a destroyed view's handle throws staleHandle")
    func stale() throws {
        let s = try Screen()
        try s.store.destroy(s.b)
        #expect(throws: ViewStoreError.staleHandle(s.b)) { try s.convert(.zero, s.a, s.b) }
        #expect(throws: ViewStoreError.staleHandle(s.b)) { try s.store.convert(Point.zero, from: .view(s.b), to: .screen) }
    }

    /// Hand-derived: `second` scaled 2× about its center halves a screen vector in it; within one
    /// window of plain offsets a vector stays as it is, however far the views are moved.
    @Test("a vector converts without the spaces' offsets: scales and rotations apply")
    func vectors() throws {
        let s = try Screen()
        try s.store.setTransform(AffineTransform(scaleX: 2, y: 2), of: s.second)
        #expect(try s.store.convertVector(Point(3, -4), from: .screen, to: .view(s.c)) == Point(1.5, -2))
        #expect(try s.store.convertVector(Point(1.5, -2), from: .view(s.c), to: .screen) == Point(3, -4))
        #expect(try s.store.convertVector(Point(3, -4), from: .view(s.a1), to: .view(s.b)) == Point(3, -4))
        #expect(try s.store.convertVector(Point(3, -4), from: .view(s.a1), to: .view(s.c)) == Point(1.5, -2))
        try s.store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: s.a)
        // a turned a quarter: its x axis points down the window, its y axis to the left.
        #expect(isClose(try s.store.convertVector(Point(1, 0), from: .view(s.a1), to: .view(s.first)), Point(0, 1)))
        #expect(isClose(try s.store.convertVector(Point(0, 1), from: .view(s.a1), to: .screen), Point(-1, 0)))
    }

    /// The definition, checked bit for bit between every pair of spaces of a transformed screen,
    /// on the store and on a snapshot of it.
    @Test("a vector converts exactly as its tip's conversion less the origin's", arguments: [
        Point(0, 0), Point(13.5, -7.25), Point(-200, 300), Point(1e-3, 1e3),
    ])
    func vectorIsTipLessTail(vector: Point) throws {
        let s = try Screen()
        try s.skew()
        try s.store.setTransform(AffineTransform(scaleX: 0.5, y: 3), of: s.second)
        let snapshot = s.store.snapshot()
        let spaces: [CoordinateSpace] = [.screen] + [s.first, s.second, s.a, s.a1, s.b, s.c].map { .view($0) }
        for from in spaces {
            for to in spaces {
                let tip = try s.store.convert(vector, from: from, to: to)
                let tail = try s.store.convert(Point.zero, from: from, to: to)
                let expected = Point(tip.x - tail.x, tip.y - tail.y)
                #expect(try s.store.convertVector(vector, from: from, to: to) == expected, "\(from) → \(to)")
                #expect(try snapshot.convertVector(vector, from: from, to: to) == expected, "\(from) → \(to)")
            }
        }
    }

    @Test("a vector's conversion fails as a point's: unrelated views, no window, a stale handle")
    func vectorErrors() throws {
        let s = try Screen()
        let loose = try s.store.makeView(frame: Rect(0, 0, 10, 10))
        let looseChild = try s.store.add(Rect(1, 1, 5, 5), to: loose)
        #expect(throws: ViewStoreError.unrelatedViews(looseChild, s.a)) {
            try s.store.convertVector(Point(1, 1), from: .view(looseChild), to: .view(s.a))
        }
        #expect(throws: ViewStoreError.notInWindow(looseChild)) {
            try s.store.convertVector(Point(1, 1), from: .screen, to: .view(looseChild))
        }
        #expect(try s.store.convertVector(Point(1, 1), from: .view(looseChild), to: .view(loose)) == Point(1, 1))
        try s.store.destroy(s.b)
        #expect(throws: ViewStoreError.staleHandle(s.b)) {
            try s.store.convertVector(Point(1, 1), from: .view(s.b), to: .screen)
        }
    }

    /// A conversion holds each side's rows on the stack up to a depth far beyond real
    /// hierarchies, and walks a deeper side twice instead: both ways answer alike.
    @Test("paths deeper than the conversion's stack room convert as short ones", arguments: [20, 300])
    func deepPaths(depth: Int) throws {
        // A window, a chain of `depth` views each at (1, 2) in the one above, and under the
        // chain's view at `fork` a branch of `depth / 2` views each at (3, 1).
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 1000, 1000))
        var chain = [window], branch: [ViewID] = []
        for _ in 0..<depth { chain.append(try store.add(Rect(1, 2, 900, 900), to: chain[chain.count - 1])) }
        let fork = depth * 2 / 3
        var top = chain[fork]
        for _ in 0..<depth / 2 {
            top = try store.add(Rect(3, 1, 900, 900), to: top)
            branch.append(top)
        }
        let leaf = chain[depth], d = Double(depth)
        #expect(try store.convert(Point(0, 0), from: .view(leaf), to: .view(window)) == Point(d, 2 * d))
        #expect(try store.convert(Point(d, 2 * d), from: .view(window), to: .view(leaf)) == Point(0, 0))
        #expect(try store.convert(Point(d, 2 * d), from: .screen, to: .view(leaf)) == Point(0, 0))
        #expect(try store.convert(Rect(0, 0, 1, 1), from: .view(leaf), to: .view(window)) == Rect(d, 2 * d, 1, 1))
        // From the leaf up to the fork, then down the branch.
        let up = Double(depth - fork), down = Double(depth / 2)
        #expect(try store.convert(Point(0, 0), from: .view(leaf), to: .view(top)) == Point(up - 3 * down, 2 * up - down))
        #expect(try store.convert(Point(up - 3 * down, 2 * up - down), from: .view(top), to: .view(leaf)) == Point(0, 0))
        // The same depths outside any window: related only within their own tree.
        let loose = try store.makeView(frame: Rect(0, 0, 10, 10))
        var looseLeaf = loose
        for _ in 0..<depth { looseLeaf = try store.add(Rect(1, 2, 5, 5), to: looseLeaf) }
        #expect(try store.convert(Point(0, 0), from: .view(looseLeaf), to: .view(loose)) == Point(d, 2 * d))
        #expect(throws: ViewStoreError.unrelatedViews(looseLeaf, leaf)) {
            try store.convert(Point(0, 0), from: .view(looseLeaf), to: .view(leaf))
        }
        #expect(throws: ViewStoreError.notInWindow(looseLeaf)) {
            try store.convert(Point(0, 0), from: .screen, to: .view(looseLeaf))
        }
    }

    @Test("a view's root is its window, the top of a tree in no window, or itself")
    func roots() throws {
        let s = try Screen()
        #expect(try s.store.root(of: s.a1) == s.first)
        #expect(try s.store.root(of: s.c) == s.second)
        #expect(try s.store.root(of: s.first) == s.first)
        let loose = try s.store.makeView(frame: Rect(0, 0, 10, 10))
        let looseChild = try s.store.add(Rect(1, 1, 5, 5), to: loose)
        #expect(try s.store.root(of: looseChild) == loose)
        #expect(try s.store.window(of: looseChild) == nil)
        try s.store.removeFromSuperview(s.a)
        #expect(try s.store.root(of: s.a1) == s.a)
        try s.store.destroy(s.b)
        #expect(throws: ViewStoreError.staleHandle(s.b)) { try s.store.root(of: s.b) }
    }
}
