import Foundation

/// The docs' plots as SVG, drawn from values the tests record through the library: panels side
/// by side, time across. The committed files are checked against what this draws, so a picture
/// cannot drift from the code (MotionPlotTests, ZoomPlotTests).
enum PlotSVG {
    struct Panel {
        let title: String
        let caption: String
        /// (seconds, value)
        let points: [(Double, Double)]
        /// Lines drawn across the panel: the edges, the page, a limit.
        let guides: [(Double, String)]
        /// Larger values up the panel (a scale); otherwise down it, as an offset moves content on screen.
        var upward = false
    }

    static func draw(_ panels: [Panel], footer: String) -> String {
        let width = 260.0, height = 200.0, margin = 40.0, gap = 40.0
        let total = Double(panels.count) * (width + gap) + margin
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(total))" height="\(n(height + 2 * margin))" \
        font-family="sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>

        """
        for (index, panel) in panels.enumerated() {
            let left = margin + Double(index) * (width + gap), top = margin
            let times = panel.points.map(\.0), values = panel.points.map(\.1) + panel.guides.map(\.0)
            let t1 = times.max()!, lo = values.min()!, hi = values.max()!
            let span = hi - lo == 0 ? 1 : hi - lo
            func x(_ t: Double) -> Double { left + t / t1 * width }
            func y(_ v: Double) -> Double { panel.upward ? top + (hi - v) / span * height : top + (v - lo) / span * height }
            out += "<text x=\"\(n(left))\" y=\"\(n(top - 22))\" font-weight=\"bold\">\(panel.title)</text>\n"
            out += "<text x=\"\(n(left))\" y=\"\(n(top - 8))\" fill=\"#555\">\(panel.caption)</text>\n"
            out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"none\" stroke=\"#ccc\"/>\n"
            for (value, label) in panel.guides {
                out += "<line x1=\"\(n(left))\" y1=\"\(n(y(value)))\" x2=\"\(n(left + width))\" y2=\"\(n(y(value)))\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n"
                out += "<text x=\"\(n(left + width + 3))\" y=\"\(n(y(value) + 4))\" fill=\"#555\">\(label)</text>\n"
            }
            let path = panel.points.map { "\(n(x($0.0))),\(n(y($0.1)))" }.joined(separator: " ")
            out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"#1f6fd1\" stroke-width=\"1.5\"/>\n"
            out += "<text x=\"\(n(left))\" y=\"\(n(top + height + 16))\" fill=\"#555\">0 s</text>\n"
            out += "<text x=\"\(n(left + width - 30))\" y=\"\(n(top + height + 16))\" fill=\"#555\">\(n(t1)) s</text>\n"
        }
        out += "<text x=\"\(n(margin))\" y=\"\(n(height + 2 * margin - 6))\" fill=\"#555\">\(footer)</text>\n"
        out += "</svg>\n"
        return out
    }

    /// One decimal, the same on every machine.
    private static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Checks the committed plot at `path` (from the package root) against `drawn`; with
    /// `environment` set to 1, rewrites it first (after a deliberate change).
    static func committedPlotMatches(_ drawn: String, at path: String, rewritingWith environment: String,
                                     testFile: String = #filePath) throws -> Bool {
        var root = URL(fileURLWithPath: testFile)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let file = root.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment[environment] == "1" {
            try drawn.write(to: file, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: file, encoding: .utf8) == drawn
    }
}
