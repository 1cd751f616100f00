import Testing
@testable import HitTestCore

/// A container with ``ViewStore/subviewReachThreshold`` to fewer than
/// ``ViewStore/wideContainerThreshold`` subviews keeps the box they can be hit in, and a query
/// outside it answers the container without testing them (ViewStore+SubviewReach.swift). The box
/// may only be too large, never too small: every edit that moves a subview's footprint grows it.
@Suite("Subview reach")
struct SubviewReachTests {
    /// A 1000 × 1000 window with `count` 20 × 20 subviews in a row along y = 100...120, from x = 100.
    private func window(with count: Int) throws -> (ViewStore, ViewID, [ViewID]) {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 1000, 1000))
        var tiles: [ViewID] = []
        for i in 0..<count {
            let tile = try store.makeView(frame: Rect(Double(100 + 30 * i), 100, 20, 20))
            try store.addSubview(tile, to: window)
            tiles.append(tile)
        }
        return (store, window, tiles)
    }

    /// The reach box of `id`, read from its side unit.
    private func reach(_ store: ViewStore, _ id: ViewID) throws -> Rect? {
        let r = try store.row(id)
        let f = store.flags[r]
        guard f.contains(.subviewReach) else { return nil }
        let unit = store[sideUnitOf: r, at: f.reachUnitOffset, as: ReachUnit.self]
        return Rect(x: unit.least.x, y: unit.least.y, width: unit.greatest.x - unit.least.x,
                    height: unit.greatest.y - unit.least.y)
    }

    @Test("a container gets a reach with its 8th subview, loses it below 8, and has none once wide")
    func threshold() throws {
        let (store, window, tiles) = try window(with: 7)
        #expect(try !store.hasSubviewReach(window))
        let eighth = try store.makeView(frame: Rect(400, 400, 20, 20))
        try store.addSubview(eighth, to: window)
        #expect(try store.hasSubviewReach(window))
        let box = try #require(try reach(store, window))
        #expect(box.minX <= 100 && box.maxX >= 420 && box.minY <= 100 && box.maxY >= 420)
        #expect(box.minX > 99 && box.maxX < 421 && box.minY > 99 && box.maxY < 421, "padded for rounding only")
        try store.removeFromSuperview(tiles[0])
        #expect(try !store.hasSubviewReach(window))
        try store.addSubview(tiles[0], to: window)
        #expect(try store.hasSubviewReach(window))
        for _ in 8..<Int(ViewStore.wideContainerThreshold) {
            try store.addSubview(try store.makeView(frame: Rect(500, 500, 5, 5)), to: window)
        }
        #expect(try !store.hasSubviewReach(window))
        #expect(store.flags[try store.row(window)].contains(.wideContainer))
    }

    @Test("outside the reach the container answers; inside, its subviews are hit as before")
    func answers() throws {
        let (store, window, tiles) = try window(with: 10)
        #expect(store.hitTest(screenPoint: Point(50, 500)) == window)
        #expect(store.hitTest(screenPoint: Point(105, 105)) == tiles[0])
        #expect(store.hitTest(screenPoint: Point(385, 115)) == tiles[9])
        #expect(store.hitTest(screenPoint: Point(125, 110)) == window, "between two tiles, inside the box")
    }

    @Test("a subview moved, resized, scaled, re-anchored or given a larger hit area beyond the reach is hit there")
    func growsWithEveryEdit() throws {
        let far = Point(900, 900)
        let edits: [(String, (ViewStore, ViewID) throws -> Void)] = [
            ("center", { try $0.setCenter(Point(900, 900), of: $1) }),
            ("bounds", { try $0.setBounds(Rect(0, 0, 1600, 1600), of: $1) }),
            ("frame", { try $0.setFrame(Rect(890, 890, 20, 20), of: $1) }),
            ("transform", { try $0.setTransform(AffineTransform(scaleX: 80, y: 80), of: $1) }),
            ("anchor point", { try $0.setAnchorPoint(Point(x: -39, y: -39), of: $1) }),
            ("hit-test insets", { try $0.setHitTestInsets(EdgeInsets(top: 0, left: 0, bottom: -800, right: -800), of: $1) }),
            ("minimum hit size", { try $0.setMinimumHitSize(Size(width: 1700, height: 1700), of: $1) }),
        ]
        for (name, edit) in edits {
            let (store, window, tiles) = try window(with: 10)
            #expect(store.hitTest(screenPoint: far) == window, "\(name): before")
            try edit(store, tiles[0])
            #expect(try store.hasSubviewReach(window), "\(name)")
            #expect(store.hitTest(screenPoint: far) == tiles[0], "\(name): after")
        }
    }

    @Test("a subview that can be hit anywhere takes the reach away, and is hit outside the old box")
    func anywhere() throws {
        let (store, window, tiles) = try window(with: 10)
        // Tile 3 is at (190, 100): its subview covers (710, 710) to (730, 730) on the screen.
        let outlier = try store.makeView(frame: Rect(520, 610, 20, 20))
        try store.addSubview(outlier, to: tiles[3])
        let far = Point(715, 715)
        #expect(store.hitTest(screenPoint: far) == window)
        try store.setFlag(.hitsOutsideBounds, true, of: tiles[3])
        #expect(try !store.hasSubviewReach(window))
        #expect(store.hitTest(screenPoint: far) == outlier)
        try store.setFlag(.hitsOutsideBounds, false, of: tiles[3])
        try store.setPointInsideOverride({ _ in true }, of: tiles[5])
        #expect(store.hitTest(screenPoint: far) == tiles[5])
        // The reach comes back when a subview joins or leaves and every footprint is bounded.
        try store.setPointInsideOverride(nil, of: tiles[5])
        #expect(try !store.hasSubviewReach(window))
        try store.removeFromSuperview(tiles[9])
        #expect(try store.hasSubviewReach(window))
        #expect(store.hitTest(screenPoint: far) == window)
    }

    @Test("a leaving subview is taken out of the box; a singular one never counts")
    func remadeWhenOneLeaves() throws {
        let (store, window, tiles) = try window(with: 11)
        let full = try #require(try reach(store, window))
        try store.removeFromSuperview(tiles[10])
        #expect(try #require(try reach(store, window)).maxX < full.maxX, "the last tile made the right edge")
        let nine = try #require(try reach(store, window))
        let inside = try store.makeView(frame: Rect(200, 105, 5, 5))
        try store.addSubview(inside, to: window)
        #expect(try reach(store, window) == nine)
        try store.removeFromSuperview(inside)
        #expect(try reach(store, window) == nine, "one strictly inside made no edge: the box stays")
        try store.setCenter(Point(900, 900), of: tiles[0])
        #expect(try #require(try reach(store, window)).maxX > 900)
        try store.removeFromSuperview(tiles[0])
        #expect(try #require(try reach(store, window)).maxX < 400)
        // A subview made singular is never entered: it drops out when the box is next remade.
        try store.setTransform(AffineTransform(scaleX: 0, y: 1), of: tiles[1])
        try store.addSubview(try store.makeView(frame: Rect(200, 200, 10, 10)), to: window)
        #expect(try #require(try reach(store, window)).minX < 131, "a joining subview only grows the box")
        try store.removeFromSuperview(tiles[9])
        let box = try #require(try reach(store, window))
        #expect(box.minX > 150 && box.maxX < 390, "tiles 2 to 8 and the new view at x = 200")
    }

    @Test("a container with a transform and a shape gains and loses a reach and keeps both")
    func reachBesideOtherUnits() throws {
        let (store, window, tiles) = try window(with: 10)
        let inner = try store.makeView(frame: Rect(0, 0, 1000, 1000))
        try store.addSubview(inner, to: window)
        try store.setTransform(AffineTransform(rotationAngle: .pi), of: inner)
        try store.setHitTestInsets(EdgeInsets(top: -5, left: -5, bottom: -5, right: -5), of: inner)
        let transform = try store.transform(of: inner), insets = try store.hitTestInsets(of: inner)
        for tile in tiles { try store.addSubview(tile, to: inner) }
        #expect(try store.hasSubviewReach(inner))
        #expect(try store.transform(of: inner) == transform && store.hitTestInsets(of: inner) == insets)
        #expect(store.hitTest(screenPoint: Point(1000 - 105, 1000 - 105)) == tiles[0])
        try store.removeFromSuperview(tiles[0])
        try store.removeFromSuperview(tiles[1])
        try store.removeFromSuperview(tiles[2])
        #expect(try !store.hasSubviewReach(inner))
        #expect(try store.transform(of: inner) == transform && store.hitTestInsets(of: inner) == insets)
        #expect(store.hitTest(screenPoint: Point(1000 - 205, 1000 - 105)) == tiles[3])
    }

    @Test("the container's own transform and shape edits keep its reach and its other side units")
    func containerEditsKeepReach() throws {
        let (store, window, tiles) = try window(with: 10)
        let inner = try store.makeView(frame: Rect(0, 0, 1000, 1000))
        try store.addSubview(inner, to: window)
        for tile in tiles { try store.addSubview(tile, to: inner) }
        let before = try #require(try reach(store, inner))
        try store.setTransform(AffineTransform(rotationAngle: 0.3), of: inner)
        try store.setHitTestInsets(EdgeInsets(top: -5, left: -5, bottom: -5, right: -5), of: inner)
        #expect(try reach(store, inner) == before)
        try store.setTransform(.identity, of: inner)
        try store.setHitTestInsets(.zero, of: inner)
        try store.setBounds(Rect(0, 0, 1000, 1000), of: inner)
        #expect(try reach(store, inner) == before)
        #expect(store.hitTest(screenPoint: Point(105, 105)) == tiles[0])
        #expect(store.hitTest(screenPoint: Point(50, 500)) == inner)
        // A rotated container with a reach: the plain loop finds its units after the transform's.
        try store.setTransform(AffineTransform(rotationAngle: .pi), of: inner)
        #expect(store.hitTest(screenPoint: Point(1000 - 105, 1000 - 105)) == tiles[0])
        #expect(store.hitTest(screenPoint: Point(950, 500)) == inner)
    }

    @Test("a snapshot keeps the reach of its version")
    func snapshots() throws {
        let (store, window, tiles) = try window(with: 10)
        let before = store.snapshot()
        try store.setCenter(Point(900, 900), of: tiles[0])
        let after = store.snapshot()
        #expect(before.hitTest(screenPoint: Point(900, 900)) == .hit(window))
        #expect(after.hitTest(screenPoint: Point(900, 900)) == .hit(tiles[0]))
        #expect(before.hitTest(screenPoint: Point(110, 110)) == .hit(tiles[0]))
        #expect(after.hitTest(screenPoint: Point(110, 110)) == .hit(window))
    }
}
