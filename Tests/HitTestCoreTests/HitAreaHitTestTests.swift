import Testing
import HitTestCore

/// Behaviour A2 step 2 in a tree: enlarged hit areas, edges, and views sticking out of their parent.
@Suite("Hit areas in a tree")
struct HitAreaHitTestTests {
    /// A 20 × 20 button at (100, 100) on a window-sized root: its bounds span screen 100..<120.
    struct SmallButton {
        let stage: Stage
        let root: ViewID, button: ViewID

        init() throws {
            stage = try Stage()
            root = try stage.add(Rect(0, 0, 320, 480), to: stage.window)
            button = try stage.add(Rect(100, 100, 20, 20), to: root)
        }
    }

    /// Grown to 44 × 44 about its center (110, 110), the button spans 88..<132 on both axes.
    static let grownPoints: [(Point, Bool)] = [
        (Point(88, 88), true), (Point(131.999, 131.999), true), (Point(110, 89), true), (Point(89, 131), true),
        (Point(87.999, 110), false), (Point(110, 87.999), false), (Point(132, 110), false), (Point(110, 132), false),
    ]

    @Test("a small button is easy to hit with minimumHitSize 44 × 44", arguments: grownPoints)
    func minimumHitSize(point: Point, hitsButton: Bool) throws {
        let s = try SmallButton()
        #expect(s.stage.store.hitTest(screenPoint: point) == s.root, "before: only the 20 × 20 bounds count")
        try s.stage.store.setMinimumHitSize(Size(44, 44), of: s.button)
        #expect(s.stage.store.hitTest(screenPoint: point) == (hitsButton ? s.button : s.root))
    }

    @Test("the same growth with negative hitTestInsets of 12 on every side", arguments: grownPoints)
    func negativeInsets(point: Point, hitsButton: Bool) throws {
        let s = try SmallButton()
        try s.stage.store.setHitTestInsets(EdgeInsets(top: -12, left: -12, bottom: -12, right: -12), of: s.button)
        #expect(s.stage.store.hitTest(screenPoint: point) == (hitsButton ? s.button : s.root))
    }

    @Test("positive insets shrink the area: the bounds' edge no longer hits")
    func positiveInsets() throws {
        let s = try SmallButton()
        try s.stage.store.setHitTestInsets(EdgeInsets(top: 5, left: 5, bottom: 5, right: 5), of: s.button)
        #expect(s.stage.hit(102, 110) == s.root)
        #expect(s.stage.hit(105, 105) == s.button)
        #expect(s.stage.hit(114.999, 110) == s.button)
        #expect(s.stage.hit(115, 110) == s.root)
    }

    @Test("an enlarged area does not reach beyond a parent that does not contain the point")
    func enlargedAreaClippedByParent() throws {
        let stage = try Stage()
        let root = try stage.add(Rect(0, 0, 320, 480), to: stage.window)
        let panel = try stage.add(Rect(50, 50, 100, 100), to: root)
        let button = try stage.add(Rect(0, 0, 20, 20), to: panel)  // grown: panel's -12..<32
        try stage.store.setMinimumHitSize(Size(44, 44), of: button)
        #expect(stage.hit(45, 55) == root, "in the grown area but outside the panel")
        #expect(stage.hit(50, 50) == button)
        #expect(stage.hit(81, 81) == button)
        #expect(stage.hit(82, 60) == panel)
    }

    @Test("points on a view's max edges belong to what is behind it", arguments: [
        (Point(10, 10), true), (Point(29.999999, 15), true), (Point(15, 29.999999), true),
        (Point(30, 15), false), (Point(15, 30), false), (Point(30, 30), false), (Point(9.999999, 15), false),
    ])
    func maxEdges(point: Point, hitsView: Bool) throws {
        let stage = try Stage()
        let v = try stage.add(Rect(10, 10, 20, 20), to: stage.window)
        #expect(stage.store.hitTest(screenPoint: point) == (hitsView ? v : stage.window))
    }

    @Test("a zero-size view is never hit", arguments: [Rect(10, 10, 0, 20), Rect(10, 10, 20, 0)])
    func zeroSize(frame: Rect) throws {
        let stage = try Stage()
        let v = try stage.add(frame, to: stage.window)
        let child = try stage.add(Rect(0, 0, 20, 20), to: v)
        #expect(stage.hit(10, 10) == stage.window)
        #expect(stage.hit(15, 15) == stage.window)
        try stage.store.setFlag(.hitsOutsideBounds, true, of: v)
        #expect(stage.hit(10, 10) == child, "its subviews still can be, when it hits outside its bounds")
    }

    @Test("a NaN or infinite point hits nothing", arguments: [
        Point(.nan, 5), Point(5, .nan), Point(.infinity, 5), Point(-.infinity, 5), Point(5, .infinity),
    ])
    func nonFinitePoint(point: Point) throws {
        let stage = try Stage()
        let v = try stage.add(Rect(-1e300, -1e300, 2e300, 2e300), to: stage.window)
        try stage.store.setFlag(.hitsOutsideBounds, true, of: stage.window)
        #expect(stage.store.hitTest(screenPoint: point) == nil)
        #expect(try stage.store.hitTest(point, in: v) == nil)
        #expect(try !stage.store.pointInside(v, point))
    }

