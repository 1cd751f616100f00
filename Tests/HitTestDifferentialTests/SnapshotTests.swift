import Foundation
import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// Snapshots (`ViewStore.snapshot()`) against the reference: a snapshot answers as the reference
/// did when it was taken, up to the first override, which it names as `.ask`.
@Suite("Snapshots against reference")
struct SnapshotTests {
    @Test("500 random edit runs: every query on the latest snapshot, and older snapshots unchanged by later edits")
    func editRuns() {
        var snapshotQueries = 0, asks = 0
        for seed in TestSeeds.of(0..<500) {
            var source = SplitMix64(seed: seed)
            let harness = DifferentialHarness(spec: .random(seed: seed, viewCount: 1 + Int(seed % 30)))
            var snapshot = harness.store.snapshot()
            var asked: [(Query, Answer)] = []
            for _ in 0..<40 {
                if source.chance(0.3) {
                    if let mismatch = harness.apply(harness.randomEdit(using: &source)) {
                        Issue.record("\(mismatch)")
                        return
                    }
                    for (query, answer) in asked {
                        if let mismatch = harness.checkSnapshot(snapshot, query, expecting: answer) {
                            Issue.record("an older snapshot changed: \(mismatch)")
                            return
                        }
                    }
                    snapshot = harness.store.snapshot()
                    asked.removeAll()
                } else {
                    let query = harness.randomQuery(using: &source)
                    guard let expected = harness.referenceSnapshotAnswer(query) else { continue }
                    if let mismatch = harness.checkSnapshot(snapshot, query, expecting: expected) {
                        Issue.record("seed \(seed): \(mismatch)")
                        return
                    }
                    snapshotQueries += 1
                    if case .ask = expected { asks += 1 }
                    asked.append((query, expected))
                }
            }
        }
        print("snapshots: \(snapshotQueries) queries agreed with the reference, \(asks) of them asks")
        // What the worlds reach is the generator's property: held on the full run alone.
        guard TestSeeds.playsEverySeed else { return }
        #expect(snapshotQueries > 5_000)
        #expect(asks > 0)
    }

    @Test("A snapshot outlives its store and still answers")
    func outlivesStore() throws {
        var snapshot: ViewStoreSnapshot?
        var expected: (window: ViewID, button: ViewID)?
        do {
            let store = ViewStore()
            let window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
            let button = try store.makeView(frame: Rect(10, 10, 20, 20))
            try store.addSubview(button, to: window)
            snapshot = store.snapshot()
            expected = (window, button)
            try store.destroy(window)
        }
        let taken = try #require(snapshot), ids = try #require(expected)
        #expect(taken.hitTest(screenPoint: Point(15, 15)) == .hit(ids.button))
        #expect(taken.hitTest(screenPoint: Point(50, 50)) == .hit(ids.window))
        #expect(try taken.convert(Point(0, 0), from: .view(ids.button), to: .screen) == Point(10, 10))
        #expect(taken.viewCount == 2)
    }

    @Test("Snapshots taken with nothing written between them share their rows, and a later edit changes neither")
    func unchangedSnapshotsStayUnchanged() throws {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let button = try store.makeView(frame: Rect(10, 10, 20, 20))
        try store.addSubview(button, to: window)
        _ = store.snapshot()
        // Nothing written since the snapshot above: both of these share its frozen rows.
        let first = store.snapshot(), second = store.snapshot()
        try store.setCenter(Point(70, 70), of: button)
        let moved = store.snapshot()
        for old in [first, second] {
            #expect(old.hitTest(screenPoint: Point(15, 15)) == .hit(button))
            #expect(old.hitTest(screenPoint: Point(70, 70)) == .hit(window))
        }
        #expect(moved.hitTest(screenPoint: Point(15, 15)) == .hit(window))
        #expect(moved.hitTest(screenPoint: Point(70, 70)) == .hit(button))
    }
}
