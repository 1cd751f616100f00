@testable import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// Windows' hit maps (``WindowHitMap``) against the reference: a map's answers are the walk's to
/// the bit, it is built only when its policy says, and any edit retires it.
@Suite("Hit maps against the reference")
struct HitMapTests {
    /// A window of `side` points holding a random whole-pixel tree like the peers benchmark's:
    /// each view's parent drawn from the views with fewer than 8 subviews and a side of 4 or more,
    /// 30–60 % of its parent's size at a whole-pixel place inside it.
    static func pixelTree(views: Int, side: Double, seed: UInt64) -> TreeSpec {
        var random = SplitMix64(seed: seed)
        var nodes = [NodeSpec(parent: nil, isWindow: true, attributes: ViewAttributes(
            center: Point(x: side / 2 + 3, y: side / 2 + 5), bounds: Rect(x: 0, y: 0, width: side, height: side)))]
        var sizes = [(side, side)], children = [0]
        while nodes.count < views {
            let parent = random.int(below: nodes.count)
            let (w, h) = sizes[parent]
            guard children[parent] < 8, w >= 4, h >= 4 else { continue }
            let cw = max(1, (w * random.double(in: 0.3...0.6)).rounded(.down))
            let ch = max(1, (h * random.double(in: 0.3...0.6)).rounded(.down))
            let x = Double(random.int(in: 0...Int(w - cw))), y = Double(random.int(in: 0...Int(h - ch)))
            nodes.append(NodeSpec(parent: parent, attributes: ViewAttributes(
                center: Point(x: x + cw / 2, y: y + ch / 2), bounds: Rect(x: 0, y: 0, width: cw, height: ch))))
            sizes.append((cw, ch))
            children.append(0)
            children[parent] += 1
        }
        return TreeSpec(nodes: nodes)
    }

    /// `spec` with wrappers: under about a quarter of its views (those with a finite, positive
    /// size), a chain of one to five views, each the front-most subview of the one before and
    /// most of them covering it exactly or with room to spare, so that the painter leaves the
    /// covered views and the subviews behind unpainted; a few are near misses that cover nothing
    /// to the painter (hidden, transparent, rotated, `passThrough`, hitting outside their bounds,
    /// half a point short), and the innermost holds a few small views of its own.
    static func wrapped(_ spec: TreeSpec, seed: UInt64) -> TreeSpec {
        var random = SplitMix64(seed: seed)
        var spec = spec
        for view in spec.nodes.indices where spec.nodes[view].parent != nil && random.chance(0.25) {
            var parent = view
            for _ in 0..<random.int(in: 1...5) {
                let bounds = spec.nodes[parent].attributes.bounds
                let size = bounds.size
                guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { break }
                var wrapper = ViewAttributes()
                let room = random.chance(0.7) ? 0 : random.grid(1...4)
                wrapper.bounds = Rect(0, 0, size.width + 2 * room, size.height + 2 * room)
                wrapper.center = Point(x: bounds.origin.x + size.width / 2, y: bounds.origin.y + size.height / 2)
                if random.chance(0.15) {
                    switch random.int(below: 6) {
                    case 0: wrapper.isHidden = true
                    case 1: wrapper.alpha = 0
                    case 2: wrapper.transform = AffineTransform(rotationAngle: 0.1)
                    case 3: wrapper.passThrough = true
                    case 4: wrapper.hitsOutsideBounds = true
                    default: wrapper.bounds.size.width = size.width - 0.5
                    }
                }
                spec.nodes.append(NodeSpec(parent: parent, attributes: wrapper))
                parent = spec.nodes.count - 1
            }
            let inner = spec.nodes[parent].attributes.bounds.size
            guard inner.width >= 4, inner.height >= 4, inner.width.isFinite, inner.height.isFinite else { continue }
            for _ in 0..<random.int(in: 0...2) {
                let w = max(1, (inner.width * random.double(in: 0.2...0.5)).rounded(.down))
                let h = max(1, (inner.height * random.double(in: 0.2...0.5)).rounded(.down))
                let x = Double(random.int(in: 0...Int(inner.width - w))), y = Double(random.int(in: 0...Int(inner.height - h)))
                spec.nodes.append(NodeSpec(parent: parent, attributes: ViewAttributes(
                    center: Point(x: x + w / 2, y: y + h / 2), bounds: Rect(x: 0, y: 0, width: w, height: h))))
            }
        }
        return spec
    }

