/// The fuzzer's whole job for one input, kept here (not in the fuzz target) so that the tests run
/// the very same decoding on fixed inputs.
///
/// The bytes drive every choice (see ``ByteEntropy``): the size and shape of a forest, then a run
/// of edits and queries until the bytes are used up (at most ``maximumSteps``). Any input decodes;
/// nothing here traps except on a disagreement reported by the caller.
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
        var steps = 0
        while !source.isExhausted && steps < maximumSteps {
            steps += 1
            if source.chance(0.3) {
                outcome.edits += 1
                if let mismatch = harness.applyAndCheckFootprint(harness.randomEdit(using: &source)) {
                    outcome.mismatch = mismatch
                    return outcome
                }
            } else {
                outcome.queries += 1
                let query = harness.randomQuery(using: &source)
                if let mismatch = harness.check(query) {
                    outcome.mismatch = Shrinker.shrinkEdits(mismatch, query: query) ?? mismatch
                    return outcome
                }
            }
        }
        // Each edit's footprint was compared as it was made; now the whole forest, once.
        outcome.mismatch = harness.checkStructure()
        return outcome
    }
}