    /// Every kind of window the screen query enters differently: plain, transformed, a custom
    /// shape (bounds origin), hitting outside its bounds, with a `pointInside` or a `hitTest`
    /// override that would answer. The screen query takes no finiteness test of its own.
    enum WindowKind: CaseIterable, Sendable {
        case plain, rotated, boundsOrigin, hitsOutsideBounds, pointInsideOverride, hitTestOverride
    }

    @Test("a NaN or infinite screen point hits nothing, on every kind of window, live and in a snapshot",
          arguments: WindowKind.allCases, [
              Point(.nan, 5), Point(5, .nan), Point(.infinity, 5), Point(-.infinity, 5),
              Point(5, .infinity), Point(5, -.infinity), Point(.infinity, -.infinity),
          ])
    func nonFiniteScreenPoint(kind: WindowKind, point: Point) throws {
        let stage = try Stage()
        let window = stage.window
        let v = try stage.add(Rect(-1e300, -1e300, 2e300, 2e300), to: window)
        switch kind {
        case .plain: break
        case .rotated: try stage.store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: window)
        case .boundsOrigin: try stage.store.setBounds(Rect(10, 10, 320, 480), of: window)
        case .hitsOutsideBounds: try stage.store.setFlag(.hitsOutsideBounds, true, of: window)
        case .pointInsideOverride: try stage.store.setPointInsideOverride({ _ in true }, of: window)
        case .hitTestOverride: try stage.store.setHitTestOverride({ _ in v }, of: window)
        }
        // The window answers a finite point, so a miss below is the point's doing.
        #expect(stage.store.hitTest(screenPoint: Point(160, 240)) != nil)
        #expect(stage.store.hitTest(screenPoint: point) == nil)
        #expect(stage.store.snapshot().hitTest(screenPoint: point) == .miss)
    }

    /// root (0, 0, 300, 300) > parent (50, 50, 100, 100) > child (80, 80, 60, 60): the child
    /// spans screen 130..<190, sticking out of the parent (50..<150) by 40.
    struct StickingOut {
        let stage: Stage
        let root: ViewID, parent: ViewID, child: ViewID

        init() throws {
            stage = try Stage()
            root = try stage.add(Rect(0, 0, 300, 300), to: stage.window)
            parent = try stage.add(Rect(50, 50, 100, 100), to: root)
            child = try stage.add(Rect(80, 80, 60, 60), to: parent)
        }
    }

    @Test("a child sticking out of its parent is not hit outside the parent")
    func stickingOut() throws {
        let s = try StickingOut()
        #expect(s.stage.hit(170, 170) == s.root)
        #expect(s.stage.hit(140, 140) == s.child)
        #expect(s.stage.hit(60, 60) == s.parent)
    }

    @Test("with hitsOutsideBounds the child is hit there, but the parent never answers outside itself")
    func hitsOutsideBounds() throws {
        let s = try StickingOut()
        try s.stage.store.setFlag(.hitsOutsideBounds, true, of: s.parent)
        #expect(s.stage.hit(170, 170) == s.child)
        #expect(s.stage.hit(189.999, 189.999) == s.child)
        #expect(s.stage.hit(195, 195) == s.root, "outside both: not the parent")
        #expect(s.stage.hit(160, 100) == s.root, "outside the parent, beside the child")
        #expect(s.stage.hit(60, 60) == s.parent, "inside, the parent still answers")
        #expect(s.stage.hit(140, 140) == s.child)
    }

    @Test("hitsOutsideBounds does not lift the grandparent's bounds")
    func hitsOutsideBoundsUnderBoundedParent() throws {
        let s = try StickingOut()
        try s.stage.store.setFlag(.hitsOutsideBounds, true, of: s.parent)
        try s.stage.store.setFrame(Rect(0, 0, 160, 160), of: s.root)
        #expect(s.stage.hit(155, 155) == s.child)
        #expect(s.stage.hit(170, 170) == s.stage.window, "the root does not contain the point")
    }

    @Test("hitsOutsideBounds with passThrough: subviews everywhere, the view itself nowhere")
    func hitsOutsideBoundsAndPassThrough() throws {
        let s = try StickingOut()
        try s.stage.store.setFlag(.hitsOutsideBounds, true, of: s.parent)
        try s.stage.store.setFlag(.passThrough, true, of: s.parent)
        #expect(s.stage.hit(170, 170) == s.child)
        #expect(s.stage.hit(60, 60) == s.root)
    }

    @Test("a view whose bounds are NaN or infinite is never hit, nor is anything under it", arguments: [
        Rect(0, 0, Double.nan, 50), Rect(0, 0, 50, Double.infinity), Rect(-Double.infinity, 0, 50, 50),
    ])
    func nonFiniteBounds(bounds: Rect) throws {
        let stage = try Stage()
        let v = try stage.add(Rect(0, 0, 50, 50), to: stage.window)
        let child = try stage.add(Rect(0, 0, 50, 50), to: v)
        #expect(stage.hit(10, 10) == child)
        try stage.store.setBounds(bounds, of: v)
        #expect(stage.hit(10, 10) == stage.window)
        #expect(try !stage.store.pointInside(v, Point(10, 10)))
    }
}
