import Foundation
@testable import HitKit

/// A delegate that records its calls, each stamped with the application's time.
final class ScrollDelegateRecorder: ScrollViewDelegate {
    private(set) var calls: [String] = []
    /// Every offset `scrollViewDidScroll` saw, in order.
    private(set) var scrolledOffsets: [Point] = []
    /// Changes the proposed target of `scrollViewWillEndDragging`, when set.
    var retarget: ((Point) -> Point)?
    private(set) var proposedTargets: [Point] = []
    private(set) var velocities: [Point] = []
    /// Runs inside each call but `scrollViewDidScroll`, after it is recorded, with its name as
    /// recorded (a delegate that acts on the scroll view).
    var onCall: ((String, ScrollView) -> Void)?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        scrolledOffsets.append(scrollView.contentOffset)
        if calls.last != "didScroll" { calls.append("didScroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        calls.append("willEndDragging")
        proposedTargets.append(targetContentOffset)
        velocities.append(velocity)
        if let retarget { targetContentOffset = retarget(targetContentOffset) }
        onCall?("willEndDragging", scrollView)
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging \(decelerate)")
        onCall?("didEndDragging", scrollView)
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        calls.append("willBeginDecelerating")
        onCall?("willBeginDecelerating", scrollView)
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
}

/// A 400 × 400 window filled by a scroll view whose content is 400 × 20 000 (maximum offset
/// (0, 19 600)), with a logging content view `row` at (0, 0, 400, 20 000) carrying a tap.
struct MotionStage {
    let app = Application()
    let log: ScrollLog
    let window: Window
    let scrollView: ScrollView
    let row: ContentView
    let rowTap = TapGestureRecognizer()
    let delegate = ScrollDelegateRecorder()

    init(contentSize: Size = Size(width: 400, height: 20_000)) {
        log = ScrollLog(app: app)
        window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        scrollView.contentSize = contentSize
        window.addSubview(scrollView)
        row = ContentView("row", frame: Rect(x: 0, y: 0, width: contentSize.width, height: contentSize.height),
                          in: app, log: log)
        scrollView.addSubview(row)
        row.addGestureRecognizer(rowTap)
        let log = log
        rowTap.addTarget { (recognizer: GestureRecognizer) in log.add("rowTap \(recognizer.state)") }
        scrollView.delegate = delegate
    }

    /// A vertical flick by finger `id`: down at `y`, moved by `dy` in two equal steps 0.01 s
    /// apart, lifted with the second step. The pan's velocity is `dy / 0.02` pt/s (the content's
    /// is its negation); returns the time of the lift.
    @discardableResult
    func flick(id: Int = 1, at t: Double, x: Double = 200, y: Double = 300, dy: Double) throws -> Double {
        try app.frame(t, began(id, x, y))
        try app.frame(t + 0.01, moved(id, x, y + dy / 2))
        try app.frame(t + 0.02, moved(id, x, y + dy))
        try app.frame(t + 0.02, ended(id, x, y + dy))
        return t + 0.02
    }
}

/// Behaviour A6.1's formulas, written out again here from the text (not from the library).
enum Formula {
    static func k(_ rate: Double) -> Double { 1000 * Foundation.log(rate) }
    static func decay(_ o0: Double, _ u: Double, _ rate: Double, _ t: Double) -> Double {
        o0 + u * (Foundation.exp(k(rate) * t) - 1) / k(rate)
    }
    static func stopTime(_ u: Double, _ rate: Double) -> Double { Foundation.log(10 / Swift.abs(u)) / k(rate) }
    static func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (0.55 * x / d + 1)) * d }
    /// The spring's displacement from its anchor: (x₀ + (v + ω·x₀)·t)·e^{−ω·t}.
    static func spring(_ x0: Double, _ v: Double, _ t: Double) -> Double {
        (x0 + (v + 20 * x0) * t) * Foundation.exp(-20 * t)
    }
    static func springSpeed(_ x0: Double, _ v: Double, _ t: Double) -> Double {
        let b = v + 20 * x0
        return (b - 20 * (x0 + b * t)) * Foundation.exp(-20 * t)
    }
    static func easeInOut(_ p: Double) -> Double { p < 0.5 ? 4 * p * p * p : 1 - Foundation.pow(-2 * p + 2, 3) / 2 }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { Swift.abs(a - b) <= tolerance * Swift.max(1, Swift.abs(b)) }
