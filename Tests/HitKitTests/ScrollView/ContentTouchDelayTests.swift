import Testing
@testable import HitKit

/// Behaviour A6 `delaysContentTouches` and `touchesShouldBegin`, with Behaviour A4 g's delivery: a
/// touch beginning on the content is withheld for 0.15 s, released by the timer's frame or by
/// the touch ending first, and dropped if the pan begins first.
@Suite("ScrollView content touch delay")
struct ContentTouchDelayTests {
    @Test("the content gets touchesBegan in the timer's frame 0.15 s after the touch began")
    func releasedByTimer() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 100, 160))
        #expect(app.activeTouches.first?.view === stage.cell)
        try app.advance(to: 0.149)
        #expect(stage.log.lines.isEmpty)
        try app.advance(to: 0.3)
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1"])
        try app.frame(0.4, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.4 cell touchesEnded 1"])
    }

    @Test("a move while withheld follows the released began as one touchesMoved")
    func moveWhileWithheld() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.05, moved(1, 104, 163))      // 5 pt: below the pan's 10 pt
        try app.advance(to: 0.2)
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.15 cell touchesMoved 1"])
        try app.frame(0.3, ended(1, 104, 163))
        #expect(stage.scrollView.contentOffset == .zero)
    }

    @Test("a touch that ends within the delay reaches the content as began and ended in that frame")
    func releasedByEnd() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.1, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.1 cell touchesBegan 1", "0.1 cell touchesEnded 1"])
        // The delay's timer went with the sequence: nothing more happens at 0.15.
        #expect(app.pendingTimerCount == 0)
        try app.advance(to: 1)
        #expect(stage.log.lines.count == 2)
    }

    @Test("when the pan begins within the delay the content never hears of the touch",
          arguments: [true, false])
    func panFirstHidesTouch(canCancelContentTouches: Bool) throws {
        let stage = ScrollStage()
        let app = stage.app
        // Even a scroll view that may not cancel content touches scrolls here: the content has
        // no touch yet to keep.
        stage.scrollView.canCancelContentTouches = canCancelContentTouches
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.05, moved(1, 100, 140))      // (0, −20): the pan begins
        #expect(stage.scrollView.panGestureRecognizer.state == .began)
        #expect(stage.scrollView.contentOffset == Point(0, 20))
        try app.advance(to: 0.5)
        try app.frame(0.6, moved(1, 100, 100))
        try app.frame(0.7, ended(1, 100, 100))
        #expect(stage.scrollView.contentOffset == Point(0, 60))
        #expect(stage.log.lines.isEmpty)
        #expect(stage.scrollView.cancelQuestions.isEmpty)
    }

    @Test("another recognizer beginning within the delay does not cut it short")
    func otherRecognizerDoesNotShortenDelay() throws {
        let stage = ScrollStage()
        let app = stage.app
        // A long press behind the scroll view that leaves touches to the views begins at 0.05.
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = 0.05
        press.cancelsTouchesInView = false
        stage.back.addGestureRecognizer(press)
        press.observeStateChanges { [log = stage.log] _, state in log.add("press \(state)") }
        try app.frame(0, began(1, 100, 160))
        try app.advance(to: 0.3)
        #expect(stage.log.lines == ["0.05 press began", "0.15 cell touchesBegan 1"])
        try app.frame(0.4, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.05 press began", "0.15 cell touchesBegan 1", "0.4 press ended", "0.4 cell touchesEnded 1"])
    }

    @Test("a finger landing within the delay waits with the first; one landing after it is delivered at once")
    func laterFingers() throws {
        let stage = ScrollStage()
        let app = stage.app
        let other = ContentView("other", frame: Rect(x: 0, y: 200, width: 320, height: 44), in: app, log: stage.log)
        let third = ContentView("third", frame: Rect(x: 200, y: 300, width: 100, height: 44), in: app, log: stage.log)
        stage.scrollView.addSubview(other)
        stage.scrollView.addSubview(third)
        // Screen (100, 160), (100, 260) and (250, 360) are the cell, `other` and `third`.
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.1, began(2, 100, 260))
        #expect(stage.log.lines.isEmpty)
        try app.frame(0.2, began(3, 250, 360))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.15 other touchesBegan 2", "0.2 third touchesBegan 3"])
        try app.frame(0.3, ended(1, 100, 160), ended(2, 100, 260), ended(3, 250, 360))
        #expect(stage.log.lines.suffix(3) == ["0.3 cell touchesEnded 1", "0.3 other touchesEnded 2", "0.3 third touchesEnded 3"])
        // Each touch was asked about once: 1 and 2 when the delay ended, 3 as it began.
        #expect(stage.scrollView.beginQuestions.map(\.ids) == [[1], [2], [3]])
        #expect(stage.scrollView.beginQuestions.map(\.hadEvent) == [false, false, true])
    }

    @Test("touchesShouldBegin is asked about a finger landing after the delay, and can refuse it")
    func laterFingerRefused() throws {
        let stage = ScrollStage()
        let app = stage.app
        let third = ContentView("third", frame: Rect(x: 200, y: 300, width: 100, height: 44), in: app, log: stage.log)
        stage.scrollView.addSubview(third)
        stage.scrollView.shouldBegin = { _, content in content !== third }
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.2, began(2, 250, 360))
        try app.frame(0.3, ended(1, 100, 160), ended(2, 250, 360))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.3 cell touchesEnded 1"])
        #expect(stage.scrollView.beginQuestions.map(\.ids) == [[1], [2]])
    }

    @Test("a touch cancelled by the input within the delay: the delay fails, began and cancelled arrive together")
    func cancelledInputReleases() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.1, cancelled(1))
        // Behaviour A4 j fails the delay recognizer; A4 g then delivers the withheld began in that
        // frame's step 5, and the cancel follows, so the cell's began is matched.
        #expect(stage.log.lines == ["0.1 cell touchesBegan 1", "0.1 cell touchesCancelled 1"])
    }

    @Test("a scroll in the very frame the delay expires: the timer's frame runs first, then the pan cancels")
    func panAtDelayTime() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.15, moved(1, 100, 130))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.15 cell touchesCancelled 1"])
        #expect(stage.scrollView.contentOffset == Point(0, 30))
        try app.frame(0.2, ended(1, 100, 130))
    }

    @Test("with delaysContentTouches false the content gets touchesBegan in the touch's own frame")
    func noDelay() throws {
        let stage = ScrollStage()
        let app = stage.app
        stage.scrollView.delaysContentTouches = false
        try app.frame(0, began(1, 100, 160))
        #expect(stage.log.lines == ["0.0 cell touchesBegan 1"])
        #expect(app.pendingTimerCount == 0)
        try app.frame(0.2, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.0 cell touchesBegan 1", "0.2 cell touchesEnded 1"])
    }

    @Test("a different contentTouchDelay moves the release")
    func settableDelay() throws {
        let stage = ScrollStage()
        let app = stage.app
        stage.scrollView.contentTouchDelay = 0.5
        try app.frame(0, began(1, 100, 160))
        try app.advance(to: 0.4)
        #expect(stage.log.lines.isEmpty)
        try app.advance(to: 0.6)
        #expect(stage.log.lines == ["0.5 cell touchesBegan 1"])
        try app.frame(0.7, ended(1, 100, 160))
    }

    @Test("touchesShouldBegin false: the content never hears of the touch (asked when the delay ends)")
    func shouldBeginRefusesAfterDelay() throws {
        let stage = ScrollStage()
        let app = stage.app
        stage.scrollView.shouldBegin = { [unowned cell = stage.cell] _, content in content !== cell }
        try app.frame(0, began(1, 100, 160))
        #expect(stage.scrollView.beginQuestions.isEmpty)
        try app.advance(to: 0.2)
        #expect(stage.scrollView.beginQuestions.map(\.ids) == [[1]])
        #expect(stage.scrollView.beginQuestions.first?.content === stage.cell)
        #expect(stage.scrollView.beginQuestions.first?.hadEvent == false)   // a timer's frame
        try app.frame(0.3, moved(1, 102, 162))
        try app.frame(0.4, ended(1, 102, 162))
        #expect(stage.log.lines.isEmpty)
        #expect(stage.scrollView.beginQuestions.count == 1)
    }

    @Test("touchesShouldBegin is asked per content view; only the refused view misses its touch")
    func shouldBeginPerView() throws {
        let stage = ScrollStage()
        let app = stage.app
        let other = ContentView("other", frame: Rect(x: 0, y: 200, width: 320, height: 44), in: app, log: stage.log)
        other.isMultipleTouchEnabled = true
        stage.scrollView.addSubview(other)
        stage.scrollView.delaysContentTouches = false
        stage.scrollView.shouldBegin = { [unowned cell = stage.cell] _, content in content !== cell }
        // Screen y 260 is content y 220: `other`.
        try app.frame(0, began(1, 100, 160), began(2, 50, 260), began(3, 60, 262))
        #expect(stage.scrollView.beginQuestions.map(\.ids) == [[1], [2, 3]])
        #expect(stage.scrollView.beginQuestions.map(\.hadEvent) == [true, true])
        #expect(stage.log.lines == ["0.0 other touchesBegan 2,3"])
        try app.frame(0.1, ended(1, 100, 160), ended(2, 50, 260), ended(3, 60, 262))
        #expect(stage.log.lines == ["0.0 other touchesBegan 2,3", "0.1 other touchesEnded 2,3"])
    }

    @Test("touches on the scroll view itself are delayed but touchesShouldBegin is not asked about them")
    func scrollViewItselfIsNotContent() throws {
        let stage = ScrollStage()
        let app = stage.app
        let log = stage.log
        final class LoggingScrollView: ScrollView {
            var log: ScrollLog?
            var questions = 0
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in content: View) -> Bool {
                questions += 1
                return false
            }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log?.add("scroll", "touchesBegan", touches) }
            override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log?.add("scroll", "touchesEnded", touches) }
        }
        let scrollView = LoggingScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 400), in: app)
        scrollView.log = log
        stage.back.addSubview(scrollView)
        try app.frame(0, began(1, 100, 100))
        #expect(app.activeTouches.first?.view === scrollView)
        try app.advance(to: 0.2)
        try app.frame(0.3, ended(1, 100, 100))
        #expect(log.lines == ["0.15 scroll touchesBegan 1", "0.3 scroll touchesEnded 1"])
        #expect(scrollView.questions == 0)
    }

    /// Behaviour A3: each timer fires as a frame of its own. The delay is counted from the first
    /// finger; once a lift has released it (the content gets its touches then), no timer of it is
    /// left, so no frame comes at the first finger's delay while the second finger stays down.
    @Test("a delay released by a lift leaves no timer: no frame comes at the first finger's delay")
    func releasedDelayLeavesNoTimerFrame() throws {
        let stage = ScrollStage()
        let app = stage.app
        let other = ContentView("other", frame: Rect(x: 0, y: 200, width: 320, height: 44), in: app, log: stage.log)
        stage.scrollView.addSubview(other)
        var frameEnds: [Double] = []
        let token = app.observeFrameEnds { frameEnds.append($0.time) }
        try app.frame(0, began(1, 100, 160))
        try app.frame(0.1, began(2, 100, 260))
        try app.frame(0.12, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.12 cell touchesBegan 1", "0.12 other touchesBegan 2"],
                "the lift released the delay: both withheld begans come now (the end waits for the pan, A4 h)")
        frameEnds.removeAll()
        try app.frame(0.3, ended(2, 100, 260))
        #expect(frameEnds == [0.3], "no timer frame at 0.15 (or at the second finger's 0.25)")
        token.cancel()
    }
}