    /// The screen point of a window point of the harness's first window.
    static func screen(_ p: Point, in harness: DifferentialHarness) -> Point {
        let window = harness.spec.nodes[0].attributes
        return Point(x: p.x + window.center.x - window.bounds.size.width / 2,
                     y: p.y + window.center.y - window.bounds.size.height / 2)
    }

    /// Asks `count` uniform pixel centres, so that a map is built under the standard policy.
    static func warm(_ harness: DifferentialHarness, side: Double, count: Int = 64) {
        var random = SplitMix64(seed: 7)
        for _ in 0..<count {
            let p = Point(x: Double(random.int(below: Int(side))) + 0.5, y: Double(random.int(below: Int(side))) + 0.5)
            _ = harness.store.hitTest(screenPoint: screen(p, in: harness))
        }
    }

    /// The pixel centres on every `step`-th row and column, and the cells' edges and corners
    /// exactly and one ulp either side, against the reference; how many centres the cells answered.
    /// With `sampling` n, the first of those points and every n-th after it.
    static func checkEverywhere(_ harness: DifferentialHarness, side: Double, step: Double = 2, sampling: Int = 1,
                                _ label: String) throws -> (answered: Int, asked: Int) {
        let map = try #require(harness.store.lookups.hitMaps[0])
        let slot = UnsafePointer(harness.store.query.hitMapSlots.base)
        var answeredByCell = 0, asked = 0, candidates = 0
        func sampled() -> Bool {
            candidates += 1
            return (candidates - 1) % sampling == 0
        }
        for y in stride(from: 0.5, to: side, by: step) {
            for x in stride(from: 0.5, to: side, by: step) where sampled() {
                let p = screen(Point(x: x, y: y), in: harness)
                if let mismatch = harness.check(.screenHitTest(p)) {
                    Issue.record("\(label): \(mismatch)")
                    return (answeredByCell, asked)
                }
                asked += 1
                if slot.pointee.cell(at: p)?.isAnswer == true { answeredByCell += 1 }
            }
        }
        let cell = 1 / map.scale
        for k in stride(from: 0.0, through: side, by: cell) {
            for other in [0.25, side / 3, side - 0.25] {
                for edge in [k, k.nextUp, k.nextDown, k + 1e-12, k - 1e-12] where edge >= 0 && edge < side {
                    for p in [Point(x: edge, y: other), Point(x: other, y: edge), Point(x: edge, y: edge)] where sampled() {
                        if let mismatch = harness.check(.screenHitTest(screen(p, in: harness))) {
                            Issue.record("\(label), edge: \(mismatch)")
                            return (answeredByCell, asked)
                        }
                    }
                }
            }
        }
        return (answeredByCell, asked)
    }

    @Test("A whole-pixel tree gets a map after 64 queries; every pixel centre, cell edge and corner agrees")
    func pixelTreesAgree() throws {
        for seed in TestSeeds.of(0..<4) {
            let side = 384.0
            let harness = DifferentialHarness(spec: Self.pixelTree(views: 1_500, side: side, seed: seed))
            harness.store.hitMapPolicy = .standard
            Self.warm(harness, side: side, count: 63)
            #expect(harness.store.hitMapBuilds == 0, "no map before the 64th query")
            Self.warm(harness, side: side, count: 1)
            #expect(harness.store.hitMapBuilds == 1)
            let (answeredByCell, asked) = try Self.checkEverywhere(harness, side: side, "seed \(seed)")
            #expect(harness.store.hitMapBuilds == 1, "queries alone never rebuild a map")
            #expect(answeredByCell * 2 > asked, "most pixel centres are answered by their cell (\(answeredByCell) of \(asked))")
        }
    }

