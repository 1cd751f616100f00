import HitTestDifferential
@testable import HitTestCore
import Testing

/// Containers with 8 to 63 subviews keep the box their subviews can be hit in (a subview reach),
/// and a query entering one outside the box skips its subviews. Random forests seldom give a
/// view that many subviews, so these runs gather views under a few hubs first, then edit and ask
/// as the other differential runs do: every answer, live or from a snapshot, must be the
/// reference's.
@Suite("Subview reach against reference")
struct SubviewReachDifferentialTests {
    @Test("300 random forests with hubs of 8 to 40 subviews: edits, queries and snapshots agree")
    func hubsAgree() {
        var queries = 0, snapshotQueries = 0, hubsWithReach = 0, reachChanges = 0
        for seed in TestSeeds.of(0..<300) {
            var source = SplitMix64(seed: seed &+ 25_000)
            let harness = DifferentialHarness(spec: .random(seed: seed, viewCount: 30 + Int(seed % 90)))
            // Gather: views moved under one to three hubs, each drawn from the live views (a move
            // that would make a cycle is refused on both sides, as any edit).
            let hubs = (0..<(1 + source.int(below: 3))).map { _ in harness.liveKeys[source.int(below: harness.liveKeys.count)] }
            for hub in hubs {
                // Most hubs are tamed too: the query tests a reach only on a plain view (one that
                // hits as a plain rectangle: no flag, override or hit area of its own).
                if source.chance(0.8) {
                    let tame: [Edit] = [
                        .setFlag(hub, .hidden, false), .setFlag(hub, .userInteractionEnabled, true),
                        .setFlag(hub, .passThrough, false), .setFlag(hub, .hitsOutsideBounds, false),
                        .setFlag(hub, .redirectsToSuperview, false), .setAlpha(hub, 1),
                        .setPointInsideRule(hub, nil), .setHitTestRule(hub, nil),
                        .setHitTestInsets(hub, .zero), .setMinimumHitSize(hub, Size(width: 0, height: 0)),
                        .setAnchorPoint(hub, Point(x: 0.5, y: 0.5)), .setBounds(hub, Rect(x: 0, y: 0, width: 600, height: 600)),
                    ]
                    for edit in tame {
                        if let mismatch = harness.apply(edit) {
                            Issue.record("seed \(seed), taming: \(mismatch)")
                            return
                        }
                    }
                }
                for _ in 0..<(8 + source.int(below: 33)) {
                    let child = harness.liveKeys[source.int(below: harness.liveKeys.count)]
                    // Most gathered views are tamed into ones a box can hold (a finite frame, no
                    // hit outside bounds, no custom test): one that can be hit anywhere leaves its
                    // hub without a reach, as it should, but then there is nothing to check.
                    var edits: [Edit] = [.addSubview(child: child, parent: hub)]
                    if source.chance(0.9) {
                        edits += [.setFlag(child, .hitsOutsideBounds, false), .setPointInsideRule(child, nil),
                                  .setHitTestRule(child, nil),
                                  .setFrame(child, Rect(x: Double(source.int(below: 300)), y: Double(source.int(below: 300)),
                                                        width: Double(1 + source.int(below: 80)),
                                                        height: Double(1 + source.int(below: 80))))]
                    }
                    for edit in edits {
                        if let mismatch = harness.apply(edit) {
                            Issue.record("seed \(seed), gathering: \(mismatch)")
                            return
                        }
                    }
                }
            }
            func reaches() -> Set<Int> {
                Set(harness.liveKeys.filter { (try? harness.store.hasSubviewReach(harness.engineIDs[$0])) == true })
            }
            var reached = reaches()
            hubsWithReach += reached.count
            // The snapshots of the last three versions, each with the answers it gave: the
            // newest is asked every query; the older ones must keep their answers through edits.
            var versions = [(snapshot: harness.store.snapshot(), asked: [(Query, Answer)]())]
            /// A live subview of a live hub, if any.
            func hubChild() -> (hub: Int, child: Int)? {
                let hub = hubs[source.int(below: hubs.count)]
                guard harness.isLive(hub), let children = try? harness.store.subviews(of: harness.engineIDs[hub]),
                      !children.isEmpty else { return nil }
                return (hub, harness.key(of: children[source.int(below: children.count)]))
            }
            for step in 0..<120 {
                if source.chance(0.25) {
                    // Half the edits move, grow or turn a hub's subview, which the reach must follow.
                    var edit = harness.randomEdit(using: &source)
                    if source.chance(0.5), let (_, child) = hubChild() {
                        let place = Point(x: Double(source.int(below: 800)) - 200, y: Double(source.int(below: 800)) - 200)
                        edit = source.pick([
                            .setCenter(child, place),
                            .setBounds(child, Rect(x: 0, y: 0, width: Double(source.int(below: 600)), height: Double(source.int(below: 600)))),
                            .setTransform(child, AffineTransform(rotationAngle: source.unit() * 3).concatenating(
                                AffineTransform(scaleX: 0.5 + 3 * source.unit(), y: 0.5 + 3 * source.unit()))),
                            .setAnchorPoint(child, Point(x: 4 * source.unit() - 2, y: 4 * source.unit() - 2)),
                        ])
                    }
                    if let mismatch = harness.apply(edit) {
                        Issue.record("seed \(seed), step \(step): \(mismatch)")
                        return
                    }
                    let now = reaches()
                    reachChanges += now.symmetricDifference(reached).count
                    reached = now
                    for (snapshot, asked) in versions {
                        for (query, answer) in asked {
                            if let mismatch = harness.checkSnapshot(snapshot, query, expecting: answer) {
                                Issue.record("seed \(seed), step \(step): an older snapshot changed: \(mismatch)")
                                return
                            }
                            snapshotQueries += 1
                        }
                    }
                    versions.append((harness.store.snapshot(), []))
                    if versions.count > 3 { versions.removeFirst() }
                } else {
                    var query = harness.randomQuery(using: &source)
                    // A third of the queries aim at a hub's subview, in the hub's coordinates.
                    if source.chance(0.33), let (hub, child) = hubChild(),
                       let bounds = try? harness.store.bounds(of: harness.engineIDs[child]),
                       let point = try? harness.store.convert(
                           Point(x: bounds.minX + source.unit() * bounds.width, y: bounds.minY + source.unit() * bounds.height),
                           from: .view(harness.engineIDs[child]), to: .view(harness.engineIDs[hub])),
                       point.isFinite {
                        query = .hitTest(point, inView: hub)
                    }
                    if let mismatch = harness.check(query) {
                        Issue.record("seed \(seed), step \(step): \(mismatch)")
                        return
                    }
                    queries += 1
                    if let expected = harness.referenceSnapshotAnswer(query) {
                        if let mismatch = harness.checkSnapshot(versions[versions.count - 1].snapshot, query, expecting: expected) {
                            Issue.record("seed \(seed), step \(step): \(mismatch)")
                            return
                        }
                        versions[versions.count - 1].asked.append((query, expected))
                        snapshotQueries += 1
                    }
                }
            }
        }
        print("subview reach: \(queries) live and \(snapshotQueries) snapshot queries agreed; "
              + "\(hubsWithReach) containers had a reach after gathering, \(reachChanges) gained or lost one while edited")
        // What the worlds reach is the generator's property: held on the full run alone.
        guard TestSeeds.playsEverySeed else { return }
        #expect(queries > 20_000)
        #expect(hubsWithReach > 150, "the runs must exercise reaches")
        #expect(reachChanges > 50, "and edits that give or take them")
    }
}
