import Testing
@testable import HitKit

/// Behaviour A8: "`translation(in:)` is the sum of the deltas so far, the `began` phase's
/// included; `numberOfTouches` is 0" — read on a plain pan driven by a trackpad's phases, whose
/// translation no scroll view's offset shows. Hand-derived: began (0, −7), changed (3, −5):
/// the sums are (0, −7), then (3, −12).
extension PointerInputTests {
    @Test func aContinuousScrollsTranslationCountsItsBeganDelta() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .continuous
        box.addGestureRecognizer(pan)
        var seen: [(GestureRecognizer.State, Point, Int)] = []
        _ = pan.addTarget { [unowned pan] in seen.append(($0.state, pan.translation(in: nil), pan.numberOfTouches)) }
        try scroll(0, 0, -7, .continuous(.began))
        try scroll(0.02, 3, -5, .continuous(.changed))
        #expect(seen.map(\.0) == [.began, .changed])
        #expect(seen.map(\.1) == [Point(0, -7), Point(3, -12)])
        #expect(seen.map(\.2) == [0, 0])
    }
}