    @Test("A view its front-most subview covers is left unpainted: wrapped trees agree at every pixel centre, cell edge and corner")
    func wrappedTreesAgree() throws {
        for seed in TestSeeds.of(0..<6) {
            let side = 384.0
            let spec = Self.wrapped(Self.pixelTree(views: 900, side: side, seed: 100 + seed), seed: seed)
            let harness = DifferentialHarness(spec: spec)
            // Built however few views the map finds to paint: a painter that lost some answers
            // wrongly, rather than too few views.
            harness.store.hitMapPolicy = HitMapPolicy(queriesBeforeBuild: 64, minimumViews: 1, cellsPerView: 8)
            Self.warm(harness, side: side)
            #expect(harness.store.hitMapBuilds == 1, "seed \(seed): \(spec.nodes.count) views")
            let (answered, asked) = try Self.checkEverywhere(harness, side: side, "seed \(seed)")
            #expect(answered * 2 > asked, "seed \(seed): most pixel centres are answered by their cell (\(answered) of \(asked))")
        }
    }

    @Test("A chain of full-size views, each covering the one before, gets a map that answers its tip")
    func chainsOfWrappersGetMaps() throws {
        // The benchmarks' chain: painted once a level it would touch every cell 600 times, far
        // over the budget; its tip covers every level, so it is painted alone.
        let side = 100.0
        var nodes = [NodeSpec(parent: nil, isWindow: true, attributes: ViewAttributes(
            center: Point(x: side / 2 + 3, y: side / 2 + 5), bounds: Rect(x: 0, y: 0, width: side, height: side)))]
        for view in 1..<600 {
            nodes.append(NodeSpec(parent: view - 1, attributes: ViewAttributes(
                center: Point(x: side / 2, y: side / 2), bounds: Rect(x: 0, y: 0, width: side, height: side))))
        }
        let harness = DifferentialHarness(spec: TreeSpec(nodes: nodes))
        harness.store.hitMapPolicy = .standard
        Self.warm(harness, side: side)
        #expect(harness.store.hitMapBuilds == 1)
        // Each point costs the reference a walk of the 600 levels: under the sanitizers a
        // quarter of them (`TestSeeds`).
        let (answered, asked) = try Self.checkEverywhere(harness, side: side, sampling: TestSeeds.stride, "chain")
        // Every cell lies inside the tip: its side (2 points for 4,800 cells) divides 100, so
        // none reaches past the window's edges.
        #expect(answered == asked, "every pixel centre answered by its cell (\(answered) of \(asked))")
    }

    @Test("A map's cells are a point wide at least: tiles of a point answer every pixel centre from their cells")
    func cellsAreAPointAtLeast() throws {
        // A 32-point window, four quadrants of 16 rows of 16 one-point tiles: 1,093 views want
        // 8,744 cells of a quarter point, on whose edges every pixel centre would lie.
        var nodes = [NodeSpec(parent: nil, isWindow: true, attributes: ViewAttributes(
            center: Point(x: 16 + 3, y: 16 + 5), bounds: Rect(x: 0, y: 0, width: 32, height: 32)))]
        for quadrant in 0..<4 {
            let (qx, qy) = (Double(quadrant % 2) * 16, Double(quadrant / 2) * 16)
            nodes.append(NodeSpec(parent: 0, attributes: ViewAttributes(
                center: Point(x: qx + 8, y: qy + 8), bounds: Rect(x: 0, y: 0, width: 16, height: 16))))
            let quadrantKey = nodes.count - 1
            for row in 0..<16 {
                nodes.append(NodeSpec(parent: quadrantKey, attributes: ViewAttributes(
                    center: Point(x: 8, y: Double(row) + 0.5), bounds: Rect(x: 0, y: 0, width: 16, height: 1))))
                let rowKey = nodes.count - 1
                for tile in 0..<16 {
                    nodes.append(NodeSpec(parent: rowKey, attributes: ViewAttributes(
                        center: Point(x: Double(tile) + 0.5, y: 0.5), bounds: Rect(x: 0, y: 0, width: 1, height: 1))))
                }
            }
        }
        let harness = DifferentialHarness(spec: TreeSpec(nodes: nodes))
        harness.store.hitMapPolicy = .standard
        Self.warm(harness, side: 32)
        let map = try #require(harness.store.lookups.hitMaps[0])
        #expect(map.scale == 1)
        let (answered, asked) = try Self.checkEverywhere(harness, side: 32, step: 1, "tiles")
        #expect(answered == asked, "every pixel centre answered by its cell (\(answered) of \(asked))")
    }

