import HitTestCore

/// What a differential run did, for the test log.
public struct DifferentialCounts: Sendable, Equatable {
    public var trees = 0
    public var views = 0
    /// Point queries: hit tests (of the screen or a view) and `pointInside`.
    public var points = 0
    /// Point and rect conversions.
    public var conversions = 0
    public var edits = 0
    /// Edits the engine refused, as the reference predicted.
    public var refusedEdits = 0

    public init() {}

    /// Counts `query` as a point (hit test or `pointInside`) or a conversion.
    mutating func count(_ query: Query) {
        switch query {
        case .screenHitTest, .hitTest, .pointInside: points += 1
        case .convertPoint, .convertRect: conversions += 1
        }
    }

    public static func += (lhs: inout DifferentialCounts, rhs: DifferentialCounts) {
        lhs.trees += rhs.trees
        lhs.views += rhs.views
        lhs.points += rhs.points
        lhs.conversions += rhs.conversions
        lhs.edits += rhs.edits
        lhs.refusedEdits += rhs.refusedEdits
    }
}

/// Seeded differential runs: build, query, edit, query again, comparing every answer.
public enum DifferentialRun {
    /// Builds one random forest of `viewCount` views from `seed`, asks `points` random hit-test
    /// queries (of the screen or of a view) and `conversions` random conversions; stops at the
    /// first mismatch, shrunk to a small reproduction.
    public static func staticTree(seed: UInt64, viewCount: Int, points: Int, conversions: Int)
        -> (counts: DifferentialCounts, mismatch: Mismatch?)
    {
        var source = SplitMix64(seed: seed)
        let spec = TreeSpec.random(using: &source, viewCount: viewCount)
        let harness = DifferentialHarness(spec: spec)
        var counts = DifferentialCounts()
        counts.trees = 1
        counts.views = spec.nodes.count
        for index in 0..<(points + conversions) {
            let query = index < points
                ? harness.randomHitTestQuery(using: &source) : harness.randomConversionQuery(using: &source)
            if index < points { counts.points += 1 } else { counts.conversions += 1 }
            if let mismatch = harness.check(query) {
                return (counts, Shrinker.shrink(mismatch, query: query) ?? mismatch)
            }
        }
        return (counts, nil)
    }

    /// Builds one random forest from `seed`, then applies `edits` random edits, each followed by
    /// `queriesPerEdit` random queries and a structural comparison.
    public static func editSequence(seed: UInt64, viewCount: Int, edits: Int, queriesPerEdit: Int)
        -> (counts: DifferentialCounts, mismatch: Mismatch?)
    {
        var source = SplitMix64(seed: seed)
        let harness = DifferentialHarness(spec: TreeSpec.random(using: &source, viewCount: viewCount))
        return run(harness, edits: edits, queriesPerEdit: queriesPerEdit, using: &source)
    }

    /// Applies random edits to `harness`, querying after each; stops at the first mismatch.
    public static func run<Source: EntropySource>(
        _ harness: DifferentialHarness, edits: Int, queriesPerEdit: Int, using source: inout Source
    ) -> (counts: DifferentialCounts, mismatch: Mismatch?) {
        var counts = DifferentialCounts()
        counts.trees = 1
        counts.views = harness.spec.nodes.count
        for _ in 0..<edits {
            let edit = harness.randomEdit(using: &source)
            let refused = harness.expectedError(of: edit) != nil
            counts.edits += 1
            if refused { counts.refusedEdits += 1 }
            if let mismatch = harness.apply(edit) ?? harness.checkStructure() { return (counts, mismatch) }
            for _ in 0..<queriesPerEdit {
                let query = harness.randomQuery(using: &source)
                counts.count(query)
                if let mismatch = harness.check(query) {
                    return (counts, Shrinker.shrinkEdits(mismatch, query: query) ?? mismatch)
                }
            }
        }
        return (counts, nil)
    }
}
