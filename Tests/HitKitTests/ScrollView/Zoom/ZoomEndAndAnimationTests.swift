import Testing
@testable import HitKit

/// Behaviour A6.2, one test per rule: the end of a pinch (at once, the settle, the bounce, the
/// wait for a drag), zooms from code, interruptions, and no zoom view.
@Suite("Scroll view zooming: ends, animations and interruptions (Behaviour A6.2)")
struct ZoomEndAndAnimationTests {
    // MARK: The end of a pinch

    @Test("inside the limits: didEndZooming at once, and an offset in range stays")
    func endInsideTheLimits() throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 150)
        let offset = stage.scrollView.contentOffset
        try stage.lift(at: 0.1, d: 150)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(150.0 / 108)"])
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset == offset && !stage.app.hasScrollMotion)
    }

    @Test("an offset out of range settles over 0.2 s with the ease, didScroll only; a touch stops it with no call")
    func theSettle() throws {
        let stage = ZoomStage()
        let start = try stage.settleAfterAPinch()
        #expect(start.x < 0)
        stage.delegate.clear()
        try stage.app.advance(to: 0.15)
        #expect(stage.scrollView.contentOffset == Point(ZoomFormula.eased(start.x, 0, 0.15 - 0.1, 0.2), start.y))
        #expect(stage.delegate.calls == ["didScroll"])
        try stage.app.advance(to: 0.3)
        #expect(stage.scrollView.contentOffset == Point(0, start.y) && stage.delegate.calls == ["didScroll", "didScroll"])

        let stopped = ZoomStage()
        try stopped.settleAfterAPinch()
        try stopped.app.advance(to: 0.16)
        let shown = stopped.scrollView.contentOffset
        stopped.delegate.clear()
        try stopped.fingers(0.16, began(3, 200, 200))
        try stopped.app.advance(to: 0.4)
        #expect(stopped.scrollView.contentOffset == shown && stopped.delegate.calls.isEmpty)
        #expect(!stopped.log.lines.contains { $0.contains("touchesBegan 3") }, "tap to stop: not delivered")
    }

    @Test("past a limit it bounces back over T with the ease: isZoomBouncing, the exact end, then didEndZooming")
    func theBounce() throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 360)
        let s = ZoomFormula.rho(360 / 108, 0.5, 2)
        let o = stage.scrollView.contentOffset
        try stage.lift(at: 0.1, d: 360)
        #expect(stage.scrollView.isZoomBouncing && !stage.scrollView.isZooming)
        let duration = ZoomFormula.duration(s, 2)
        let target = ZoomFormula.offset(200, 200, 0, 0, 2)
        for t in [0.13, 0.2, 0.28] where t - 0.1 < duration {
            try stage.app.advance(to: t)
            #expect(stage.scrollView.zoomScale == ZoomFormula.eased(s, 2, t - 0.1, duration))
            #expect(stage.scrollView.contentOffset.x == ZoomFormula.eased(o.x, target, t - 0.1, duration))
            #expect(stage.scrollView.contentSize.width == stage.scrollView.zoomScale * 400)
        }
        #expect(stage.delegate.events == ["willBeginZooming view"])
        // The first frame at or after the end (0.1 + T itself may round below it).
        try stage.app.advance(to: 0.1 + duration + 0.001)
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset == Point(target, target))
        #expect(!stage.scrollView.isZoomBouncing && stage.delegate.events.last == "didEndZooming view 2.0")
    }

    /// Fingers spread 300 pt apart (past the maximum), both 12 pt up (the pan begins), then
    /// finger 2 lifts at 0.08: the pinch has ended, its bounce waiting for finger 1's drag.
    func pinchEndedPastTheMaximumWhileDragging() throws -> ZoomStage {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 300)
        try stage.fingers(0.06, moved(1, 50, 188), moved(2, 350, 188))
        try stage.fingers(0.08, ended(2, 350, 188))
        return stage
    }

    @Test("the end waits for a drag under way; the drag's end is didEndDragging false, then the bounce from the values shown")
    func theEndWaitsForTheDrag() throws {
        let stage = try pinchEndedPastTheMaximumWhileDragging()
        #expect(stage.scrollView.isDragging && !stage.scrollView.isZooming && !stage.scrollView.isZoomBouncing, "the bounce waits")
        let s = stage.scrollView.zoomScale
        let atLastStep = stage.scrollView.contentOffset
        try stage.fingers(0.1, moved(1, 50, 168))
        let afterDrag = stage.scrollView.contentOffset
        #expect(afterDrag.y == atLastStep.y + 20)
        try stage.fingers(0.12, ended(1, 50, 168))
        #expect(Array(stage.delegate.events.suffix(2)) == ["willBeginDragging", "didEndDragging false"])
        #expect(stage.scrollView.isZoomBouncing && !stage.scrollView.isDecelerating)
        // Anchored at c shown at the pinch's last P, 188, whatever the drag did after it.
        let duration = ZoomFormula.duration(s, 2)
        try stage.app.advance(to: 0.12 + duration)
        #expect(stage.scrollView.contentOffset.y == ZoomFormula.offset(200, 188, 0, 0, 2))
        #expect(stage.delegate.events.last == "didEndZooming view 2.0")
    }

    @Test("a zoom view gone by the drag's end: the waiting zoom's didEndZooming at the scale shown, and no bounce")
    func theWaitingEndOfAZoomViewGoneIsToldAtTheDragsEnd() throws {
        let stage = try pinchEndedPastTheMaximumWhileDragging()
        let s = stage.scrollView.zoomScale
        #expect(s > 2 && stage.delegate.events == ["willBeginZooming view", "willBeginDragging"], "the bounce waits")
        stage.photo.removeFromSuperview()
        try stage.fingers(0.1, ended(1, 50, 188))
        try stage.app.advance(to: 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "willBeginDragging", "didEndDragging false", "didEndZooming view \(s)"])
        #expect(stage.scrollView.zoomScale == s && !stage.scrollView.isZoomBouncing)
    }

    @Test("both fingers lifting in one frame: didEndDragging false comes before didEndZooming")
    func dragAndZoomEndTogether() throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 150)
        try stage.fingers(0.06, moved(1, 125, 188), moved(2, 275, 188))
        try stage.fingers(0.08, ended(1, 125, 188), ended(2, 275, 188))
        #expect(stage.delegate.events == ["willBeginZooming view", "willBeginDragging", "didEndDragging false",
                                          "didEndZooming view \(150.0 / 108)"])
    }

    @Test("the pinch resets to possible at the end of the frame its last finger lifts (A4), not at the next touch")
    func thePinchResetsOnceItsFingersAreGone() throws {
        let stage = ZoomStage()
        let pinch = try #require(stage.scrollView.pinchGestureRecognizer)
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 150)
        #expect(pinch.state == .changed)
        // One finger lifts: the pinch ends, and stays ended while its other finger is down.
        try stage.fingers(0.06, ended(1, 125, 200), moved(2, 275, 200))
        #expect(pinch.state == .ended)
        try stage.app.advance(to: 0.3)
        #expect(pinch.state == .ended)
        // The last one lifts: possible at the end of that frame, and in the frames after it.
        try stage.fingers(0.32, ended(2, 275, 200))
        #expect(pinch.state == .possible)
        try stage.app.advance(to: 1)
        #expect(pinch.state == .possible && pinch.scale == 1)
        // A touchpad pinch's end resets it in its own frame too.
        try stage.touchpad(1.1, .began, 200, 200)
        try stage.touchpad(1.12, .changed, 200, 200, scale: 1.2)
        try stage.touchpad(1.14, .ended, 200, 200, scale: 1.2)
        #expect(pinch.state == .possible)
    }

    // MARK: Zooms from code

    @Test("setZoomScale animated: willBeginZooming, the values over T from the center's anchor, didEndZooming")
    func animatedSetZoomScale() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(1.8, animated: true)
        #expect(stage.delegate.events == ["willBeginZooming view"] && stage.scrollView.zoomScale == 1)
        let duration = ZoomFormula.duration(1, 1.8)
        let target = ZoomFormula.offset(ZoomFormula.anchor(200, 0, 0, 0, 1), 200, 0, 0, 1.8)
        try stage.app.advance(to: 0.1)
        #expect(stage.scrollView.zoomScale == ZoomFormula.eased(1, 1.8, 0.1, duration))
        #expect(stage.scrollView.contentOffset.y == ZoomFormula.eased(0, target, 0.1, duration))
        #expect(!stage.scrollView.isZoomBouncing && !stage.scrollView.isZooming)
        try stage.app.advance(to: duration)
        #expect(stage.scrollView.zoomScale == 1.8 && stage.delegate.events.last == "didEndZooming view 1.8")
    }

    @Test("an animated zoom started during another takes over: one willBeginZooming, one didEndZooming")
    func animatedZoomTakesOver() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: true)
        try stage.app.advance(to: 0.1)
        let shown = stage.scrollView.zoomScale
        stage.scrollView.setZoomScale(0.5, animated: true)
        try stage.app.advance(to: 0.1 + ZoomFormula.duration(shown, 0.5) / 2)
        try stage.app.advance(to: 1)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 0.5"])
        #expect(stage.scrollView.zoomScale == 0.5)
    }

    @Test("zoom(to:) at the scale shown only scrolls: over 0.1 s with didEndScrollingAnimation, or at once with no call")
    func zoomToAtTheScaleShown() throws {
        let stage = ZoomStage()
        try stage.scrollView.zoom(to: Rect(100, 100, 200, 200), animated: false)   // s = 2, c = (200, 200)
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset == Point(200, 200))
        stage.delegate.clear()
        try stage.scrollView.zoom(to: Rect(0, 0, 200, 200), animated: true)
        try stage.app.advance(to: 0.05)
        #expect(stage.scrollView.contentOffset.x == ZoomFormula.eased(200, 0, 0.05, 0.1))
        try stage.app.advance(to: 0.1)
        #expect(stage.scrollView.contentOffset == .zero && stage.delegate.events == ["didEndScrollingAnimation"])
        stage.delegate.clear()
        try stage.scrollView.zoom(to: Rect(200, 200, 200, 200), animated: false)
        #expect(stage.scrollView.contentOffset == Point(400, 400) && stage.delegate.calls == ["didScroll"])
    }

    @Test("setContentOffset finishes a running zoom first; a step from code closes it")
    func codeDuringAnAnimation() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: true)
        try stage.app.advance(to: 0.05)
        stage.scrollView.setContentOffset(Point(10, 10), animated: false)
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset == Point(10, 10))
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 2.0"])

        let closing = ZoomStage()
        closing.scrollView.setZoomScale(2, animated: true)
        try closing.app.advance(to: 0.05)
        closing.scrollView.setZoomScale(1.5, animated: false)
        #expect(closing.delegate.events == ["willBeginZooming view", "didEndZooming view 1.5"])
        #expect(!closing.app.hasScrollMotion)
    }

    // MARK: Interruptions

    @Test("a pinch beginning during an animation stops it at the values shown: didEndZooming, then willBeginZooming; s₀ is the scale shown")
    func aPinchInterrupts() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: true)
        try stage.touchpad(0.05, .began, 200, 200)
        try stage.touchpad(0.1, .changed, 200, 200, scale: 1.1)
        let shown = ZoomFormula.eased(1, 2, 0.1, ZoomFormula.duration(1, 2))
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(shown)", "willBeginZooming view"])
        try stage.touchpad(0.15, .changed, 200, 200, scale: 1.2)
        #expect(stage.scrollView.zoomScale == ZoomFormula.rho(shown * 1.2, 0.5, 2))
    }

    @Test("a touch during a bounce stops it where it is; its lift bounces back from there, anchored at the bounds' centre")
    func aTouchInterruptsABounce() throws {
        let stage = ZoomStage()
        try stage.bounceAfterATouchpadPinch()
        try stage.app.advance(to: 0.08)
        let s = stage.scrollView.zoomScale, o = stage.scrollView.contentOffset
        try stage.fingers(0.08, began(1, 300, 300))
        #expect(stage.delegate.events.last == "didEndZooming view \(s)" && !stage.scrollView.isZoomBouncing)
        try stage.app.advance(to: 0.3)
        #expect(stage.scrollView.zoomScale == s, "held")
        try stage.fingers(0.3, ended(1, 300, 300))
        #expect(stage.scrollView.isZoomBouncing)
        try stage.app.advance(to: 1)
        let c = ZoomFormula.anchor(200, o.x, 0, 0, s)
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset.x == ZoomFormula.offset(c, 200, 0, 0, 2))
        #expect(stage.delegate.events.suffix(2) == ["didEndZooming view \(s)", "didEndZooming view 2.0"])
        #expect(!stage.log.lines.contains { $0.contains("touchesBegan 1") })
    }

    @Test("a hold, a scroll's began and a wheel notch over a bounce stop it too; it bounces back when they end")
    func otherInputsInterrupt() throws {
        for input in ["hold", "notch", "scroll"] {
            let stage = ZoomStage()
            try stage.bounceAfterATouchpadPinch()
            let at = Point(200, 200)
            switch input {
            case "hold":
                try stage.app.send(InputFrame(timestamp: 0.08, touchpadGesture: .hold(.began, at: at)))
                #expect(!stage.scrollView.isZoomBouncing && stage.scrollView.zoomScale > 2)
                try stage.app.send(InputFrame(timestamp: 0.2, touchpadGesture: .hold(.ended, at: at)))
            case "notch":
                try stage.app.send(InputFrame(timestamp: 0.08, scroll: ScrollInput(location: at, delta: Point(0, -10), kind: .discrete)))
            default:
                // A continuous scroll has an end, as a hold has: the bounce waits for it.
                try stage.app.send(InputFrame(timestamp: 0.08, scroll: ScrollInput(location: at, delta: Point(0, -10), kind: .continuous(.began))))
                #expect(!stage.scrollView.isZoomBouncing && stage.scrollView.zoomScale > 2)
                try stage.app.send(InputFrame(timestamp: 0.2, scroll: ScrollInput(location: at, delta: Point(0, 0), kind: .continuous(.ended))))
            }
            #expect(stage.scrollView.isZoomBouncing, "\(input): bouncing back")
            try stage.app.advance(to: 2)
            #expect(stage.scrollView.zoomScale == 2, "\(input)")
            #expect(stage.delegate.events.filter { $0.hasPrefix("didEndZooming") }.count == 2, "\(input)")
        }
    }

    /// A scroll view that starts a hover pass of its own while its pan is asked to begin: a pass
    /// nested in the notch's frame, after the notch was routed and before its pan's action.
    final class HoverUpdatingScrollView: ScrollView {
        var nestedPasses = 0
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            if gestureRecognizer === panGestureRecognizer {
                nestedPasses += 1
                application?.updateHover()
            }
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
    }

    @Test("a hover pass nested in a notch's frame before its pan's action leaves the bounce to the notch's own pass")
    func aNestedHoverPassDoesNotBounceBeforeTheNotchScrolled() throws {
        // The same notch over the same bounce, with and without the nested pass: the bounce back
        // is anchored where the notch left the content in both, so they end alike.
        func notchOverABounce(nested: Bool) throws -> (ZoomStage, Int) {
            let stage = ZoomStage { nested ? HoverUpdatingScrollView(frame: $0, in: $1) : ScrollView(frame: $0, in: $1) }
            try stage.bounceAfterATouchpadPinch()
            try stage.app.send(InputFrame(timestamp: 0.08, scroll: ScrollInput(location: Point(200, 200), delta: Point(0, -10), kind: .discrete)))
            #expect(stage.scrollView.isZoomBouncing)
            try stage.app.advance(to: 2)
            return (stage, (stage.scrollView as? HoverUpdatingScrollView)?.nestedPasses ?? 0)
        }
        let (plain, _) = try notchOverABounce(nested: false)
        let (nested, passes) = try notchOverABounce(nested: true)
        #expect(passes > 0, "the pan was asked to begin in the notch's frame")
        #expect(nested.scrollView.zoomScale == 2 && plain.scrollView.zoomScale == 2)
        #expect(nested.scrollView.contentOffset == plain.scrollView.contentOffset)
        #expect(nested.delegate.events == plain.delegate.events)
    }

    @Test("a click the pan does not take, or a finger with the pan disabled, stopping a bounce: it bounces back when it lifts")
    func aTouchThePanDoesNotTakeInterrupts() throws {
        for input in TouchThePanDoesNotTake.allCases {
            let stage = ZoomStage()
            try stage.bounceAfterATouchpadPinch()
            try stage.app.advance(to: 0.08)
            let s = stage.scrollView.zoomScale, o = stage.scrollView.contentOffset
            try input.press(0.08, at: Point(300, 300), on: stage.scrollView, down: true)
            #expect(stage.delegate.events.last == "didEndZooming view \(s)" && !stage.scrollView.isZoomBouncing, "\(input)")
            try stage.app.advance(to: 0.3)
            #expect(stage.scrollView.zoomScale == s, "\(input): held")
            try input.press(0.3, at: Point(300, 300), on: stage.scrollView, down: false)
            #expect(stage.scrollView.isZoomBouncing, "\(input): bouncing back")
            try stage.app.advance(to: 1)
            let c = ZoomFormula.anchor(200, o.x, 0, 0, s)
            #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset.x == ZoomFormula.offset(c, 200, 0, 0, 2), "\(input)")
            #expect(stage.delegate.events.suffix(2) == ["didEndZooming view \(s)", "didEndZooming view 2.0"], "\(input)")
            #expect(stage.log.lines.isEmpty, "\(input): the content never hears of it")
        }
    }

    @Test("a pinch begun by the fingers that stopped a bounce takes over: its end decides")
    func aPinchAfterTheStoppingTouch() throws {
        let stage = ZoomStage()
        try stage.bounceAfterATouchpadPinch()
        try stage.app.advance(to: 0.08)
        try stage.fingers(0.08, began(1, 150, 200), began(2, 250, 200))
        try stage.spread(at: 0.1, to: 110)
        #expect(stage.scrollView.isZooming)
        try stage.spread(at: 0.12, to: 100)
        let s = stage.scrollView.zoomScale
        #expect(s > 2)
        try stage.lift(at: 0.14, d: 100)
        #expect(stage.scrollView.isZoomBouncing)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.zoomScale == 2)
    }

    // MARK: No zoom view

    @Test("no zoom view: the pinch recognizes, will/didEndZooming with no view at 1, nothing zooms")
    func noZoomView() throws {
        let stage = ZoomStage()
        stage.delegate.answer = { _ in nil }
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 200)
        try stage.lift(at: 0.06, d: 200)
        #expect(stage.delegate.events == ["willBeginZooming nil", "didEndZooming nil 1.0"])
        #expect(stage.scrollView.zoomScale == 1 && stage.scrollView.contentOffset == .zero)
        stage.scrollView.setZoomScale(2, animated: false)
        try stage.scrollView.zoom(to: Rect(0, 0, 10, 10), animated: true)
        #expect(stage.scrollView.zoomScale == 1)

        let removed = ZoomStage()
        removed.photo.removeFromSuperview()
        try removed.beginPinch()
        try removed.lift(at: 0.1, d: 110)
        #expect(removed.delegate.events == ["willBeginZooming nil", "didEndZooming nil 1.0"])
    }

    /// Where A6.2 is silent: a zoom view freed during the pinch (removed, and let go by its host)
    /// ends the zoom at the scale shown, not at the no-zoom-view pinch's 1, and nothing bounces.
    @Test("a zoom view freed during the pinch: didEndZooming with no view at the scale shown")
    func aZoomViewFreedDuringThePinch() throws {
        let stage = ZoomStage(maximum: 4)
        weak var freed: View?
        do {
            let page = View(frame: Rect(0, 0, 400, 400), in: stage.app)
            stage.scrollView.addSubview(page)
            freed = page
        }
        stage.delegate.answer = { _ in freed }
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 200)
        let shown = stage.scrollView.zoomScale
        #expect(shown > 1.5)
        freed?.removeFromSuperview()
        #expect(freed == nil)
        try stage.lift(at: 0.06, d: 200)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming nil \(shown)"])
        #expect(stage.scrollView.zoomScale == shown && !stage.scrollView.isZoomBouncing)
    }

    /// A step that closes a zoom animation (`setContentOffset` finishing it, a zoom from code
    /// taking it over) shows its values before the animation's `scrollViewDidEndZooming`; a
    /// delegate that starts another animated zoom from that step's `scrollViewDidScroll` hears
    /// the first zoom's end before the second's `scrollViewWillBeginZooming`.
    @Test("a zoom begun from the delegate calls of the step that closes an animation comes after that animation's end",
          arguments: ["setContentOffset", "setZoomScale", "zoom(to:)"])
    func aZoomBegunWhileAnAnimationsEndIsShownComesAfterIt(step: String) throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(1.5, animated: true)
        try stage.app.advance(to: 0.05)
        var zoomsAgain = true
        stage.delegate.onScroll = { scrollView in
            guard zoomsAgain else { return }
            zoomsAgain = false
            scrollView.setZoomScale(0.7, animated: true)
        }
        switch step {
        case "setContentOffset": stage.scrollView.setContentOffset(Point(10, 10), animated: false)
        case "setZoomScale": stage.scrollView.setZoomScale(1.2, animated: false)
        default: try stage.scrollView.zoom(to: Rect(0, 0, 100, 100), animated: false)
        }
        try stage.app.advance(to: 1)
        // The first zoom ends at the scale its closing step showed: 1.5 (its target), 1.2, or
        // 2 (the 100-point rect fitting 400 points is 4, clamped to the maximum).
        let closedAt = ["setContentOffset": 1.5, "setZoomScale": 1.2, "zoom(to:)": 2.0][step]!
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(closedAt)",
                                          "willBeginZooming view", "didEndZooming view 0.7"])
        #expect(stage.scrollView.zoomScale == 0.7)
    }
}
