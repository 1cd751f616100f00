import Testing
@testable import HitKit

// Behaviour A8: "A scroll input has a screen location"; a pan it drives has no touches, so its
// `location(in:)` is where the scroll is (Behaviour.md's reading), never NaN.

extension PointerInputTests {
    /// A scroll-driven pan has no touches: `location(in:)` is the scroll's location, as a hover's
    /// and a touchpad pinch's is the pointer's, at every state change, wheel and trackpad alike.
    @Test func aScrollDrivenPansLocationIsTheScrollsLocation() throws {
        let child = View(frame: Rect(20, 30, 100, 100), in: app)
        box.addSubview(child)
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        child.addGestureRecognizer(pan)
        var seen: [(GestureRecognizer.State, Point, Point)] = []
        _ = pan.addTarget { [unowned child] in seen.append(($0.state, $0.location(in: nil), $0.location(in: child))) }
        try scroll(0, 0, -10, at: Point(50, 60))
        try scroll(0.05, 0, -10, at: Point(55, 60))
        try app.advance(to: 1)
        try scroll(1, 0, -10, .continuous(.began), at: Point(70, 80))
        try scroll(1.1, 0, -10, .continuous(.changed), at: Point(72, 80))
        try scroll(1.2, 0, 0, .continuous(.ended), at: Point(74, 80))
        #expect(seen.map(\.0) == [.began, .changed, .ended, .began, .changed, .ended])
        #expect(seen.map(\.1) == [Point(50, 60), Point(55, 60), Point(55, 60), Point(70, 80), Point(72, 80), Point(74, 80)])
        #expect(seen.map(\.2) == [Point(30, 30), Point(35, 30), Point(35, 30), Point(50, 50), Point(52, 50), Point(54, 50)])
    }

    /// A scroll view's own pan reads the scroll's location too, in the scroll view's coordinates
    /// (its bounds' origin is the offset the scroll moved it to).
    @Test func aScrollViewsPanDrivenByAScrollIsWhereTheScrollIs() throws {
        let list = ScrollView(frame: Rect(0, 0, 200, 200), in: app)
        list.contentSize = Size(200, 2000)
        window.addSubview(list)
        var seen: [Point] = []
        _ = list.panGestureRecognizer.addTarget { [unowned list] in seen.append($0.location(in: list)) }
        try scroll(0, 0, -10, .continuous(.began), at: Point(50, 60))
        #expect(list.contentOffset == Point(0, 10))
        #expect(!seen.isEmpty && seen.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(list.panGestureRecognizer.location(in: nil) == Point(50, 60))
        #expect(list.panGestureRecognizer.location(in: list) == Point(50, 70))
    }
}
