import Testing
@testable import HitKit

/// SPEC A6.1 "Flags": `isTracking` is "a touch is down on it"; A8 "Clicks are touches": a click of
/// any button begins a touch at its location, and "everything in A3–A7 … applies to this touch as
/// to a finger's". A secondary click held on a scroll view's content is a touch down on it.
@Suite("Scroll view isTracking while any touch is down on it (SPEC A6.1 Flags, A8)")
struct ScrollViewTrackingFlagTests {
    private func pointer(_ stage: MotionStage, _ t: Double, _ buttons: Event.ButtonMask) throws {
        try stage.app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 9, location: Point(200, 200), buttons: buttons)))
    }

    @Test("a click held on the content: isTracking until it is released, whatever its button",
          arguments: [Event.ButtonMask.primary, .secondary])
    func clickHeld(buttons: Event.ButtonMask) throws {
        let stage = MotionStage()
        try pointer(stage, 0, buttons)
        #expect(stage.scrollView.isTracking)
        try pointer(stage, 0.1, [])
        #expect(!stage.scrollView.isTracking)
    }

    @Test("a finger on the content while the pan is disabled: isTracking; a finger beside the scroll view: not")
    func fingerOnItOrBesideIt() throws {
        let stage = MotionStage()
        stage.scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        stage.scrollView.panGestureRecognizer.isEnabled = false
        try stage.app.frame(0, began(1, 200, 300))
        #expect(!stage.scrollView.isTracking, "a touch down in the window but not on the scroll view")
        try stage.app.frame(0.1, began(2, 200, 100))
        #expect(stage.scrollView.isTracking, "a touch on its content, though its pan takes none")
        try stage.app.frame(0.2, ended(2, 200, 100))
        #expect(!stage.scrollView.isTracking)
    }

    @Test("in the frame of the lift, the lifted finger is no longer down: not tracking at didEndDragging")
    func liftedInItsOwnFrame() throws {
        final class TrackingAtDragEnd: ScrollViewDelegate {
            var seen: [Bool] = []
            func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
                seen.append(scrollView.isTracking)
            }
        }
        let stage = MotionStage(), delegate = TrackingAtDragEnd()
        stage.scrollView.delegate = delegate
        _ = try stage.flick(at: 0, dy: -100)
        #expect(delegate.seen == [false])
    }
}
