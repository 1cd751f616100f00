/// The report's timeline as SVG: one lane per touch and one per recognizer, each recognizer's
/// states as bars coloured by state, and marks for deliveries, cancels, actions and decisions
/// that carry their record (`data-record`, shown by the page's script).
struct TimelineSVG {
    let timeline: ReportTimeline
    static let labelWidth = 150.0, plotWidth = 480.0, laneHeight = 34.0, axisHeight = 22.0
    /// Within a lane: the bars on top, the marks below them, so that neither hides the other.
    static let barTop = 5.0, barHeight = 10.0, markMiddle = 24.0
    /// Marks at the same time on the same lane are set side by side this far apart (decisions,
    /// thin bars, come in runs: a hit test visits many views at once).
    static func spacing(_ kind: ReportTimeline.MarkKind) -> Double { kind == .decision ? 4 : 9 }

    var svg: String {
        let height = Self.axisHeight + Double(timeline.lanes.count) * Self.laneHeight + 4
        var svg = "<svg id=\"timeline\" width=\"\(HTMLReport.number(Self.labelWidth + Self.plotWidth + 40))\" height=\"\(HTMLReport.number(height))\">\n"
        svg += axis
        for (index, lane) in timeline.lanes.enumerated() {
            let top = laneTop(index)
            svg += "<g class=\"lane lane-\(lane.kind.rawValue)\" data-lane=\"\(HTMLReport.escape(lane.name))\">"
            svg += "<line class=\"lane-rule\" x1=\"0\" x2=\"\(HTMLReport.number(Self.labelWidth + Self.plotWidth + 40))\" y1=\"\(HTMLReport.number(top + Self.laneHeight))\" y2=\"\(HTMLReport.number(top + Self.laneHeight))\"/>"
            svg += "<text class=\"lane-label\" x=\"4\" y=\"\(HTMLReport.number(top + 21))\">\(HTMLReport.escape(lane.name))</text>\n"
            svg += lane.kind == .touch ? touchLife(lane: index) : stateBars(lane: index)
            svg += "</g>\n"
        }
        svg += marks
        return svg + "</svg>"
    }

    private func laneTop(_ lane: Int) -> Double { Self.axisHeight + Double(lane) * Self.laneHeight }

    private func x(_ time: Double) -> Double {
        let span = timeline.end - timeline.start
        return Self.labelWidth + (span > 0 ? (time - timeline.start) / span : 0) * Self.plotWidth
    }

    private var axis: String {
        var svg = ""
        for step in 0...4 {
            let time = timeline.start + (timeline.end - timeline.start) * Double(step) / 4
            svg += "<text class=\"axis\" x=\"\(HTMLReport.number(x(time)))\" y=\"12\" text-anchor=\"middle\">\(HTMLReport.number(time)) s</text>\n"
        }
        return svg
    }

    /// One bar per state a recognizer was in, from its change to the next; a state left at
    /// once (a discrete recognizer's end, then its reset) still gets a visible sliver. Bars of
    /// `possible` go first so that the others are drawn over them.
    private func stateBars(lane: Int) -> String {
        let changes = timeline.states.filter { $0.lane == lane }
        var possible = "", others = ""
        for (index, change) in changes.enumerated() {
            let until = index + 1 < changes.count ? changes[index + 1].time : timeline.end
            let left = x(change.time), width = Swift.max(x(until) - left, change.state == "possible" ? 0 : 6)
            guard width > 0 else { continue }
            let bar = "<rect class=\"state state-\(change.state)\" data-state=\"\(change.state)\" x=\"\(HTMLReport.number(left))\" y=\"\(HTMLReport.number(laneTop(lane) + Self.barTop))\" width=\"\(HTMLReport.number(width))\" height=\"\(HTMLReport.number(Self.barHeight))\"><title>\(change.state) from \(HTMLReport.number(change.time)) s</title></rect>\n"
            if change.state == "possible" { possible += bar } else { others += bar }
        }
        return possible + others
    }

    /// A touch's lane: a bar from its began to its end (or the end of the scenario).
    private func touchLife(lane: Int) -> String {
        timeline.touchLives.filter { $0.lane == lane }.map { life in
            let left = x(life.began), width = Swift.max(x(life.ended ?? timeline.end) - left, 2)
            return "<rect class=\"touch-life\" x=\"\(HTMLReport.number(left))\" y=\"\(HTMLReport.number(laneTop(lane) + Self.barTop))\" width=\"\(HTMLReport.number(width))\" height=\"\(HTMLReport.number(Self.barHeight))\"><title>down from \(HTMLReport.number(life.began)) s</title></rect>\n"
        }.joined()
    }

    private var marks: String {
        var svg = ""
        var placed: [String: Double] = [:]
        for mark in timeline.marks {
            let key = "\(mark.lane) \(mark.time)"
            let offset = placed[key, default: 0]
            placed[key, default: 0] += Self.spacing(mark.kind)
            let cx = x(mark.time) + offset, cy = laneTop(mark.lane) + Self.markMiddle
            let record = HTMLReport.escape(mark.record)
            svg += "<g class=\"mark mark-\(mark.kind.rawValue)\" data-lane=\"\(HTMLReport.escape(timeline.lanes[mark.lane].name))\" data-record=\"\(record)\" tabindex=\"0\"><title>\(record)</title>"
            svg += Self.shape(mark.kind, cx, cy) + "</g>\n"
        }
        return svg
    }

    /// A circle for a delivery, a triangle for a cancel, a diamond for an action, a bar for a decision.
    private static func shape(_ kind: ReportTimeline.MarkKind, _ x: Double, _ y: Double) -> String {
        let n = HTMLReport.number
        switch kind {
        case .delivery: return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"4.5\"/>"
        case .cancel: return "<polygon points=\"\(n(x - 5)),\(n(y - 5)) \(n(x + 5)),\(n(y - 5)) \(n(x)),\(n(y + 5))\"/>"
        case .action: return "<polygon points=\"\(n(x)),\(n(y - 6)) \(n(x + 6)),\(n(y)) \(n(x)),\(n(y + 6)) \(n(x - 6)),\(n(y))\"/>"
        case .decision: return "<rect x=\"\(n(x - 1.5))\" y=\"\(n(y - 7))\" width=\"3\" height=\"14\"/>"
        }
    }
}