    @Test("Random forests with transforms, shapes, flags and overrides agree through eager maps")
    func mixedForestsAgree() {
        for seed in TestSeeds.of(0..<120) {
            let forest = TreeSpec.random(seed: 0x4D41_5000 + seed, viewCount: 40 + Int(seed % 200))
            var random = SplitMix64(seed: seed)
            // Half of them with wrappers, which leave views unpainted: a coin rather than the
            // seed's parity, which every fourth seed (`TestSeeds`) would share.
            let harness = DifferentialHarness(spec: random.chance(0.5) ? forest : Self.wrapped(forest, seed: seed))
            harness.store.hitMapPolicy = .eager
            for _ in 0..<300 {
                let query = Query.screenHitTest(harness.interestingPoint(in: nil, using: &random))
                if let mismatch = harness.check(query) {
                    Issue.record("seed \(seed): \(mismatch)")
                    return
                }
            }
        }
    }

    @Test("Any edit retires the map; it is built again only after as many queries")
    func editsRetireTheMap() throws {
        let side = 256.0
        let spec = Self.pixelTree(views: 600, side: side, seed: 99)
        let edits: [(String, (DifferentialHarness) -> Edit)] = [
            ("frame", { _ in .setFrame(5, Rect(x: 1, y: 2, width: 30, height: 40)) }),
            ("hidden", { _ in .setFlag(3, .hidden, true) }),
            ("transform", { _ in .setTransform(2, AffineTransform(rotationAngle: 0.3)) }),
            ("reorder", { _ in .sendToBack(1) }),
            ("remove", { _ in .removeFromSuperview(1) }),
            ("destroy", { _ in .destroy(6) }),
            ("override", { _ in .setHitTestRule(4, .fixed(key: 7)) }),
        ]
        for (name, edit) in edits {
            let harness = DifferentialHarness(spec: spec)
            harness.store.hitMapPolicy = .standard
            Self.warm(harness, side: side)
            #expect(harness.store.hitMapBuilds == 1, "\(name): built")
            #expect(harness.store.hitMapCount == 1, "\(name): one window, one map")
            if let mismatch = harness.apply(edit(harness)) { Issue.record("\(name): \(mismatch)"); continue }
            #expect(harness.store.hitMapCount == 0, "\(name): the edit made the map stale before any query")
            // Right after the edit the window walks, and answers as the reference does.
            var random = SplitMix64(seed: 3)
            for _ in 0..<63 {
                let p = Point(x: random.double(in: 0...side), y: random.double(in: 0...side))
                if let mismatch = harness.check(.screenHitTest(Self.screen(p, in: harness))) {
                    Issue.record("\(name): \(mismatch)")
                    break
                }
            }
            #expect(harness.store.hitMapBuilds == 1, "\(name): no map until 64 queries after the edit")
            Self.warm(harness, side: side, count: 1)
            #expect(harness.store.hitMapBuilds == 2, "\(name): built again")
            for _ in 0..<500 {
                let p = Point(x: random.double(in: 0...side), y: random.double(in: 0...side))
                if let mismatch = harness.check(.screenHitTest(Self.screen(p, in: harness))) {
                    Issue.record("\(name), rebuilt: \(mismatch)")
                    break
                }
            }
        }
    }

