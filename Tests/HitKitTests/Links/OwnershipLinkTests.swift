import Testing
@testable import HitKit

/// The links used instead of weak references to views, windows, recognizers and the application
/// (Links/Links.swift: ViewLink, RecognizerLink, ResponderLink, and ViewContext's UnownedLinks): each
/// reads `nil` once its object is freed, mid-touch or mid-frame, exactly where a weak reference
/// would, and nothing reads freed memory (run these under `Scripts/sanitizers.sh address`).
@Suite struct OwnershipLinkTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
    }

    /// Makes views until one takes the row `index` again (the store reuses freed rows).
    private func viewReusingRow(_ index: Int32) -> [View] {
        var made: [View] = []
        for _ in 0..<64 {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            made.append(view)
            if view.id.index == index { break }
        }
        return made
    }

    // MARK: View links (touches, recognizers, tap counts, closures)

    @Test func aTouchsViewReadsNilOnceFreedEvenWhenItsRowIsReused() throws {
        let touch: Touch, row: Int32
        weak var freed: View?
        do {
            let view = View(frame: Rect(0, 0, 100, 100), in: app)
            window.addSubview(view)
            try app.frame(0, began(1, 50, 50))
            touch = try #require(app.activeTouches.first)
            #expect(touch.view === view && touch.window === window)
            row = view.id.index
            freed = view
            // Mid-touch: the view leaves (its touch is cancelled) and is freed.
            view.removeFromSuperview()
        }
        #expect(freed == nil)
        #expect(touch.view == nil)
        // A new view in the same row is not the touch's view: the generation differs.
        let newcomers = viewReusingRow(row)
        #expect(newcomers.last?.id.index == row, "the store reused the row (else this test proves less)")
        #expect(touch.view == nil)
        #expect(touch.window === window && touch.isIn(window))
        try app.frame(0.1, moved(1, 60, 60))
        try app.frame(0.2, ended(1, 60, 60))
    }

    @Test func aTouchsWindowReadsNilOnceFreed() throws {
        var touch: Touch?
        do {
            let second = Window(frame: Rect(0, 0, 400, 400), in: app)
            second.makeKeyAndVisible()
            try app.frame(0, began(1, 50, 50))
            touch = app.activeTouches.first
            #expect(touch?.window === second)
            app.removeWindow(second)
        }
        #expect(touch?.window == nil && touch?.view == nil)
        #expect(app.keyWindow == nil, "the key window's link reads nil too")
        try app.frame(0.1, ended(1, 50, 50))
    }

    @Test func aResponderTargetIsHeldWeaklyAndFreedMidGestureGetsNoMoreActions() throws {
        let view = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        let pan = PanGestureRecognizer()
        view.addGestureRecognizer(pan)
        var target: ActionRecorder? = ActionRecorder("target")
        weak let freed = target
        pan.addTarget(target!, action: "panned")
        let closureCalls = Counter()
        pan.addTarget { _ in closureCalls.value += 1 }
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, moved(1, 40, 10))
        #expect(pan.state == .began)
        #expect(target?.performed.map(\.action) == ["panned"])
        target = nil
        #expect(freed == nil, "the recognizer's link does not keep its target alive")
        try app.frame(0.2, moved(1, 60, 10))
        try app.frame(0.3, ended(1, 60, 10))
        #expect(closureCalls.value == 3, "the other targets go on getting theirs")
    }

    final class Counter { var value = 0 }

    @Test func aRecognizerOutlivingItsViewReadsNil() {
        let recognizer = GestureRecognizer()
        let row: Int32
        do {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            view.addGestureRecognizer(recognizer)
            #expect(recognizer.view === view)
            row = view.id.index
        }
        #expect(recognizer.view == nil)
        // A new view in the same row is not the recognizer's view.
        let newcomers = viewReusingRow(row)
        #expect(newcomers.last?.id.index == row)
        #expect(recognizer.view == nil)
    }

    @Test func aViewFreedMidFrameByARecognizersActionReadsNil() throws {
        let recognizer = TapGestureRecognizer()
        var touchSeen: Touch?
        do {
            let view = View(frame: Rect(0, 0, 100, 100), in: app)
            window.addSubview(view)
            view.addGestureRecognizer(recognizer)
            recognizer.addTarget { recognizer in
                // Mid-frame, inside the delivery of the ended: the view goes and is freed.
                touchSeen = recognizer.touches.first
                recognizer.view?.removeFromSuperview()
            }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.05, ended(1, 50, 50))
        #expect(recognizer.view == nil)
        #expect(touchSeen != nil && touchSeen?.view == nil)
        try app.advance(to: 1)  // the double-tap timer of a recognizer whose view is gone
        try app.frame(1.1, began(2, 50, 50))
        #expect(app.activeTouches.first?.view === window)
        try app.frame(1.2, ended(2, 50, 50))
    }

    @Test func aTapAfterTheTappedViewIsFreedAndItsRowReusedCountsOne() throws {
        let row: Int32
        do {
            let view = View(frame: Rect(0, 0, 100, 100), in: app)
            window.addSubview(view)
            row = view.id.index
            try app.frame(0, began(1, 50, 50))
            try app.frame(0.05, ended(1, 50, 50))
            view.removeFromSuperview()
        }
        let newcomers = viewReusingRow(row)
        let newcomer = try #require(newcomers.last)
        #expect(newcomer.id.index == row, "the store reused the row (else this test proves less)")
        newcomer.frame = Rect(0, 0, 100, 100)
        window.addSubview(newcomer)
        try app.frame(0.1, began(1, 50, 50))
        #expect(app.activeTouches.first?.view === newcomer)
        #expect(app.activeTouches.first?.tapCount == 1)
        try app.frame(0.15, ended(1, 50, 50))
    }

    @Test func aFirstResponderFreedReadsNil() {
        do {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            window.addSubview(view)
            view.acceptsFirstResponder = true
            window.makeKeyAndVisible()
            #expect(view.becomeFirstResponder())
            #expect(window.firstResponder === view)
            view.removeFromSuperview()
        }
        #expect(window.storedFirstResponder == nil)
    }

    // MARK: The application link

    @Test func viewsTouchesAndRecognizersOutlivingTheirApplicationReadNilWhereTheyDid() throws {
        let view: View, touch: Touch, recognizer = GestureRecognizer()
        var link: ResponderLink?
        weak var freedApplication: Application?
        do {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 100, 100), in: app)
            view = View(frame: Rect(0, 0, 50, 50), in: app)
            window.addSubview(view)
            view.addGestureRecognizer(recognizer)
            try app.frame(0, began(1, 10, 10))
            touch = try #require(app.activeTouches.first)
            link = ResponderLink(app)
            #expect(link?.object === app)
            freedApplication = app
        }
        #expect(freedApplication == nil)
        #expect(view.application == nil)
        #expect(link?.object == nil)
        #expect(view.superview == nil && view.window == nil)
        // The view is alive (the test holds it): a touch and a recognizer still read it, as
        // their weak references did; the window went with the application.
        #expect(touch.view === view && recognizer.view === view)
        #expect(touch.window == nil)
        #expect(recognizer.currentTime == 0)
    }

    @Test func observerTokensCancelWhileTheApplicationLivesAndAreHarmlessAfterIt() throws {
        var frameEnds = 0, records = 0
        var frameEndToken: ObservationToken?, traceToken: ObservationToken?
        weak var freedApplication: Application?
        do {
            let app = Application()
            _ = Window(frame: Rect(0, 0, 100, 100), in: app)
            frameEndToken = app.observeFrameEnds { _ in frameEnds += 1 }
            traceToken = app.observeTrace { _ in records += 1 }
            try app.frame(0, began(1, 10, 10))
            #expect(frameEnds == 1 && records > 0)
            // Cancelled while the application lives, the observers are gone (the tokens reach
            // the application through its views' context, not a weak reference).
            frameEndToken?.cancel()
            traceToken?.cancel()
            let recordsBefore = records
            try app.frame(0.1, ended(1, 10, 10))
            #expect(frameEnds == 1 && records == recordsBefore)
            #expect(app.tracer == nil)
            // New tokens that outlive the application.
            frameEndToken = app.observeFrameEnds { _ in frameEnds += 1 }
            traceToken = app.observeTrace { _ in records += 1 }
            freedApplication = app
        }
        #expect(freedApplication == nil)
        frameEndToken?.cancel()
        traceToken?.cancel()
        #expect(frameEndToken?.isCancelled == true && traceToken?.isCancelled == true)
    }

    // MARK: Scroll motion

    // The scroll views below move out of any window: one that leaves its window stops
    // (Behaviour A6.1, "Leaving the window"), but an animated offset set on one never in a
    // window runs, and its motion must not keep it alive.

    @Test func aScrollViewLetGoOfMidMotionIsFreedAndTheClockForgetsIt() throws {
        weak var freed: ScrollView?
        let kept = ScrollView(frame: Rect(0, 200, 400, 200), in: app)
        kept.contentSize = Size(width: 400, height: 20_000)
        do {
            let scrollView = ScrollView(frame: Rect(0, 0, 400, 200), in: app)
            scrollView.contentSize = Size(width: 400, height: 20_000)
            freed = scrollView
            // An animated offset on each: both move.
            scrollView.setContentOffset(Point(0, 1000), animated: true)
            kept.setContentOffset(Point(0, 1000), animated: true)
            #expect(scrollView.isMoving && kept.isMoving)
        }
        // The motion held no reference: the one no one keeps is gone at once, mid-motion.
        #expect(freed == nil)
        #expect(app.hasScrollMotion, "the kept one still moves")
        try app.advance(to: 0.1)
        #expect(kept.isMoving, "a scroll view still kept goes on moving, detached")
        #expect(app.scrollMotion.moving.map(\.id) == [kept.id])
        try app.advance(to: 30)
        #expect(!app.hasScrollMotion)
    }

    @Test func aScrollViewFreedMidMotionIsNoMotionBeforeTheNextStep() throws {
        weak var freed: ScrollView?
        do {
            let scrollView = ScrollView(frame: Rect(0, 0, 400, 200), in: app)
            scrollView.contentSize = Size(width: 400, height: 20_000)
            freed = scrollView
            scrollView.setContentOffset(Point(0, 1000), animated: true)
            #expect(scrollView.isMoving && app.hasScrollMotion && app.nextDeadline != nil)
        }
        #expect(freed == nil)
        // Its link is still in the clock's list (the next step drops it), but a host asking
        // whether to keep ticking is told there is nothing to tick for.
        #expect(app.scrollMotion.moving.count == 1)
        #expect(!app.hasScrollMotion)
        #expect(app.scrollMotion.nextTick == nil)
    }

    // MARK: Recognizer links (timers, failure requirements, scroll ownership)

    @Test func aRecognizerFreedWithATimerPendingRunsNothing() throws {
        final class Flag { var fired = false }
        let flag = Flag(), control = Flag()
        let kept = GestureRecognizer()
        do {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            let recognizer = GestureRecognizer()
            view.addGestureRecognizer(recognizer)
            view.addGestureRecognizer(kept)
            recognizer.schedule(after: 1) { _ in flag.fired = true }
            kept.schedule(after: 1) { _ in control.fired = true }
            view.removeGestureRecognizer(kept)
        }
        try app.advance(to: 2)
        #expect(!flag.fired, "the timer of a freed recognizer does not run")
        #expect(control.fired, "the timer of a detached recognizer still alive runs, as before")
    }

    @Test func aRequirementOnAFreedRecognizerReadsNil() throws {
        let view = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        do {
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            view.addGestureRecognizer(doubleTap)
            tap.require(toFail: doubleTap)
            #expect(tap.requiredToFail.first?.object === doubleTap)
            view.removeGestureRecognizer(doubleTap)
        }
        #expect(tap.requiredToFail.count == 1 && tap.requiredToFail[0].object == nil)
        var recognized = 0
        tap.addTarget { _ in recognized += 1 }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.05, ended(1, 50, 50))
        #expect(recognized == 1, "no wait on a freed recognizer")
    }

    @Test func aLinkToARecognizerReadsItsClassAndNilOnceFreed() {
        var link: RecognizerLink<PanGestureRecognizer>?
        do {
            let pan = PanGestureRecognizer()
            link = RecognizerLink(pan)
            #expect(link?.object === pan)
            #expect(RecognizerLink<GestureRecognizer>(pan).object === pan, "links to one recognizer share its anchor")
        }
        #expect(link?.object == nil)
    }

    // MARK: Rule 1: no side table on what a delivery retains

    /// Whether the Swift runtime gave `object` a side table, which it does at the object's first
    /// weak reference and keeps for life: the inline reference counts then hold the table's
    /// address, marked by their two top bits (UseSlowRC and SideTableMark in the runtime's
    /// RefCount.h, its 64-bit layout). Every retain and release of such an object takes the
    /// runtime's slow path.
    static func hasSideTable(_ object: AnyObject) -> Bool {
        let counts = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(fromByteOffset: 8, as: UInt64.self)
        return counts >> 62 == 0b11
    }

    @Test func aWeakReferenceGivesASideTableAndTheProbeSeesIt() {
        let view = View(frame: Rect(0, 0, 10, 10), in: app)
        #expect(!Self.hasSideTable(view))
        weak let weakly = view
        #expect(weakly === view)
        #expect(Self.hasSideTable(view))
    }

    /// Rule 1 held across the façade's kinds of links: a controller's view, a control's actions,
    /// a scroll view's delegate and offset observer, recognizers' targets, delegates and
    /// requirements, hover, taps, a drag with its deceleration, and frame-end and trace
    /// observers leave no view, window, recognizer or the application with a side table.
    @Test func nothingADeliveryRetainsGetsASideTable() throws {
        final class Delegate: ScrollViewDelegate, GestureRecognizerDelegate {
            var scrolls = 0
            func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
        }
        let delegate = Delegate()
        let controller = ViewController(in: app)
        window.rootViewController = controller
        controller.view.frame = Rect(0, 0, 400, 400)
        let button = Button(frame: Rect(10, 10, 80, 40), in: app)
        var actions = 0
        button.addAction(for: .touchUpInside) { _ in actions += 1 }
        controller.view.addSubview(button)
        let scrollView = ScrollView(frame: Rect(0, 100, 400, 200), in: app)
        scrollView.contentSize = Size(width: 400, height: 2_000)
        scrollView.delegate = delegate
        controller.view.addSubview(scrollView)
        let tapped = View(frame: Rect(0, 320, 400, 80), in: app)
        controller.view.addSubview(tapped)
        let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer(), hover = HoverGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        tap.delegate = delegate
        var taps = 0, hovers = 0
        tap.addTarget { _ in taps += 1 }
        hover.addTarget { _ in hovers += 1 }
        tapped.addGestureRecognizer(tap)
        tapped.addGestureRecognizer(doubleTap)
        tapped.addGestureRecognizer(hover)
        var frameEnds = 0
        let frameEndToken = app.observeFrameEnds { _ in frameEnds += 1 }
        defer { frameEndToken.cancel() }

        try app.frame(0, began(1, 50, 30))
        try app.frame(0.05, ended(1, 50, 30))
        try app.frame(0.1, began(2, 200, 280))
        for step in 1...5 { try app.frame(0.1 + Double(step) * 0.01, moved(2, 200, 280 - Double(step) * 30)) }
        try app.frame(0.16, ended(2, 200, 130))
        try app.frame(0.2, began(3, 200, 360))
        try app.frame(0.25, ended(3, 200, 360))
        try app.send(InputFrame(timestamp: 0.3, pointer: PointerInput(id: 7, location: Point(200, 350))))
        try app.send(InputFrame(timestamp: 0.31, pointer: PointerInput(id: 7, location: Point(210, 360))))
        try app.advance(to: 2)
        #expect(actions == 1 && taps == 1 && hovers > 0 && delegate.scrolls > 0 && frameEnds > 0,
                "every link was used: \(actions) \(taps) \(hovers) \(delegate.scrolls) \(frameEnds)")

        let retained: [(String, AnyObject)] = [
            ("the application", app), ("the window", window), ("the controller's view", controller.view),
            ("the button", button), ("the scroll view", scrollView), ("the scroll view's pan", scrollView.panGestureRecognizer),
            ("the tapped view", tapped), ("the tap", tap), ("the double tap", doubleTap), ("the hover", hover),
        ]
        for (name, object) in retained {
            #expect(!Self.hasSideTable(object), "\(name) has a side table: something holds it weakly")
        }
    }
}
