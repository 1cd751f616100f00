import Testing
import HitKitScene
import HitTestCore

@Suite("Points lines of hitkit hit-test")
struct PointLineTests {
    @Test func twoNumbersSeparatedBySpacesOrTabs() {
        #expect(PointLine.parse("10 20") == .point(Point(x: 10, y: 20)))
        #expect(PointLine.parse("  -1.5\t2e1  ") == .point(Point(x: -1.5, y: 20)))
        #expect(PointLine.parse("3 4\r") == .point(Point(x: 3, y: 4)))
    }

    @Test func blankLinesAreNotPoints() {
        #expect(PointLine.parse("") == .blank)
        #expect(PointLine.parse(" \t ") == .blank)
        #expect(PointLine.parse("\r") == .blank)
    }

    @Test func anythingElseIsMalformed() {
        for line in ["10", "10 20 30", "10,20", "x 1", "1 y", "10 20 # comment",
                     // Not decimal, or not only a number: Double(_:) alone takes the first two.
                     "0x10 5", "5\0abc 5", "25 45\0xyz", "1e 5", "1e+ 5", ". 5", "--1 2", "1.2.3 4", "nanx 1", "5 1f"] {
            guard case .malformed(let message) = PointLine.parse(line) else {
                Issue.record("\(line) was accepted")
                continue
            }
            #expect(message.contains("expected two numbers"))
        }
    }

    @Test func nonFiniteNumbersAreReadAndHitNothingLater() {
        guard case .point(let p) = PointLine.parse("nan inf") else { Issue.record("not read"); return }
        #expect(p.x.isNaN && p.y == .infinity)
        guard case .point(let q) = PointLine.parse("-Infinity +NaN") else { Issue.record("not read"); return }
        #expect(q.x == -.infinity && q.y.isNaN)
    }

    @Test func decimalFormsAreRead() {
        #expect(PointLine.parse("+1 .5") == .point(Point(x: 1, y: 0.5)))
        #expect(PointLine.parse("1. -2E-1") == .point(Point(x: 1, y: -0.2)))
        #expect(PointLine.parse("007 1e+2") == .point(Point(x: 7, y: 100)))
    }
}
