import Testing
@testable import HitKit

extension PointerInputTests {
    /// A plain pan on `box` that takes a trackpad's continuous scrolls, whose translation no
    /// scroll view's offset shows.
    func continuousScrollPan() -> PanGestureRecognizer {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .continuous
        box.addGestureRecognizer(pan)
        return pan
    }

    /// Behaviour A8: "`translation(in:)` is the sum of the deltas so far, the `began` phase's
    /// included; `numberOfTouches` is 0". Hand-derived: began (0, −7), changed (3, −5): the sums
    /// are (0, −7), then (3, −12).
    @Test func aContinuousScrollsTranslationCountsItsBeganDelta() throws {
        let pan = continuousScrollPan()
        var seen: [(GestureRecognizer.State, Point, Int)] = []
        _ = pan.addTarget { [unowned pan] in seen.append(($0.state, pan.translation(in: nil), pan.numberOfTouches)) }
        try scroll(0, 0, -7, .continuous(.began))
        try scroll(0.02, 3, -5, .continuous(.changed))
        #expect(seen.map(\.0) == [.began, .changed])
        #expect(seen.map(\.1) == [Point(0, -7), Point(3, -12)])
        #expect(seen.map(\.2) == [0, 0])
    }

    /// Behaviour A8: "A continuous scroll stays with the recognizer that took its `began` until
    /// its `ended`", and A4 i: "disabling one that had begun cancels it" and a disabled recognizer
    /// "receives nothing". Disabled mid-scroll, the pan is cancelled; the scroll's later `changed`
    /// and `ended` still go to it and must change nothing — not even attempt a transition A4
    /// calls a programming error (cancelled, then reset to possible: possible → changed is one).
    @Test func aContinuousScrollsPanDisabledMidScrollTakesNoMoreOfIt() throws {
        let pan = continuousScrollPan()
        var states: [GestureRecognizer.State] = []
        _ = pan.addTarget { states.append($0.state) }
        try scroll(0, 0, -7, .continuous(.began))
        pan.isEnabled = false
        try scroll(0.02, 3, -5, .continuous(.changed))
        try scroll(0.04, 0, 0, .continuous(.ended))
        #expect(states == [.began, .cancelled])
        #expect(pan.state == .possible)
        #expect(pan.illegalTransitions.isEmpty)
    }
}
