import Testing
@testable import HitKit

/// The base class: states and legal transitions, reset, targets, touches and locations, and
/// detachment (Behaviour A4's first paragraph, e, i).
@Suite struct GestureRecognizerBaseTests {
    let scene = GestureScene()

    @Test func legalTransitionsFollowSpecA4() {
        typealias S = GestureRecognizer.State
        let all: [S] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        var continuous: [String] = [], discrete: [String] = []
        for from in all {
            for to in all {
                if GestureRecognizer.isLegal(from: from, to: to, discrete: false) { continuous.append("\(from)>\(to)") }
                if GestureRecognizer.isLegal(from: from, to: to, discrete: true) { discrete.append("\(from)>\(to)") }
            }
        }
        #expect(continuous.sorted() == ["began>cancelled", "began>changed", "began>ended", "changed>cancelled",
                                        "changed>changed", "changed>ended", "possible>began", "possible>failed"])
        #expect(discrete.sorted() == ["possible>ended", "possible>failed"])
        #expect(S.recognized == .ended)
    }

    @Test func anIllegalTransitionIsRecordedAndIgnoredNeverACrash() throws {
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.onBegan = { g in
            g.state = .changed                 // possible → changed: illegal
            g.state = .began
            g.state = .began                   // began → began: illegal
        }
        recognizer.onEnded = { g in
            g.state = .ended
            g.state = .failed                  // ended → failed: illegal
        }
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(recognizer.illegalTransitions.map(\.description) == [
            "illegal transition possible → changed for a continuous recognizer",
            "illegal transition began → began for a continuous recognizer",
            "illegal transition ended → failed for a continuous recognizer",
        ])
        #expect(scene.log.recognizerLines == ["g began", "g ended"])
        let discrete = scene.attach(DiscreteScriptedRecognizer(), to: scene.yellow, as: "d")
        discrete.onBegan = { $0.state = .began }
        try scene.tap(2, at: 100, 100, from: 1, to: 1.1)
        #expect(discrete.illegalTransitions.map(\.to) == [.began], "a discrete recognizer cannot begin")
    }

    @Test func itResetsAtTheEndOfTheFrameOnceItsTouchesHaveEnded() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.onMoved = { if $0.requestedState == .possible { $0.state = .began } }
        recognizer.onEnded = { if $0.state.isActive { $0.state = .ended } }
        try scene.app.frame(0, began(1, 100, 100), began(2, 120, 100))
        try scene.app.frame(0.1, moved(1, 101, 100))
        try scene.app.frame(0.2, ended(1, 101, 100))
        #expect(recognizer.state == .ended && recognizer.resets == 0, "touch 2 is still down")
        #expect(recognizer.numberOfTouches == 1)
        try scene.app.frame(0.3, moved(2, 130, 100))
        #expect(recognizer.received.last == "ended", "a finished recognizer receives no more touches")
        try scene.app.frame(0.4, ended(2, 130, 100))
        #expect(recognizer.state == .possible && recognizer.resets == 1)
        #expect(recognizer.numberOfTouches == 0)
    }

    @Test func locationsAndTouchCount() throws {
        scene.yellow.isMultipleTouchEnabled = true
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        var seen: [Point] = []
        var count = 0
        var second = Point.zero
        recognizer.onMoved = { [unowned yellow = scene.yellow] g in
            seen.append(g.location(in: nil))
            seen.append(g.location(in: yellow))
            count = g.numberOfTouches
            second = g.location(ofTouch: 1, in: yellow)
        }
        try scene.app.frame(0, began(1, 100, 100), began(2, 200, 150))
        try scene.app.frame(0.1, moved(1, 110, 100))
        #expect(seen == [Point(155, 125), Point(105, 75)], "the centroid, in the window and in the view")
        #expect(count == 2)
        #expect(second == Point(150, 100))
        #expect(!recognizer.location(ofTouch: 2, in: nil).isFinite, "out of range")
    }

    @Test func ignoringATouchStopsItsCallsAndItsWithholding() throws {
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        recognizer.delaysTouchesBegan = true
        recognizer.onBegan = { g in g.ignore(g.touches[0]) }
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 110, 100))
        #expect(recognizer.received == ["began"])
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesMoved 1"], "not withheld once ignored")
        let touch = try #require(scene.app.activeTouches.first)
        #expect(!touch.gestureRecognizers.contains { $0 === recognizer })
    }

    @Test func shouldReceiveDropsTheRecognizerForThatTouch() throws {
        let recognizer = scene.attach(ScriptedRecognizer(), to: scene.white, as: "g")
        let delegate = ScriptedDelegate()
        delegate.receives = { $0.id != 1 }
        recognizer.delegate = delegate
        try scene.app.frame(0, began(1, 100, 100))
        let touch = try #require(scene.app.activeTouches.first)
        #expect(touch.gestureRecognizers.isEmpty && recognizer.received.isEmpty)
        try scene.app.frame(0.1, ended(1, 100, 100))
        try scene.tap(2, at: 100, 100, from: 1, to: 1.1)
        #expect(recognizer.received == ["began", "ended"])
    }

    @Test func detachingOrRemovingTheViewStopsTheRecognizer() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.yellow, as: "pan")
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        scene.yellow.removeGestureRecognizer(pan)
        #expect(scene.log.recognizerLines == ["pan began", "pan cancelled"])
        let tap = scene.attach(TapGestureRecognizer(), to: scene.yellow, as: "tap")
        try scene.app.frame(0.2, ended(1, 130, 100))
        try scene.app.frame(1, began(2, 100, 100))
        scene.yellow.removeFromSuperview()
        #expect(scene.log.lines.suffix(2) == ["yellow touchesCancelled 2", "tap failed"])
        #expect(tap.state == .possible)
        try scene.app.frame(1.1, ended(2, 100, 100))
        #expect(scene.log.lines.last == "tap failed", "the lift reaches no one")
    }

    /// As a disabled recognizer's: the action that hears of the cancellation reads the view it
    /// was on and where its touch was, not a recognizer already detached.
    @Test func aRecognizerRemovedMidGestureIsCancelledOnItsView() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.yellow, as: "pan")
        // What the action saw, the view as whether it was yellow (holding the view would make a cycle).
        var heard: [(GestureRecognizer.State, onYellow: Bool, Point)] = []
        _ = pan.addTarget { [unowned yellow = scene.yellow] in heard.append(($0.state, $0.view === yellow, $0.location(in: nil))) }
        try scene.app.frame(0, began(1, 100, 100))
        try scene.app.frame(0.1, moved(1, 130, 100))
        scene.yellow.removeGestureRecognizer(pan)
        let cancelled = try #require(heard.last)
        #expect(cancelled.0 == .cancelled && cancelled.onYellow && cancelled.2 == Point(130, 100))
        #expect(pan.view == nil && !scene.yellow.gestureRecognizers.contains { $0 === pan })
        // The same through the list's setter, and with the action moving it to another view.
        let other = scene.attach(PanGestureRecognizer(), to: scene.yellow, as: "other")
        _ = other.addTarget { [unowned white = scene.white] in if $0.state == .cancelled { white.addGestureRecognizer($0) } }
        try scene.app.frame(0.15, ended(1, 130, 100))
        try scene.app.frame(0.2, began(2, 100, 100))
        try scene.app.frame(0.3, moved(2, 130, 100))
        #expect(other.state == .began)
        scene.yellow.gestureRecognizers = []
        #expect(other.view === scene.white && scene.white.gestureRecognizers.contains { $0 === other })
        #expect(!scene.yellow.gestureRecognizers.contains { $0 === other })
    }

    /// A closure target's ID is unique in the process: one from another recognizer removes
    /// nothing, not even the scroll view's own target on its pan (which would stop it scrolling).
    @Test func aClosureTargetsIDFromAnotherRecognizerRemovesNothing() throws {
        let other = TapGestureRecognizer()
        let foreign = other.addTarget { _ in }
        let scroll = ScrollView(frame: Rect(0, 0, 200, 200), in: scene.app)
        scroll.contentSize = Size(200, 1_000)
        scene.window.addSubview(scroll)
        scroll.panGestureRecognizer.removeTarget(foreign)
        var heard = 0
        let mine = scroll.panGestureRecognizer.addTarget { _ in heard += 1 }
        #expect(mine != foreign)
        try scene.app.frame(10, began(9, 100, 150))
        try scene.app.frame(10.1, moved(9, 100, 50))
        try scene.app.frame(10.2, ended(9, 100, 50))
        #expect(scroll.contentOffset.y > 0 && heard > 0)
    }

    /// A state set from code between frames, on a recognizer with no touches, is resolved in
    /// the next frame's step 3 — an advance too — rather than waiting for the next touch, which
    /// it would then take from its view.
    @Test func aStateSetBetweenFramesIsResolvedAtTheNextFrame() throws {
        let pan = scene.attach(PanGestureRecognizer(), to: scene.yellow, as: "pan")
        pan.state = .began
        try scene.app.advance(to: 0.1)
        #expect(pan.state == .began && scene.log.recognizerLines == ["pan began"])
        pan.state = .ended
        try scene.app.advance(to: 0.2)
        #expect(scene.log.recognizerLines == ["pan began", "pan ended"])
        try scene.app.advance(to: 5)
        try scene.app.frame(10, began(1, 100, 100))
        try scene.app.frame(10.1, ended(1, 100, 100))
        #expect(scene.log.lines.contains("yellow touchesBegan 1") && scene.log.lines.contains("yellow touchesEnded 1"))
        #expect(scene.log.recognizerLines == ["pan began", "pan ended", "pan failed"], "a touch of its own, which did not move")
    }

    @Test func defaults() {
        let g = GestureRecognizer()
        #expect(g.isEnabled && g.cancelsTouchesInView && !g.delaysTouchesBegan && g.delaysTouchesEnded)
        #expect(g.state == .possible && g.view == nil && g.numberOfTouches == 0)
        #expect(!GestureRecognizer.isDiscrete && TapGestureRecognizer.isDiscrete && SwipeGestureRecognizer.isDiscrete)
        #expect(!PanGestureRecognizer.isDiscrete && !LongPressGestureRecognizer.isDiscrete)
        let other = GestureRecognizer()
        #expect(g.canPrevent(other) && g.canBePrevented(by: other))
        #expect(!g.shouldRequireFailure(of: other) && !g.shouldBeRequiredToFail(by: other))
    }

    @Test func observersSeeTouchCallsAndStateChangesInOrder() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap", touches: true)
        var order: [String] = []
        tap.addTarget { _ in order.append("action") }
        tap.observeStateChanges { _, state in order.append("observer \(state)") }
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["tap touchesBegan 1", "yellow touchesBegan 1", "tap touchesEnded 1",
                                    "tap recognized", "yellow touchesCancelled 1"])
        #expect(order == ["observer ended", "action"], "observers hear the change, then the action is sent")
    }
}
