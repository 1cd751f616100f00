import Testing
@testable import HitKit

/// Behaviour A6 `canCancelContentTouches` and `touchesShouldCancel(in:)`: a pan beginning after the
/// content received a touch cancels it there, unless the scroll view may not take it; then the
/// pan fails and the content keeps the touch.
@Suite("ScrollView cancelling content touches")
struct ContentTouchCancellingTests {
    /// Touch down on the cell, wait for the delay (began at 0.15), then drag 30 pt up at 0.3.
    private func pressThenDrag(_ stage: ScrollStage) throws {
        try stage.app.frame(0, began(1, 100, 160))
        try stage.app.advance(to: 0.2)
        try stage.app.frame(0.3, moved(1, 100, 130))
    }

    @Test("canCancelContentTouches true: the content gets touchesCancelled and the content scrolls")
    func cancels() throws {
        let stage = ScrollStage()
        try pressThenDrag(stage)
        #expect(stage.scrollView.panGestureRecognizer.state == .began)
        #expect(stage.scrollView.contentOffset == Point(0, 30))
        #expect(stage.scrollView.cancelQuestions.map { $0 === stage.cell } == [true])
        try stage.app.frame(0.4, moved(1, 100, 100))
        #expect(stage.scrollView.contentOffset == Point(0, 60))
        try stage.app.frame(0.5, ended(1, 100, 100))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.3 cell touchesCancelled 1"])
    }

    @Test("canCancelContentTouches false: the pan fails, the content keeps the touch, nothing scrolls")
    func cannotCancel() throws {
        let stage = ScrollStage()
        stage.scrollView.canCancelContentTouches = false
        try pressThenDrag(stage)
        #expect(stage.scrollView.panGestureRecognizer.state == .failed)
        #expect(stage.scrollView.contentOffset == .zero)
        try stage.app.frame(0.4, moved(1, 100, 60))
        #expect(stage.scrollView.contentOffset == .zero)
        try stage.app.frame(0.5, ended(1, 100, 60))
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.3 cell touchesMoved 1",
                                    "0.4 cell touchesMoved 1", "0.5 cell touchesEnded 1"])
        // touchesShouldCancel is not asked when cancelling is off altogether.
        #expect(stage.scrollView.cancelQuestions.isEmpty)
    }

    @Test("touchesShouldCancel defaults: false for controls, true for other views")
    func shouldCancelDefaults() {
        let app = Application()
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: app)
        #expect(scrollView.touchesShouldCancel(in: View(in: app)))
        #expect(!scrollView.touchesShouldCancel(in: Button(in: app)))
        #expect(!scrollView.touchesShouldCancel(in: Control(in: app)))
        #expect(!scrollView.touchesShouldCancel(in: Switch(in: app)))
    }

    @Test("touchesShouldCancel false for a plain content view: the pan fails, the view keeps its touch")
    func overriddenShouldCancel() throws {
        let stage = ScrollStage()
        stage.scrollView.shouldCancel = { _ in false }
        try pressThenDrag(stage)
        #expect(stage.scrollView.panGestureRecognizer.state == .failed)
        #expect(stage.scrollView.cancelQuestions.map { $0 === stage.cell } == [true])
        try stage.app.frame(0.4, ended(1, 100, 130))
        #expect(stage.scrollView.contentOffset == .zero)
        #expect(stage.log.lines == ["0.15 cell touchesBegan 1", "0.3 cell touchesMoved 1", "0.4 cell touchesEnded 1"])
    }

    @Test("a Button inside: the pan fails, the button keeps tracking and fires touchUpInside")
    func buttonKeepsTracking() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 50, 360))
        #expect(app.activeTouches.first?.view === stage.button)
        try app.advance(to: 0.2)
        try app.frame(0.3, moved(1, 50, 320))        // 40 pt up: the pan wants to begin
        #expect(stage.scrollView.panGestureRecognizer.state == .failed)
        #expect(stage.button.isTracking)
        try app.frame(0.4, moved(1, 50, 360))
        try app.frame(0.5, ended(1, 50, 360))
        #expect(stage.scrollView.contentOffset == .zero)
        #expect(stage.log.lines == ["0.15 button touchDown", "0.3 button touchDragInside",
                                    "0.4 button touchDragInside", "0.5 button touchUpInside"])
    }

    @Test("a quick drag starting on a Button scrolls: the button never hears of the touch")
    func quickDragOverButton() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 50, 360))
        try app.frame(0.05, moved(1, 50, 320))
        #expect(stage.scrollView.panGestureRecognizer.state == .began)
        try app.frame(0.3, ended(1, 50, 320))
        #expect(stage.scrollView.contentOffset == Point(0, 40))
        #expect(stage.log.lines.isEmpty)
        #expect(!stage.button.isTracking)
    }
}
