import Testing
import HitTestCore

/// Behaviour A1's superview-to-view map in hit testing: rotated, scaled, skewed and singular
/// transforms, and anchor points.
@Suite("Transforms in hit testing")
struct TransformHitTestTests {
    /// A view on a 300 × 300 root, with a child: the stage for each transform.
    struct Turned {
        let stage: Stage
        let root: ViewID, view: ViewID

        init(frame: Rect, transform: AffineTransform) throws {
            stage = try Stage()
            root = try stage.add(Rect(0, 0, 300, 300), to: stage.window)
            view = try stage.add(frame, to: root)
            try stage.store.setTransform(transform, of: view)
        }
    }

    @Test("a quarter turn: a 100 × 20 bar stands upright, its right end at the bottom")
    func quarterTurn() throws {
        // Center (150, 150): turned, the bar spans x 140..160, y 100..200.
        let t = try Turned(frame: Rect(100, 140, 100, 20), transform: AffineTransform(rotationAngle: .pi / 2))
        let rightEnd = try t.stage.add(Rect(80, 0, 20, 20), to: t.view)
        #expect(t.stage.hit(150, 110) == t.view, "outside the unturned bar, inside the turned one")
        #expect(t.stage.hit(150, 190) == rightEnd)
        #expect(t.stage.hit(190, 150) == t.root, "inside the unturned bar only")
        #expect(t.stage.hit(110, 150) == t.root)
    }

    @Test("a 45° turn: a square becomes a diamond", arguments: [
        (Point(150, 150), true), (Point(150, 85), true), (Point(210, 150), true), (Point(150, 219), true),
        (Point(190, 110), false), (Point(110, 190), false), (Point(150, 222), false), (Point(79, 150), false),
    ])
    func diagonalTurn(point: Point, hitsView: Bool) throws {
        // Center (150, 150), half-diagonal 70.7: inside iff |dx| + |dy| < 70.7.
        let t = try Turned(frame: Rect(100, 100, 100, 100), transform: AffineTransform(rotationAngle: .pi / 4))
        #expect(t.stage.store.hitTest(screenPoint: point) == (hitsView ? t.view : t.root))
    }

    @Test("a scale stretches the area about the center, subviews with it")
    func scale() throws {
        // Bounds 10 × 10 at center (50, 50), scaled 4 × 2: x 30..<70, y 40..<60.
        let t = try Turned(frame: Rect(45, 45, 10, 10), transform: AffineTransform(scaleX: 4, y: 2))
        let quarter = try t.stage.add(Rect(0, 0, 5, 5), to: t.view)  // x 30..<50, y 40..<50
        #expect(t.stage.hit(30, 40) == quarter)
        #expect(t.stage.hit(49.9, 49.9) == quarter)
        #expect(t.stage.hit(50, 50) == t.view)
        #expect(t.stage.hit(69.9, 59.9) == t.view)
        #expect(t.stage.hit(70, 50) == t.root)
        #expect(t.stage.hit(50, 60) == t.root)
        #expect(t.stage.hit(29.9, 45) == t.root)
    }

    @Test("a negative scale flips subviews to the other side")
    func flip() throws {
        let t = try Turned(frame: Rect(100, 100, 100, 100), transform: AffineTransform(scaleX: -1, y: 1))
        let left = try t.stage.add(Rect(0, 0, 50, 100), to: t.view)
        #expect(t.stage.hit(175, 150) == left)
        #expect(t.stage.hit(125, 150) == t.view)
    }

