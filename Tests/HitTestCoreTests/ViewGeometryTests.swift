import Testing
import HitTestCore

/// Behaviour A1: a view's center, bounds, frame, transform and anchor point.
@Suite("View geometry")
struct ViewGeometryTests {
    let store = ViewStore()

    @Test("setting the center moves the frame and keeps the bounds")
    func setCenter() throws {
        let v = try store.makeView(frame: Rect(10, 10, 100, 50))
        try store.setCenter(Point(0, 0), of: v)
        #expect(try store.center(of: v) == Point(0, 0))
        #expect(try store.bounds(of: v) == Rect(0, 0, 100, 50))
        #expect(try store.frame(of: v) == Rect(-50, -25, 100, 50))
    }

    @Test("setting the bounds' size keeps the center: the frame grows or shrinks about it")
    func setBoundsSize() throws {
        let v = try store.makeView(frame: Rect(10, 10, 100, 50))
        #expect(try store.center(of: v) == Point(60, 35))
        try store.setBounds(Rect(0, 0, 40, 20), of: v)
        #expect(try store.center(of: v) == Point(60, 35))
        #expect(try store.frame(of: v) == Rect(40, 25, 40, 20))
    }

    @Test("setting the bounds' origin moves neither the center nor the frame")
    func setBoundsOrigin() throws {
        let v = try store.makeView(frame: Rect(10, 10, 100, 50))
        try store.setBounds(Rect(30, -40, 100, 50), of: v)
        #expect(try store.bounds(of: v) == Rect(30, -40, 100, 50))
        #expect(try store.center(of: v) == Point(60, 35))
        #expect(try store.frame(of: v) == Rect(10, 10, 100, 50))
    }

    @Test("setting the frame sets the center to its midpoint and the bounds' size, keeping the bounds' origin")
    func setFrameKeepsBoundsOrigin() throws {
        let v = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.setBounds(Rect(5, 7, 10, 10), of: v)
        try store.setFrame(Rect(100, 200, 30, 40), of: v)
        #expect(try store.center(of: v) == Point(115, 220))
        #expect(try store.bounds(of: v) == Rect(5, 7, 30, 40))
        #expect(try store.frame(of: v) == Rect(100, 200, 30, 40))
    }

    @Test("setting the transform never moves the center; the frame is the transformed bounds' bounding box")
    func transformKeepsCenter() throws {
        let v = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.setTransform(AffineTransform(scaleX: 2, y: 3), of: v)
        #expect(try store.center(of: v) == Point(5, 5))
        #expect(try store.bounds(of: v) == Rect(0, 0, 10, 10))
        #expect(try store.frame(of: v) == Rect(-5, -10, 20, 30))
        #expect(try store.transform(of: v) == AffineTransform(scaleX: 2, y: 3))
        try store.setTransform(.identity, of: v)
        #expect(try store.frame(of: v) == Rect(0, 0, 10, 10))
    }

