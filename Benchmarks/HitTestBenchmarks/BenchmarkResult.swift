/// One row of the report. Fields that do not apply are `nil` (`null` in JSON).
struct BenchmarkResult {
    var name: String
    /// The series the plot draws this row in (`nil`: not plotted).
    var family: String?
    var views: Int
    /// Distinct query points (or edit-and-query steps) per pass; every pass runs them all.
    var queries: Int
    var engineNanosecondsPerQuery: Double
    var referenceNanosecondsPerQuery: Double?
    /// The plain class tree (``NaiveView``): the baseline speed-ups are quoted against first.
    var naiveNanosecondsPerQuery: Double? = nil
    var visitedPerQuery: Double?
    var allocationsPerQuery: Double?
    var bytesPerView: Double?
    /// Views whose subviews the engine served from a ``ViewStore`` container grid by the end of
    /// the row: there the engine tests far fewer views than `visitedPerQuery` counts.
    var gridContainers = 0
    /// The same work without what the row adds, timed alongside it in the same run: the live
    /// store's query for a query on its snapshot, an edit on a store that never took a snapshot
    /// for an edit while one is alive.
    var baselineNanosecondsPerQuery: Double? = nil
    /// Why a field is missing, or what else to know about the row.
    var note: String?

    /// The engine against the naive class tree, in the same run.
    var speedupOverNaive: Double? {
        naiveNanosecondsPerQuery.map { $0 / engineNanosecondsPerQuery }
    }

    /// The row's time over its baseline's, in the same run.
    var overBaseline: Double? {
        baselineNanosecondsPerQuery.map { engineNanosecondsPerQuery / $0 }
    }

    var speedup: Double? {
        referenceNanosecondsPerQuery.map { $0 / engineNanosecondsPerQuery }
    }

    var nanosecondsPerVisited: Double? {
        visitedPerQuery.map { engineNanosecondsPerQuery / $0 }
    }
}
