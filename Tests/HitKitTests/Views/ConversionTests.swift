import Testing
@testable import HitKit

/// Behaviour A1's `convert` through the façade, across windows, and touch locations.
@Suite struct ConversionTests {
    let app = Application()
    let window: Window
    let a: View
    let b: View

    init() {
        window = Window(frame: Rect(100, 100, 300, 300), in: app)
        a = View(frame: Rect(10, 20, 50, 50), in: app)
        b = View(frame: Rect(100, 100, 50, 50), in: app)
        window.addSubview(a)
        window.addSubview(b)
    }

    @Test func betweenSiblings() {
        #expect(a.convert(Point(0, 0), to: b) == Point(-90, -80))
        #expect(b.convert(Point(0, 0), from: a) == Point(-90, -80))
        #expect(a.convert(Point(0, 0), from: b) == Point(90, 80))
    }

    @Test func nilMeansTheWindow() {
        #expect(a.convert(Point(1, 2), to: nil) == Point(11, 22))
        #expect(a.convert(Point(11, 22), from: nil) == Point(1, 2))
        #expect(a.convertToScreen(Point(1, 2)) == Point(111, 122))
        #expect(a.convertFromScreen(Point(111, 122)) == Point(1, 2))
    }

    @Test func acrossWindowsThroughTheScreen() {
        let other = Window(frame: Rect(0, 0, 100, 100), in: app)
        let c = View(frame: Rect(5, 5, 10, 10), in: app)
        other.addSubview(c)
        // a's origin is at (110, 120) on the screen; c's at (5, 5).
        #expect(a.convert(Point(0, 0), to: c) == Point(105, 115))
        #expect(c.convert(Point(105, 115), to: a) == Point(0, 0))
    }

    @Test func rectsConvertToTheBoundingBoxOfTheirCorners() {
        b.transform = AffineTransform(rotationAngle: .pi / 2)
        let r = b.convert(Rect(0, 0, 50, 10), to: nil)
        // Rotated a quarter turn about b's center (125, 125): x spans 10 wide, y 50 high.
        #expect(abs(r.width - 10) < 1e-9 && abs(r.height - 50) < 1e-9)
        #expect(abs(r.midX - 145) < 1e-9 && abs(r.midY - 125) < 1e-9)
        let back = b.convert(r, from: nil)
        #expect(abs(back.width - 50) < 1e-9 && abs(back.height - 10) < 1e-9)
    }

    @Test func viewsSharingNoHierarchyGiveNonFinitePoints() {
        let loose = View(frame: Rect(0, 0, 10, 10), in: app)
        #expect(!a.convert(Point(1, 1), to: loose).isFinite)
        #expect(!loose.convertToScreen(Point(1, 1)).isFinite)
        let child = View(frame: Rect(3, 4, 1, 1), in: app)
        loose.addSubview(child)
        #expect(child.convert(Point(0, 0), to: nil) == Point(3, 4), "no window: nil means the root of the tree")
    }

    /// A view of another application shares no hierarchy either: a non-finite answer, each way
    /// and for rects too, rather than a trap.
    @Test func aViewOfAnotherApplicationGivesNonFiniteAnswers() {
        let other = Application()
        let elsewhere = Window(frame: Rect(100, 100, 300, 300), in: other)
        #expect(!a.convert(Point(1, 1), to: elsewhere).isFinite)
        #expect(!a.convert(Point(1, 1), from: elsewhere).isFinite)
        #expect(!a.convert(Rect(0, 0, 5, 5), to: elsewhere).origin.x.isFinite)
        #expect(!elsewhere.convert(Rect(0, 0, 5, 5), from: a).width.isFinite)
        #expect(a.convert(Point(0, 0), to: b) == Point(-90, -80), "the views of its own go on converting")
    }

    @Test func singularTransformGivesNonFinitePoint() {
        b.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(!b.convert(Point(1, 1), from: a).x.isFinite)
    }

    @Test func touchLocationsInAnyView() throws {
        try app.frame(0, began(1, 120, 130))  // window point (20, 30), a's (10, 10)
        let touch = try #require(app.activeTouches.first)
        #expect(touch.view === a)
        #expect(touch.location(in: a) == Point(10, 10))
        #expect(touch.location(in: nil) == Point(20, 30))
        #expect(touch.location(in: b) == Point(-80, -70))
        try app.frame(0.1, moved(1, 125, 130))
        #expect(touch.location(in: a) == Point(15, 10))
        #expect(touch.previousLocation(in: a) == Point(10, 10))
        #expect(touch.previousLocation(in: nil) == Point(20, 30))
    }

    /// Behaviour A1's map `q = T⁻¹·(p − center) + (bounds.minX + anchorPoint.x·width, …)` applied to
    /// a touch: a window scaled 2× about its center holds a view with a bounds origin, anchor (0, 1)
    /// and a quarter turn. Worked by hand: screen → window `w = (s + (100, 100)) / 2`, window → view
    /// `q = (w.y − 90, 170 − w.x)`.
    @Test func touchLocationsThroughAScaledWindowAndATurnedAnchoredView() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 200, 200), in: app)
        window.transform = AffineTransform(scaleX: 2, y: 2)
        let turned = View(frame: Rect(50, 75, 100, 50), in: app)  // center (100, 100)
        turned.bounds = Rect(10, 20, 100, 50)
        turned.anchorPoint = Point(0, 1)
        turned.transform = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        window.addSubview(turned)
        #expect(turned.center == Point(100, 100), "bounds, anchor point and transform never move the center")
        try app.frame(0, began(1, 150, 200))  // window (125, 150)
        let touch = try #require(app.activeTouches.first)
        #expect(touch.view === turned && touch.window === window)
        #expect(touch.location(in: nil) == Point(125, 150))
        #expect(touch.location(in: window) == Point(125, 150))
        #expect(touch.location(in: turned) == Point(60, 45))
        try app.frame(0.1, moved(1, 160, 210))  // window (130, 155)
        #expect(touch.location(in: turned) == Point(65, 40))
        #expect(touch.previousLocation(in: turned) == Point(60, 45))
        #expect(touch.previousLocation(in: nil) == Point(125, 150))
        #expect(turned.convert(Point(10, 70), to: nil) == Point(100, 100), "the anchor point sits at the center")
        #expect(turned.convertToScreen(Point(10, 70)) == Point(100, 100))
        #expect(turned.convertToScreen(Point(110, 20)) == Point(200, 300))
    }
}
