import Testing
@testable import HitKit

extension PointerInputTests {
    /// Behaviour A8: the pans on the chain whose mask has the type "are offered it, and the first
    /// one able to take it gets it"; A4: a recognizer that has failed makes no more transitions
    /// until it is reset, so it cannot begin a run. A pan whose own code made it fail before the
    /// frame (a subclass setting `state`; the failure is resolved in the frame) is not able to
    /// take that frame's notch: the next pan out takes it, and nothing is lost.
    @Test func aPanThatHasFailedLeavesTheScrollToTheNextPanOut() throws {
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        inner.allowedScrollTypesMask = .discrete
        outer.allowedScrollTypesMask = .discrete
        box.addGestureRecognizer(inner)
        window.addGestureRecognizer(outer)
        let log = Box()
        record(inner, "inner", into: log)
        record(outer, "outer", into: log)
        inner.state = .failed
        try scroll(0, 0, -10)
        #expect(log.lines == ["inner failed", "outer began"])
        #expect(inner.illegalTransitions.isEmpty)
    }
}
