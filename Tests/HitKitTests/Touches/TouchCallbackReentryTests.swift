import Testing
@testable import HitKit

/// Behaviour A3's "every responder that receives `touchesBegan` for a touch receives exactly one
/// `touchesEnded` or `touchesCancelled` for it, whatever else happens" and "a view removed from
/// its window while it owns touches gets `touchesCancelled` for them at once; its recognizers are
/// cancelled (or failed if still possible); the touches then go nowhere until they end", when the
/// removal is made by code HitKit calls in the middle of the frame: a recognizer's action, a
/// control's action, a host timer, a frame-end observer (which also cannot feed input: A3 frames
/// are not nested, the attempt is refused with `sentDuringDelivery`).
@Suite struct TouchCallbackReentryTests {
    let app = Application()
    let ledger = CallLedger()
    let window: LedgerWindow
    let left: HookView
    let right: HookView

    init() {
        window = LedgerWindow("window", frame: Rect(0, 0, 400, 400), in: app, ledger: ledger)
        left = HookView("left", frame: Rect(0, 0, 200, 400), in: app, ledger: ledger, forwards: true)
        right = HookView("right", frame: Rect(200, 0, 200, 400), in: app, ledger: ledger, forwards: true)
        window.addSubview(left)
        window.addSubview(right)
        window.makeKeyAndVisible()
    }

    /// After the scenario: a tap on a fresh view of a fresh window still works end to end, and
    /// every began had its one end.
    func expectBalancedAndWorking() throws {
        #expect(ledger.violations == [])
        #expect(ledger.unended == [])
        #expect(app.activeTouches.isEmpty)
        let fresh = Window(frame: Rect(0, 500, 100, 100), in: app)
        let view = HookView("fresh", frame: Rect(0, 0, 100, 100), in: app, ledger: ledger)
        fresh.addSubview(view)
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        var recognized = 0
        tap.addTarget { _ in recognized += 1 }
        try app.frame(50, began(9, 50, 550))
        try app.frame(50.05, ended(9, 50, 550))
        #expect(recognized == 1)
        #expect(ledger.lines.suffix(2) == ["fresh touchesBegan 9", "fresh touchesEnded 9"])
    }

    // MARK: Recognizer actions

