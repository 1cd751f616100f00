import Testing
@testable import HitKit

/// A zoom step never shows a scale the zoom view's size cannot be multiplied by (Behaviour.md,
/// "A zoom to a scale past what can be shown"): a limit such as 1e308 is stored, but s·Z would
/// overflow to infinity and the zoom view's frame become NaN. Such a step is not taken — the
/// scale, the transform, the content's size and the offset stay — while a scale whose s·Z is
/// finite, however large, zooms as usual.
@Suite struct ZoomStepFiniteTests {
    /// Everything a zoom step sets is a finite number.
    static func expectFinite(_ stage: ZoomStage, sourceLocation: SourceLocation = #_sourceLocation) {
        let frame = stage.photo.frame, size = stage.scrollView.contentSize
        #expect(frame.origin.isFinite && frame.size.width.isFinite && frame.size.height.isFinite,
                "frame \(frame)", sourceLocation: sourceLocation)
        #expect(size.width.isFinite && size.height.isFinite, sourceLocation: sourceLocation)
        #expect(stage.scrollView.contentOffset.isFinite && stage.scrollView.zoomScale.isFinite, sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func aScaleTheZoomViewCannotBeShownAtIsNoZoom(animated: Bool) throws {
        let stage = ZoomStage(maximum: 1e308)
        stage.scrollView.setZoomScale(1e308, animated: animated)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.zoomScale == 1)
        #expect(stage.photo.frame == Rect(0, 0, 400, 400))
        #expect(stage.scrollView.contentSize == Size(width: 400, height: 400))
        #expect(stage.delegate.calls.isEmpty, "nothing happens, as for a scale that is not finite")
        #expect(!stage.app.hasScrollMotion)
    }

    /// `zoom(to:)` a tiny rect: its scale clamps to the huge maximum, which cannot be shown.
    @Test func aZoomToATinyRectUnderAHugeMaximumIsNoZoom() throws {
        let stage = ZoomStage(maximum: 1e308)
        try stage.scrollView.zoom(to: Rect(100, 100, 1e-307, 1e-307), animated: false)
        #expect(stage.scrollView.zoomScale == 1)
        Self.expectFinite(stage)
    }

    /// A huge scale whose s·Z is finite still zooms.
    @Test func aHugeScaleThatCanBeShownZooms() throws {
        let stage = ZoomStage(maximum: 1e308)
        stage.scrollView.setZoomScale(1e300, animated: false)
        #expect(stage.scrollView.zoomScale == 1e300)
        #expect(stage.scrollView.contentSize.width == 4e302)
        Self.expectFinite(stage)
    }

    /// A tiny scale zooms: s·Z is finite. Its transform's determinant, s², is out of a double's
    /// range, but the transform has an inverse (Behaviour A1), so the zoom view, 4e-198 pt wide
    /// at the content's origin, is hit there and nowhere else: the scroll view behind it answers
    /// a point away. Nothing it sets is NaN.
    @Test func aTinyScaleZoomsAndLeavesTheZoomViewATinyTarget() throws {
        let stage = ZoomStage(minimum: 1e-300)
        #expect(stage.app.hitTest(screenPoint: Point(1, 1)) === stage.photo)
        stage.scrollView.setZoomScale(1e-200, animated: false)
        #expect(stage.scrollView.zoomScale == 1e-200)
        Self.expectFinite(stage)
        #expect(stage.app.hitTest(screenPoint: Point(0, 0)) === stage.photo)
        #expect(stage.app.readOnlyStore.hitTest(screenPoint: Point(0, 0)) == stage.photo.id)
        #expect(stage.app.hitTest(screenPoint: Point(1, 1)) === stage.scrollView)
        #expect(stage.app.readOnlyStore.hitTest(screenPoint: Point(1, 1)) == stage.scrollView.id)
    }

    /// A pinch's frame to such a scale is not taken: the scale shown stays, and the pinch ends
    /// there.
    @Test func aPinchFrameToAScaleThatCannotBeShownIsNotTaken() throws {
        let stage = ZoomStage(maximum: 1e308)
        try stage.touchpad(0, .began, 200, 200)
        try stage.touchpad(0.02, .changed, 200, 200, scale: 1.1)
        try stage.touchpad(0.04, .changed, 200, 200, scale: 1.2)
        #expect(stage.scrollView.zoomScale == 1.2)
        try stage.touchpad(0.06, .changed, 200, 200, scale: 1e307)
        #expect(stage.scrollView.zoomScale == 1.2)
        Self.expectFinite(stage)
        try stage.touchpad(0.08, .ended, 200, 200)
        try stage.app.advance(to: 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 1.2"])
        Self.expectFinite(stage)
    }

    /// A bounce to a minimum that cannot be shown is not run: the scale stays, and the end the
    /// bounce owes is told at once.
    @Test func aBounceToAMinimumThatCannotBeShownEndsAtOnce() throws {
        let stage = ZoomStage(minimum: 1e307, maximum: 1.5e307)
        try stage.touchpad(0, .began, 200, 200)
        try stage.touchpad(0.02, .changed, 200, 200, scale: 1.1)
        try stage.touchpad(0.04, .changed, 200, 200, scale: 1.2)
        try stage.touchpad(0.06, .ended, 200, 200)
        #expect(!stage.scrollView.isZoomBouncing && !stage.app.hasScrollMotion)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.zoomScale == 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 1.0"])
        Self.expectFinite(stage)
    }
}