    @Test("a skew: the area is a parallelogram, not its bounding box", arguments: [
        (Point(85, 92), true), (Point(115, 108), true), (Point(100, 100), true),
        (Point(115, 92), false), (Point(85, 108), false),
    ])
    func skew(point: Point, hitsView: Bool) throws {
        // x' = x + y: the 20 × 20 bounds at center (100, 100) become the parallelogram
        // (80, 90), (100, 90), (120, 110), (100, 110); its frame is 80..120 × 90..110.
        let t = try Turned(frame: Rect(90, 90, 20, 20), transform: AffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 0, ty: 0))
        #expect(try t.stage.store.frame(of: t.view) == Rect(80, 90, 40, 20))
        #expect(t.stage.store.hitTest(screenPoint: point) == (hitsView ? t.view : t.root))
    }

    @Test("a singular or non-finite transform makes the view and its subtree unhittable", arguments: [
        AffineTransform(scaleX: 0, y: 1), AffineTransform(scaleX: 0, y: 0),
        AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
    ])
    func singular(transform: AffineTransform) throws {
        let t = try Turned(frame: Rect(100, 100, 100, 100), transform: .identity)
        let child = try t.stage.add(Rect(0, 0, 100, 100), to: t.view)
        try t.stage.store.setFlag(.hitsOutsideBounds, true, of: t.view)
        #expect(t.stage.hit(150, 150) == child)
        try t.stage.store.setTransform(transform, of: t.view)
        #expect(t.stage.hit(150, 150) == t.root)
        #expect(t.stage.hit(100, 150) == t.root)
        #expect(try t.stage.store.hitTest(Point(50, 50), in: t.view) == nil)
        try t.stage.store.setTransform(.identity, of: t.view)
        #expect(t.stage.hit(150, 150) == child, "an invertible transform makes it hittable again")
    }

    @Test("the anchor point moves the area", arguments: [
        (Point(0, 0), Point(150, 150), true), (Point(0, 0), Point(60, 60), false),
        (Point(0.5, 0.5), Point(60, 60), true), (Point(1, 1), Point(60, 60), true), (Point(1, 1), Point(150, 150), false),
    ])
    func anchorPoint(anchor: Point, point: Point, hitsView: Bool) throws {
        // Bounds 100 × 100 at center (100, 100): with anchor (0, 0) the view spans 100..<200.
        let t = try Turned(frame: Rect(50, 50, 100, 100), transform: .identity)
        try t.stage.store.setAnchorPoint(anchor, of: t.view)
        #expect(t.stage.store.hitTest(screenPoint: point) == (hitsView ? t.view : t.root))
    }

    @Test("a quarter turn about anchor (0, 0) swings the view to the lower left of its center")
    func turnAboutAnchor() throws {
        // Local (x, y) lands at (100 − y, 100 + x): the view spans x 0..100, y 100..200.
        let t = try Turned(frame: Rect(50, 50, 100, 100), transform: AffineTransform(rotationAngle: .pi / 2))
        try t.stage.store.setAnchorPoint(Point(0, 0), of: t.view)
        let corner = try t.stage.add(Rect(0, 0, 10, 10), to: t.view)  // lands at x 90..100, y 100..110
        #expect(t.stage.hit(50, 150) == t.view)
        #expect(t.stage.hit(95, 105) == corner)
        #expect(t.stage.hit(150, 150) == t.root)
        #expect(t.stage.hit(50, 50) == t.root)
    }

    @Test("transforms compose down the tree")
    func composed() throws {
        // A parent scaled 2× about its center (100, 100) and a child turned a quarter inside it.
        let t = try Turned(frame: Rect(50, 50, 100, 100), transform: AffineTransform(scaleX: 2, y: 2))
        let bar = try t.stage.add(Rect(0, 45, 100, 10), to: t.view)  // center (50, 50) in the parent
        try t.stage.store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: bar)
        // Upright in the parent: x 45..55, y 0..100; on the screen: x 90..110, y 0..200.
        #expect(t.stage.hit(100, 10) == bar)
        #expect(t.stage.hit(100, 190) == bar)
        #expect(t.stage.hit(20, 100) == t.view, "inside the scaled parent, outside the turned bar")
        #expect(t.stage.hit(112, 100) == t.view)
    }

    @Test("with hitsOutsideBounds a transformed subview is found beyond its parent")
    func transformedOutside() throws {
        let t = try Turned(frame: Rect(0, 0, 50, 50), transform: .identity)
        let child = try t.stage.add(Rect(0, 0, 50, 50), to: t.view)
        try t.stage.store.setTransform(AffineTransform(translationX: 100, y: 0), of: child)
        try t.stage.store.setFlag(.hitsOutsideBounds, true, of: t.view)
        #expect(t.stage.hit(120, 20) == child)
        #expect(t.stage.hit(20, 20) == t.view)
    }

    @Test("a transform set over another gives the view the hit area and maps of one set once, its shape kept")
    func transformOverTransform() throws {
        // Each stage: a 300 × 300 root, a 60 × 40 view with a custom shape (bounds origin,
        // insets, anchor) and a child, the child's reach growing the root's.
        func stage(_ transforms: [AffineTransform]) throws -> (Stage, ViewID, ViewID) {
            let stage = try Stage()
            let root = try stage.add(Rect(0, 0, 300, 300), to: stage.window)
            let view = try stage.add(Rect(120, 130, 60, 40), to: root)
            try stage.store.setBounds(Rect(5, -3, 60, 40), of: view)
            try stage.store.setHitTestInsets(EdgeInsets(top: -4, left: 2, bottom: 6, right: -8), of: view)
            try stage.store.setAnchorPoint(Point(0.25, 0.75), of: view)
            let child = try stage.add(Rect(50, 30, 40, 40), to: view)
            for transform in transforms { try stage.store.setTransform(transform, of: view) }
            return (stage, view, child)
        }
        let last = AffineTransform(scaleX: 2.5, y: 1.5)
        let (twice, view, child) = try stage([AffineTransform(rotationAngle: 0.4), AffineTransform(scaleX: 0.5, y: 3), last])
        let (once, _, _) = try stage([last])
        for x in stride(from: 0.0, through: 300, by: 7) {
            for y in stride(from: 0.0, through: 300, by: 7) {
                #expect(twice.hit(x, y) == once.hit(x, y), "(\(x), \(y))")
                let p = Point(x, y)
                #expect(try twice.store.convert(p, from: .screen, to: .view(child))
                        == once.store.convert(p, from: .screen, to: .view(child)))
            }
        }
        #expect(try twice.store.transform(of: view) == last)
        #expect(try twice.store.frame(of: view) == once.store.frame(of: view))
    }
}
