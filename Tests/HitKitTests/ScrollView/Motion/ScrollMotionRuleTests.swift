import Foundation
import Testing
@testable import HitKit

/// Behaviour A6.1, one test per rule, each against the formulas written out in ``Formula``.
@Suite("Scroll view motion: one test per rule of Behaviour A6.1")
struct ScrollMotionRuleTests {
    // MARK: Which drags move

    @Test("a finger's drag and a click's drag start motion; scroll input starts none")
    func whichDragsMove() throws {
        let stage = MotionStage()
        try stage.flick(at: 0, dy: -200)
        #expect(stage.scrollView.isDecelerating)

        let clicks = MotionStage()
        func pointer(_ t: Double, _ y: Double, _ buttons: Event.ButtonMask) throws {
            try clicks.app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 9, location: Point(200, y), buttons: buttons)))
        }
        try pointer(0, 300, .primary)
        try pointer(0.01, 200, .primary)
        try pointer(0.02, 100, .primary)
        try pointer(0.02, 100, [])
        #expect(clicks.scrollView.isDecelerating)

        let wheel = MotionStage()
        for (index, t) in [0.0, 0.01, 0.02].enumerated() {
            try wheel.app.send(InputFrame(timestamp: t, scroll: ScrollInput(location: Point(200, 200), delta: Point(0, -100),
                                                                           kind: .discrete)))
            #expect(wheel.scrollView.contentOffset == Point(0, Double(index + 1) * 100))
        }
        try wheel.app.advance(to: 1)   // the run ended on its timer
        #expect(!wheel.scrollView.isMoving)
        #expect(wheel.scrollView.contentOffset == Point(0, 300))
        // Scroll input keeps A8's clamping: no rubber band past the top.
        try wheel.app.send(InputFrame(timestamp: 2, scroll: ScrollInput(location: Point(200, 200), delta: Point(0, 500), kind: .discrete)))
        #expect(wheel.scrollView.contentOffset == Point(0, 0))
    }

    // MARK: Flags

    @Test("the flags' defaults, and isTracking, isDragging, isDecelerating through a flick")
    func flags() throws {
        let stage = MotionStage()
        let scrollView = stage.scrollView, app = stage.app
        #expect(scrollView.bounces && !scrollView.alwaysBounceVertical && !scrollView.alwaysBounceHorizontal)
        #expect(!scrollView.isPagingEnabled)
        #expect(scrollView.decelerationRate == .normal && DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        #expect(!scrollView.isTracking && !scrollView.isDragging && !scrollView.isDecelerating)
        try app.frame(0, began(1, 200, 300))
        #expect(scrollView.isTracking && !scrollView.isDragging)
        try app.frame(0.01, moved(1, 200, 250))
        #expect(scrollView.isTracking && scrollView.isDragging && !scrollView.isDecelerating)
        try app.frame(0.02, ended(1, 200, 200))
        #expect(!scrollView.isTracking && !scrollView.isDragging && scrollView.isDecelerating)
        try app.advance(to: 20)
        #expect(!scrollView.isDecelerating && !scrollView.isMoving)
    }

    // MARK: Deceleration

    @Test("deceleration follows o(t) = o₀ + u·(e^{kt} − 1)/k and ends at 10 pt/s with o(T)")
    func deceleration() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)            // pan −5000 pt/s: u = +5000
        let o0 = 100.0, u = 5000.0, rate = 0.998
        #expect(stage.scrollView.contentOffset == Point(0, o0))
        for s in [0.1, 0.5, 1.7] {
            try stage.app.advance(to: lift + s)
            #expect(close(stage.scrollView.contentOffset.y, Formula.decay(o0, u, rate, s)))
        }
        let stop = Formula.stopTime(u, rate)
        try stage.app.advance(to: lift + stop - 0.001)
        #expect(stage.scrollView.isDecelerating)
        try stage.app.advance(to: lift + stop + 5)              // the first frame after the end
        #expect(!stage.scrollView.isDecelerating)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(o0, u, rate, stop)))
        #expect(stage.scrollView.contentOffset.x == 0)          // zero velocity on the axis it cannot scroll
    }

    @Test("a drag lifted at 10 pt/s or less ends at once; decelerationRate .fast and a custom rate")
    func slowLiftAndRates() throws {
        let slow = MotionStage()
        try slow.app.frame(0, began(1, 200, 300))
        try slow.app.frame(1, moved(1, 200, 290))             // 10 pt over 1 s
        try slow.app.frame(1, ended(1, 200, 290))
        #expect(!slow.scrollView.isMoving)
        #expect(slow.delegate.calls.contains("didEndDragging false"))
        #expect(!slow.delegate.calls.contains("willBeginDecelerating"))

        for rate in [DecelerationRate.fast, try DecelerationRate(0.95)] {
            let stage = MotionStage()
            stage.scrollView.decelerationRate = rate
            let lift = try stage.flick(at: 0, dy: -100)
            try stage.app.advance(to: lift + 0.05)
            #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, rate.rawValue, 0.05)))
            try stage.app.advance(to: lift + 10)
            #expect(close(stage.scrollView.contentOffset.y,
                          Formula.decay(100, 5000, rate.rawValue, Formula.stopTime(5000, rate.rawValue))))
        }
    }

    // MARK: Edges

    @Test("without bounce an axis stops at its edge, at the time solved exactly; the other axis goes on")
    func edgeWithoutBounce() throws {
        let stage = MotionStage(contentSize: Size(width: 20_000, height: 600))   // maximum (19 600, 200)
        stage.scrollView.bounces = false
        let app = stage.app
        // A diagonal flick: the pan −5000 pt/s on both axes, so u = (5000, 5000).
        try app.frame(0, began(1, 300, 300))
        try app.frame(0.01, moved(1, 250, 250))
        try app.frame(0.02, moved(1, 200, 200))
        try app.frame(0.02, ended(1, 200, 200))
        #expect(stage.scrollView.contentOffset == Point(100, 100))
        let k = Formula.k(0.998)
        let edgeTime = Foundation.log(1 + k * (200 - 100) / 5000) / k
        try app.advance(to: 0.02 + edgeTime + 0.01)
        #expect(stage.scrollView.contentOffset.y == 200)
        #expect(close(stage.scrollView.contentOffset.x, Formula.decay(100, 5000, 0.998, edgeTime + 0.01)))
        #expect(stage.scrollView.isDecelerating)                // x goes on
        try app.advance(to: 10)
        #expect(!stage.scrollView.isDecelerating)
        #expect(stage.scrollView.contentOffset.y == 200)
    }

    @Test("without bounce a page's spring stops at the edge it reaches, once, and ends there")
    func pageSpringWithoutBounceStopsAtTheEdge() throws {
        // Content 1,000 (maximum 600), from page 400, a 5,000 pt/s flick: the page past 800 is
        // clamped to 600, and the spring from 500 at u = 5,000 reaches it at s = −x₀/b = 1/30 s.
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))
        stage.scrollView.isPagingEnabled = true
        stage.scrollView.bounces = false
        stage.scrollView.contentOffset = Point(0, 400)
        let lift = try stage.flick(at: 0, dy: -100)
        #expect(stage.delegate.proposedTargets == [Point(0, 600)])
        try stage.app.advance(to: lift + 0.03)
        #expect(close(stage.scrollView.contentOffset.y, 600 + Formula.spring(-100, 5000, 0.03)))
        #expect(stage.scrollView.isDecelerating)
        try stage.app.advance(to: lift + 0.034)                    // just past 1/30 s: at the edge, ended
        #expect(stage.scrollView.contentOffset.y == 600)
        #expect(!stage.scrollView.isDecelerating && !stage.scrollView.isMoving)
        try stage.app.advance(to: lift + 2)
        #expect(stage.scrollView.contentOffset.y == 600)
        #expect(stage.delegate.scrolledOffsets.allSatisfy { $0.y <= 600 })
        #expect(stage.delegate.calls == ["didScroll", "willBeginDragging", "didScroll", "willEndDragging",
                                         "didEndDragging true", "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test("without bounce a page's spring that starts on the edge going out ends at once: no deceleration")
    func pageSpringWithoutBounceFromTheEdgeEndsAtOnce() throws {
        // From 100 a 5,000 pt/s flick back: the drag stops at 0 and the first page is 0.
        let stage = MotionStage(contentSize: Size(width: 400, height: 2000))
        stage.scrollView.isPagingEnabled = true
        stage.scrollView.bounces = false
        stage.scrollView.contentOffset = Point(0, 100)
        let lift = try stage.flick(at: 0, dy: 100)
        #expect(stage.scrollView.contentOffset.y == 0)
        #expect(!stage.scrollView.isMoving)
        try stage.app.advance(to: lift + 1)
        #expect(stage.scrollView.contentOffset.y == 0)
        #expect(stage.delegate.scrolledOffsets.allSatisfy { $0.y >= 0 })
        #expect(stage.delegate.calls == ["didScroll", "willBeginDragging", "didScroll", "willEndDragging",
                                         "didEndDragging false"])
    }

    @Test("with bounce the axis follows x = v·(t − tₑ)·e^{−ω(t − tₑ)} past the edge and ends on it")
    func edgeBounce() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 600))      // maximum y 200
        let lift = try stage.flick(at: 0, dy: -100)                               // u = 5000 from 100
        let k = Formula.k(0.998)
        let edgeTime = Foundation.log(1 + k * (200 - 100) / 5000) / k
        let v = 5000 * Foundation.exp(k * edgeTime)
        for s in [0.02, 0.05, 0.1] {
            try stage.app.advance(to: lift + edgeTime + s)
            #expect(close(stage.scrollView.contentOffset.y, 200 + Formula.spring(0, v, s)))
        }
        try stage.app.advance(to: lift + 5)
        #expect(stage.scrollView.contentOffset.y == 200)
        #expect(!stage.scrollView.isMoving)
        #expect(stage.delegate.calls.last == "didEndDecelerating")
    }

    @Test("the spring ends at the first frame with |x| < 0.5 and |x'| < 10, and not before")
    func springEndRule() {
        let spring = CriticalSpring(anchor: 0, displacement: 30, velocity: 0)
        let end = spring.duration
        #expect(Swift.abs(Formula.spring(30, 0, end)) < 0.5 && Swift.abs(Formula.springSpeed(30, 0, end)) < 10)
        for step in 0..<Int(end * 1000) {
            let s = Double(step) / 1000
            #expect(Swift.abs(Formula.spring(30, 0, s)) >= 0.5 || Swift.abs(Formula.springSpeed(30, 0, s)) >= 10)
        }
        #expect(spring.position(at: end) == 0)
        #expect(spring.position(at: end - 0.002) != 0)
    }

    @Test("an axis whose content fits bounces only with alwaysBounce…")
    func alwaysBounce() throws {
        for always in [false, true] {
            let stage = MotionStage(contentSize: Size(width: 400, height: 300))
            stage.scrollView.alwaysBounceVertical = always
            try stage.app.frame(0, began(1, 200, 100))
            try stage.app.frame(0.5, moved(1, 200, 200))         // pulled down 100: raw offset −100
            let expected = always ? -Formula.rubberBand(100, 400) : 0
            #expect(close(stage.scrollView.contentOffset.y, expected))
            try stage.app.frame(0.5, ended(1, 200, 200))
            try stage.app.advance(to: 5)
            #expect(stage.scrollView.contentOffset.y == 0)
        }
    }

    // MARK: Rubber band

    @Test("dragging past an edge shows (1 − 1/(0.55·x/d + 1))·d of the raw overshoot x")
    func rubberBand() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 600))      // maximum y 200
        try stage.app.frame(0, began(1, 200, 380))
        for (t, y) in [(0.5, 300.0), (1.0, 0.0), (1.5, -300.0)] {
            try stage.app.frame(t, moved(1, 200, y))
            let raw = 380 - y
            let expected = raw > 200 ? 200 + Formula.rubberBand(raw - 200, 400) : raw
            #expect(close(stage.scrollView.contentOffset.y, expected))
            #expect(stage.scrollView.contentOffset.y < 200 + 400)
        }
        stage.scrollView.bounces = false
        try stage.app.frame(2, moved(1, 200, -310))
        #expect(stage.scrollView.contentOffset.y == 200)
    }

    @Test("lifting past an edge springs back: x(t) = (x₀ + (v + ω·x₀)·t)·e^{−ωt}")
    func springBack() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 600))
        try stage.app.frame(0, began(1, 200, 100))
        try stage.app.frame(1, moved(1, 200, 300))                 // raw −200
        try stage.app.frame(2, moved(1, 200, 300))                 // held: velocity 0
        try stage.app.frame(2, ended(1, 200, 300))
        let x0 = -Formula.rubberBand(200, 400)
        #expect(close(stage.scrollView.contentOffset.y, x0))
        #expect(stage.scrollView.isDecelerating)
        for s in [0.01, 0.1, 0.2] {
            try stage.app.advance(to: 2 + s)
            #expect(close(stage.scrollView.contentOffset.y, Formula.spring(x0, 0, s)))
        }
        try stage.app.advance(to: 4)
        #expect(stage.scrollView.contentOffset.y == 0)
        #expect(stage.delegate.calls.suffix(1) == ["didEndDecelerating"])
    }

    // MARK: Paging

    @Test("paging: slow drags go to the nearest page, flicks one page on, clamped, ending exactly on it")
    func paging() throws {
        func stageAt(_ page: Double) -> MotionStage {
            let stage = MotionStage(contentSize: Size(width: 400, height: 1400))  // pages 0, 400, 800; maximum 1000
            stage.scrollView.isPagingEnabled = true
            stage.scrollView.contentOffset = Point(0, page)
            return stage
        }
        // Slow (held before lifting): nearest boundary.
        for (drag, target) in [(-150.0, 400.0), (-250.0, 800.0)] {
            let stage = stageAt(400)
            try stage.app.frame(0, began(1, 200, 300))
            try stage.app.frame(0.5, moved(1, 200, 300 + drag))
            try stage.app.frame(1, moved(1, 200, 300 + drag))
            try stage.app.frame(1, ended(1, 200, 300 + drag))
            #expect(stage.delegate.proposedTargets == [Point(0, target)])
            let x0 = 400 - drag - target
            try stage.app.advance(to: 1.05)
            #expect(close(stage.scrollView.contentOffset.y, target + Formula.spring(x0, 0, 0.05)))
            try stage.app.advance(to: 5)
            #expect(stage.scrollView.contentOffset.y == target)
        }
        // Fast: one page on from where the drag began, however far the flick, in either direction.
        for (dy, target) in [(-100.0, 800.0), (100.0, 0.0), (-300.0, 800.0)] {
            let stage = stageAt(400)
            try stage.flick(at: 0, dy: dy)
            #expect(stage.delegate.proposedTargets == [Point(0, target)])
            try stage.app.advance(to: 0.07)
            let x0 = 400 - dy - target, u = -dy / 0.02
            #expect(close(stage.scrollView.contentOffset.y, target + Formula.spring(x0, u, 0.05), 1e-7))
            try stage.app.advance(to: 5)
            #expect(stage.scrollView.contentOffset.y == target)
        }
        // Dragged forward past half of page 1 (to 750), then flicked back: one page back from
        // the page where the drag began, page 0, not the page the offset is on.
        let back = stageAt(400)
        try back.app.frame(0, began(1, 200, 380))
        try back.app.frame(0.5, moved(1, 200, 30))
        try back.app.frame(1, moved(1, 200, 30))
        #expect(back.scrollView.contentOffset.y == 750)
        // 600 pt/s back at the lift (A4: 60 pt over the last 0.1 s), lifted at 660 (past half).
        try back.app.frame(1.05, moved(1, 200, 60))
        try back.app.frame(1.1, moved(1, 200, 90))
        try back.app.frame(1.15, moved(1, 200, 120))
        try back.app.frame(1.15, ended(1, 200, 120))
        #expect(back.delegate.proposedTargets == [Point(0, 0)])
        try back.app.advance(to: 5)
        #expect(back.scrollView.contentOffset.y == 0)
        // From the last full page on, the next boundary (1200) is beyond the content: clamped to 1000.
        let last = stageAt(800)
        try last.flick(at: 0, dy: -100)
        #expect(last.delegate.proposedTargets == [Point(0, 1000)])
        try last.app.advance(to: 5)
        #expect(last.scrollView.contentOffset.y == 1000)
    }

    // MARK: Tap to stop

    @Test("a finger beginning on moving content stops it where it is; the content never hears of the touch")
    func tapToStop() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.frame(lift + 0.3, began(2, 200, 200))
        let stoppedAt = Formula.decay(100, 5000, 0.998, 0.3)
        #expect(close(stage.scrollView.contentOffset.y, stoppedAt))
        #expect(!stage.scrollView.isMoving && !stage.scrollView.isDecelerating)
        try stage.app.frame(lift + 0.35, ended(2, 200, 200))
        try stage.app.advance(to: lift + 2)
        #expect(close(stage.scrollView.contentOffset.y, stoppedAt))
        #expect(stage.log.lines.isEmpty)                            // no touchesBegan, no tap
        #expect(!stage.delegate.calls.contains("didEndDecelerating"))
        // A later tap, on content at rest, reaches it as usual.
        try stage.app.frame(lift + 3, began(3, 200, 200))
        try stage.app.frame(lift + 3.05, ended(3, 200, 200))
        #expect(stage.log.lines.contains("\(lift + 3.05) rowTap ended"))
    }

    @Test("a press that a context menu opening in its own frame consumes stops nothing (Behaviour A11, then A6.1)")
    func aPressConsumedByAMenuOpeningInItsFrameStopsNothing() throws {
        let stage = MotionStage()
        stage.scrollView.frame = Rect(x: 0, y: 0, width: 200, height: 400)
        let menuLog = InteractionLog()
        let delegate = RecordingMenuDelegate("menu", log: menuLog, configuration: ContextMenuConfiguration(items: [
            menuItem("copy", Rect(x: 300, y: 300, width: 80, height: 40)),
        ]))
        let menuView = View(frame: Rect(x: 200, y: 0, width: 200, height: 400), in: stage.app)
        stage.window.addSubview(menuView)
        try menuView.addInteraction(ContextMenuInteraction(delegate: delegate))
        // A flick, then a finger held beside the scroll view: its menu is due at the long press's
        // time, by a timer.
        try stage.flick(id: 2, at: 0, x: 100, dy: -100)
        try stage.app.frame(0.05, began(1, 300, 100))
        try stage.app.frame(0.2)
        #expect(stage.scrollView.isDecelerating && !menuLog.lines.contains("menu willDisplay"))
        // The frame that reaches that time has a finger beginning over the moving scroll view. A
        // frame fires its timers before its touches: the menu opens, and the press only dismisses
        // it, consumed, so it stops nothing.
        try stage.app.frame(0.4, began(3, 100, 200))
        #expect(Array(menuLog.lines.suffix(2)) == ["menu willDisplay", "menu willEnd"])
        #expect(stage.scrollView.isDecelerating, "the consumed press reached no scroll view")
        #expect(stage.app.scrollMotion.stoppedByBegan == nil, "the walk's scroll view is not held past the press")
        #expect(stage.log.lines.isEmpty)
    }

    @Test("a delegate that leaves the target as proposed changes nothing: a flick bouncing at the edge moves alike")
    func aDelegateLeavingTheTargetChangesNothing() throws {
        func run(delegate: Bool) throws -> [Double] {
            let stage = MotionStage(contentSize: Size(width: 400, height: 2000))
            if !delegate { stage.scrollView.delegate = nil }
            let lift = try stage.flick(at: 0, dy: -100)     // rests past the edge at 1,600: decays, then bounces
            var seen: [Double] = []
            for frame in 1...120 {
                try stage.app.advance(to: lift + Double(frame) / 60)
                seen.append(stage.scrollView.contentOffset.y)
            }
            if delegate { #expect(stage.delegate.proposedTargets == [Point(0, 1600)]) }
            return seen
        }
        let without = try run(delegate: false), with = try run(delegate: true)
        #expect(with == without)
        #expect(without.max()! > 1600 && without.last == 1600)
    }

    @Test("a touch stops the motion where the offset is, also where the app moved it during the frame")
    func tapStopsWhereTheOffsetIs() throws {
        /// Moves the offset 1,000 pt further once, from the next `scrollViewDidScroll`.
        final class OffsetShifter: ScrollViewDelegate {
            var armed = false
            func scrollViewDidScroll(_ scrollView: ScrollView) {
                guard armed else { return }
                armed = false
                scrollView.contentOffset.y += 1000
            }
        }
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        let shifter = OffsetShifter()
        stage.scrollView.delegate = shifter
        shifter.armed = true
        // The frame evaluates the motion at its time (the delegate then moves the offset on);
        // the finger stops it there, without evaluating it again.
        try stage.app.frame(lift + 0.3, began(2, 200, 200))
        #expect(!stage.scrollView.isMoving)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.3) + 1000))
    }

    @Test("the touch that stopped the motion belongs to the pan: a drag may follow")
    func dragAfterStop() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.frame(1, began(2, 200, 200))
        let stoppedAt = stage.scrollView.contentOffset.y
        try stage.app.frame(1.5, moved(2, 200, 150))
        #expect(stage.scrollView.isDragging)
        #expect(close(stage.scrollView.contentOffset.y, stoppedAt + 50))
        try stage.app.frame(2, moved(2, 200, 150))
        try stage.app.frame(2, ended(2, 200, 150))
        #expect(stage.log.lines.isEmpty)
        _ = lift
    }

    @Test("the innermost moving scroll view is the one stopped")
    func innermostStops() throws {
        let stage = MotionStage()
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200), in: stage.app)
        inner.contentSize = Size(width: 4000, height: 200)
        stage.row.addSubview(inner)
        stage.scrollView.setContentOffset(Point(0, 50), animated: true)
        inner.setContentOffset(Point(1000, 0), animated: true)
        // Screen y 100 is content y 100 + (offset < 50): inside the inner scroll view.
        try stage.app.frame(0.1, began(2, 200, 100))
        #expect(!inner.isMoving)
        #expect(stage.scrollView.isMoving)
        try stage.app.frame(0.12, ended(2, 200, 100))
        try stage.app.frame(0.15, began(3, 200, 300))               // on the row: the outer one stops
        #expect(!stage.scrollView.isMoving)
        try stage.app.frame(0.17, ended(3, 200, 300))
        #expect(stage.log.lines.isEmpty)
    }

    @Test("a continuous scroll's began stops the motion; a wheel notch stops it and then moves it")
    func scrollInputStops() throws {
        let trackpad = MotionStage()
        try trackpad.flick(at: 0, dy: -100)
        try trackpad.app.send(InputFrame(timestamp: 0.5, scroll: ScrollInput(location: Point(200, 200), delta: .zero,
                                                                            kind: .continuous(.began))))
        #expect(!trackpad.scrollView.isMoving)
        #expect(close(trackpad.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.48)))

        let wheel = MotionStage()
        try wheel.flick(at: 0, dy: -100)
        try wheel.app.send(InputFrame(timestamp: 0.5, scroll: ScrollInput(location: Point(200, 200), delta: Point(0, -10),
                                                                         kind: .discrete)))
        #expect(!wheel.scrollView.isMoving)
        #expect(close(wheel.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.48) + 10))
        #expect(!wheel.delegate.calls.contains("didEndDecelerating"))
    }

    @Test("a touchpad hold's began stops the motion where it is; a pinch does not, and nothing else happens")
    func touchpadHoldStops() throws {
        let stage = MotionStage()
        try stage.flick(at: 0, dy: -100)
        try stage.app.send(InputFrame(timestamp: 0.3, touchpadGesture: .pinch(.began, at: Point(200, 200), scale: 1.2)))
        #expect(stage.scrollView.isMoving, "a pinch is no hold")
        try stage.app.send(InputFrame(timestamp: 0.35, touchpadGesture: .pinch(.ended, at: Point(200, 200))))
        try stage.app.send(InputFrame(timestamp: 0.5, touchpadGesture: .hold(.began, at: Point(200, 200))))
        #expect(!stage.scrollView.isMoving)
        let stopped = stage.scrollView.contentOffset.y
        #expect(close(stopped, Formula.decay(100, 5000, 0.998, 0.48)))
        try stage.app.send(InputFrame(timestamp: 0.6, touchpadGesture: .hold(.ended, at: Point(200, 200))))
        try stage.app.advance(to: 2)
        #expect(stage.scrollView.contentOffset.y == stopped, "it stays where the hold stopped it")
        #expect(!stage.delegate.calls.contains("didEndDecelerating"), "a stop is not an end by itself")
        #expect(stage.log.lines.isEmpty, "no touch reached the content")
    }

    @Test("a hold that stops a bounce past an edge lets it spring back when the hold ends")
    func touchpadHoldPastAnEdgeSettles() throws {
        let stage = MotionStage()
        try stage.flick(at: 0, dy: 100)                          // towards the top edge, at offset 0
        try stage.app.advance(to: 0.04)
        let past = stage.scrollView.contentOffset.y
        #expect(past < 0, "the flick carried the content past its top edge")
        try stage.app.send(InputFrame(timestamp: 0.04, touchpadGesture: .hold(.began, at: Point(200, 200))))
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset.y == past, "held where it stopped")
        try stage.app.send(InputFrame(timestamp: 1, touchpadGesture: .hold(.ended, at: Point(200, 200))))
        #expect(stage.scrollView.isMoving)
        try stage.app.advance(to: 3)
        #expect(stage.scrollView.contentOffset.y == 0, "sprung back onto the edge")
    }

    @Test("a click the pan does not take, or a finger with the pan disabled, stopping a bounce past an edge: it springs back when it lifts")
    func touchThePanDoesNotTakePastAnEdgeSettles() throws {
        for input in TouchThePanDoesNotTake.allCases {
            let stage = MotionStage()
            try stage.flick(at: 0, dy: 100)                          // towards the top edge, at offset 0
            try stage.app.advance(to: 0.04)
            let past = stage.scrollView.contentOffset.y
            #expect(past < 0, "the flick carried the content past its top edge")
            try input.press(0.04, at: Point(200, 200), on: stage.scrollView, down: true)
            try stage.app.advance(to: 1)
            #expect(stage.scrollView.contentOffset.y == past, "\(input): held where it stopped")
            try input.press(1, at: Point(200, 200), on: stage.scrollView, down: false)
            #expect(stage.scrollView.isMoving, "\(input)")
            try stage.app.advance(to: 3)
            #expect(stage.scrollView.contentOffset.y == 0, "\(input): sprung back onto the edge")
            #expect(stage.log.lines.isEmpty, "\(input): no touch reached the content")
        }
    }

    // MARK: Delegate

    @Test("the delegate hears UIKit's calls in UIKit's order, and didEndDecelerating only when motion ends by itself")
    func delegateOrder() throws {
        let stage = MotionStage()
        try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: 10)
        #expect(stage.delegate.calls == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging true",
                                         "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        #expect(stage.delegate.velocities == [Point(0, 5)])        // points per millisecond, as UIKit
        #expect(stage.delegate.proposedTargets.first.map { close($0.y, stage.scrollView.contentOffset.y) } == true)
    }

    @Test("a target changed in willEndDragging is sprung to, within the content")
    func changedTarget() throws {
        let stage = MotionStage()
        stage.delegate.retarget = { (_: Point) in Point(0, 1000) }
        try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: 0.07)
        #expect(close(stage.scrollView.contentOffset.y, 1000 + Formula.spring(100 - 1000, 5000, 0.05), 1e-7))
        try stage.app.advance(to: 5)
        #expect(stage.scrollView.contentOffset.y == 1000)

        let outside = MotionStage()
        outside.delegate.retarget = { (_: Point) in Point(0, -500) }
        try outside.flick(at: 0, dy: -100)
        try outside.app.advance(to: 5)
        #expect(outside.scrollView.contentOffset.y == 0)
    }

    @Test("without bounce a spring to the delegate's target holds on the edge it would pass and rests on the target; one within is unchanged")
    func changedTargetWithoutBounce() throws {
        // Content 650 (maximum 250), a flick from 100 at u = 5,000 retargeted to 249: the spring
        // overshoots its target by more than the 1 pt left, so the offset holds on 250 while
        // the curve is past it, then follows it back and rests on 249.
        let near = MotionStage(contentSize: Size(width: 400, height: 650))
        near.scrollView.bounces = false
        near.delegate.retarget = { (_: Point) in Point(0, 249) }
        let lift = try near.flick(at: 0, dy: -100)
        try near.app.advance(to: lift + 0.02)
        #expect(close(near.scrollView.contentOffset.y, 249 + Formula.spring(100 - 249, 5000, 0.02)))
        var held = false
        for frame in 1...120 {
            try near.app.advance(to: lift + 0.02 + Double(frame) / 60)
            if near.scrollView.contentOffset.y == 250 { held = true }
        }
        #expect(held, "held on the edge while the curve was past it")
        #expect(near.scrollView.contentOffset.y == 249)
        #expect(near.delegate.scrolledOffsets.allSatisfy { $0.y <= 250 })
        #expect(near.delegate.calls.last == "didEndDecelerating")
        #expect(near.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)

        // Retargeted to 150 the spring peaks near 207 and never reaches the edge: it moves as
        // with bounce.
        func run(bounces: Bool) throws -> ([Double], [String]) {
            let stage = MotionStage(contentSize: Size(width: 400, height: 650))
            stage.scrollView.bounces = bounces
            stage.delegate.retarget = { (_: Point) in Point(0, 150) }
            let lift = try stage.flick(at: 0, dy: -100)
            var seen: [Double] = []
            for frame in 1...60 {
                try stage.app.advance(to: lift + Double(frame) / 60)
                seen.append(stage.scrollView.contentOffset.y)
            }
            return (seen, stage.delegate.calls)
        }
        let (without, withoutCalls) = try run(bounces: false), (with, withCalls) = try run(bounces: true)
        #expect(without == with && withoutCalls == withCalls)
        #expect(without.max()! > 200 && without.last == 150)
    }

    /// A page inside the content whose spring's first swing would pass the far edge (content
    /// 1,210, largest offset 810; page 800): without bounce the offset holds on 810 while the
    /// curve is past it, and the spring still ends exactly on its page (A6.1's paging).
    @Test("without bounce, a spring to a page short of the edge holds on the edge and still ends on its page")
    func pageSpringWithoutBounceEndsOnItsPage() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1210))
        stage.scrollView.bounces = false
        stage.scrollView.isPagingEnabled = true
        stage.scrollView.contentOffset = Point(0, 400)
        try stage.app.frame(0, began(1, 200, 395))
        try stage.app.frame(0.1, moved(1, 200, 205))
        try stage.app.frame(0.2, moved(1, 200, 5))   // offset 790, 2,000 pt/s forward
        try stage.app.frame(0.2, ended(1, 200, 5))
        #expect(stage.delegate.proposedTargets == [Point(0, 800)])
        var held = false
        for frame in 1...120 {
            try stage.app.advance(to: 0.2 + Double(frame) / 60)
            if stage.scrollView.contentOffset.y == 810 { held = true }
        }
        #expect(held)
        #expect(stage.delegate.scrolledOffsets.allSatisfy { $0.y <= 810 })
        #expect(stage.scrollView.contentOffset.y == 800)
        #expect(stage.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test("a target set to a non-number in willEndDragging is ignored: the drag decelerates as proposed")
    func nonNumberTargetIsIgnored() throws {
        let plain = MotionStage()
        let retargeted = MotionStage()
        retargeted.delegate.retarget = { (_: Point) in Point(.nan, .nan) }
        try plain.flick(at: 0, dy: -100)
        try retargeted.flick(at: 0, dy: -100)
        #expect(retargeted.delegate.calls == plain.delegate.calls)
        for t in [0.07, 0.3, 1.0, 5.0] {
            try plain.app.advance(to: t)
            try retargeted.app.advance(to: t)
            #expect(retargeted.scrollView.contentOffset == plain.scrollView.contentOffset, "at \(t) s")
        }
        #expect(retargeted.scrollView.contentOffset.y.isFinite && retargeted.scrollView.contentOffset.y > 100)
        #expect(retargeted.delegate.calls.last == "didEndDecelerating")
    }

    @Test("setContentOffset(animated: true) eases in and out over 0.3 s, then didEndScrollingAnimation")
    func animatedSetContentOffset() throws {
        let stage = MotionStage()
        try stage.app.advance(to: 1)
        stage.scrollView.setContentOffset(Point(0, 300), animated: true)
        #expect(stage.scrollView.contentOffset == .zero)
        #expect(stage.scrollView.isMoving && !stage.scrollView.isDecelerating)
        for s in [0.05, 0.15, 0.25] {
            try stage.app.advance(to: 1 + s)
            #expect(close(stage.scrollView.contentOffset.y, 300 * Formula.easeInOut(s / 0.3)))
        }
        try stage.app.advance(to: 1.31)
        #expect(stage.scrollView.contentOffset == Point(0, 300))
        #expect(stage.delegate.calls.last == "didEndScrollingAnimation")
    }

    @Test("setContentOffset(animated: true) between offsets near the double's two ends eases with a number at every frame")
    func animatedSetContentOffsetBetweenFarApartOffsets() throws {
        // o_t − o_a overflows; the ease is still o_a·(1 − E) + o_t·E.
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))
        stage.scrollView.contentOffset = Point(0, -1.7e308)
        #expect(stage.scrollView.contentOffset.y == -1.7e308)      // not clamped, as UIKit
        stage.scrollView.setContentOffset(Point(0, 1.7e308), animated: true)
        try stage.app.advance(to: 0)
        #expect(stage.scrollView.contentOffset.y == -1.7e308)
        for s in [0.05, 0.15, 0.25] {
            try stage.app.advance(to: s)
            let e = Formula.easeInOut(s / 0.3)
            #expect(close(stage.scrollView.contentOffset.y, -1.7e308 * (1 - e) + 1.7e308 * e), "at \(s) s")
        }
        try stage.app.advance(to: 0.3)
        #expect(stage.scrollView.contentOffset.y == 1.7e308)
        #expect(stage.delegate.calls.last == "didEndScrollingAnimation")
        #expect(stage.delegate.scrolledOffsets.allSatisfy { $0.y.isFinite })
    }

    @Test("an animation between far-apart offsets, its offset set far away meanwhile, moves whole and keeps a number")
    func animationMovedWholeFarAway() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))
        stage.scrollView.contentOffset = Point(0, -1.7e308)
        stage.scrollView.setContentOffset(Point(0, 1.7e308), animated: true)
        try stage.app.advance(to: 0.1)
        let shown = stage.scrollView.contentOffset.y                // −1.7·10³⁰⁸·19/27
        #expect(close(shown, -1.7e308 * 19 / 27))
        // Moved by 2.9·10³⁰⁸: the path's start moves to 1.2·10³⁰⁸, its end past the largest double, to it.
        stage.scrollView.contentOffset.y = 1.7e308
        for t in [0.15, 0.2, 0.25] {
            try stage.app.advance(to: t)
            #expect(stage.scrollView.contentOffset.y.isFinite, "at \(t) s")
        }
        try stage.app.advance(to: 0.3)
        #expect(stage.scrollView.contentOffset.y == .greatestFiniteMagnitude)
        #expect(stage.delegate.calls.last == "didEndScrollingAnimation")
    }

    @Test("a spring back from an offset put near the largest double keeps a number at every frame and ends on the edge")
    func springBackFromAHugeOffset() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.1)
        stage.scrollView.contentOffset.y = 5e306                    // past the end: it springs back
        var t = lift + 0.1, withoutANumber: [Double] = []
        while t < lift + 60 {
            t += 1.0 / 60
            try stage.app.advance(to: t)
            if !stage.scrollView.contentOffset.y.isFinite { withoutANumber.append(t) }
            if !stage.scrollView.isMoving { break }
        }
        #expect(withoutANumber.isEmpty, "frames at \(withoutANumber.prefix(3))…")
        #expect(!stage.scrollView.isMoving)
        #expect(stage.scrollView.contentOffset.y == 19_600)
        #expect(stage.delegate.calls.last == "didEndDecelerating")
        // Where (a + b·s) overflows, x(s) is still the formula's: it scales with x₀ and v.
        let spring = CriticalSpring(anchor: 0, displacement: 1.7e308, velocity: -1e300)
        for s in [0.0, 0.5, 1, 2, 10, 30] {
            let expected = 1e300 * Formula.spring(1.7e8, -1, s)
            #expect(close(spring.displacement(at: s), expected, 1e-12), "x(\(s))")
            #expect(close(spring.velocity(at: s), 1e300 * Formula.springSpeed(1.7e8, -1, s), 1e-12), "x'(\(s))")
        }
        #expect(spring.duration > 30 && spring.duration < 60)
    }

    @Test("a zoom animation's offset and a resumed ease between far-apart offsets keep a number")
    func easesBetweenFarApartOffsets() {
        let zoom = ZoomAnimation(kind: .requested, startTime: 0, duration: 0.4, fromScale: 1, toScale: 2,
                                 fromOffset: Point(-1.7e308, 0), toOffset: Point(1.7e308, 0))
        #expect(zoom.values(at: 0.2).offset.x == 0)                  // E(½) = ½: halfway, exactly
        #expect(zoom.values(at: 0).offset.x == -1.7e308)
        let resumed = EasedCurve(start: -1.7e308, end: 1.7e308).rest(at: 0.1, from: -1.7e308, to: 1.7e308)
        let e = Formula.easeInOut(1.0 / 3), f = (Formula.easeInOut(0.5) - e) / (1 - e)
        #expect(close(resumed.position(at: 0.15), -1.7e308 * (1 - f) + 1.7e308 * f))
        // Ordinary ends are computed as written, bit for bit.
        #expect(EasedCurve(start: 10, end: 310).position(at: 0.1) == 10 + 300 * CubicEase.value(at: 0.1 / 0.3))
    }

    @Test("setContentOffset(animated: true) to the offset shown starts nothing and calls nothing, as in UIKit")
    func animatedSetContentOffsetToTheOffsetShown() throws {
        let stage = MotionStage()
        stage.scrollView.contentOffset = Point(0, 120)
        let before = stage.delegate.calls
        stage.scrollView.setContentOffset(Point(0, 120), animated: true)
        #expect(!stage.scrollView.isMoving && stage.app.nextDeadline == nil)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset == Point(0, 120))
        #expect(stage.delegate.calls == before, "no didEndScrollingAnimation: no animation ran")
    }

    // MARK: Clock

    @Test("while anything moves the next deadline is the next tick; the end is seen at the first frame after it")
    func clock() throws {
        let stage = MotionStage()
        let app = stage.app
        #expect(app.nextDeadline == nil && app.animationFrameInterval == 1.0 / 60)
        try app.setAnimationFrameInterval(1.0 / 120)
        stage.scrollView.setContentOffset(Point(0, 300), animated: true)
        #expect(app.nextDeadline == 1.0 / 120)
        try app.advance(to: 0.1)
        #expect(app.nextDeadline == 0.1 + 1.0 / 120)
        // The frame at 0.1 set the eased offset of a third of the 0.3 s: 300 · 4(1/3)³ = 44.4…
        #expect(abs(stage.scrollView.contentOffset.y - 300 * 4.0 / 27) < 1e-9)
        try app.advance(to: 0.29)
        #expect(stage.scrollView.isMoving)
        try app.advance(to: 0.45)                                     // the first frame at or after 0.3
        #expect(!stage.scrollView.isMoving && stage.scrollView.contentOffset == Point(0, 300))
        #expect(app.nextDeadline == nil)
        // A pending timer comes first when it is earlier.
        stage.scrollView.setContentOffset(Point(0, 0), animated: true)
        app.schedule(at: 0.451) {}
        #expect(app.nextDeadline == 0.451)
    }

    @Test("a timer's frame evaluates motion at the timer's time, before its action runs")
    func timerFramesEvaluateMotion() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        var seen: Double?
        stage.app.schedule(at: lift + 0.25) { seen = stage.scrollView.contentOffset.y }
        try stage.app.advance(to: lift + 1)                      // one advance, past the timer
        #expect(seen.map { close($0, Formula.decay(100, 5000, 0.998, 0.25)) } == true)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 1)))
    }

    // MARK: Bad input

    @Test("a deceleration rate outside (0, 1) and a frame interval ≤ 0 or not finite are refused, changing nothing")
    func badSettings() throws {
        for value in [0.0, 1.0, -0.5, 1.5, .nan, .infinity] {
            #expect(DecelerationRate(rawValue: value) == nil)
            #expect(throws: ScrollMotionSettingError.self) { _ = try DecelerationRate(value) }
        }
        let app = Application()
        for value in [0.0, -1, .nan, .infinity] {
            #expect(throws: ScrollMotionSettingError.self) { try app.setAnimationFrameInterval(value) }
        }
        #expect(app.animationFrameInterval == 1.0 / 60)
    }

    @Test("a velocity without a number starts no motion")
    func nanVelocity() throws {
        let stage = MotionStage()
        stage.scrollView.contentOffset = Point(0, 100)
        stage.scrollView.dragDidEnd(panVelocity: Point(.nan, .nan))
        #expect(!stage.scrollView.isMoving)
        stage.scrollView.dragDidEnd(panVelocity: Point(0, -.infinity))
        #expect(!stage.scrollView.isMoving)
        #expect(stage.scrollView.contentOffset == Point(0, 100))
    }
}
