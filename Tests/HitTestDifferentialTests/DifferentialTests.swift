import Foundation
import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// The engine (`ViewStore`) against the reference (`ReferenceView`, Behaviour A2 written literally),
/// on seeded random forests, random edit sequences and conversions.
///
/// **The agreement rule is exact equality**: the same view (by key), the same typed error, or
/// bit-for-bit the same coordinates (NaN matches NaN). No tolerance, because none is needed and
/// one would hide bugs: both sides evaluate Behaviour A1's map with the same operations in the same
/// order (`T⁻¹·(p − center) + anchorOffset`, the anchor offset computed the same way, the
/// transform's inverse from the same `AffineTransform.inverted()`, the hit area from the same
/// `Rect.hitArea`), and IEEE 754 makes each of those operations deterministic. So any difference,
/// even one ulp on an edge, means the engine did something else than the definition — which is
/// exactly what these tests are for. The random forests put points exactly on edges and one ulp
/// either side of them to find such differences.
///
/// That includes non-finite geometry: an infinite or NaN coordinate must come out the same on both
/// sides (the engine never multiplies by an identity transform, so `0 · ∞` cannot turn a finite
/// coordinate into NaN on one side only).
///
/// Every run is seeded (SplitMix64), so a failure prints a reproduction (the forest, the edits,
/// the query, both answers) that replays identically.
@Suite("Engine against reference")
struct DifferentialTests {
    /// Runs `chunks` independent parts of a job on the machine's cores and adds their counts;
    /// records the first mismatch of each chunk as a test failure.
    private func runInParallel(
        _ label: String, chunks: Int,
        _ body: @escaping @Sendable (Int) -> (counts: DifferentialCounts, mismatch: Mismatch?)
    ) async -> DifferentialCounts {
        let results = await withTaskGroup(of: (DifferentialCounts, Mismatch?).self) { group in
            for chunk in 0..<chunks { group.addTask { body(chunk) } }
            var all: [(DifferentialCounts, Mismatch?)] = []
            for await result in group { all.append(result) }
            return all
        }
        var total = DifferentialCounts()
        for (counts, mismatch) in results {
            total += counts
            if let mismatch { Issue.record("\(label): \(mismatch)") }
        }
        print("""
            differential \(label): \(total.trees) trees (\(total.views) views), \(total.points) hit-test points, \
            \(total.conversions) conversions, \(total.edits) edits (\(total.refusedEdits) refused as predicted)
            """)
        return total
    }

    @Test("2,000 random forests × 200 hit-test points, plus conversions")
    func staticForests() async {
        let treesPerChunk = 250
        let total = await runInParallel("static forests", chunks: 8) { chunk in
            var counts = DifferentialCounts()
            for index in 0..<treesPerChunk {
                let seed = UInt64(chunk * treesPerChunk + index)
                let viewCount = 1 + Int(seed % 40)
                let (c, mismatch) = DifferentialRun.staticTree(seed: seed, viewCount: viewCount,
                                                               points: 200, conversions: 20)
                counts += c
                if let mismatch { return (counts, mismatch) }
            }
            return (counts, nil)
        }
        #expect(total.trees == 2_000)
        #expect(total.points == 2_000 * 200)
    }

    @Test("Random edit sequences interleaved with queries")
    func editSequences() async {
        let sequencesPerChunk = 50
        let total = await runInParallel("edit sequences", chunks: 8) { chunk in
            var counts = DifferentialCounts()
            for index in 0..<sequencesPerChunk {
                let seed = 1_000_000 + UInt64(chunk * sequencesPerChunk + index)
                let (c, mismatch) = DifferentialRun.editSequence(seed: seed, viewCount: 1 + Int(seed % 30),
                                                                 edits: 60, queriesPerEdit: 8)
                counts += c
                if let mismatch { return (counts, mismatch) }
            }
            return (counts, nil)
        }
        #expect(total.trees == 400)
        #expect(total.edits == 400 * 60)
        // The sequences must exercise the refusals too, not only valid edits.
        #expect(total.refusedEdits > 1_000)
    }

    @Test("A 300-deep chain and a 400-wide container, edited, agree")
    func deepAndWide() {
        var total = DifferentialCounts()
        for (index, spec) in [TreeSpec.chain(depth: 300), TreeSpec.wide(children: 400)].enumerated() {
            var source = SplitMix64(seed: 4_000_000 + UInt64(index))
            let harness = DifferentialHarness(spec: spec)
            let (counts, mismatch) = DifferentialRun.run(harness, edits: 150, queriesPerEdit: 10, using: &source)
            total += counts
            #expect(mismatch == nil, "\(mismatch.map { "\($0)" } ?? "")")
        }
        print("differential deep and wide: \(total.views) views, \(total.edits) edits, \(total.points) points, \(total.conversions) conversions")
        #expect(total.edits == 300)
    }