    @Test("Maps that would not pay are refused until the next edit, and the walk answers")
    func refusedMaps() throws {
        // A chain of nested views, each a little smaller than the one before, paints every cell
        // it reaches once a level: over the budget.
        let chain = DifferentialHarness(spec: TreeSpec.chain(depth: 2_000))
        chain.store.hitMapPolicy = .standard
        // Too few views for the standard policy.
        let small = DifferentialHarness(spec: Self.pixelTree(views: 100, side: 200, seed: 1))
        small.store.hitMapPolicy = .standard
        // No maps at all.
        let never = DifferentialHarness(spec: Self.pixelTree(views: 1_000, side: 200, seed: 2))
        never.store.hitMapPolicy = .never
        for harness in [chain, small, never] {
            var random = SplitMix64(seed: 11)
            for _ in 0..<200 {
                if let mismatch = harness.check(harness.randomHitTestQuery(using: &random)) {
                    Issue.record("\(mismatch)")
                    break
                }
            }
            #expect(harness.store.hitMapBuilds == 0)
            #expect(harness.store.lookups.hitMaps[0] == nil)
        }
        for harness in [chain, small, never] {
            #expect(harness.store.query.hitMapQueries == .max, "settled: queries count nothing more until an edit")
        }
    }

    @Test("A policy's fields below their least count as the least; the presets are at or above it, as C requires")
    func leastPolicyValues() throws {
        let side = 200.0
        let harness = DifferentialHarness(spec: Self.pixelTree(views: 300, side: side, seed: 4))
        harness.store.hitMapPolicy = HitMapPolicy(queriesBeforeBuild: 0, minimumViews: -5, cellsPerView: 0)
        Self.warm(harness, side: side, count: 1)
        #expect(harness.store.hitMapCount == 1, "0 queries counts as 1: the first query builds")
        let map = try #require(harness.store.lookups.hitMaps[0])
        #expect(map.columns * map.cellRows <= 300, "0 cells a view counts as 1: at most a cell for each of the 300 views")
        var random = SplitMix64(seed: 12)
        for _ in 0..<500 {
            if let mismatch = harness.check(harness.randomHitTestQuery(using: &random)) {
                Issue.record("\(mismatch)")
                break
            }
        }
        // hk_store_set_hit_map_policy refuses a field below its least, so a preset read back through
        // hk_store_hit_map_policy must be at or above it to be set again.
        for preset in [HitMapPolicy.standard, .eager, .never] {
            #expect(preset.queriesBeforeBuild >= 1 && preset.minimumViews >= 0 && preset.cellsPerView >= 1, "\(preset)")
        }
    }

    @Test("A map's memory is the store's; a retired one's room is reused, and shrinkToFit or a new policy frees it")
    func memoryCounted() throws {
        let side = 256.0
        let harness = DifferentialHarness(spec: Self.pixelTree(views: 600, side: side, seed: 5))
        harness.store.hitMapPolicy = .standard
        try harness.store.shrinkToFit()
        let before = harness.store.allocatedBytes
        Self.warm(harness, side: side)
        // Only the map's identity and size are kept: holding the map would keep the store from
        // building over it (a snapshot's map is never written again).
        let (mapID, mapBytes) = try { () throws -> (ObjectIdentifier, Int) in
            let map = try #require(harness.store.lookups.hitMaps[0])
            return (ObjectIdentifier(map), map.allocatedBytes)
        }()
        #expect(harness.store.allocatedBytes == before + mapBytes)
        // An edit retires the map; the next build reuses its room.
        _ = harness.apply(.setCenter(3, Point(x: 10, y: 10)))
        Self.warm(harness, side: side)
        #expect(harness.store.lookups.hitMaps[0].map(ObjectIdentifier.init) == mapID, "the retired map's room is built again")
        // Retired again, the map waits as a spare, counted, until shrinkToFit frees it.
        _ = harness.apply(.setCenter(3, Point(x: 12, y: 10)))
        _ = harness.store.hitTest(screenPoint: Point(x: 1, y: 1))
        #expect(harness.store.lookups.retiredHitMaps.maps.count == 1)
        #expect(harness.store.allocatedBytes == before + mapBytes)
        try harness.store.shrinkToFit()
        #expect(harness.store.allocatedBytes == before, "shrinkToFit frees the spare")
        harness.store.hitMapPolicy = .never
        #expect(harness.store.allocatedBytes == before, "a new policy drops the maps")
    }

