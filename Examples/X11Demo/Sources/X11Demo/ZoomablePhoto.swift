import HitKit

// The photo zooms in a scroll view (Behaviour A6.2): its pinch, of two fingers or of a touchpad,
// zooms a canvas holding the photo between 1 and `maximumPhotoZoom`, stretching past the maximum
// while the fingers hold it there and bouncing back when they let go. The scroll view does not
// clip: the photo grows over its surroundings, as before it zoomed.

extension DemoScene {
    static let maximumPhotoZoom = 2.5

    /// The scroll view at the photo's frame, the canvas it zooms, and the photo inside the canvas.
    static func makeZoomablePhoto(in app: Application) -> (scroller: ScrollView, canvas: View, photo: PhotoView) {
        let scroller = ScrollView(frame: photoFrame, in: app)
        scroller.contentSize = photoFrame.size
        let bounds = Rect(x: 0, y: 0, width: photoFrame.size.width, height: photoFrame.size.height)
        let canvas = View(frame: bounds, in: app)
        let photo = PhotoView(frame: bounds, in: app)
        canvas.addSubview(photo)
        scroller.addSubview(canvas)
        try! scroller.setZoomView(canvas)                  // a direct subview: cannot fail
        try! scroller.setMinimumZoomScale(1)
        try! scroller.setMaximumZoomScale(maximumPhotoZoom)
        return (scroller, canvas, photo)
    }

    /// The zoom's delegate calls to the log.
    func wireZoom() {
        photoScroller.delegate = photoZoomLog
    }
}

/// The photo's scroll view delegate: `photo zoom began`, `photo zoomScale 1.84` at each change of
/// the scale (`bouncing` while it bounces back), `photo zoom ended 2.50`.
final class PhotoZoomLog: ScrollViewDelegate {
    private let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
    }

    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        log.write("photo zoom began")
    }

    func scrollViewDidZoom(_ scrollView: ScrollView) {
        log.write("photo zoomScale \(DemoScene.decimal(scrollView.zoomScale))\(scrollView.isZoomBouncing ? " bouncing" : "")")
    }

    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        log.write("photo zoom ended \(DemoScene.decimal(scale))")
    }
}