    @Test("Point and rect conversions between random views, windows and the screen")
    func conversions() async {
        let treesPerChunk = 50
        let total = await runInParallel("conversions", chunks: 4) { chunk in
            var counts = DifferentialCounts()
            for index in 0..<treesPerChunk {
                let seed = 2_000_000 + UInt64(chunk * treesPerChunk + index)
                let (c, mismatch) = DifferentialRun.staticTree(seed: seed, viewCount: 2 + Int(seed % 30),
                                                               points: 0, conversions: 200)
                counts += c
                if let mismatch { return (counts, mismatch) }
            }
            return (counts, nil)
        }
        #expect(total.conversions == 200 * 200)
    }

    /// Conversions through overflowing or non-finite geometry (infinite bounds, huge scales) must
    /// agree to the bit too: non-finite coordinates are where reordered arithmetic shows first.
    @Test("Non-finite conversions agree exactly")
    func nonFiniteConversionsExactly() {
        var conversions = 0
        for seed in UInt64(3_000_000)..<3_000_400 {
            let (counts, mismatch) = DifferentialRun.staticTree(seed: seed, viewCount: 2 + Int(seed % 30), points: 0,
                                                                conversions: 50)
            conversions += counts.conversions
            if let mismatch {
                Issue.record("\(mismatch)")
                return
            }
        }
        #expect(conversions == 400 * 50)
    }
}

/// The harness itself: it must be able to fail, shrink what it finds, and decode any bytes.
@Suite("Differential harness")
struct DifferentialHarnessTests {
    @Test("A reference that differs from the engine is caught, with a reproduction")
    func plantedDifferenceIsCaught() throws {
        // A window with a few plain subviews; the reference's copy of view 2 is moved away.
        let spec = TreeSpec.wide(children: 9)
        let harness = DifferentialHarness(spec: spec)
        let moved = try #require(harness.referenceViews[2])
        moved.center = Point(x: moved.center.x + 1, y: moved.center.y)
        let engineCenter = try harness.store.center(of: harness.engineIDs[2])
        let query = Query.screenHitTest(Point(x: engineCenter.x - 4.5, y: engineCenter.y))
        let mismatch = try #require(harness.check(query))
        #expect(mismatch.engineAnswer == "view 2")
        #expect(mismatch.referenceAnswer == "view 0")
        #expect(mismatch.description.contains("\"key\": 2"))
    }

    /// A harness whose reference moves every view 17 points wide far away: a planted difference
    /// that survives rebuilding, as shrinking needs.
    static func plantedHarness(_ spec: TreeSpec) -> DifferentialHarness {
        let harness = DifferentialHarness(spec: spec)
        harness.referenceTamper = { harness in
            for case let view? in harness.referenceViews where view.bounds.size.width == 17 {
                view.center = Point(x: 999, y: 999)
            }
        }
        return harness
    }

    @Test("Shrinking keeps the disagreement and drops unrelated views")
    func shrinking() throws {
        // View 1 carries the planted difference; views 2, 3 and window 4 have nothing to do with it.
        let window = ViewAttributes(center: Point(x: 50, y: 50), bounds: Rect(0, 0, 100, 100))
        let spec = TreeSpec(nodes: [
            NodeSpec(parent: nil, isWindow: true, attributes: window),
            NodeSpec(parent: 0, attributes: ViewAttributes(center: Point(x: 10, y: 10), bounds: Rect(0, 0, 17, 10))),
            NodeSpec(parent: 0, attributes: ViewAttributes(center: Point(x: 30, y: 30), bounds: Rect(0, 0, 10, 10))),
            NodeSpec(parent: 2, attributes: ViewAttributes(center: Point(x: 5, y: 5), bounds: Rect(0, 0, 4, 4))),
            NodeSpec(parent: nil, isWindow: true, attributes: window),
        ])
        let query = Query.convertPoint(Point(x: 1, y: 1), from: 1, to: nil)
        #expect(DifferentialHarness(spec: spec).check(query) == nil)
        let mismatch = try #require(Self.plantedHarness(spec).check(query))
        let shrunk = try #require(Shrinker.shrink(mismatch, query: query, makeHarness: Self.plantedHarness))
        #expect(shrunk.spec.nodes.count == 2)
        #expect(shrunk.engineAnswer == mismatch.engineAnswer)
    }

