import Foundation
import HitKit
import Testing

/// A hit test through views whose classes override `point(inside:with:)` and `hitTest(_:with:)`
/// (which no scene file can make): the trace says what each override answered. The expected
/// trace is committed beside the scenarios' (`Fixtures/explain/overrides.txt`).
@Suite("Traced view overrides")
struct OverrideTraceTests {
    static let expected = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/explain/overrides.txt")

    @Test func eachOverridesAnswerIsTraced() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 200, 200), in: app)
        window.makeKeyAndVisible()
        let disc = DiscView(frame: Rect(20, 20, 100, 100), in: app)
        let catcher = CatchingView(frame: Rect(130, 20, 60, 60), in: app)
        let inner = View(frame: Rect(0, 0, 30, 30), in: app)
        window.addSubview(disc)
        window.addSubview(catcher)
        catcher.addSubview(inner)
        for (name, view) in [("window", window), ("disc", disc), ("catcher", catcher), ("inner", inner)] {
            app.setTraceName(name, for: view)
        }
        var lines: [String] = []
        app.observeTrace { lines.append($0.text) }
        // The disc's corner (outside the disc), its centre, then the catcher's subview.
        for (id, point) in [(1, Point(25, 25)), (2, Point(70, 70)), (3, Point(140, 30))] {
            try app.send(InputFrame(timestamp: Double(id), touches: [TouchInput(id: id, phase: .began, location: point)]))
        }
        let expected = try String(contentsOf: Self.expected, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines == expected, "actual:\n\(lines.joined(separator: "\n"))")
    }
}