    @Test("a quarter turn's frame is the bounds turned about the center")
    func rotatedFrame() throws {
        let v = try store.makeView(frame: Rect(0, 0, 100, 50))
        try store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: v)
        #expect(try store.center(of: v) == Point(50, 25))
        #expect(try isClose(store.frame(of: v), Rect(25, -25, 50, 100)))
    }

    @Test("a 45° turn's frame is the diamond's bounding box")
    func diagonalFrame() throws {
        let v = try store.makeView(frame: Rect(0, 0, 100, 100))
        try store.setTransform(AffineTransform(rotationAngle: .pi / 4), of: v)
        let half = 50 * 2.0.squareRoot()
        #expect(try isClose(store.frame(of: v), Rect(50 - half, 50 - half, 2 * half, 2 * half)))
    }

    @Test("setting the frame of a transformed view acts the same: center and bounds' size")
    func setFrameWithTransform() throws {
        let v = try store.makeView(frame: Rect(0, 0, 1, 1))
        try store.setTransform(AffineTransform(scaleX: 2, y: 2), of: v)
        try store.setFrame(Rect(0, 0, 10, 10), of: v)
        #expect(try store.center(of: v) == Point(5, 5))
        #expect(try store.bounds(of: v) == Rect(0, 0, 10, 10))
        #expect(try store.frame(of: v) == Rect(-5, -5, 20, 20))
    }

    @Test("the anchor point is the bounds' point placed at the center", arguments: [
        (Point(0, 0), Rect(50, 50, 100, 100)), (Point(1, 1), Rect(-50, -50, 100, 100)),
        (Point(0.5, 0.5), Rect(0, 0, 100, 100)), (Point(0.25, 1), Rect(25, -50, 100, 100)),
    ])
    func anchorPointFrame(anchor: Point, frame: Rect) throws {
        let v = try store.makeView(frame: Rect(0, 0, 100, 100))
        try store.setAnchorPoint(anchor, of: v)
        #expect(try store.anchorPoint(of: v) == anchor)
        #expect(try store.center(of: v) == Point(50, 50))
        #expect(try store.frame(of: v) == frame)
    }

    @Test("a transform turns the view about its anchor point")
    func transformAboutAnchor() throws {
        let parent = try store.makeView(frame: Rect(0, 0, 300, 300))
        let v = try store.add(Rect(50, 50, 100, 100), to: parent)  // center (100, 100)
        try store.setAnchorPoint(Point(0, 0), of: v)
        try store.setTransform(AffineTransform(rotationAngle: .pi / 2), of: v)
        // The bounds' origin stays at the center; (10, 0) turns onto (0, 10) from there.
        #expect(try isClose(store.convert(Point(0, 0), from: .view(v), to: .view(parent)), Point(100, 100)))
        #expect(try isClose(store.convert(Point(10, 0), from: .view(v), to: .view(parent)), Point(100, 110)))
        #expect(try isClose(store.frame(of: v), Rect(0, 100, 100, 100)))
    }

    @Test("the bounds' origin shifts where subviews appear in the superview")
    func boundsOriginShiftsSubviews() throws {
        let stage = try Stage()
        let parent = try stage.add(Rect(0, 0, 100, 100), to: stage.window)
        let child = try stage.add(Rect(50, 50, 10, 10), to: parent)
        #expect(stage.hit(55, 55) == child)
        try stage.store.setBounds(Rect(40, 40, 100, 100), of: parent)
        #expect(try stage.store.convert(Point(0, 0), from: .view(child), to: .view(stage.window)) == Point(10, 10))
        #expect(try stage.store.frame(of: child) == Rect(50, 50, 10, 10), "the child's own frame is unchanged")
        #expect(stage.hit(15, 15) == child)
        #expect(stage.hit(55, 55) == parent)
        // The parent's own area moved with its bounds' origin too: it now spans 40..<140 in its coordinates.
        #expect(try stage.store.convert(Point(0, 0), from: .view(stage.window), to: .view(parent)) == Point(40, 40))
        #expect(stage.hit(99.5, 99.5) == parent)
        #expect(stage.hit(100, 50) == stage.window)
    }

    /// A view centred at (50, 50) with bounds (0, 0, -20, -20).
    static func negativeBoundsView(in stage: Stage) throws -> ViewID {
        let v = try stage.add(Rect(0, 0, 10, 10), to: stage.window)
        try stage.store.setCenter(Point(50, 50), of: v)
        try stage.store.setBounds(Rect(0, 0, -20, -20), of: v)
        return v
    }

    @Test("a negative bounds size: the frame and the hit area are the standardized rectangle")
    func negativeBounds() throws {
        let stage = try Stage()
        let v = try Self.negativeBoundsView(in: stage)
        #expect(try stage.store.frame(of: v) == Rect(40, 40, 20, 20))
        #expect(stage.hit(40, 40) == v)
        #expect(stage.hit(59.9, 59.9) == v)
        #expect(stage.hit(60, 50) == stage.window)
        #expect(stage.hit(39.9, 50) == stage.window)
    }

    @Test("a negative bounds size with another anchor point: the origin and size as given place the anchor")
    func negativeBoundsAnchor() throws {
        let stage = try Stage()
        let v = try Self.negativeBoundsView(in: stage)
        try stage.store.setAnchorPoint(Point(0, 0), of: v)
        // The anchor is at origin + (0, 0) · size = (0, 0), the standardized bounds' max corner,
        // so the view spans [30, 50) on each axis (standardized first, it would be [50, 70)).
        #expect(try stage.store.frame(of: v) == Rect(30, 30, 20, 20))
        #expect(try stage.store.convert(Point(50, 50), from: .view(stage.window), to: .view(v)) == Point(0, 0))
        #expect(stage.hit(30, 30) == v)
        #expect(stage.hit(49.9, 49.9) == v)
        #expect(stage.hit(50, 40) == stage.window)
        #expect(stage.hit(55, 55) == stage.window)
    }
}
