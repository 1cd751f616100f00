import Testing
@testable import HitKit

/// Behaviour A6.2, one test per rule: properties, the zoom step, the pinch of fingers and of a
/// touchpad. Expected values come from ``ZoomFormula`` (the text's formulas written out again).
@Suite("Scroll view zooming: properties, steps and pinches (Behaviour A6.2)")
struct ZoomRuleTests {
    // MARK: Properties

    @Test("defaults: scale 1, limits 1, bouncesZoom, no pinch until the minimum is below the maximum")
    func defaults() throws {
        let app = Application()
        let scrollView = ScrollView(frame: Rect(0, 0, 100, 100), in: app)
        #expect(scrollView.zoomScale == 1 && scrollView.minimumZoomScale == 1 && scrollView.maximumZoomScale == 1)
        #expect(scrollView.bouncesZoom && !scrollView.isZooming && !scrollView.isZoomBouncing)
        #expect(scrollView.pinchGestureRecognizer == nil && scrollView.zoomView == nil)
        try scrollView.setMaximumZoomScale(1)
        #expect(scrollView.pinchGestureRecognizer == nil, "min = max: still none")
        try scrollView.setMaximumZoomScale(3)
        let pinch = try #require(scrollView.pinchGestureRecognizer)
        #expect(!pinch.isEnabled, "no zoom source yet")
        #expect(pinch.isScrollViewBuiltIn)
        // Below the pan in the view's list: the pan is resolved first in a frame.
        let list = scrollView.gestureRecognizers
        #expect(list.firstIndex { $0 === pinch }! < list.firstIndex { $0 === scrollView.panGestureRecognizer }!)
    }

    @Test("the pinch is enabled exactly while the maximum is above the minimum and there is a source")
    func pinchEnabledWhileZoomingIsPossible() throws {
        let stage = ZoomStage(delegate: false)
        let pinch = try #require(stage.scrollView.pinchGestureRecognizer)
        #expect(pinch.isEnabled)
        try stage.scrollView.setZoomView(nil)
        #expect(!pinch.isEnabled)
        stage.scrollView.delegate = stage.delegate
        #expect(pinch.isEnabled, "a delegate is a source")
        try stage.scrollView.setMaximumZoomScale(0.5)
        #expect(!pinch.isEnabled && stage.scrollView.pinchGestureRecognizer === pinch, "kept, disabled")
    }

