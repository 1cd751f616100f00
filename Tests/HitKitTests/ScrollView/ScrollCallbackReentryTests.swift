import Testing
@testable import HitKit

/// Behaviour A6.1 and A6.2 when the scroll view's delegate changes the scroll view from inside
/// its calls: an offset set from `scrollViewDidScroll`, a removal from a motion tick or from
/// `scrollViewWillBeginDragging`, an animation started from `scrollViewDidEndDecelerating`, a zoom
/// from `scrollViewDidZoom`. Nothing traps or loops, the delegate's order holds, and the touches
/// keep A3's one end per began.
@Suite struct ScrollCallbackReentryTests {
    let app = Application()
    let ledger = CallLedger()
    let window: Window
    let scrollView: ScrollView
    let cell: HookView
    let delegate: Delegate

    final class Delegate: ScrollViewDelegate {
        var calls: [String] = []
        var onDidScroll: ((ScrollView) -> Void)?
        var onWillBeginDragging: ((ScrollView) -> Void)?
        var onDidEndDecelerating: ((ScrollView) -> Void)?
        var onDidZoom: ((ScrollView) -> Void)?
        var onWillEndDragging: ((ScrollView, inout Point) -> Void)?
        var onDidEndDragging: ((ScrollView) -> Void)?
        var onWillBeginDecelerating: ((ScrollView) -> Void)?
        var onWillBeginZooming: ((ScrollView) -> Void)?
        var onViewForZooming: (() -> Void)?
        var zoomView: View?
        func scrollViewDidScroll(_ s: ScrollView) { calls.append("didScroll"); onDidScroll?(s) }
        func scrollViewWillBeginDragging(_ s: ScrollView) { calls.append("willBeginDragging"); onWillBeginDragging?(s) }
        func scrollViewDidEndDragging(_ s: ScrollView, willDecelerate: Bool) {
            calls.append("didEndDragging \(willDecelerate)"); onDidEndDragging?(s)
        }
        func scrollViewWillBeginDecelerating(_ s: ScrollView) { calls.append("willBeginDecelerating"); onWillBeginDecelerating?(s) }
        func scrollViewDidEndDecelerating(_ s: ScrollView) { calls.append("didEndDecelerating"); onDidEndDecelerating?(s) }
        func scrollViewDidEndScrollingAnimation(_ s: ScrollView) { calls.append("didEndScrollingAnimation") }
        func viewForZooming(in s: ScrollView) -> View? { onViewForZooming?(); return zoomView }
        func scrollViewWillEndDragging(_ s: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point) {
            calls.append("willEndDragging"); onWillEndDragging?(s, &targetContentOffset)
        }
        func scrollViewWillBeginZooming(_ s: ScrollView, with view: View?) {
            calls.append("willBeginZooming"); onWillBeginZooming?(s)
        }
        func scrollViewDidZoom(_ s: ScrollView) { calls.append("didZoom"); onDidZoom?(s) }
        func scrollViewDidEndZooming(_ s: ScrollView, with view: View?, atScale scale: Double) {
            calls.append("didEndZooming \(scale)")
        }
    }

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        scrollView = ScrollView(frame: Rect(0, 0, 300, 300), in: app)
        scrollView.contentSize = Size(width: 1000, height: 1000)
        window.addSubview(scrollView)
        cell = HookView("cell", frame: Rect(0, 0, 1000, 1000), in: app, ledger: ledger)
        scrollView.addSubview(cell)
        delegate = Delegate()
        scrollView.delegate = delegate
        window.makeKeyAndVisible()
    }

    /// Replaces the cell with a 1000 × 1000 content view that the delegate answers for
    /// zooming, between the limits 0.5 and `maximum`.
    @discardableResult
    func makeZoomable(maximum: Double = 3) throws -> View {
        let content = View(frame: Rect(0, 0, 1000, 1000), in: app)
        cell.removeFromSuperview()
        scrollView.addSubview(content)
        delegate.zoomView = content
        try scrollView.setMinimumZoomScale(0.5)
        try scrollView.setMaximumZoomScale(maximum)
        return content
    }

    /// Two fingers about (150, 150) spread from 20 to 140 pt apart, then lifted.
    func pinchOut() throws {
        try app.frame(0, began(1, 140, 150), began(2, 160, 150))
        for step in 1...4 {
            let d = 10 + 15 * Double(step)
            try app.frame(0.02 * Double(step), moved(1, 150 - d, 150), moved(2, 150 + d, 150))
        }
        try app.frame(0.1, ended(1, 80, 150), ended(2, 220, 150))
    }

    /// The zooming calls the delegate heard, in order.
    var zoomCalls: [String] { delegate.calls.filter { $0.contains("Zooming") } }

    /// A flick up and to the left, lifted while moving fast (motion follows).
    func flick() throws {
        try app.frame(0, began(1, 250, 250))
        try app.frame(0.016, moved(1, 240, 240))
        try app.frame(0.032, moved(1, 220, 220))
        try app.frame(0.048, moved(1, 200, 200))
        try app.frame(0.064, ended(1, 180, 180))
    }

    /// The toolkit's "lock the horizontal axis" idiom: `scrollViewDidScroll` sets the offset
    /// back to x = 0, during the drag and through the deceleration that follows. HitKit calls
    /// `scrollViewDidScroll` for that change too (on every offset change); it must not loop,
    /// and the motion still ends once, by itself.
    @Test func aDidScrollThatSetsTheOffsetDoesNotLoopAndMotionStillEndsOnce() throws {
        var depth = 0, deepest = 0
        delegate.onDidScroll = { s in
            depth += 1; deepest = max(deepest, depth)
            defer { depth -= 1 }
            if s.contentOffset.x != 0 { s.setContentOffset(Point(0, s.contentOffset.y), animated: false) }
        }
        try flick()
        #expect(scrollView.contentOffset.x == 0)
        #expect(scrollView.contentOffset.y > 0)
        try app.advance(to: 10)
        #expect(scrollView.contentOffset.x == 0)
        #expect(deepest <= 2)
        #expect(!scrollView.isDecelerating && !scrollView.isDragging)
        #expect(delegate.calls.filter { $0 == "didEndDecelerating" }.count <= 1)
        #expect(app.pendingTimerCount == 0)
        #expect(ledger.violations == [] && ledger.unended == [])
    }

    /// A motion tick whose `scrollViewDidScroll` removes the scroll view: no trap, no tick left
    /// pending forever, and later input works.
    @Test func aDidScrollDuringMotionThatRemovesTheScrollViewStopsCleanly() throws {
        try flick()
        #expect(scrollView.isDecelerating)
        delegate.onDidScroll = { s in s.removeFromSuperview() }
        try app.advance(to: 0.1)
        #expect(scrollView.superview == nil)
        delegate.onDidScroll = nil
        try app.advance(to: 10)
        // Its motion was stopped or ran out: no tick is left due, no `didEndDecelerating` twice.
        #expect(app.pendingTimerCount == 0 && app.nextDeadline == nil)
        #expect(delegate.calls.filter { $0 == "didEndDecelerating" }.count <= 1)
        try app.frame(11, began(2, 350, 350))
        try app.frame(11.05, ended(2, 350, 350))
        #expect(app.activeTouches.isEmpty)
        #expect(ledger.violations == [] && ledger.unended == [])
    }

    /// `scrollViewWillBeginDragging` removing the scroll view: the pan, which just began, is
    /// cancelled with its view's removal; the content (whose touch was still withheld by the
    /// content delay) never hears of the touch; nothing moves after the lift.
    @Test func aWillBeginDraggingThatRemovesTheScrollViewEndsTheDrag() throws {
        delegate.onWillBeginDragging = { s in s.removeFromSuperview() }
        try flick()
        try app.advance(to: 5)
        #expect(!scrollView.isDragging && !scrollView.isDecelerating && !scrollView.isTracking)
        #expect(!delegate.calls.contains("willBeginDecelerating"), "\(delegate.calls)")
        #expect(ledger.lines == [])
        #expect(app.pendingTimerCount == 0)
        #expect(app.activeTouches.isEmpty)
    }

    /// An animated `setContentOffset` started from `scrollViewDidEndDecelerating`: it runs
    /// (0.3 s) and ends with one `didEndScrollingAnimation`, at the offset asked.
    @Test func anAnimationStartedFromDidEndDeceleratingRunsToItsEnd() throws {
        delegate.onDidEndDecelerating = { s in s.setContentOffset(Point(0, 0), animated: true) }
        try flick()
        try app.advance(to: 10)
        // The deceleration ends at the first frame after its end: 10, where the animation starts.
        #expect(delegate.calls.last == "didEndDecelerating")
        try app.advance(to: 10.2)
        #expect(scrollView.contentOffset != Point(0, 0) && scrollView.contentOffset.y > 0)
        try app.advance(to: 10.3)
        #expect(scrollView.contentOffset == Point(0, 0))
        #expect(delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)
        #expect(delegate.calls.last == "didEndScrollingAnimation", "\(delegate.calls.suffix(4))")
        #expect(delegate.calls.filter { $0 == "didEndScrollingAnimation" }.count == 1)
        #expect(app.pendingTimerCount == 0)
    }

    /// `scrollViewDidZoom` zooming again (to the other limit, not animated) while a zoom from
    /// code is animating: no trap, and once everything has run out the scale is within the
    /// limits and nothing is zooming.
    @Test func aDidZoomThatZoomsAgainSettlesWithinTheLimits() throws {
        try makeZoomable(maximum: 2)
        var zooms = 0
        delegate.onDidZoom = { s in
            zooms += 1
            if zooms == 2 { s.setZoomScale(0.5, animated: false) }
        }
        scrollView.setZoomScale(2, animated: true)
        try app.advance(to: 0.1)
        try app.advance(to: 0.2)
        try app.advance(to: 5)
        #expect(!scrollView.isZooming && !scrollView.isZoomBouncing)
        #expect((0.5...2).contains(scrollView.zoomScale))
        #expect(app.pendingTimerCount == 0)
    }

    /// `scrollViewWillBeginZooming` taking the scroll view out of its window: the pinch it
    /// announces is cancelled from inside that call, and its end (`didEndZooming`, `isZooming`
    /// false, A6.2) stands — the begin does not mark it zooming again once the call returns.
    @Test func aWillBeginZoomingThatRemovesTheScrollViewLeavesThePinchEnded() throws {
        try makeZoomable()
        delegate.onWillBeginZooming = { s in s.removeFromSuperview() }
        try pinchOut()
        try app.advance(to: 1)
        #expect(!scrollView.isZooming)
        #expect(zoomCalls == ["willBeginZooming", "didEndZooming 1.0"])
        #expect(app.pendingTimerCount == 0 && app.nextDeadline == nil)
    }

    /// The same with a touchpad's pinch, disabled from `scrollViewWillBeginZooming`.
    @Test func aWillBeginZoomingThatDisablesThePinchLeavesItEnded() throws {
        try makeZoomable()
        delegate.onWillBeginZooming = { s in s.pinchGestureRecognizer?.isEnabled = false }
        func pinch(_ t: Double, _ phase: TouchpadGestureInput.Phase, scale: Double) throws {
            try app.send(InputFrame(timestamp: t, touchpadGesture: .pinch(phase, at: Point(150, 150), scale: scale,
                                                                          rotation: 0, fingers: 2)))
        }
        try pinch(0, .began, scale: 1)
        try pinch(0.02, .changed, scale: 1.5)
        try pinch(0.04, .ended, scale: 1.5)
        try app.advance(to: 1)
        #expect(!scrollView.isZooming)
        #expect(zoomCalls == ["willBeginZooming", "didEndZooming 1.0"])
        #expect(scrollView.zoomScale == 1)
    }

    /// `scrollViewWillBeginZooming` of an animated zoom from code asking for another zoom,
    /// animated: the later request takes the first over (A6.2: a new animated zoom replaces a
    /// running one) — one `scrollViewWillBeginZooming`, one `scrollViewDidEndZooming`, at its scale.
    @Test func aWillBeginZoomingThatZoomsAgainAnimatedWins() throws {
        try makeZoomable()
        var first = true
        delegate.onWillBeginZooming = { s in if first { first = false; s.setZoomScale(3, animated: true) } }
        scrollView.setZoomScale(2, animated: true)
        for step in 1...10 { try app.advance(to: 0.05 * Double(step)) }
        #expect(scrollView.zoomScale == 3)
        #expect(zoomCalls == ["willBeginZooming", "didEndZooming 3.0"])
        #expect(!scrollView.isMoving && app.nextDeadline == nil)
    }

    /// The same with the later zoom not animated: it is made at once and closes the zoom.
    @Test func aWillBeginZoomingThatZoomsAgainAtOnceWins() throws {
        try makeZoomable()
        delegate.onWillBeginZooming = { s in s.setZoomScale(3, animated: false) }
        scrollView.setZoomScale(2, animated: true)
        #expect(scrollView.zoomScale == 3)
        #expect(zoomCalls == ["willBeginZooming", "didEndZooming 3.0"])
        for step in 1...10 { try app.advance(to: 0.05 * Double(step)) }
        #expect(scrollView.zoomScale == 3)
        #expect(zoomCalls == ["willBeginZooming", "didEndZooming 3.0"])
        #expect(!scrollView.isMoving && app.nextDeadline == nil)
    }

    /// `scrollViewWillEndDragging` moving the target and removing the scroll view: no trap, no
    /// tick left pending, at most one `didEndDecelerating`.
    @Test func aWillEndDraggingThatRemovesTheScrollViewLeavesNoMotionRunning() throws {
        delegate.onWillEndDragging = { s, target in target = Point(0, 500); s.removeFromSuperview() }
        try flick()
        try app.advance(to: 5)
        #expect(app.pendingTimerCount == 0 && app.nextDeadline == nil)
        #expect(!scrollView.isDecelerating)
        #expect(delegate.calls.filter { $0 == "didEndDecelerating" }.count <= 1, "\(delegate.calls)")
    }

    /// `viewForZooming` taking its zoom view out of the scroll view when asked: the answer is no
    /// longer a direct subview, so it counts as none (nothing zooms, no trap).
    @Test func aViewForZoomingThatRemovesTheZoomViewZoomsNothing() throws {
        let content = View(frame: Rect(0, 0, 300, 300), in: app)
        cell.removeFromSuperview()
        scrollView.addSubview(content)
        delegate.zoomView = content
        delegate.onViewForZooming = { content.removeFromSuperview() }
        try scrollView.setMinimumZoomScale(0.5)
        try scrollView.setMaximumZoomScale(3)
        scrollView.setZoomScale(2, animated: true)
        try app.advance(to: 1)
        scrollView.setZoomScale(2, animated: false)
        try app.advance(to: 2)
        #expect(scrollView.zoomScale == 1)
        #expect(content.transform == .identity)
        #expect(!scrollView.isZooming && !scrollView.isZoomBouncing)
        #expect(app.pendingTimerCount == 0)
    }

    final class ContentScrollView: ScrollView {
        var onShouldBegin: (() -> Void)?
        override func touchesShouldBegin(_ touches: Set<Touch>, with event: HitKit.Event?, in content: View) -> Bool {
            onShouldBegin?(); onShouldBegin = nil
            return true
        }
    }

    /// `touchesShouldBegin` (asked when the content delay releases the touch, A6) removing the
    /// content it is asked about: the content never hears of the touch.
    @Test func aTouchesShouldBeginThatRemovesTheContentDeliversNothingToIt() throws {
        let scroll = ContentScrollView(frame: Rect(0, 0, 300, 300), in: app)
        scroll.contentSize = Size(width: 300, height: 1000)
        scrollView.removeFromSuperview()
        window.addSubview(scroll)
        let content = HookView("content", frame: Rect(0, 0, 300, 100), in: app, ledger: ledger)
        scroll.addSubview(content)
        scroll.onShouldBegin = { [unowned content] in content.removeFromSuperview() }
        try app.frame(0, began(1, 50, 50))
        try app.advance(to: 0.2)
        try app.frame(0.3, ended(1, 50, 50))
        #expect(ledger.lines == [])
        #expect(app.activeTouches.isEmpty)
    }
}
