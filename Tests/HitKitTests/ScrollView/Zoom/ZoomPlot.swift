import Foundation
@testable import HitKit

/// Draws the Zooming article's plot (an SVG) from a real pinch through the library, sampled every
/// 1/120 s: two fingers spreading past the maximum scale 2 — the scale stretching by ρ — then
/// lifting, and the bounce back over T with the cubic ease: the zoom scale, and the content
/// offset that keeps the point under the fingers there. ZoomPlotTests checks the committed file.
enum ZoomPlot {
    static let path = "Sources/HitKit/HitKit.docc/Resources/zoom-bounce.svg"
    static let tick = 1.0 / 120

    /// (time, scale, offset x) at each frame: the fingers spread from 100 to 400 pt apart about
    /// (260, 220) over 0.25 s, lift, and the clock runs on to 0.6 s.
    static func samples() throws -> [(Double, Double, Double)] {
        let stage = ZoomStage()
        var out: [(Double, Double, Double)] = []
        func sample(_ t: Double) { out.append((t, stage.scrollView.zoomScale, stage.scrollView.contentOffset.x)) }
        try stage.fingers(0, began(1, 210, 220), began(2, 310, 220))
        sample(0)
        var frame = 1, d = 100.0
        while Double(frame) * tick <= 0.25 {
            d = 100 + 300 * Double(frame) * tick / 0.25
            try stage.spread(at: Double(frame) * tick, to: d, cx: 260, cy: 220)
            sample(Double(frame) * tick)
            frame += 1
        }
        try stage.lift(at: Double(frame) * tick, d: d, cx: 260, cy: 220)
        sample(Double(frame) * tick)
        frame += 1
        while Double(frame) * tick <= 0.6 {
            try stage.app.advance(to: Double(frame) * tick)
            sample(Double(frame) * tick)
            frame += 1
        }
        return out
    }

    static func svg() throws -> String {
        let values = try samples()
        return PlotSVG.draw([
            .init(title: "zoomScale", caption: "ρ past the maximum 2, bounced back on lifting",
                  points: values.map { ($0.0, $0.1) }, guides: [(2, "max"), (1, "1")], upward: true),
            .init(title: "contentOffset.x", caption: "the point under the fingers stays there",
                  points: values.map { ($0.0, $0.2) }, guides: [(0, "0")], upward: true),
        ], footer: "a pinch from 100 to 400 pt apart in 0.25 s, lifted, then the bounce; sampled every 1/120 s")
    }
}
