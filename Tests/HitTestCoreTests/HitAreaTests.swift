import Testing
import HitTestCore

/// Behaviour A2's hit area: `bounds` inset by `hitTestInsets`, then grown about its center to at
/// least `minimumHitSize`.
@Suite("Hit area")
struct HitAreaTests {
    @Test("positive insets shrink each edge by its own amount")
    func positiveInsets() {
        let insets = EdgeInsets(top: 5, left: 10, bottom: 15, right: 20)
        #expect(Rect(0, 0, 100, 50).inset(by: insets) == Rect(10, 5, 70, 30))
        #expect(Rect.hitArea(bounds: Rect(0, 0, 100, 50), insets: insets, minimumSize: .zero) == Rect(10, 5, 70, 30))
    }

    @Test("negative insets enlarge")
    func negativeInsets() {
        let area = Rect.hitArea(bounds: Rect(0, 0, 20, 20),
                                insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10), minimumSize: .zero)
        #expect(area == Rect(-10, -10, 40, 40))
    }

    @Test("the minimum size grows a small area about its center", arguments: [
        (Rect(0, 0, 20, 20), Size(44, 44), Rect(-12, -12, 44, 44)),
        (Rect(100, 50, 20, 20), Size(44, 44), Rect(88, 38, 44, 44)),
        (Rect(0, 0, 20, 60), Size(44, 44), Rect(-12, 0, 44, 60)),   // height already large enough
        (Rect(0, 0, 60, 10), Size(44, 44), Rect(0, -17, 60, 44)),
        (Rect(0, 0, 50, 50), Size(44, 44), Rect(0, 0, 50, 50)),     // nothing to grow
        (Rect(0, 0, 0, 0), Size(10, 10), Rect(-5, -5, 10, 10)),
    ])
    func minimumSize(bounds: Rect, minimum: Size, expected: Rect) {
        #expect(Rect.hitArea(bounds: bounds, insets: .zero, minimumSize: minimum) == expected)
    }

    @Test("insets apply first, then the minimum size")
    func insetsThenMinimum() {
        let area = Rect.hitArea(bounds: Rect(0, 0, 40, 40),
                                insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), minimumSize: Size(30, 30))
        #expect(area == Rect(5, 5, 30, 30))
    }

    @Test("a 20×20 button grown to 44×44 is hit 12 pt beyond each edge, up to but excluding the max edges")
    func grownButtonEdges() {
        let area = Rect.hitArea(bounds: Rect(0, 0, 20, 20), insets: .zero, minimumSize: Size(44, 44))
        #expect(area.contains(Point(-12, -12)))
        #expect(area.contains(Point(31.999, 31.999)))
        #expect(!area.contains(Point(32, 10)))
        #expect(!area.contains(Point(10, 32)))
        #expect(!area.contains(Point(-12.001, 10)))
        // Without the minimum size the same points miss: the growth is what makes them hit.
        #expect(!Rect(0, 0, 20, 20).contains(Point(-12, -12)))
        #expect(!Rect(0, 0, 20, 20).contains(Point(31, 31)))
    }

    @Test("a negative-size bounds is standardized before insetting")
    func negativeBounds() {
        let area = Rect.hitArea(bounds: Rect(20, 20, -20, -20),
                                insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), minimumSize: .zero)
        #expect(area == Rect(2, 1, 14, 16))
    }

    @Test("insets that cross leave the span between the inset edges, standardized as CoreGraphics reads it")
    func crossingInsets() {
        // (8, 0, −6, 10) after the insets: x from 2 to 8 once standardized (Behaviour A1).
        let area = Rect.hitArea(bounds: Rect(0, 0, 10, 10),
                                insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8), minimumSize: .zero)
        #expect(area == Rect(2, 0, 6, 10))
        #expect(area.contains(Point(5, 5)) && area.contains(Point(2, 5)) && !area.contains(Point(8, 5)))
        // The minimum size grows the standardized span about its center, 5.
        let grown = Rect.hitArea(bounds: Rect(0, 0, 10, 10),
                                 insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8), minimumSize: Size(width: 10, height: 0))
        #expect(grown == Rect(0, 0, 10, 10))
    }
}
