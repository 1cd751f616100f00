import Testing
@testable import HitKit

/// A zoom set from code while a pinch zooms (HitKit's reading where Behaviour A6.2 is silent):
/// it is made at once, animated or not, and the pinch goes on from it — the fingers' next move
/// zooms from the scale and content shown, as a drag goes on from an offset set during it — with
/// the pinch's one `scrollViewWillBeginZooming` and one `scrollViewDidEndZooming`.
@Suite struct ZoomFromCodeDuringPinchTests {
    /// Fingers 120 pt apart about (200, 200): s = 120/108 (D₀′ = 108).
    func pinching() throws -> ZoomStage {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 120)
        #expect(abs(stage.scrollView.zoomScale - 120.0 / 108) < 1e-12)
        return stage
    }

    @Test(arguments: [false, true])
    func thePinchGoesOnFromAZoomSetDuringIt(animated: Bool) throws {
        let stage = try pinching()
        stage.scrollView.setZoomScale(1.8, animated: animated)
        #expect(stage.scrollView.zoomScale == 1.8, "made at once")
        let offset = stage.scrollView.contentOffset
        try stage.spread(at: 0.06, to: 120)                     // the fingers as they were
        #expect(abs(stage.scrollView.zoomScale - 1.8) < 1e-12, "no jump back to s₀·D/D₀′")
        #expect(abs(stage.scrollView.contentOffset.x - offset.x) < 1e-9 && abs(stage.scrollView.contentOffset.y - offset.y) < 1e-9)
        try stage.spread(at: 0.08, to: 132)                     // 10 % further apart
        #expect(abs(stage.scrollView.zoomScale - 1.8 * 132 / 120) < 1e-12)
        try stage.lift(at: 0.1, d: 132)
        try stage.app.advance(to: 1)
        // Its one willBegin, and one didEnd at the scale the fingers left (1.98, inside the limits).
        #expect(abs(stage.scrollView.zoomScale - 1.98) < 1e-12)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(stage.scrollView.zoomScale)"])
    }

    @Test func aTouchpadPinchGoesOnFromAZoomSetDuringIt() throws {
        let stage = ZoomStage()
        try stage.touchpad(0, .began, 200, 200)
        try stage.touchpad(0.02, .changed, 200, 200, scale: 1.2)
        stage.scrollView.setZoomScale(0.6, animated: true)
        try stage.touchpad(0.04, .changed, 200, 200, scale: 1.2)
        #expect(abs(stage.scrollView.zoomScale - 0.6) < 1e-12)
        try stage.touchpad(0.06, .changed, 200, 200, scale: 1.5)
        #expect(abs(stage.scrollView.zoomScale - 0.6 * 1.5 / 1.2) < 1e-12)
        try stage.touchpad(0.08, .ended, 200, 200)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(stage.scrollView.zoomScale)"])
    }

    /// A pinch whose view left the scroll view zooms nothing more, but it is still the zoom under
    /// way: a zoom from code of the view that took its place is made at once, animated or not,
    /// inside the pinch's one `scrollViewWillBeginZooming` and one `scrollViewDidEndZooming`.
    @Test(arguments: [false, true])
    func aZoomFromCodeOfAnotherViewDuringAPinchIsMadeAtOnce(animated: Bool) throws {
        let stage = try pinching()
        let other = View(frame: Rect(0, 0, 200, 200), in: stage.app)
        stage.scrollView.addSubview(other)
        stage.photo.removeFromSuperview()
        try stage.scrollView.setZoomView(other)
        stage.scrollView.setZoomScale(1.5, animated: animated)
        #expect(stage.scrollView.zoomScale == 1.5, "made at once")
        try stage.spread(at: 0.06, to: 132)
        #expect(stage.scrollView.zoomScale == 1.5, "the pinch zooms nothing more")
        try stage.lift(at: 0.08, d: 132)
        try stage.app.advance(to: 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 1.5"], "\(stage.delegate.events)")
    }

    /// `zoom(to:)` at the scale shown only scrolls; during a pinch that scroll is made at once,
    /// and the pinch goes on from it rather than putting the content back.
    @Test func aZoomToTheScaleShownScrollsAtOnceAndThePinchGoesOnFromThere() throws {
        let stage = try pinching()
        let scale = stage.scrollView.zoomScale
        let size = stage.scrollView.bounds.size
        // A rect of the photo whose fit is the scale shown, centred at (210, 210): its centre shown
        // at the bounds' centre, (200, 200), is an offset of 210·s − 200 (inside the content).
        try stage.scrollView.zoom(to: Rect(210 - size.width / scale / 2, 210 - size.height / scale / 2,
                                           size.width / scale, size.height / scale), animated: true)
        let offset = stage.scrollView.contentOffset
        #expect(abs(offset.x - (210 * scale - 200)) < 1e-9 && abs(offset.y - (210 * scale - 200)) < 1e-9, "at once: \(offset)")
        try stage.spread(at: 0.06, to: 120)
        #expect(abs(stage.scrollView.contentOffset.x - offset.x) < 1e-9 && abs(stage.scrollView.contentOffset.y - offset.y) < 1e-9,
                "the pinch went on from the scroll")
        try stage.lift(at: 0.08, d: 120)
        try stage.app.advance(to: 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(stage.scrollView.zoomScale)"])
    }

    /// A pinch that ends past a limit while its pan still drags has told `willBeginZooming` and
    /// waits for the drag to bounce back; a zoom from code meanwhile takes that zoom over, as it
    /// takes over an animation: no second `willBeginZooming`, one `didEndZooming`, and no bounce
    /// after the drag.
    @Test(arguments: [false, true])
    func aZoomSetWhileAPinchsEndWaitsForTheDragTakesItOver(animated: Bool) throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 330, cx: 230)            // raw 330/108 > 2: stretched; the pan drags
        try stage.fingers(0.06, ended(2, 395, 200))             // the pinch ends; finger 1 drags on
        #expect(stage.scrollView.isDragging && !stage.scrollView.isZooming && stage.scrollView.zoomScale > 2)
        stage.scrollView.setZoomScale(1.5, animated: animated)
        try stage.app.advance(to: 0.6)
        #expect(stage.scrollView.zoomScale == 1.5)
        try stage.fingers(0.7, ended(1, 65, 200))
        try stage.app.advance(to: 2)
        #expect(stage.scrollView.zoomScale == 1.5, "no bounce after the drag")
        #expect(stage.delegate.events.filter { $0.contains("Zooming") } == ["willBeginZooming view", "didEndZooming view 1.5"],
                "\(stage.delegate.events)")
    }
}


