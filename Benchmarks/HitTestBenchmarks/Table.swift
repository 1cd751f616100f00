/// The results as a fixed-width text table or a Markdown table.
enum Table {
    static let headers = ["benchmark", "views", "queries", "engine / query", "naive / query",
                          "× naive", "reference / query", "× reference", "visited / query", "ns / visited", "allocs / query", "bytes / view"]

    static func cells(_ result: BenchmarkResult) -> [String] {
        [
            result.name,
            Format.count(result.views),
            String(result.queries),
            Format.nanoseconds(result.engineNanosecondsPerQuery),
            result.naiveNanosecondsPerQuery.map(Format.nanoseconds) ?? "—",
            result.speedupOverNaive.map(Format.ratio) ?? "—",
            result.referenceNanosecondsPerQuery.map(Format.nanoseconds) ?? "—",
            result.speedup.map(Format.ratio) ?? "—",
            result.visitedPerQuery.map { Format.decimal($0) } ?? "—",
            // "grid": the engine skipped most of the views the literal walk visits.
            result.nanosecondsPerVisited.map { Format.decimal($0, digits: 2) + (result.gridContainers > 0 ? " (grid)" : "") }
                ?? "—",
            result.allocationsPerQuery.map { Format.decimal($0, digits: 2) } ?? "—",
            result.bytesPerView.map { Format.decimal($0) } ?? "—",
        ]
    }

    static func text(_ results: [BenchmarkResult]) -> String {
        let rows = [headers] + results.map(cells)
        let widths = headers.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                let cell = row[column], padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func markdown(_ results: [BenchmarkResult]) -> String {
        var lines = ["| " + headers.joined(separator: " | ") + " |",
                     "|" + headers.indices.map { $0 == 0 ? " --- |" : " ---: |" }.joined()]
        for result in results { lines.append("| " + cells(result).joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }
}
