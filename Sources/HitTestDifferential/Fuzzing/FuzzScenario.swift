/// The fuzzer's whole job for one input, kept here (not in the fuzz target) so that the tests run
/// the very same decoding on fixed inputs.
///
/// The bytes drive every choice (see ``ByteEntropy``): the size and shape of a forest, then a run
/// of edits and queries until the bytes are used up (at most ``maximumSteps``). Any input decodes;
/// nothing here traps except on a disagreement reported by the caller.
///
/// Snapshots are compared too: every edit is followed by a snapshot, every query is also asked
/// of it (against the reference as it is then), and after the next edit the previous snapshot
/// must still give every answer it gave (it is immutable).
public enum FuzzScenario {
    /// The most edits and queries one input runs, so that one input stays fast.
    public static let maximumSteps = 64
    /// The most views the decoded forest starts with.
    public static let maximumViews = 24

    /// What one input did.
    public struct Outcome: Sendable {
        public var views = 0
        public var edits = 0
        public var queries = 0
        /// The first disagreement, if any.
        public var mismatch: Mismatch?
    }

    /// Decodes `bytes` and runs it on both engines; stops at the first disagreement.
    public static func run<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Outcome {
        var source = ByteEntropy(bytes)
        var outcome = Outcome()
        let spec = TreeSpec.random(using: &source, viewCount: source.int(in: 1...maximumViews))
        outcome.views = spec.nodes.count
        let harness = DifferentialHarness(spec: spec)
        if let mismatch = harness.checkStructure() {
            outcome.mismatch = mismatch
            return outcome
        }
        var snapshot = harness.store.snapshot()
        var asked: [(Query, Answer)] = []
        var steps = 0
        while !source.isExhausted && steps < maximumSteps {
            steps += 1
            if source.chance(0.3) {
                outcome.edits += 1
                if let mismatch = harness.applyAndCheckFootprint(harness.randomEdit(using: &source)) {
                    outcome.mismatch = mismatch
                    return outcome
                }
                // The snapshot taken before the edit still answers as it did.
                for (query, answer) in asked {
                    if let mismatch = harness.checkSnapshot(snapshot, query, expecting: answer) {
                        outcome.mismatch = mismatch
                        return outcome
                    }
                }
                snapshot = harness.store.snapshot()
                asked.removeAll()
            } else {
                outcome.queries += 1
                let query = harness.randomQuery(using: &source)
                if let mismatch = harness.check(query) {
                    outcome.mismatch = Shrinker.shrinkEdits(mismatch, query: query) ?? mismatch
                    return outcome
                }
                if let expected = harness.referenceSnapshotAnswer(query) {
                    if let mismatch = harness.checkSnapshot(snapshot, query, expecting: expected) {
                        outcome.mismatch = mismatch
                        return outcome
                    }
                    asked.append((query, expected))
                }
            }
        }
        // Each edit's footprint was compared as it was made; now the whole forest, once.
        outcome.mismatch = harness.checkStructure()
        return outcome
    }
}
