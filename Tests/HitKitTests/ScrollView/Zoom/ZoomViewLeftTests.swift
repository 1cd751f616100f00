import Testing
@testable import HitKit

/// Records the zoom calls of a delegate that is no zoom source of its own, as a scene's logging
/// delegate and a C delegate without `view_for_zooming` are (Behaviour A6.2): its
/// `viewForZooming(in:)` is the default, the scroll view's `zoomView`.
final class NonSourceZoomRecorder: ZoomSourceDeclaring {
    var answersViewForZooming: Bool { false }
    private(set) var calls: [String] = []

    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        calls.append("willBeginZooming \(view == nil ? "nil" : "view")")
    }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        calls.append("didEndZooming \(view == nil ? "nil" : "view") \(scale)")
    }
}

/// Behaviour A6.2 (HitKit's choice): a view that is not a direct subview of the scroll view is no
/// zoom view — moved into another view or removed, the zoom view set no longer answers; it stays
/// the scroll view's source, one that answers none, so a pinch recognizes and zooms nothing (A6.2,
/// "No zoom view"); back as a direct subview, it answers and zooms again.
@Suite("A zoom view moved out of its scroll view is no zoom view (Behaviour A6.2)")
struct ZoomViewLeftTests {
    /// How the photo leaves the scroll view: into a sibling of its own (a grandchild now), into
    /// the window behind the scroll view (where fingers over the scroll view do not land on it),
    /// or out of the hierarchy.
    static let ways = ["into a sibling", "into the window", "removed"]

    /// The stage with a delegate that is no source: the zoom view is the only one.
    private func stageWithANonSourceDelegate() -> (ZoomStage, NonSourceZoomRecorder) {
        let stage = ZoomStage(delegate: false)
        let recorder = NonSourceZoomRecorder()
        stage.scrollView.delegate = recorder
        return (stage, recorder)
    }

    private func takeThePhotoOut(of stage: ZoomStage, _ way: String) {
        switch way {
        case "into a sibling":
            let sibling = View(frame: Rect(0, 0, 400, 400), in: stage.app)
            stage.scrollView.addSubview(sibling)
            sibling.addSubview(stage.photo)
        case "into the window":
            stage.window.insertSubview(stage.photo, at: 0)
        default:
            stage.photo.removeFromSuperview()
        }
    }

    @Test("zoomView, and a delegate's default viewForZooming, answer none while it is away and itself once it is back",
          arguments: ways)
    func zoomViewAnswersOnlyWhileADirectSubview(way: String) throws {
        let (stage, recorder) = stageWithANonSourceDelegate()
        takeThePhotoOut(of: stage, way)
        #expect(stage.scrollView.zoomView == nil)
        #expect(recorder.viewForZooming(in: stage.scrollView) == nil)
        stage.scrollView.addSubview(stage.photo)
        #expect(stage.scrollView.zoomView === stage.photo)
        #expect(recorder.viewForZooming(in: stage.scrollView) === stage.photo)
    }

    @Test("the zoom view set stays the source while it is away: the pinch stays enabled", arguments: ways)
    func theZoomViewStaysTheSource(way: String) throws {
        let (stage, _) = stageWithANonSourceDelegate()
        let pinch = try #require(stage.scrollView.pinchGestureRecognizer)
        takeThePhotoOut(of: stage, way)
        #expect(pinch.isEnabled)
        try stage.scrollView.setZoomView(nil)
        #expect(!pinch.isEnabled, "cleared, there is no source")
    }

    @Test("fingers pinching while the zoom view is away: the pinch recognizes, told with no view at 1, nothing zooms",
          arguments: ways)
    func aPinchWhileTheZoomViewIsAwayZoomsNothing(way: String) throws {
        let (stage, recorder) = stageWithANonSourceDelegate()
        takeThePhotoOut(of: stage, way)
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 200)
        try stage.lift(at: 0.06, d: 200)
        #expect(recorder.calls == ["willBeginZooming nil", "didEndZooming nil 1.0"], "\(recorder.calls)")
        #expect(stage.scrollView.zoomScale == 1 && stage.photo.transform == .identity)
    }

    @Test("zooming from code does nothing while the zoom view is away", arguments: ways)
    func zoomingFromCodeWhileTheZoomViewIsAwayDoesNothing(way: String) throws {
        let stage = ZoomStage()
        takeThePhotoOut(of: stage, way)
        stage.scrollView.setZoomScale(2, animated: false)
        stage.scrollView.setZoomScale(1.5, animated: true)
        try stage.scrollView.zoom(to: Rect(0, 0, 100, 100), animated: true)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.zoomScale == 1 && stage.photo.transform == .identity)
        #expect(stage.delegate.calls.isEmpty, "\(stage.delegate.calls)")
    }

    /// The readings of a zoom view leaving during a pinch stand (A6.2): the pinch is not stopped
    /// by it, zooms nothing more and ends as before, naming the view.
    @Test("a zoom view leaving during a pinch: the pinch goes on and ends as before", arguments: ways)
    func aZoomViewLeavingDuringAPinch(way: String) throws {
        let (stage, recorder) = stageWithANonSourceDelegate()
        let pinch = try #require(stage.scrollView.pinchGestureRecognizer)
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 130)
        let shown = stage.scrollView.zoomScale
        #expect(abs(shown - 130.0 / 108) < 1e-12)
        takeThePhotoOut(of: stage, way)
        #expect(pinch.isEnabled && pinch.state == .changed && stage.scrollView.isZooming, "not stopped by the leaving")
        try stage.spread(at: 0.06, to: 150)
        #expect(stage.scrollView.zoomScale == shown, "it zooms nothing more")
        try stage.lift(at: 0.08, d: 150)
        try stage.app.advance(to: 1)
        #expect(recorder.calls == ["willBeginZooming view", "didEndZooming view \(shown)"], "\(recorder.calls)")
    }
}