    @Test("Shrinking an edit sequence keeps only the edits the disagreement needs")
    func shrinkingEdits() throws {
        let spec = TreeSpec(nodes: [
            NodeSpec(parent: nil, isWindow: true,
                     attributes: ViewAttributes(center: Point(x: 50, y: 50), bounds: Rect(0, 0, 100, 100))),
            NodeSpec(parent: 0, attributes: ViewAttributes(center: Point(x: 10, y: 10), bounds: Rect(0, 0, 20, 10))),
        ])
        let needed = Edit.setBounds(1, Rect(0, 0, 17, 10))
        let edits: [Edit] = [.setAlpha(0, 0.5), .makeView(ViewAttributes()), .setCenter(0, Point(x: 60, y: 60)),
                             needed, .setFlag(2, .hidden, true), .orderFront(0)]
        let harness = Self.plantedHarness(spec)
        for edit in edits { #expect(harness.apply(edit) == nil) }
        let query = Query.convertPoint(Point(x: 1, y: 1), from: 1, to: nil)
        let mismatch = try #require(harness.check(query))
        let shrunk = try #require(Shrinker.shrinkEdits(mismatch, query: query, makeHarness: Self.plantedHarness))
        #expect(shrunk.edits == [.makeView(ViewAttributes()), needed])
    }

    @Test("Removing a subtree renumbers keys and retargets fixed answers")
    func removingSubtree() {
        var spec = TreeSpec.chain(depth: 3)  // 0 ⊃ 1 ⊃ 2 ⊃ 3
        spec.nodes.append(NodeSpec(parent: 0, attributes: ViewAttributes()))  // 4, under the window
        spec.nodes[4].attributes.hitTestRule = .fixed(key: 3)
        let (smaller, newKeys) = spec.removingSubtree(at: 2)
        #expect(newKeys == [0, 1, nil, nil, 2])
        #expect(smaller.nodes.map(\.parent) == [nil, 0, 0])
        #expect(smaller.nodes[2].attributes.hitTestRule == .noAnswer)
    }

    @Test("Any bytes decode and run without trapping", arguments: [
        [UInt8](), [0], [255], Array(repeating: 0, count: 4096), Array(repeating: 255, count: 4096),
        (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 37) },
    ])
    func bytesDecode(_ bytes: [UInt8]) {
        let outcome = FuzzScenario.run(bytes)
        #expect(outcome.views >= 1)
        #expect(outcome.edits + outcome.queries <= FuzzScenario.maximumSteps)
        #expect(outcome.mismatch == nil, "\(outcome.mismatch.map { "\($0)" } ?? "")")
    }

    @Test("The committed fuzz seed corpus agrees")
    func seedCorpus() throws {
        // Fixtures/fuzz-corpus/engine holds the engine fuzzer's seeds; decode each the way the fuzzer does.
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/fuzz-corpus/engine").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        #expect(files.count >= 10)
        var steps = 0
        for file in files {
            let bytes = try Data(contentsOf: corpus.appendingPathComponent(file))
            let outcome = FuzzScenario.run(bytes)
            steps += outcome.edits + outcome.queries
            #expect(outcome.mismatch == nil, "\(file): \(outcome.mismatch.map { "\($0)" } ?? "")")
        }
        print("differential fuzz seed corpus: \(files.count) inputs, \(steps) edits and queries")
        #expect(steps > 0)
    }

    @Test("One-sided builders agree with each other, and the benchmark shapes are what they say")
    func oneSidedBuilders() {
        for seed in UInt64(0)..<40 {
            let spec = TreeSpec.random(seed: seed, viewCount: 30)
            let (store, ids) = spec.buildEngine()
            let (screen, _) = spec.buildReference()
            var source = SplitMix64(seed: seed)
            for _ in 0..<100 {
                let p = Point(x: source.grid(-100...1600), y: source.grid(-100...1600))
                let engine = store.hitTest(screenPoint: p).flatMap { ids.firstIndex(of: $0) }
                #expect(engine == screen.hitTest(screenPoint: p)?.id, "seed \(seed), point \(p)")
            }
        }
        // The innermost view of a chain answers at its center; a grid cell at its own.
        let chain = TreeSpec.chain(depth: 300)
        let (chainStore, chainIDs) = chain.buildEngine()
        let side = chain.nodes[0].attributes.bounds.width
        #expect(chainStore.hitTest(screenPoint: Point(x: side / 2, y: side / 2)) == chainIDs.last)
        let (wideStore, wideIDs) = TreeSpec.wide(children: 100).buildEngine()
        #expect(wideStore.hitTest(screenPoint: Point(x: 35, y: 12)) == wideIDs[1 + 1 * 10 + 3])
        #expect(wideStore.hitTest(screenPoint: Point(x: 100, y: 12)) == nil)
    }
}
