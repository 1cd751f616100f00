import Testing
@testable import HitKit

/// Behaviour A8: the view under the pointer is recomputed after every change made through the
/// view API, so the hover recognizers begin and end when the setter returns, without a frame
/// and without `Application.updateHover()`.
@Suite struct HoverFollowsViewChangesTests {
    let app = Application()
    let window: Window
    let box: View
    let log = Log()

    final class Log { var lines: [String] = [] }

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        box = View(frame: Rect(0, 0, 200, 200), in: app)
        window.addSubview(box)
    }

    /// Puts the pointer, with no button held, at (x, y) in a frame of its own.
    func pointer(at x: Double, _ y: Double, time: Double = 0) throws {
        try app.send(InputFrame(timestamp: time, pointer: PointerInput(id: 9, location: Point(x, y))))
    }

    @discardableResult
    func hover(on view: View, named name: String, _ hover: HoverGestureRecognizer = HoverGestureRecognizer())
        -> HoverGestureRecognizer
    {
        hover.observeStateChanges { [log] _, state in log.lines.append("\(name) \(state)") }
        view.addGestureRecognizer(hover)
        return hover
    }

    @Test func hidingTheHoveredViewEndsItsHover() throws {
        hover(on: box, named: "box")
        try pointer(at: 50, 50)
        #expect(log.lines == ["box began"])
        box.isHidden = true
        #expect(log.lines == ["box began", "box ended"])
        box.isHidden = false
        #expect(log.lines.last == "box began", "showing it again under the pointer begins again")
    }

    @Test func movingAViewUnderARestingPointerBeginsItsHover() throws {
        hover(on: box, named: "box")
        try pointer(at: 300, 300)
        #expect(log.lines.isEmpty)
        box.frame = Rect(250, 250, 100, 100)
        #expect(log.lines == ["box began"])
        box.center = Point(50, 50)
        #expect(log.lines == ["box began", "box ended"], "moving it away ends it")
        box.transform = AffineTransform(translationX: 250, y: 250)
        #expect(log.lines.last == "box began", "a transform moves it as the frame does")
    }

    /// A hover the pointer has left is not kept alive by the hover pass: once its view is
    /// removed and the host lets go of both, they are freed — with the pointer off the screen,
    /// where no later hover pass runs.
    @Test func aHoverThePointerLeftIsNotKeptAlive() throws {
        weak var gone: HoverGestureRecognizer?
        do {
            let panel = View(frame: Rect(250, 250, 100, 100), in: app)
            window.addSubview(panel)
            let recognizer = HoverGestureRecognizer()
            panel.addGestureRecognizer(recognizer)
            gone = recognizer
            try pointer(at: 300, 300)
            #expect(recognizer.state == .began)
            try app.send(InputFrame(timestamp: 0.1, pointer: .left(id: 9)))
            #expect(recognizer.state == .possible)
            panel.removeFromSuperview()
        }
        #expect(gone == nil)
    }

    @Test func removingTheHoveredViewEndsItAndRevealsTheViewBelow() throws {
        let cover = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(cover)
        hover(on: box, named: "box")
        hover(on: cover, named: "cover")
        try pointer(at: 50, 50)
        #expect(log.lines == ["cover began"])
        cover.removeFromSuperview()
        #expect(log.lines == ["cover began", "cover ended", "box began"])
    }

    /// Found by the dispatch fuzzer: moving the hovered view into a view outside the window
    /// stops its recognizers that hold touches; with a touch's began withheld elsewhere, each
    /// stop asks for a frame to resolve what it released. Run halfway through the move, while
    /// the view could still be hit, that frame began the hover again, and the stop that followed
    /// cancelled it. The move is one change: the hover ends once, and nothing runs halfway.
    @Test func movingTheHoveredViewOutOfItsWindowEndsItsHoverOnceWithTouchesHeld() throws {
        hover(on: box, named: "box")
        let tap = TapGestureRecognizer()
        box.addGestureRecognizer(tap)
        let pinch = PinchGestureRecognizer()
        pinch.delaysTouchesBegan = true
        window.addGestureRecognizer(pinch)
        try pointer(at: 50, 50)
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .began, location: Point(100, 100)),
                                                           TouchInput(id: 2, phase: .began, location: Point(300, 300))]))
        #expect(tap.touches.count == 1 && app.dispatcher.hasHeldTouches, "the tap holds a touch; the pinch withholds")
        let outside = View(frame: Rect(0, 0, 400, 400), in: app)
        outside.addSubview(box)
        #expect(log.lines == ["box began", "box ended"])
    }

    @Test func aSubviewAddedOnTopUnderThePointerTakesTheHoverAndTheParentsContinues() throws {
        hover(on: box, named: "parent")
        try pointer(at: 50, 50)
        let child = View(frame: Rect(0, 0, 100, 100), in: app)
        hover(on: child, named: "child")
        box.addSubview(child)
        #expect(log.lines == ["parent began", "child began"], "the parent's hover neither ends nor restarts")
        #expect(app.hitTest(screenPoint: Point(50, 50)) === child)
        let sibling = View(frame: Rect(0, 0, 100, 100), in: app)
        hover(on: sibling, named: "sibling")
        window.insertSubview(sibling, aboveSubview: box)
        #expect(log.lines.suffix(3) == ["child ended", "parent ended", "sibling began"])
    }

    @Test func disablingUserInteractionEndsTheHover() throws {
        hover(on: box, named: "box")
        try pointer(at: 50, 50)
        box.isUserInteractionEnabled = false
        #expect(log.lines == ["box began", "box ended"])
    }

    @Test func hidingTheWindowOrReEnablingTheRecognizerFollowsAtOnce() throws {
        let recognizer = hover(on: box, named: "box")
        try pointer(at: 50, 50)
        recognizer.isEnabled = false
        #expect(log.lines == ["box began", "box cancelled"], "disabling cancels (Behaviour A4 i)")
        recognizer.isEnabled = true
        #expect(log.lines.last == "box began", "enabled again under the pointer, it begins")
        window.isHidden = true
        #expect(log.lines.last == "box ended")
    }

    /// Behaviour A8: the view under the pointer is recomputed after every change of the
    /// hierarchy made through the API — creating a window is one. A window made in front of the
    /// windows shown before it, under the resting pointer, takes it from the view below at once;
    /// one made away from the pointer changes nothing.
    @Test func aNewWindowUnderThePointerEndsTheHoverBelowItAtOnce() throws {
        hover(on: box, named: "box")
        try pointer(at: 50, 50)
        #expect(log.lines == ["box began"])
        let aside = Window(frame: Rect(300, 300, 50, 50), in: app)
        #expect(log.lines == ["box began"], "a window away from the pointer covers nothing under it")
        let cover = Window(frame: Rect(0, 0, 100, 100), in: app)
        #expect(log.lines == ["box began", "box ended"], "the new window is in front under the pointer")
        #expect(app.hitTest(screenPoint: Point(50, 50)) === cover)
        #expect(app.hitTest(screenPoint: Point(310, 310)) === aside)
    }

    @Test func aGroupOfChangesIsFollowedOnceAtItsEnd() throws {
        hover(on: box, named: "box")
        try pointer(at: 50, 50)
        app.deferringUpdates {
            box.isHidden = true
            box.isHidden = false
            #expect(log.lines == ["box began"], "nothing is recomputed inside the group")
        }
        #expect(log.lines == ["box began"], "the end state is the start state: no transition")
        app.deferringUpdates { box.frame = Rect(300, 300, 10, 10) }
        #expect(log.lines == ["box began", "box ended"])
    }

    @Test func changesInsideAFrameAreFollowedOnceAtItsEnd() throws {
        hover(on: box, named: "box")
        try pointer(at: 50, 50)
        app.schedule(at: 1) { [box, log] in
            box.isHidden = true
            box.isHidden = false
            log.lines.append("timer done")
            box.center = Point(500, 500)
            log.lines.append("moved away")
        }
        try app.advance(to: 1)
        #expect(log.lines == ["box began", "timer done", "moved away", "box ended"],
                "the timer frame's hover pass sees only its end state")
    }

    /// A frame's end is told once the frame's every part is followed: a view the frame's keys
    /// move under the resting pointer, after the frame's own hover pass, has begun its hover
    /// when the frame-end observers run.
    @Test func whatAFramesKeysMoveIsFollowedBeforeItsEndIsTold() throws {
        final class Mover: View {
            var onPress: () -> Void = {}
            override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { onPress() }
        }
        let mover = Mover(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(mover)
        window.makeKey()
        mover.acceptsFirstResponder = true
        mover.becomeFirstResponder()
        mover.onPress = { [box] in box.frame = Rect(250, 250, 100, 100) }
        hover(on: box, named: "box")
        try pointer(at: 300, 300)
        app.observeFrameEnds { [log] _ in log.lines.append("frame end") }
        try app.sendKeys(1, Keys.down(Keys.letter("m")))
        #expect(log.lines == ["box began", "frame end"])
    }

    /// What a frame-end observer changes is followed before the frame's call returns, without
    /// another frame end.
    @Test func whatAFrameEndObserverChangesIsFollowedBeforeTheCallReturns() throws {
        hover(on: box, named: "box")
        try pointer(at: 300, 300)
        app.observeFrameEnds { [box, log] _ in
            log.lines.append("frame end")
            box.frame = Rect(250, 250, 100, 100)
        }
        try app.advance(to: 1)
        #expect(log.lines == ["frame end", "box began"])
    }

    @Test func withoutAPointerChangesTellNoHoverAndUpdateHoverStillWorks() throws {
        hover(on: box, named: "box")
        box.frame = Rect(10, 10, 100, 100)
        box.isHidden = true
        box.isHidden = false
        app.updateHover()
        #expect(log.lines.isEmpty)
        try pointer(at: 50, 50)
        #expect(log.lines == ["box began"])
        app.updateHover()
        #expect(log.lines == ["box began"], "nothing changed: no transition")
    }

    @Test func anActionFightingTheHoverStopsAfterABoundedNumberOfPasses() throws {
        let hover = hover(on: box, named: "box")
        // Hiding on begin and showing on end would flip forever if every change recursed.
        hover.observeStateChanges { [unowned box] _, state in
            if state == .began { box.isHidden = true }
            if state == .ended { box.isHidden = false }
        }
        try pointer(at: 50, 50)
        let afterFrame = log.lines.count
        #expect(afterFrame > 0 && afterFrame <= 12)
        box.alpha = 0.5
        #expect(log.lines.count - afterFrame <= 12, "a change outside a frame is bounded too")
    }

    /// A hover whose `isEnabled` (an overridable property the walk up the chain reads) frees
    /// the view above it the first time the walk asks.
    final class FreeingHover: HoverGestureRecognizer {
        var freeOnce: (() -> Void)?
        override var isEnabled: Bool {
            get {
                if let free = freeOnce { freeOnce = nil; free() }
                return super.isEnabled
            }
            set { super.isEnabled = newValue }
        }
    }

    @Test func freeingViewsWhileTheHoverIsComputedEndsTheWalkAndIsFollowedAtTheFramesEnd() throws {
        var outer: View? = View(frame: Rect(0, 0, 100, 100), in: app)
        var inner: View? = View(frame: Rect(0, 0, 100, 100), in: app)
        box.addSubview(outer!)
        outer!.addSubview(inner!)
        hover(on: outer!, named: "outer")
        hover(on: box, named: "box")
        let freeing = FreeingHover()
        freeing.observeStateChanges { [log] _, state in log.lines.append("inner \(state)") }
        inner!.addGestureRecognizer(freeing)
        freeing.freeOnce = { [app] in
            app.view(for: outer!.id)?.removeFromSuperview()
            outer = nil
            inner = nil  // the walk holds neither view: both are freed here
        }
        try pointer(at: 50, 50)
        #expect(outer == nil && inner == nil)
        // The walk stopped at the freed views (their hovers never began), and the change it saw
        // was followed before the frame returned: the pointer is over `box` now.
        #expect(log.lines == ["box began"])
        try pointer(at: 60, 60, time: 0.1)
        #expect(log.lines == ["box began", "box changed"])
    }

    @Test func aViewMadeInTheRowOfAViewFreedDuringTheWalkIsNotWalkedInto() throws {
        var middle: View? = View(frame: Rect(0, 0, 100, 100), in: app)
        let inner = View(frame: Rect(0, 0, 100, 100), in: app)
        box.addSubview(middle!)
        middle!.addSubview(inner)
        hover(on: box, named: "box")
        let stranger = View(frame: Rect(300, 300, 10, 10), in: app)
        window.addSubview(stranger)
        hover(on: stranger, named: "stranger")
        let middleRow = middle!.id.index
        var newcomer: View?
        let freeing = FreeingHover()
        middle!.addGestureRecognizer(freeing)
        freeing.freeOnce = { [app] in
            middle!.removeFromSuperview()
            middle = nil
            // Takes the freed row, under `stranger`, away from the pointer: the walk, which is
            // at that row, must not go on up the newcomer's chain.
            newcomer = View(frame: Rect(0, 0, 5, 5), in: app)
            stranger.addSubview(newcomer!)
        }
        try pointer(at: 50, 50)
        #expect(newcomer?.id.index == middleRow, "the newcomer took the freed view's row")
        // The walk ended at the freed view; at the frame's end the pointer is over `box` (`inner`
        // left the window with its superview).
        #expect(log.lines == ["box began"])
    }
}
