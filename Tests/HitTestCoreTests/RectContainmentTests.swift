import Testing
import HitTestCore

/// Behaviour A1: `Rect.contains` follows `CGRect.contains`.
@Suite("Rect containment")
struct RectContainmentTests {
    static let rect = Rect(10, 20, 30, 40)  // x 10..<40, y 20..<60

    @Test("min edges are inside, max edges outside", arguments: [
        (Point(10, 20), true), (Point(10, 59.999), true), (Point(39.999, 20), true),
        (Point(39.999, 59.999), true), (Point(25, 40), true),
        (Point(40, 40), false), (Point(25, 60), false), (Point(40, 60), false),
        (Point(9.999, 40), false), (Point(25, 19.999), false),
    ])
    func edges(point: Point, inside: Bool) {
        #expect(Self.rect.contains(point) == inside)
    }

    @Test("a negative size is standardized first", arguments: [
        (Point(10, 20), true), (Point(39.999, 59.999), true), (Point(40, 40), false),
        (Point(25, 60), false), (Point(9.999, 40), false),
    ])
    func negativeSize(point: Point, inside: Bool) {
        let flipped = Rect(40, 60, -30, -40)
        #expect(flipped.contains(point) == inside)
        #expect(flipped.standardized == Self.rect)
        #expect(flipped.minX == 10 && flipped.maxX == 40 && flipped.minY == 20 && flipped.maxY == 60)
    }

    @Test("a rect with a zero width or height contains nothing, not even its origin", arguments: [
        Rect(5, 5, 0, 10), Rect(5, 5, 10, 0), Rect(5, 5, 0, 0), Rect(5, 5, -0.0, 10),
    ])
    func zeroSize(rect: Rect) {
        #expect(!rect.contains(Point(5, 5)))
        #expect(!rect.contains(Point(5, 6)))
        #expect(!rect.contains(Point(6, 5)))
    }

    @Test("a rect with a NaN or infinite coordinate contains nothing", arguments: [
        Rect(.nan, 0, 100, 100), Rect(0, .nan, 100, 100), Rect(0, 0, .nan, 100), Rect(0, 0, 100, .nan),
        Rect(0, 0, .infinity, 100), Rect(0, 0, 100, .infinity), Rect(-.infinity, 0, 200, 100),
        Rect(0, -.infinity, 100, 200), Rect(.infinity, 0, -.infinity, 100), Rect(0, 0, -.infinity, 100),
    ])
    func nonFiniteRect(rect: Rect) {
        #expect(!rect.contains(Point(50, 50)))
        #expect(!rect.contains(Point(0, 0)))
        #expect(!rect.contains(Point(-50, -50)))
    }

    @Test("a NaN or infinite point is inside nothing", arguments: [
        Point(.nan, 50), Point(50, .nan), Point(.nan, .nan), Point(.infinity, 50), Point(-.infinity, 50),
        Point(50, .infinity), Point(50, -.infinity),
    ])
    func nonFinitePoint(point: Point) {
        #expect(!Rect(-1e300, -1e300, 2e300, 2e300).contains(point))
        #expect(!point.isFinite)
    }

    @Test func finitePointsAreFinite() {
        #expect(Point(-1e300, 1e300).isFinite)
        #expect(Rect(0, 0, 1, 1).isFinite)
        #expect(!Rect(0, 0, 1, .nan).isFinite)
    }

    @Test("edges and midpoints of a standardized and a flipped rect")
    func edgeAccessors() {
        let r = Rect(10, 20, 30, 40)
        #expect([r.minX, r.maxX, r.minY, r.maxY, r.midX, r.midY] == [10, 40, 20, 60, 25, 40])
        let f = Rect(40, 60, -30, -40)
        #expect([f.minX, f.maxX, f.minY, f.maxY, f.midX, f.midY] == [10, 40, 20, 60, 25, 40])
    }

    @Test("corners, union and bounding box")
    func cornersAndBoxes() {
        #expect(Rect(40, 60, -30, -40).corners == [Point(10, 20), Point(40, 20), Point(40, 60), Point(10, 60)])
        #expect(Rect(0, 0, 10, 10).union(Rect(20, -5, 5, 5)) == Rect(0, -5, 25, 15))
        #expect(Rect.boundingBox(of: [Point(3, 9), Point(-1, 4), Point(7, -2)]) == Rect(-1, -2, 8, 11))
        let withNaN = Rect.boundingBox(of: [Point(0, 0), Point(.nan, 1)])
        #expect(withNaN.origin.x.isNaN && withNaN.size.height.isNaN)
    }

    @Test("applying a transform gives the bounding box of the four transformed corners")
    func applyingTransform() {
        let scaled = Rect(1, 2, 3, 4).applying(AffineTransform(scaleX: 2, y: -1))
        #expect(scaled == Rect(2, -6, 6, 4))
        let turned = Rect(0, 0, 100, 20).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(turned, Rect(-20, 0, 20, 100)))
    }
}
