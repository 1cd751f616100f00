import Testing
@testable import HitKit

/// The seeds' table-cell situations: a one-tap recognizer on a view behind a scroll view, and a
/// cell (or a button) in the scroll view's content. Every expectation follows from Behaviour A6 (the
/// 0.15 s delay) and A4 (c exclusion, f cancelsTouchesInView, g delaysTouchesBegan, the tap's
/// 1.5 s maximum duration) — see the ScrollViews article's "Cells under a tap recognizer".
@Suite("ScrollView seeds: a cell under a tap recognizer")
struct ScrollViewSeedTests {
    @Test("a quick tap (< 0.15 s): the tap recognizes and the cell never hears of the touch")
    func quickTap() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.frame(0.1, ended(1, 100, 160))
        // The delay fails in this frame's step 3, but the tap recognizes in the same step and
        // cancels the touch in step 4, before step 5 could release it (Behaviour A4 g).
        #expect(stage.log.lines == ["0.1 tap recognized"])
    }

    @Test("a short press (0.15 s – 1.5 s): the cell's touch begins, the tap recognizes, the cell is cancelled")
    func shortPress() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.advance(to: 0.3)
        try stage.app.frame(0.5, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.5 tap recognized", "0.5 cell touchesCancelled 1"])
    }

    @Test("a long press (> 1.5 s): the tap times out and the cell gets touchesEnded (it is selected)")
    func longPress() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.frame(2, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "1.5 tap failed", "2.0 cell touchesEnded 1"])
    }

    @Test("the same cell without the tap recognizer is selected by a quick tap")
    func quickTapWithoutRecognizer() throws {
        let stage = ScrollStage()
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.frame(0.1, ended(1, 100, 160))
        #expect(stage.log.lines == ["0.1 cell touchesBegan 1", "0.1 cell touchesEnded 1"])
    }

    @Test("a quick tap on a button in the scroll view: the button stops the tap and fires")
    func quickTapOnButton() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 50, 360))
        try stage.app.frame(0.1, ended(1, 50, 360))
        #expect(stage.log.lines == ["0.1 tap failed", "0.1 button touchDown", "0.1 button touchUpInside"])
    }

    @Test("a short press on a button in the scroll view: touchDown after the delay, then touchUpInside")
    func shortPressOnButton() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 50, 360))
        try stage.app.frame(0.5, ended(1, 50, 360))
        #expect(stage.log.lines == ["0.15 button touchDown", "0.5 tap failed", "0.5 button touchUpInside"])
    }

    @Test("a scroll cancels the tap: the pan's exclusion fails it, the cell hears nothing")
    func scrollFailsTap() throws {
        let stage = ScrollStage()
        stage.addTapOnBack()
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.frame(0.05, moved(1, 100, 130))
        try stage.app.frame(0.2, ended(1, 100, 130))
        #expect(stage.log.lines == ["0.05 tap failed"])
        #expect(stage.scrollView.contentOffset == Point(0, 30))
    }

    @Test("the scroll view's own recognizers are marked built in; added ones are not")
    func builtInRecognizers() {
        let stage = ScrollStage()
        let scrollView = stage.scrollView
        #expect(scrollView.gestureRecognizers.count == 2)
        #expect(scrollView.gestureRecognizers.allSatisfy { $0.isScrollViewBuiltIn })
        #expect(scrollView.panGestureRecognizer.isScrollViewBuiltIn)
        let added = PanGestureRecognizer()
        scrollView.addGestureRecognizer(added)
        #expect(!added.isScrollViewBuiltIn)
        #expect(!stage.addTapOnBack().isScrollViewBuiltIn)
    }
}
