import Foundation
@testable import HitKit

/// Records a scroll view's delegate calls in order, zooming's included; `answer`, when set,
/// answers `viewForZooming(in:)` (else the default: the scroll view's `zoomView`).
final class ZoomDelegateRecorder: ScrollViewDelegate {
    private(set) var calls: [String] = []
    var answer: ((ScrollView) -> View?)?
    /// Runs inside `scrollViewDidScroll` (a delegate that acts on the scroll view).
    var onScroll: ((ScrollView) -> Void)?

    func viewForZooming(in scrollView: ScrollView) -> View? { answer.map { $0(scrollView) } ?? scrollView.zoomView }
    func scrollViewDidScroll(_ scrollView: ScrollView) {
        calls.append("didScroll")
        onScroll?(scrollView)
    }
    func scrollViewDidZoom(_ scrollView: ScrollView) { calls.append("didZoom") }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        calls.append("willBeginZooming \(view == nil ? "nil" : "view")")
    }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        calls.append("didEndZooming \(view == nil ? "nil" : "view") \(scale)")
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }

    /// The calls without `didScroll` and `didZoom`, which come at every frame of a zoom.
    var events: [String] { calls.filter { $0 != "didScroll" && $0 != "didZoom" } }

    func clear() { calls.removeAll() }
}

/// A 400 × 400 window filled by a scroll view zooming `photo`, a logging 400 × 400 content view
/// at the origin (F = b = 0, Z = 400), content 400 × 400, limits 0.5 and 2 — the scene of the
/// `zoom-*` scenarios.
struct ZoomStage {
    let app = Application()
    let log: ScrollLog
    let window: Window
    let scrollView: ScrollView
    let photo: ContentView
    let delegate = ZoomDelegateRecorder()

    /// `makeScrollView` makes the scroll view (a subclass, say) with the frame and app given.
    init(minimum: Double = 0.5, maximum: Double = 2, photoFrame: Rect = Rect(0, 0, 400, 400), delegate withDelegate: Bool = true,
         makeScrollView: (Rect, Application) -> ScrollView = { ScrollView(frame: $0, in: $1) }) {
        log = ScrollLog(app: app)
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        scrollView = makeScrollView(Rect(0, 0, 400, 400), app)
        scrollView.contentSize = Size(width: 400, height: 400)
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        photo = ContentView("photo", frame: photoFrame, in: app, log: log)
        photo.isMultipleTouchEnabled = true
        scrollView.addSubview(photo)
        try! scrollView.setZoomView(photo)
        try! scrollView.setMinimumZoomScale(minimum)
        try! scrollView.setMaximumZoomScale(maximum)
        if withDelegate { scrollView.delegate = delegate }
    }

    func fingers(_ t: Double, _ touches: TouchInput...) throws {
        try app.send(InputFrame(timestamp: t, touches: touches))
    }

    func touchpad(_ t: Double, _ phase: TouchpadGestureInput.Phase, _ x: Double, _ y: Double, scale: Double = 1) throws {
        try app.send(InputFrame(timestamp: t, touchpadGesture: .pinch(phase, at: Point(x, y), scale: scale, rotation: 0, fingers: 2)))
    }

    /// Two fingers at (cx ∓ 50, cy) land at `t` (D₀ = 100) and spread to (cx ∓ 55, cy) 0.02 s
    /// later (D_b = 110): the pinch begins, with D₀′ = 108. Returns the time of the began frame.
    @discardableResult
    func beginPinch(at t: Double = 0, cx: Double = 200, cy: Double = 200) throws -> Double {
        try fingers(t, began(1, cx - 50, cy), began(2, cx + 50, cy))
        try fingers(t + 0.02, moved(1, cx - 55, cy), moved(2, cx + 55, cy))
        return t + 0.02
    }

    /// Moves both fingers to distance `d` about (cx, cy).
    func spread(at t: Double, to d: Double, cx: Double = 200, cy: Double = 200) throws {
        try fingers(t, moved(1, cx - d / 2, cy), moved(2, cx + d / 2, cy))
    }

    func lift(at t: Double, d: Double, cx: Double = 200, cy: Double = 200) throws {
        try fingers(t, ended(1, cx - d / 2, cy), ended(2, cx + d / 2, cy))
    }

    /// A pinch to s = 130/108 with the centroid at (300, 200), lifted at 0.1: o.x = s·200 − 300
    /// < 0, banded, and the lift settles it to 0 over 0.2 s. Returns the offset at the lift.
    @discardableResult
    func settleAfterAPinch() throws -> Point {
        try beginPinch()
        try spread(at: 0.04, to: 130, cx: 300, cy: 200)
        let start = scrollView.contentOffset
        try lift(at: 0.1, d: 130, cx: 300, cy: 200)
        return start
    }

    /// A touchpad pinch at (100, 100) to 2.6 (shown past the maximum), ended at 0.06: the
    /// bounce back runs from there.
    func bounceAfterATouchpadPinch() throws {
        try touchpad(0, .began, 100, 100)
        try touchpad(0.02, .changed, 100, 100, scale: 1.1)
        try touchpad(0.04, .changed, 100, 100, scale: 2.6)
        try touchpad(0.06, .ended, 100, 100)
    }
}

/// Behaviour A6.2's formulas, written out again here from the text (not from the library), in
/// the text's order of operations.
enum ZoomFormula {
    /// ρ: max·(2 − max/raw) above max, min/(2 − raw/min) below min, raw between.
    static func rho(_ raw: Double, _ minimum: Double, _ maximum: Double) -> Double {
        if raw > maximum { return maximum * (2 - maximum / raw) }
        if raw < minimum { return minimum / (2 - raw / minimum) }
        return raw
    }
    /// c = b + (P + o − F)/s.
    static func anchor(_ p: Double, _ o: Double, _ f: Double, _ b: Double, _ s: Double) -> Double { b + (p + o - f) / s }
    /// o = F + s·(c − b) − P.
    static func offset(_ c: Double, _ p: Double, _ f: Double, _ b: Double, _ s: Double) -> Double { f + s * (c - b) - p }
    /// T = min(0.1 + 0.3·|ln s − ln s_t|, 0.4).
    static func duration(_ s: Double, _ target: Double) -> Double {
        Swift.min(0.1 + 0.3 * Swift.abs(Foundation.log(s) - Foundation.log(target)), 0.4)
    }
    /// E(p): 4p³ below ½, 1 − (2 − 2p)³/2 from ½.
    static func ease(_ p: Double) -> Double {
        if p < 0.5 { return 4 * p * p * p }
        let q = 2 - 2 * p
        return 1 - q * q * q / 2
    }
    /// a + (target − a)·E((t − t₀)/T), the target itself once t − t₀ ≥ T.
    static func eased(_ a: Double, _ target: Double, _ elapsed: Double, _ duration: Double) -> Double {
        elapsed >= duration ? target : a + (target - a) * ease(elapsed / duration)
    }
    /// A path set to a new start `set` seconds in goes on over the rest of its ease: the part of
    /// that rest done `elapsed` seconds in (both counted from the path's own start).
    static func restOfEase(_ elapsed: Double, setAt set: Double, _ duration: Double) -> Double {
        let begins = ease(set / duration)
        return (ease(elapsed / duration) - begins) / (1 - begins)
    }
}
