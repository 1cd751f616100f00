import HitTestDifferential
@testable import HitTestCore
import Testing

/// The live store reads its rows from one slab while every chunk is in it, and through the chunk
/// table once a write after a snapshot has copied a chunk out (`ChunkedArray.homeBase`). Both
/// ways must answer as the reference does, and a snapshot as it did when taken, whichever way
/// the store or the snapshot reads.
@Suite("Slab and chunk table against reference")
struct SlabTests {
    @Test("300 random forests: queries from the slab, through the table after a chunk left it, and from a remade slab")
    func bothWaysAgree() throws {
        var queries = [0, 0, 0], snapshotQueries = 0
        for seed in TestSeeds.of(0..<300) {
            var source = SplitMix64(seed: seed &+ 7_000)
            // Up to 200 views: up to four chunks, so some edits leave other chunks in the slab.
            let harness = DifferentialHarness(spec: .random(seed: seed, viewCount: 1 + Int(seed % 200)))
            let store = harness.store
            #expect(store.slabRows?.base != nil, "a new store reads from its slab")

            // Phase 0: from the slab. Phase 1: after a snapshot and an edit that wrote a row,
            // through the table. Phase 2: after `shrinkToFit()` made the slab again.
            var snapshot: ViewStoreSnapshot?
            var asked: [(Query, Answer)] = []
            for phase in 0..<3 {
                if phase == 1 {
                    let taken = store.snapshot()
                    snapshot = taken
                    asked = (0..<20).compactMap { _ in
                        let query = harness.randomHitTestQuery(using: &source)
                        return harness.referenceSnapshotAnswer(query).map { (query, $0) }
                    }
                    var tries = 0
                    while store.slabRows?.base != nil && tries < 200 {
                        if let mismatch = harness.apply(harness.randomEdit(using: &source)) {
                            Issue.record("seed \(seed): \(mismatch)")
                            return
                        }
                        tries += 1
                    }
                    guard store.slabRows?.base == nil else { continue }
                } else if phase == 2 {
                    try store.shrinkToFit()
                    #expect(store.slabRows?.base != nil, "cutting the store to size makes the slab again")
                }
                for _ in 0..<40 {
                    let query = harness.randomQuery(using: &source)
                    if let mismatch = harness.check(query) {
                        Issue.record("seed \(seed), phase \(phase): \(mismatch)")
                        return
                    }
                    queries[phase] += 1
                }
                if let snapshot {
                    for (query, answer) in asked {
                        if let mismatch = harness.checkSnapshot(snapshot, query, expecting: answer) {
                            Issue.record("seed \(seed), phase \(phase): the snapshot changed: \(mismatch)")
                            return
                        }
                        snapshotQueries += 1
                    }
                }
            }
        }
        print("slab: \(queries[0]) queries from the slab, \(queries[1]) through the table, \(queries[2]) from a remade slab, "
              + "\(snapshotQueries) on snapshots, all agreeing with the reference")
        // What the worlds reach is the generator's property: held on the full run alone.
        guard TestSeeds.playsEverySeed else { return }
        #expect(queries.allSatisfy { $0 > 5_000 })
        #expect(snapshotQueries > 5_000)
    }
}
