import Foundation
import HitKitScene

/// `hitkit explain SCENARIO --html FILE`: one self-contained HTML file — no network, no script
/// or style from elsewhere — with the scene drawn as SVG beside a timeline of the replay.
/// Hovering or clicking a mark of the timeline shows its record.
enum HTMLReport {
    /// The page for `recording`, replayed from the scenario at `title`.
    static func page(_ recording: ReportRecording, title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>hitkit explain \(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>hitkit explain <code>\(escape(title))</code></h1>
        <div id="report">
        <section id="scene-panel"><h2>Scene</h2>
        \(SceneSVG(scene: recording.scene).svg)
        \(sceneLegend)
        </section>
        <section id="timeline-panel"><h2>Timeline</h2>
        \(TimelineSVG(timeline: recording.timeline).svg)
        \(legend)
        <pre id="record">Hover or click a mark to see its record.</pre>
        </section>
        </div>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    private static func swatch(_ name: String, _ shape: String) -> String {
        "<span class=\"key\"><svg width=\"12\" height=\"12\">\(shape)</svg> \(name)</span>"
    }

    /// What the scene's colours and lines mean, drawn with its own classes.
    private static let sceneLegend = "<div class=\"legend\">" + [
        swatch("hit view", "<rect class=\"view on-path hit-view\" x=\"1.5\" y=\"1.5\" width=\"9\" height=\"9\"/>"),
        swatch("path to it", "<rect class=\"view on-path\" x=\"1.5\" y=\"1.5\" width=\"9\" height=\"9\"/>"),
        swatch("hit area", "<rect class=\"hit-area\" x=\"1\" y=\"1\" width=\"10\" height=\"10\"/>"),
        swatch("touch", "<circle class=\"touch-began\" cx=\"6\" cy=\"6\" r=\"5\"/>"),
    ].joined(separator: " ") + "</div>"

    /// What the timeline's colours and shapes mean, drawn with its own classes.
    private static var legend: String {
        let states = ["possible", "began", "changed", "recognized", "cancelled", "failed"].map {
            swatch($0, "<rect class=\"state-\($0)\" y=\"1\" width=\"12\" height=\"10\"/>")
        }
        let marks = [
            swatch("touch down", "<rect class=\"touch-life\" y=\"1\" width=\"12\" height=\"10\"/>"),
            swatch("delivery", "<circle class=\"mark-delivery\" cx=\"6\" cy=\"6\" r=\"4.5\"/>"),
            swatch("cancel", "<polygon class=\"mark-cancel\" points=\"1,1 11,1 6,11\"/>"),
            swatch("action", "<polygon class=\"mark-action\" points=\"6,0 12,6 6,12 0,6\"/>"),
            swatch("decision", "<rect class=\"mark-decision\" x=\"4.5\" width=\"3\" height=\"12\"/>"),
        ]
        return "<div class=\"legend\">\((states + marks).joined(separator: " "))</div>"
    }

    /// Fixed sizes keep the layout the same in every browser, so CI can check pixels at known places.
    private static let style = """
        body { margin: 0; padding: 8px 16px; font: 13px/1.4 "DejaVu Sans", sans-serif; background: #ffffff; color: #212529; }
        h1 { font-size: 16px; margin: 0; height: 24px; }
        h2 { font-size: 14px; margin: 0; height: 24px; }
        #report { display: flex; gap: 24px; align-items: flex-start; }
        section { flex: none; }
        .legend { margin-top: 6px; font-size: 12px; max-width: 640px; }
        .key { margin-right: 10px; white-space: nowrap; }
        .key svg { vertical-align: -1px; }
        #record { min-height: 3em; margin: 8px 0 0; padding: 6px; background: #f1f3f5; white-space: pre-wrap; width: 640px; }
        .view { fill: #ffffff; fill-opacity: 0.6; stroke: #868e96; stroke-width: 1; }
        .window { fill: #f8f9fa; stroke: #495057; stroke-width: 1.5; }
        .on-path { stroke: #e8590c; stroke-width: 3; }
        .hit-view { fill: #ffc078; fill-opacity: 1; }
        .hit-area { fill: none; stroke: #7048e8; stroke-width: 1.5; stroke-dasharray: 6 4; }
        .view-label { font-size: 11px; fill: #495057; }
        .touch-path { fill: none; stroke: #1c7ed6; stroke-width: 2; }
        .touch-location { fill: #1c7ed6; }
        .touch-began { fill: #1c7ed6; stroke: #ffffff; stroke-width: 2; }
        .touch-label { font-size: 12px; font-weight: bold; fill: #1864ab; }
        .lane-label { font-size: 12px; fill: #212529; }
        .lane-rule { stroke: #dee2e6; }
        .axis { font-size: 10px; fill: #868e96; }
        .touch-life { fill: #a5d8ff; }
        .state-possible { fill: #ced4da; }
        .state-began { fill: #74c0fc; }
        .state-changed { fill: #339af0; }
        .state-ended, .state-recognized { fill: #37b24d; }
        .state-cancelled { fill: #f59f00; }
        .state-failed { fill: #f03e3e; }
        .mark { cursor: pointer; }
        .mark-delivery { fill: #1c7ed6; }
        .mark-cancel { fill: #c92a2a; }
        .mark-action { fill: #2b8a3e; }
        .mark-decision { fill: #868e96; }
        .mark.selected { stroke: #000000; stroke-width: 2; }
        """

    /// Shows a mark's record on hover and keeps it on click.
    private static let script = """
        (function () {
          var panel = document.getElementById('record');
          var selected = null;
          function show(mark) { panel.textContent = mark.getAttribute('data-record'); }
          document.querySelectorAll('.mark').forEach(function (mark) {
            mark.addEventListener('mouseenter', function () { show(mark); });
            mark.addEventListener('mouseleave', function () { if (selected) show(selected); });
            mark.addEventListener('click', function () {
              if (selected) selected.classList.remove('selected');
              selected = mark;
              mark.classList.add('selected');
              show(mark);
            });
          });
          document.body.classList.add('marks-ready');
        })();
        """

    /// Text made safe for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A number for SVG attributes and records: up to three decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
