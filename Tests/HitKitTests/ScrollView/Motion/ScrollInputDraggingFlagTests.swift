import Testing
@testable import HitKit

/// SPEC A6.1 "Flags": `isDragging` is "its pan has begun and not ended". A8 makes a scroll view's
/// own pan begin on a continuous scroll's `began` and end on its `ended` (a discrete run: the
/// first notch, then its 0.1 s timer), so the flag follows the pan through scroll input too.
@Suite("Scroll view isDragging follows its pan through scroll input (SPEC A6.1 Flags, A8)")
struct ScrollInputDraggingFlagTests {
    private func scroll(_ stage: MotionStage, at t: Double, dy: Double, _ kind: ScrollInput.Kind) throws {
        try stage.app.send(InputFrame(timestamp: t, scroll: ScrollInput(location: Point(200, 200), delta: Point(0, dy),
                                                                        kind: kind)))
    }

    @Test("a continuous scroll: isDragging from its began to its ended, isTracking never")
    func continuousScroll() throws {
        let stage = MotionStage()
        let pan = stage.scrollView.panGestureRecognizer
        try scroll(stage, at: 0, dy: -20, .continuous(.began))
        #expect(pan.state == .began)
        #expect(stage.scrollView.isDragging)
        #expect(!stage.scrollView.isTracking)                       // no touch is down on it
        try scroll(stage, at: 0.05, dy: -20, .continuous(.changed))
        #expect(pan.state == .changed && stage.scrollView.isDragging)
        try scroll(stage, at: 0.1, dy: 0, .continuous(.ended))
        #expect(!stage.scrollView.isDragging)
        #expect(!stage.scrollView.isDecelerating)                   // scroll input starts no motion
    }

    @Test("a wheel run: isDragging from its first notch until the run ends on its timer")
    func wheelRun() throws {
        let stage = MotionStage()
        try scroll(stage, at: 0, dy: -10, .discrete)
        #expect(stage.scrollView.panGestureRecognizer.state == .began)
        #expect(stage.scrollView.isDragging)
        try stage.app.advance(to: 1)                                // the 0.1 s end timer fired
        #expect(!stage.scrollView.isDragging)
    }
}