/// A motion started beside a zoom animation waits for it (A6.2): here a delegate zooms, animated,
/// from `scrollViewDidEndDragging(willDecelerate: true)`, before the deceleration starts. In the
/// frame the animation ends the motion goes on, so a host advancing its clock in one step past
/// both ends finds nothing moving.
@Suite struct MotionBesideAZoomAnimationTests {
    final class ZoomsWhenTheDragEnds: ScrollViewDelegate {
        var calls: [String] = []
        func viewForZooming(in scrollView: ScrollView) -> View? { scrollView.zoomView }
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
            calls.append("didEndDragging \(decelerate)")
            scrollView.setZoomScale(1.5, animated: true)
        }
        func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
        func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
            calls.append("didEndZooming \(scale)")
        }
    }

    @Test func bothEndInTheFrameAfterTheirEnds() throws {
        let stage = ZoomStage()
        let delegate = ZoomsWhenTheDragEnds()
        stage.scrollView.delegate = delegate
        stage.scrollView.contentSize = Size(400, 2000)
        try stage.fingers(0, began(1, 200, 300))
        try stage.fingers(0.016, moved(1, 200, 260))
        try stage.fingers(0.032, moved(1, 200, 200))
        try stage.fingers(0.048, ended(1, 200, 150))
        #expect(stage.scrollView.isZoomBouncing == false && stage.scrollView.isMoving)
        try stage.app.advance(to: 10)                           // one frame, past both ends
        #expect(!stage.scrollView.isMoving, "nothing moves after both ends")
        #expect(delegate.calls == ["didEndDragging true", "willBeginDecelerating", "didEndZooming 1.5", "didEndDecelerating"])
    }
}
