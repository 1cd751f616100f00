import Foundation

/// A hand-written log-log SVG: nanoseconds per query against view count, one colour per tree
/// family, the engine as solid lines with dots and the reference as dashed lines with squares.
enum SVGPlot {
    private static let width = 860.0, height = 540.0
    private static let left = 80.0, right = 250.0, top = 40.0, bottom = 60.0
    private static let colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]

    static func render(_ results: [BenchmarkResult], machine: Machine) -> String {
        let families = results.compactMap(\.family).reduce(into: [String]()) { list, family in
            if !list.contains(family) { list.append(family) }
        }
        let plotted = results.filter { $0.family != nil }
        let times = plotted.flatMap { [$0.engineNanosecondsPerQuery] + ($0.referenceNanosecondsPerQuery.map { [$0] } ?? []) }
        let viewCounts = plotted.map { Double($0.views) }
        guard let minTime = times.min(), let maxTime = times.max(),
              let minViews = viewCounts.min(), let maxViews = viewCounts.max() else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\"><text x=\"10\" y=\"25\">no data</text></svg>\n"
        }
        // Whole decades around the data.
        let xLow = floor(log10(minViews)), xHigh = max(ceil(log10(maxViews)), xLow + 1)
        let yLow = floor(log10(minTime)), yHigh = max(ceil(log10(maxTime)), yLow + 1)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ views: Double) -> Double { left + (log10(views) - xLow) / (xHigh - xLow) * plotWidth }
        func y(_ ns: Double) -> Double { top + (yHigh - log10(ns)) / (yHigh - yLow) * plotHeight }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="22" font-size="15">Hit test: nanoseconds per query against views (log-log)</text>

            """
        // Grid and decade labels.
        for decade in Int(xLow)...Int(xHigh) {
            let px = x(pow(10, Double(decade)))
            svg += "<line x1=\"\(f(px))\" y1=\"\(f(top))\" x2=\"\(f(px))\" y2=\"\(f(top + plotHeight))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(px))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(viewsLabel(decade))</text>\n"
        }
        for decade in Int(yLow)...Int(yHigh) {
            let py = y(pow(10, Double(decade)))
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(py))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(py))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(left - 8))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(timeLabel(decade))</text>\n"
        }
        svg += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 18))\" text-anchor=\"middle\">views in the tree</text>\n"
        svg += "<text transform=\"translate(20 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">time per query</text>\n"

        // One engine and one reference series per family.
        for (index, family) in families.enumerated() {
            let color = colors[index % colors.count]
            let rows = plotted.filter { $0.family == family }.sorted { $0.views < $1.views }
            let engine = rows.map { (Double($0.views), $0.engineNanosecondsPerQuery) }
            let reference = rows.compactMap { row in row.referenceNanosecondsPerQuery.map { (Double(row.views), $0) } }
            for (points, dashed) in [(engine, false), (reference, true)] where !points.isEmpty {
                let path = points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ")
                svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\""
                    + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
                for point in points {
                    svg += dashed
                        ? "<rect x=\"\(f(x(point.0) - 3.5))\" y=\"\(f(y(point.1) - 3.5))\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
                        : "<circle cx=\"\(f(x(point.0)))\" cy=\"\(f(y(point.1)))\" r=\"4\" fill=\"\(color)\"/>\n"
                }
            }
            let legendY = top + 10 + Double(index) * 22
            let legendX = left + plotWidth + 20
            svg += "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 24))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
            svg += "<text x=\"\(f(legendX + 30))\" y=\"\(f(legendY + 4))\">\(escape(family))</text>\n"
        }
        let keyY = top + 20 + Double(families.count) * 22
        let keyX = left + plotWidth + 20
        svg += "<line x1=\"\(f(keyX))\" y1=\"\(f(keyY))\" x2=\"\(f(keyX + 24))\" y2=\"\(f(keyY))\" stroke=\"#333\" stroke-width=\"2\"/>\n"
        svg += "<circle cx=\"\(f(keyX + 12))\" cy=\"\(f(keyY))\" r=\"4\" fill=\"#333\"/>\n"
        svg += "<text x=\"\(f(keyX + 30))\" y=\"\(f(keyY + 4))\">engine (ViewStore)</text>\n"
        svg += "<line x1=\"\(f(keyX))\" y1=\"\(f(keyY + 22))\" x2=\"\(f(keyX + 24))\" y2=\"\(f(keyY + 22))\" stroke=\"#333\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
        svg += "<rect x=\"\(f(keyX + 8.5))\" y=\"\(f(keyY + 18.5))\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"#333\" stroke-width=\"1.5\"/>\n"
        svg += "<text x=\"\(f(keyX + 30))\" y=\"\(f(keyY + 26))\">reference (recursive)</text>\n"
        svg += "<text x=\"\(f(left))\" y=\"\(f(height - 2))\" font-size=\"10\" fill=\"#666\">\(escape(machine.summary))</text>\n"
        svg += "</svg>\n"
        return svg
    }

    private static func viewsLabel(_ decade: Int) -> String {
        switch decade {
        case 0: "1"
        case 1: "10"
        case 2: "100"
        case 3: "1k"
        case 4: "10k"
        case 5: "100k"
        case 6: "1M"
        case 7: "10M"
        default: "1e\(decade)"
        }
    }

    private static func timeLabel(_ decade: Int) -> String {
        switch decade {
        case 0: "1 ns"
        case 1: "10 ns"
        case 2: "100 ns"
        case 3: "1 µs"
        case 4: "10 µs"
        case 5: "100 µs"
        case 6: "1 ms"
        case 7: "10 ms"
        case 8: "100 ms"
        default: "1e\(decade) ns"
        }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