    @Test("A snapshot shares the front window's map, and keeps it unchanged while the store edits and builds anew")
    func snapshotsShareMaps() throws {
        let side = 320.0
        let harness = DifferentialHarness(spec: Self.pixelTree(views: 800, side: side, seed: 8))
        harness.store.hitMapPolicy = .standard
        Self.warm(harness, side: side)
        let shared = try #require(harness.store.lookups.hitMaps[0])
        let snapshot = harness.store.snapshot()
        #expect(snapshot.frontSlot.cells != nil, "taken with a ready map, the snapshot shares it")
        var random = SplitMix64(seed: 21)
        let points = (0..<2_000).map { _ in
            Self.screen(Point(x: random.double(in: -4...(side + 4)), y: random.double(in: -4...(side + 4))), in: harness)
        }
        let before = points.map { harness.store.hitTest(screenPoint: $0) }
        // Edit, and let the store build a new map: it must not write the one the snapshot holds.
        _ = harness.apply(.setFrame(2, Rect(x: 0, y: 0, width: side, height: side)))
        Self.warm(harness, side: side)
        #expect(harness.store.hitMapBuilds == 2)
        #expect(harness.store.lookups.hitMaps[0] !== shared, "a shared map is not built over")
        for (point, answer) in zip(points, before) {
            let taken = snapshot.hitTest(screenPoint: point)
            #expect(taken == (answer.map(SnapshotAnswer.hit) ?? .miss), "at \(point)")
        }
        // The store's new answers are the reference's.
        for point in points.prefix(500) {
            if let mismatch = harness.check(.screenHitTest(point)) { Issue.record("\(mismatch)"); break }
        }
    }

    @Test("Bringing a back window to the front retires the maps: the front window answers, as the reference says")
    func windowOrderRetiresMaps() throws {
        // Two windows over the same screen area, each a whole-pixel tree: every point is in both.
        var spec = Self.pixelTree(views: 400, side: 256, seed: 30)
        let back = Self.pixelTree(views: 400, side: 256, seed: 31)
        let offset = spec.nodes.count
        for node in back.nodes {
            var copy = node
            copy.parent = node.parent.map { $0 + offset }
            spec.nodes.append(copy)
        }
        let harness = DifferentialHarness(spec: spec)
        harness.store.hitMapPolicy = .standard
        Self.warm(harness, side: 256)
        #expect(harness.store.hitMapCount == 2)
        var random = SplitMix64(seed: 5)
        let points = (0..<400).map { _ in Self.screen(Point(x: random.double(in: 0...256), y: random.double(in: 0...256)), in: harness) }
        for point in points {
            if let mismatch = harness.check(.screenHitTest(point)) { Issue.record("before: \(mismatch)"); return }
        }
        // The window made last is in front; bring the first one forward.
        if let mismatch = harness.apply(.orderFront(0)) { Issue.record("\(mismatch)"); return }
        #expect(harness.store.hitMapCount == 0, "the window order changed: the maps went")
        Self.warm(harness, side: 256)
        #expect(harness.store.hitMapCount == 2)
        for point in points {
            if let mismatch = harness.check(.screenHitTest(point)) { Issue.record("after: \(mismatch)"); return }
        }
    }
}
