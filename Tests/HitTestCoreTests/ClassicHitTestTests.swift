import Testing
import HitTestCore

/// Behaviour A2 on the hierarchies the seeds use to explain hit testing.
@Suite("Classic hierarchies")
struct ClassicHitTestTests {
    /// The colored hierarchy of UIKit's classic hit-testing article, on a 320 × 480 window:
    ///
    ///     white (0, 0, 320, 480)
    ///     ├── green (20, 40, 200, 200)            screen x 20..<220,  y 40..<240
    ///     │   └── blue (20, 20, 80, 80)           screen x 40..<120,  y 60..<140
    ///     └── orange (120, 140, 180, 200)         screen x 120..<300, y 140..<340, over green
    ///         ├── red (10, 10, 100, 60)           screen x 130..<230, y 150..<210
    ///         └── yellow (60, 40, 100, 100)       screen x 180..<280, y 180..<280, over red
    struct Colors {
        let stage: Stage
        let white, green, blue, orange, red, yellow: ViewID

        init() throws {
            stage = try Stage()
            white = try stage.add(Rect(0, 0, 320, 480), to: stage.window)
            green = try stage.add(Rect(20, 40, 200, 200), to: white)
            blue = try stage.add(Rect(20, 20, 80, 80), to: green)
            orange = try stage.add(Rect(120, 140, 180, 200), to: white)
            red = try stage.add(Rect(10, 10, 100, 60), to: orange)
            yellow = try stage.add(Rect(60, 40, 100, 100), to: orange)
        }

        func name(_ id: ViewID?) -> String {
            switch id {
            case white: "white"
            case green: "green"
            case blue: "blue"
            case orange: "orange"
            case red: "red"
            case yellow: "yellow"
            case stage.window: "window"
            case nil: "none"
            default: "unknown"
            }
        }
    }

    @Test("each colored area answers its own view; overlaps answer the later sibling", arguments: [
        (Point(10, 10), "white"),
        (Point(30, 50), "green"),
        (Point(50, 70), "blue"),
        (Point(200, 100), "green"),    // above orange
        (Point(150, 145), "orange"),   // green and orange overlap: orange is in front
        (Point(125, 230), "orange"),   // the same overlap, beside red and yellow
        (Point(140, 160), "red"),
        (Point(200, 190), "yellow"),   // red and yellow overlap: yellow is in front
        (Point(250, 250), "yellow"),
        (Point(250, 300), "orange"),
        (Point(119.999, 100), "blue"),
        (Point(120, 100), "green"),    // blue's max edge is outside it
        (Point(300, 200), "white"),    // orange's max edge
        (Point(319.999, 479.999), "white"),
        (Point(320, 10), "none"),      // off the window
        (Point(-0.001, 10), "none"),
    ])
    func colors(point: Point, expected: String) throws {
        let colors = try Colors()
        #expect(colors.name(colors.stage.store.hitTest(screenPoint: point)) == expected)
    }

    @Test("bringing green to the front makes it win the overlap")
    func reorder() throws {
        let c = try Colors()
        try c.stage.store.bringToFront(c.green)
        #expect(c.name(c.stage.hit(150, 145)) == "green")
        #expect(c.name(c.stage.hit(125, 230)) == "green")
        #expect(c.name(c.stage.hit(250, 250)) == "yellow", "outside green, orange's subtree still answers")
        #expect(c.name(c.stage.hit(225, 195)) == "yellow", "outside green, yellow is still over red")
        try c.stage.store.exchangeSubviews(of: c.orange, at: 0, 1)
        #expect(c.name(c.stage.hit(225, 195)) == "red", "red is now in front of yellow")
    }

    @Test("a subtree hit-tested on its own, with the point in its coordinates")
    func subtreeQuery() throws {
        let c = try Colors()
        #expect(try c.stage.store.hitTest(Point(30, 30), in: c.green) == c.blue)
        #expect(try c.stage.store.hitTest(Point(5, 5), in: c.green) == c.green)
        #expect(try c.stage.store.hitTest(Point(200, 5), in: c.green) == nil)
        #expect(try c.stage.store.hitTest(Point(70, 50), in: c.orange) == c.yellow)
        #expect(try c.stage.store.hitTest(Point(150, 145), in: c.white) == c.orange)
    }

    /// A(B, C(D, E)): A (0, 0, 300, 300); B (0, 0, 150, 150); C (100, 100, 200, 200) over B;
    /// D (0, 0, 50, 50) in C, at A's 100..<150; E (60, 60, 100, 100) in C, at A's 160..<260.
    struct Letters {
        let store = ViewStore()
        let a, b, c, d, e: ViewID

        init() throws {
            a = try store.makeView(frame: Rect(0, 0, 300, 300))
            b = try store.add(Rect(0, 0, 150, 150), to: a)
            c = try store.add(Rect(100, 100, 200, 200), to: a)
            d = try store.add(Rect(0, 0, 50, 50), to: c)
            e = try store.add(Rect(60, 60, 100, 100), to: c)
        }

        var names: [ViewID: String] { [a: "A", b: "B", c: "C", d: "D", e: "E"] }
    }

    @Test("A(B, C(D, E))", arguments: [
        (Point(50, 50), "B"), (Point(120, 120), "D"), (Point(149, 149), "D"), (Point(155, 155), "C"),
        (Point(200, 200), "E"), (Point(10, 250), "A"), (Point(250, 10), "A"), (Point(299, 299), "C"),
        (Point(130, 20), "B"),
    ])
    func letters(point: Point, expected: String) throws {
        let l = try Letters()
        #expect(try l.store.hitTest(point, in: l.a).map { l.names[$0]! } == expected)
        #expect(try l.store.hitTest(Point(300, 300), in: l.a) == nil)
    }

    @Test("subviews are asked front to back and the search stops at the first answer", arguments: [
        (Point(200, 200), ["A", "C", "E"]),
        (Point(120, 120), ["A", "C", "E", "D"]),
        (Point(50, 50), ["A", "C", "B"]),
        (Point(10, 250), ["A", "C", "B"]),
        (Point(155, 155), ["A", "C", "E", "D"]),   // C answers itself after its subviews: B is never asked
    ])
    func visitOrder(point: Point, expected: [String]) throws {
        let l = try Letters()
        var asked: [String] = []
        for (view, name) in l.names {
            try l.store.setPointInsideOverride({ [unowned store = l.store] p in
                asked.append(name)
                return (try? store.defaultPointInside(view, p)) ?? false
            }, of: view)
        }
        _ = try l.store.hitTest(point, in: l.a)
        #expect(asked == expected)
    }
}
