import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// The engine's wide-container grids against the reference: the grid must change how many
/// subviews a query tests, never which one it answers. Each forest is one window holding a
/// container of hundreds to thousands of overlapping subviews (some rotated, hidden or hitting
/// outside their bounds); queries aim at random places and exactly at subviews' edges (and one
/// ulp either side), and edits that dirty the grid are interleaved with the queries so that
/// dirty walks and rebuilds are exercised too.
@Suite("Wide-container grids against the reference")
struct WideContainerGridTests {
    /// One window, one container, `count` subviews, built identically on both sides.
    final class Forest {
        let store = ViewStore()
        var screen = ReferenceScreen()
        let window: ViewID
        let container: ViewID
        let referenceContainer = ReferenceView(id: -2)
        var subviews: [ViewID] = []
        var referenceSubviews: [ReferenceView] = []

        init(count: Int, using random: inout SplitMix64) throws {
            window = try store.makeWindow(frame: Rect(0, 0, 1000, 1000))
            let referenceWindow = ReferenceView(id: -1)
            referenceWindow.setFrame(Rect(0, 0, 1000, 1000))
            screen.windows.append((referenceWindow, 0))
            container = try store.makeView(frame: Rect(0, 0, 1000, 1000))
            try store.addSubview(container, to: window)
            referenceContainer.setFrame(Rect(0, 0, 1000, 1000))
            referenceWindow.addSubview(referenceContainer)
            for index in 0..<count {
                let frame = Rect(Double.random(in: -50...1000, using: &random), Double.random(in: -50...1000, using: &random),
                                 Double.random(in: 0...80, using: &random), Double.random(in: 0...80, using: &random))
                let view = try store.makeView(frame: frame)
                try store.addSubview(view, to: container)
                let reference = ReferenceView(id: index)
                reference.setFrame(frame)
                referenceContainer.addSubview(reference)
                if Int.random(in: 0..<10, using: &random) == 0 {
                    let t = AffineTransform(rotationAngle: Double.random(in: 0...6.3, using: &random))
                    try store.setTransform(t, of: view)
                    reference.transform = t
                }
                if Int.random(in: 0..<600, using: &random) == 0 {
                    try store.setFlag(.hitsOutsideBounds, true, of: view)
                    reference.hitsOutsideBounds = true
                }
                if Int.random(in: 0..<20, using: &random) == 0 {
                    try store.setFlag(.hidden, true, of: view)
                    reference.isHidden = true
                }
                subviews.append(view)
                referenceSubviews.append(reference)
            }
        }

        /// The reference's id for an engine answer.
        func key(_ id: ViewID?) -> Int? {
            guard let id else { return nil }
            if id == window { return -1 }
            if id == container { return -2 }
            return subviews.firstIndex(of: id)
        }

        /// A random point, half of the time exactly on (or one ulp off) a subview's frame edge.
        func point(using random: inout SplitMix64) throws -> Point {
            guard Bool.random(using: &random) else {
                return Point(Double.random(in: -100...1100, using: &random), Double.random(in: -100...1100, using: &random))
            }
            let frame = try store.frame(of: subviews[Int.random(in: 0..<subviews.count, using: &random)])
            let xs = [frame.minX, frame.maxX, frame.minX.nextUp, frame.maxX.nextDown, frame.maxX.nextUp, frame.minX.nextDown, frame.midX]
            let ys = [frame.minY, frame.maxY, frame.minY.nextUp, frame.maxY.nextDown, frame.maxY.nextUp, frame.minY.nextDown, frame.midY]
            return Point(xs.randomElement(using: &random)!, ys.randomElement(using: &random)!)
        }
    }

    @Test("Grid answers equal the reference's, before and after edits", arguments: 0..<8)
    func gridAgreesWithReference(batch: Int) throws {
        var random = SplitMix64(seed: 7_000_000 + UInt64(batch))
        var queries = 0, gridQueries = 0
        for _ in 0..<5 {
            let forest = try Forest(count: Int.random(in: 64...2000, using: &random), using: &random)
            func check(_ rounds: Int) throws {
                for _ in 0..<rounds {
                    let p = try forest.point(using: &random)
                    let engine = forest.key(forest.store.hitTest(screenPoint: p))
                    let reference = forest.screen.hitTest(screenPoint: p)?.id
                    try #require(engine == reference, "point \(p): engine \(String(describing: engine)), reference \(String(describing: reference))")
                    queries += 1
                    if try forest.store.hasContainerGrid(forest.container) { gridQueries += 1 }
                }
            }
            try check(300)
            // The queries above walked the container: it must be served by a grid now.
            #expect(try forest.store.hasContainerGrid(forest.container))
            for _ in 0..<6 {
                let k = Int.random(in: 0..<forest.subviews.count, using: &random)
                let center = Point(Double.random(in: 0...1000, using: &random), Double.random(in: 0...1000, using: &random))
                try forest.store.setCenter(center, of: forest.subviews[k])
                forest.referenceSubviews[k].center = center
                try check(40)
                let j = Int.random(in: 0..<forest.subviews.count, using: &random)
                try forest.store.bringToFront(forest.subviews[j])
                forest.referenceContainer.addSubview(forest.referenceSubviews[j])
                let t = AffineTransform(scaleX: Double.random(in: 0.5...3, using: &random), y: 1)
                try forest.store.setTransform(t, of: forest.subviews[j])
                forest.referenceSubviews[j].transform = t
                try check(40)
            }
            try check(200)
        }
        print("wide-container grids, batch \(batch): \(queries) queries, \(gridQueries) answered through a grid")
        #expect(gridQueries > queries / 2)
    }

    @Test("A 16,384-tile container hit at the back is answered through its grid")
    func backOfWideContainer() throws {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 1280, 1280))
        var tiles: [ViewID] = []
        for i in 0..<16_384 {
            let tile = try store.makeView(frame: Rect(Double(i % 128) * 10, Double(i / 128) * 10, 10, 10))
            try store.addSubview(tile, to: window)
            tiles.append(tile)
        }
        #expect(try !store.hasContainerGrid(window))
        #expect(store.hitTest(screenPoint: Point(5, 5)) == tiles[0])
        #expect(try store.hasContainerGrid(window))
        #expect(store.hitTest(screenPoint: Point(5, 5)) == tiles[0])
        #expect(store.hitTest(screenPoint: Point(1275, 1275)) == tiles[16_383])
        // Bringing the first tile over the last one's place must win there at once; the grid
        // follows both edits in place (it stays in use).
        try store.setCenter(Point(1275, 1275), of: tiles[0])
        try store.bringToFront(tiles[0])
        #expect(try store.hasContainerGrid(window))
        #expect(store.hitTest(screenPoint: Point(1275, 1275)) == tiles[0])
        #expect(store.hitTest(screenPoint: Point(5, 5)) == window)
    }
}