    @Test("setting a limit stores it: nothing is clamped or called until the next zoom")
    func limitsAreOnlyStored() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: false)
        stage.delegate.clear()
        try stage.scrollView.setMaximumZoomScale(1.5)
        #expect(stage.scrollView.zoomScale == 2 && stage.delegate.calls.isEmpty)
        stage.scrollView.setZoomScale(3, animated: false)
        #expect(stage.scrollView.zoomScale == 1.5)
    }

    /// Where A6.2 is silent: crossed limits are stored as they are; a zoom from code clamps to
    /// the minimum, then to the maximum, and settles at the maximum, and no pinch can zoom.
    @Test("crossed limits: zooming is not possible, and a zoom from code settles at the maximum")
    func crossedLimitsSettleAtTheMaximum() throws {
        let stage = ZoomStage()
        try stage.scrollView.setMinimumZoomScale(3)
        try stage.scrollView.setMaximumZoomScale(2)
        #expect(stage.scrollView.minimumZoomScale == 3 && stage.scrollView.maximumZoomScale == 2)
        #expect(stage.scrollView.pinchGestureRecognizer?.isEnabled == false)
        for scale in [0.5, 2.5, 4.0] {
            stage.scrollView.setZoomScale(scale, animated: false)
            #expect(stage.scrollView.zoomScale == 2, "from \(scale)")
        }
    }

    /// The C API sets both limits in one call (`hk_scroll_view_set_zoom_scale_limits`): that
    /// setter only stores them too.
    @Test("both limits set at once are only stored: the scale outside them stays until the next zoom")
    func bothLimitsAtOnceAreOnlyStored() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: false)
        stage.delegate.clear()
        let offset = stage.scrollView.contentOffset
        try stage.scrollView.setZoomScaleLimits(minimum: 2.5, maximum: 3)
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset == offset)
        #expect(stage.delegate.calls.isEmpty)
        stage.scrollView.setZoomScale(1, animated: false)
        #expect(stage.scrollView.zoomScale == 2.5, "the next zoom clamps")
    }

    @Test("bad values are refused with a typed error and change nothing; a non-finite scale is ignored")
    func badValues() throws {
        let stage = ZoomStage()
        let scrollView = stage.scrollView
        for bad in [0.0, -1, .nan, .infinity] {
            #expect(throws: ScrollViewZoomError.self) { try scrollView.setMinimumZoomScale(bad) }
            #expect(throws: ScrollViewZoomError.self) { try scrollView.setMaximumZoomScale(bad) }
        }
        #expect(scrollView.minimumZoomScale == 0.5 && scrollView.maximumZoomScale == 2)
        let stranger = View(frame: Rect(0, 0, 10, 10), in: stage.app)
        stage.photo.addSubview(stranger)
        #expect(throws: ScrollViewZoomError.zoomViewNotASubview) { try scrollView.setZoomView(stranger) }
        #expect(scrollView.zoomView === stage.photo)
        for rect in [Rect(0, 0, 0, 10), Rect(0, 0, 10, -1), Rect(0, 0, .nan, 10)] {
            #expect(throws: ScrollViewZoomError.self) { try scrollView.zoom(to: rect, animated: false) }
        }
        scrollView.setZoomScale(.nan, animated: false)
        scrollView.zoomScale = .infinity
        #expect(scrollView.zoomScale == 1 && stage.delegate.calls.isEmpty)
    }

    // MARK: The zoom step

    @Test("a step: transform scale(s, s) with F kept, contentSize s·Z, o = F + s·(c − b) − P clamped; didScroll then didZoom")
    func zoomStepFromCode() throws {
        // F = (30, 10), b = (5, 0), Z = (200, 100).
        let stage = ZoomStage(maximum: 4, photoFrame: Rect(30, 10, 200, 100))
        stage.photo.bounds = Rect(5, 0, 200, 100)
        stage.scrollView.setZoomScale(3, animated: false)
        let s = 3.0
        #expect(stage.photo.transform == AffineTransform(scaleX: s, y: s))
        #expect(stage.photo.frame.origin == Point(30, 10))
        #expect(stage.scrollView.contentSize == Size(width: 600, height: 300))
        let cx = ZoomFormula.anchor(200, 0, 30, 5, 1), cy = ZoomFormula.anchor(200, 0, 10, 0, 1)
        let o = Point(Swift.min(Swift.max(ZoomFormula.offset(cx, 200, 30, 5, s), 0), 200),
                      Swift.min(Swift.max(ZoomFormula.offset(cy, 200, 10, 0, s), 0), 0))
        #expect(stage.scrollView.contentOffset == o)
        #expect(stage.delegate.calls == ["didScroll", "didZoom"])
        stage.delegate.clear()
        stage.scrollView.setZoomScale(3, animated: false)
        #expect(stage.delegate.calls.isEmpty, "outside a pinch, a step to the scale shown changes nothing")
    }

    @Test("during a pinch an overshoot is banded on a bouncing axis (judged with the new contentSize) and clamped on the others")
    func pinchOffsetBandsAndClamps() throws {
        let stage = ZoomStage()
        stage.scrollView.alwaysBounceVertical = true
        try stage.beginPinch()
        // D 140 with the centroid at (300, 100): s = 140/108; content 518.5 > 400 bounces on both.
        try stage.spread(at: 0.04, to: 140, cx: 300, cy: 100)
        let s = 140.0 / 108
        let raw = Point(ZoomFormula.offset(200, 300, 0, 0, s), ZoomFormula.offset(200, 100, 0, 0, s))
        let maximum = s * 400 - 400
        #expect(raw.x < 0 && raw.y > maximum)
        #expect(stage.scrollView.contentOffset == Point(-Formula.rubberBand(-raw.x, 400), maximum + Formula.rubberBand(raw.y - maximum, 400)))
        // D 80: s = 80/108 < 1, content smaller than the bounds: x clamps to 0, y (alwaysBounceVertical) bands.
        try stage.spread(at: 0.06, to: 80, cx: 300, cy: 100)
        let small = 80.0 / 108
        let rawY = ZoomFormula.offset(200, 100, 0, 0, small)
        #expect(stage.scrollView.contentOffset.x == 0)
        #expect(stage.scrollView.contentOffset.y == (rawY < 0 ? -Formula.rubberBand(-rawY, 400) : Formula.rubberBand(rawY, 400)))
    }

    @Test("a zoom step stops motion without didEndDecelerating")
    func zoomStepStopsMotion() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: false)
        try stage.fingers(0, began(1, 200, 300))
        try stage.fingers(0.01, moved(1, 200, 250))
        try stage.fingers(0.02, moved(1, 200, 200))
        try stage.fingers(0.02, ended(1, 200, 200))
        #expect(stage.scrollView.isDecelerating)
        try stage.app.advance(to: 0.05)
        stage.scrollView.setZoomScale(1.5, animated: false)
        #expect(!stage.scrollView.isDecelerating && !stage.app.hasScrollMotion)
        #expect(!stage.delegate.calls.contains("didEndDecelerating"))
    }

    @Test("a zoom step re-bases the pan under way: translation and velocity start again from it")
    func zoomStepRebasesThePan() throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.fingers(0.04, moved(1, 140, 206), moved(2, 260, 206))
        let pan = stage.scrollView.panGestureRecognizer
        #expect(pan.state == .possible)
        #expect(pan.translation(in: nil) == .zero && pan.velocity(in: nil) == .zero)
        // 8 pt more in one frame: under the pan's 10 pt since the last step, it stays possible.
        try stage.fingers(0.06, moved(1, 140, 214), moved(2, 260, 214))
        #expect(pan.state == .possible && pan.translation(in: nil) == .zero)
    }

    // MARK: The pinch of fingers

    @Test("the pinch begins at 8 pt with D₀′ = D₀ + 8·sign(D_b − D₀); nothing zooms in that frame")
    func referenceDistanceAndNoZoomAtBegan() throws {
        for (db, d, reference) in [(110.0, 150.0, 108.0), (90, 60, 92)] {
            let stage = ZoomStage()
            try stage.fingers(0, began(1, 150, 200), began(2, 250, 200))
            try stage.spread(at: 0.02, to: db)
            #expect(stage.scrollView.isZooming && stage.scrollView.zoomScale == 1)
            #expect(stage.delegate.events == ["willBeginZooming view"])
            #expect(stage.scrollView.pinchGestureRecognizer?.scale == db / 100, "its own scale stays D/D₀")
            try stage.spread(at: 0.04, to: d)
            #expect(stage.scrollView.zoomScale == ZoomFormula.rho(1 * d / reference, 0.5, 2))
        }
    }

    @Test("the content under the fingers stays under them, and two fingers moving together pan")
    func contentStaysUnderTheFingers() throws {
        let stage = ZoomStage()
        try stage.beginPinch(cx: 180, cy: 220)
        let c = Point(ZoomFormula.anchor(180, 0, 0, 0, 1), ZoomFormula.anchor(220, 0, 0, 0, 1))
        try stage.spread(at: 0.04, to: 150, cx: 180, cy: 220)
        let shown = stage.photo.convert(c, to: stage.window)
        #expect(close(shown.x, 180) && close(shown.y, 220))
        stage.delegate.clear()
        try stage.spread(at: 0.06, to: 150, cx: 186, cy: 214)
        let moved = stage.photo.convert(c, to: stage.window)
        #expect(close(moved.x, 186) && close(moved.y, 214))
        #expect(stage.delegate.calls == ["didScroll"], "the scale did not change: no didZoom")
    }

    @Test("ρ stretches past the limits with bouncesZoom and clamps without")
    func rhoWithAndWithoutBouncesZoom() throws {
        for bounces in [true, false] {
            let stage = ZoomStage()
            stage.scrollView.bouncesZoom = bounces
            try stage.beginPinch()
            try stage.spread(at: 0.04, to: 300)
            let above = 300.0 / 108
            #expect(stage.scrollView.zoomScale == (bounces ? ZoomFormula.rho(above, 0.5, 2) : 2))
            try stage.spread(at: 0.06, to: 30)
            let below = 30.0 / 108
            #expect(stage.scrollView.zoomScale == (bounces ? ZoomFormula.rho(below, 0.5, 2) : 0.5))
        }
    }

    @Test("the frame in which fewer than two fingers remain makes no zoom step")
    func theLiftingFrameMakesNoStep() throws {
        let stage = ZoomStage()
        try stage.beginPinch()
        try stage.spread(at: 0.04, to: 150)
        let scale = stage.scrollView.zoomScale, offset = stage.scrollView.contentOffset
        // Finger 1 moves 5 pt (the pan, 2.5 pt, stays possible) as finger 2 lifts.
        try stage.fingers(0.06, moved(1, 120, 200), ended(2, 275, 200))
        #expect(stage.scrollView.zoomScale == scale && stage.scrollView.contentOffset == offset)
        #expect(!stage.scrollView.isZooming)
        #expect(stage.delegate.events.last == "didEndZooming view \(scale)")
    }

    @Test("within a frame the pan acts first: the pinch's beginning reads the offset the pan left")
    func thePanActsFirst() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: false)   // o = (200, 200), content 800
        try stage.fingers(0, began(1, 150, 200), began(2, 250, 200))
        // Both fingers 12 pt up and 5 pt apart each: the pan begins (12 ≥ 10) and moves the
        // offset by 12 before the pinch begins (D 110).
        try stage.fingers(0.02, moved(1, 145, 188), moved(2, 255, 188))
        #expect(stage.scrollView.isDragging && stage.scrollView.isZooming)
        #expect(stage.delegate.events == ["willBeginDragging", "willBeginZooming view"])
        try stage.spread(at: 0.04, to: 120, cx: 200, cy: 188)
        // c was read with o.y = 212: c.y = (188 + 212)/2 = 200; at s = 2·120/108 it shows at 188.
        let s = ZoomFormula.rho(2 * 120.0 / 108, 0.5, 2)
        #expect(stage.scrollView.contentOffset.y == ZoomFormula.offset(ZoomFormula.anchor(188, 212, 0, 0, 2), 188, 0, 0, s))
    }

    @Test("the pinch cancels the content's touches when it begins, and fails where a control keeps its touch")
    func contentTouches() throws {
        let stage = ZoomStage()
        try stage.fingers(0, began(1, 150, 200), began(2, 250, 200))
        try stage.app.advance(to: 0.2)
        #expect(stage.log.lines.contains { $0.hasSuffix("photo touchesBegan 1,2") })
        try stage.spread(at: 0.3, to: 110)
        #expect(stage.log.lines.last?.hasSuffix("photo touchesCancelled 1,2") == true)
        #expect(stage.scrollView.isZooming)

        let guarded = ZoomStage()
        let button = Button(frame: Rect(100, 150, 200, 100), in: guarded.app)
        guarded.photo.addSubview(button)
        try guarded.fingers(0, began(1, 150, 200), began(2, 250, 200))
        try guarded.app.advance(to: 0.2)
        #expect(button.isTracking)
        try guarded.spread(at: 0.3, to: 120)
        #expect(!guarded.scrollView.isZooming && guarded.scrollView.pinchGestureRecognizer?.state != .began)
        #expect(button.isTracking && guarded.scrollView.zoomScale == 1)
    }

    // MARK: The pinch of a touchpad

    @Test("a touchpad pinch begins at the first scale ≠ 1; raw = s₀·g at the pointer; its end's scale is not read")
    func touchpadPinch() throws {
        let stage = ZoomStage()
        try stage.touchpad(0, .began, 100, 100)
        try stage.touchpad(0.02, .changed, 100, 100, scale: 1)
        #expect(!stage.scrollView.isZooming)
        try stage.touchpad(0.04, .changed, 100, 100, scale: 1.2)
        #expect(stage.scrollView.isZooming && stage.scrollView.zoomScale == 1, "no zoom in the began frame")
        try stage.touchpad(0.06, .changed, 120, 90, scale: 1.5)
        let s = ZoomFormula.rho(1 * 1.5, 0.5, 2)
        #expect(stage.scrollView.zoomScale == s)
        #expect(stage.scrollView.contentOffset == Point(ZoomFormula.offset(100, 120, 0, 0, s), ZoomFormula.offset(100, 90, 0, 0, s)))
        try stage.touchpad(0.08, .ended, 120, 90, scale: 1.9)
        #expect(stage.scrollView.zoomScale == s && !stage.scrollView.isZooming)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view \(s)"])
        // A cancelled pinch ends the zoom the same way.
        try stage.touchpad(1, .began, 100, 100)
        try stage.touchpad(1.02, .changed, 100, 100, scale: 0.9)
        try stage.touchpad(1.04, .cancelled, 100, 100)
        #expect(!stage.scrollView.isZooming && stage.delegate.events.last == "didEndZooming view \(s)")
    }

    @Test("wheel notches and continuous scrolls scroll and never zoom, whatever the modifiers")
    func scrollInputNeverZooms() throws {
        let stage = ZoomStage()
        stage.scrollView.setZoomScale(2, animated: false)
        stage.delegate.clear()
        try stage.app.send(InputFrame(timestamp: 0, pointer: PointerInput(id: 9, location: Point(200, 200), modifierFlags: [.control, .command]),
                                      scroll: ScrollInput(location: Point(200, 200), delta: Point(0, -40), kind: .discrete)))
        try stage.app.send(InputFrame(timestamp: 0.5, scroll: ScrollInput(location: Point(200, 200), delta: Point(10, 0), kind: .continuous(.began))))
        try stage.app.send(InputFrame(timestamp: 0.6, scroll: ScrollInput(location: Point(200, 200), delta: .zero, kind: .continuous(.ended))))
        #expect(stage.scrollView.zoomScale == 2 && stage.scrollView.contentOffset == Point(190, 240))
        #expect(!stage.delegate.calls.contains("didZoom"))
    }
}