    /// A tap whose action removes the window while a second finger, on another view of that
    /// window, lifts in the same frame: that view's touch is cancelled at once, and its end in
    /// the frame's step 5 must not follow the cancel.
    @Test func aTapActionRemovingTheWindowCancelsAnotherViewsTouchEndingInTheSameFrame() throws {
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        tap.delaysTouchesEnded = false
        left.addGestureRecognizer(tap)
        tap.addTarget { [unowned app, unowned window] _ in app.removeWindow(window) }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.01, began(2, 300, 50))
        try app.frame(0.05, ended(1, 50, 50), ended(2, 300, 50))
        #expect(ledger.lines == ["left touchesBegan 1", "window touchesBegan 1", "right touchesBegan 2",
                                 "window touchesBegan 2",
                                 "left touchesCancelled 1", "window touchesCancelled 1",
                                 "right touchesCancelled 2", "window touchesCancelled 2"])
        try expectBalancedAndWorking()
    }

    /// A pan whose began action moves its view into another window: the view, whose touch the
    /// pan cancels in step 4, hears of the cancel once; the pan is cancelled (A3) and the later
    /// moves change nothing.
    @Test func aPanActionMovingItsViewToAnotherWindowCancelsOnceAndStopsThePan() throws {
        let pan = PanGestureRecognizer()
        left.addGestureRecognizer(pan)
        let elsewhere = Window(frame: Rect(1000, 0, 400, 400), in: app)
        var states: [GestureRecognizer.State] = []
        pan.observeStateChanges { _, state in states.append(state) }
        pan.addTarget { [unowned left, unowned elsewhere] recognizer in
            if recognizer.state == .began { elsewhere.addSubview(left) }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.05, moved(1, 50, 80))
        try app.frame(0.1, moved(1, 50, 120))
        try app.frame(0.15, ended(1, 50, 120))
        #expect(states == [.began, .cancelled])
        #expect(ledger.lines == ["left touchesBegan 1", "window touchesBegan 1",
                                 "left touchesCancelled 1", "window touchesCancelled 1"])
        try expectBalancedAndWorking()
    }

    /// A recognizer added by another's action while a touch is down is not given that touch
    /// (A3 step 1 collects the recognizers at began).
    @Test func aRecognizerAddedByAnActionMidTouchDoesNotSeeThatTouch() throws {
        let long = LongPressGestureRecognizer()
        long.cancelsTouchesInView = false
        left.addGestureRecognizer(long)
        let late = TapGestureRecognizer()
        var lateStates: [GestureRecognizer.State] = []
        late.observeStateChanges { _, state in lateStates.append(state) }
        long.addTarget { [unowned left] recognizer in
            if recognizer.state == .began { left.addGestureRecognizer(late) }
        }
        try app.frame(0, began(1, 50, 50))
        try app.advance(to: 0.6)
        try app.frame(0.7, ended(1, 50, 50))
        #expect(lateStates == [])
        try app.frame(1.0, began(2, 50, 50))
        try app.frame(1.05, ended(2, 50, 50))
        #expect(lateStates == [.ended])
        #expect(ledger.violations == [] && ledger.unended == [])
    }

    // MARK: Controls

    /// A button whose touchUpInside action removes the window while a later finger on another
    /// view of that window lifts in the same frame (step 5 goes on to that view after the
    /// button's end).
    @Test func aButtonActionRemovingTheWindowCancelsALaterViewsTouchOfTheSameFrame() throws {
        let button = Button(frame: Rect(0, 0, 100, 100), in: app)
        left.addSubview(button)
        var ups = 0
        button.addAction(for: .touchUpInside) { [unowned app, unowned window] _ in ups += 1; app.removeWindow(window) }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.01, began(2, 300, 50))
        try app.frame(0.05, ended(1, 50, 50), ended(2, 300, 50))
        #expect(ups == 1)
        #expect(ledger.lines == ["right touchesBegan 2", "window touchesBegan 2",
                                 "right touchesCancelled 2", "window touchesCancelled 2"])
        try expectBalancedAndWorking()
    }

    /// A button whose touchDown action removes it: tracking is cancelled (`touchCancel` once),
    /// and the touch's later moves and lift reach nobody.
    @Test func aButtonsTouchDownActionRemovingItCancelsItsTracking() throws {
        let button = Button(frame: Rect(0, 0, 100, 100), in: app)
        left.addSubview(button)
        var events: [String] = []
        for (event, name) in [(Control.Event.touchDown, "touchDown"), (.touchDragInside, "touchDragInside"),
                              (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
                              (.touchCancel, "touchCancel")] {
            button.addAction(for: event) { _ in events.append(name) }
        }
        button.addAction(for: .touchDown) { control in control.removeFromSuperview() }
        try app.frame(0, began(1, 50, 50))
        #expect(!button.isTracking)
        try app.frame(0.05, moved(1, 55, 50))
        try app.frame(0.1, ended(1, 55, 50))
        #expect(events == ["touchDown", "touchCancel"])
        #expect(ledger.lines == [])
        try expectBalancedAndWorking()
    }

    // MARK: Timers and frame-end observers

    /// A host timer (`Application.schedule`) that removes a view holding a touch and tries to
    /// feed a frame and advance the clock: both refused with their typed reason, the removal's
    /// cancel at once, the touch going nowhere after.
    @Test func aTimerRemovingAViewAndFeedingInputIsRefusedAndCancelsAtOnce() throws {
        var thrown: [InputError.Reason] = []
        app.schedule(at: 0.2) { [unowned app, unowned left] in
            left.removeFromSuperview()
            do { try app.send(InputFrame(timestamp: 0.2, touches: [began(5, 300, 300)])) } catch let error as InputError { thrown += error.rejections.map(\.reason) } catch {}
            do { try app.advance(to: 3) } catch let error as InputError { thrown += error.rejections.map(\.reason) } catch {}
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.3, moved(1, 60, 50))
        try app.frame(0.4, ended(1, 60, 50))
        #expect(thrown == [.sentDuringDelivery, .sentDuringDelivery])
        #expect(ledger.lines == ["left touchesBegan 1", "window touchesBegan 1",
                                 "left touchesCancelled 1", "window touchesCancelled 1"])
        #expect(app.time == 0.4)
        try expectBalancedAndWorking()
    }

    /// A frame-end observer that removes a view holding a touch and tries to feed a frame.
    @Test func aFrameEndObserverRemovingAViewAndFeedingInputIsRefused() throws {
        var thrown: [InputError.Reason] = []
        var armed = true
        let token = app.observeFrameEnds { [unowned left] app in
            guard armed, app.activeTouches.count == 1 else { return }
            armed = false
            left.removeFromSuperview()
            do { try app.send(InputFrame(timestamp: 5, touches: [began(5, 300, 300)])) } catch let error as InputError { thrown += error.rejections.map(\.reason) } catch {}
        }
        try app.frame(0, began(1, 50, 50))
        #expect(ledger.lines == ["left touchesBegan 1", "window touchesBegan 1",
                                 "left touchesCancelled 1", "window touchesCancelled 1"])
        try app.frame(0.1, moved(1, 60, 50))
        try app.frame(0.2, ended(1, 60, 50))
        #expect(thrown == [.sentDuringDelivery])
        try expectBalancedAndWorking()
        _ = token
    }

    // MARK: Touch methods

    /// A finger on `left` whose began a long press withholds and whose end a double tap
    /// withholds: it lifts early, so the long press fails and its began is delivered, while its
    /// end stays withheld for the second tap. In that frame a second finger lands on `right`,
    /// whose `touchesBegan` removes `left`. The first touch, withheld (HitKit keeps it until its
    /// end is delivered) and still down for this frame, is cancelled once.
    @Test func aTouchesBeganRemovingAViewWhoseTouchsEndIsWithheldCancelsThatTouchOnce() throws {
        let press = LongPressGestureRecognizer()
        press.delaysTouchesBegan = true
        left.addGestureRecognizer(press)
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        left.addGestureRecognizer(doubleTap)
        try app.frame(0, began(1, 50, 50))
        #expect(ledger.lines == [], "the long press withholds the began")
        right.hooks["touchesBegan"] = { [unowned left] in left.removeFromSuperview() }
        try app.frame(0.05, ended(1, 50, 50), began(2, 300, 50))
        #expect(ledger.lines == ["left touchesBegan 1", "window touchesBegan 1", "right touchesBegan 2",
                                 "left touchesCancelled 1", "window touchesCancelled 1", "window touchesBegan 2"])
        try app.frame(0.1, ended(2, 300, 50))
        try expectBalancedAndWorking()
    }
}
