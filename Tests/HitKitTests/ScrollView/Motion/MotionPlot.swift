import Foundation
@testable import HitKit

/// Draws the ScrollViewMotion article's plot of `contentOffset.y` over time (an SVG) from real
/// flicks through the library, sampled every 1/120 s: a flick that decelerates into the bottom
/// edge and bounces, a drag past the top that springs back, and a paging flick. The committed
/// file is checked against this output (MotionPlotTests), so the picture cannot drift from the code.
enum MotionPlot {
    /// Where the article's plot lives, from the package root.
    static let path = "Sources/HitKit/HitKit.docc/Resources/scroll-motion.svg"

    typealias Curve = PlotSVG.Panel

    /// Advances `stage` from `lift` for `duration` seconds, recording the offset at each tick.
    private static func record(_ stage: MotionStage, from lift: Double, for duration: Double) throws -> [(Double, Double)] {
        var points = [(0.0, stage.scrollView.contentOffset.y)]
        var tick = 1
        while Double(tick) / 120 <= duration {
            let s = Double(tick) / 120
            try stage.app.advance(to: lift + s)
            points.append((s, stage.scrollView.contentOffset.y))
            tick += 1
        }
        return points
    }

    static func curves() throws -> [Curve] {
        // A flick at 5000 pt/s from 100 in content whose largest offset is 1800: it reaches the
        // edge and bounces.
        let flick = MotionStage(contentSize: Size(width: 400, height: 2200))
        let flickLift = try flick.flick(at: 0, dy: -100)
        // A drag 300 pt past the top, held, then lifted: the rubber band springs back.
        let band = MotionStage(contentSize: Size(width: 400, height: 2200))
        try band.app.frame(0, began(1, 200, 50))
        try band.app.frame(0.05, moved(1, 200, 350))
        try band.app.frame(0.5, moved(1, 200, 350))
        try band.app.frame(0.5, ended(1, 200, 350))
        // A paging flick from page 0: one page on.
        let page = MotionStage(contentSize: Size(width: 400, height: 2000))
        page.scrollView.isPagingEnabled = true
        let pageLift = try page.flick(at: 0, dy: -100)
        return [
            Curve(title: "Flick, then bounce", caption: "decay at 0.998/ms into the edge at 1800",
                  points: try record(flick, from: flickLift, for: 1.5), guides: [(1800, "max")]),
            Curve(title: "Rubber band, spring back", caption: "dragged 300 pt past the top, lifted",
                  points: try record(band, from: 0.5, for: 0.6), guides: [(0, "0")]),
            Curve(title: "Paging flick", caption: "from page 0 to page 1 (400 pt)",
                  points: try record(page, from: pageLift, for: 0.6), guides: [(0, "0"), (400, "400")]),
        ]
    }

    /// The SVG: three panels side by side, time across, offset down the page as on screen.
    static func svg() throws -> String {
        PlotSVG.draw(try curves(),
                     footer: "contentOffset.y (down the page) against time since the lift, sampled every 1/120 s")
    }
}
