import Testing
@testable import HitKit

/// Behaviour A6: `contentOffset` is `bounds.origin`, and the own pan moves it by the negated
/// translation, clamped to `[0, max(0, contentSize − bounds.size)]` — on an axis that does not
/// bounce (Behaviour A6.1: a bouncing one rubber-bands, see ScrollMotionRuleTests).
@Suite("ScrollView content offset and panning")
struct ScrollViewOffsetTests {
    @Test("contentOffset reads and writes bounds.origin; setContentOffset(animated: false) applies at once")
    func offsetIsBoundsOrigin() {
        let stage = ScrollStage()
        let scrollView = stage.scrollView
        scrollView.contentOffset = Point(5, 70)
        #expect(scrollView.bounds.origin == Point(5, 70))
        #expect(scrollView.bounds.size == Size(width: 320, height: 400))
        scrollView.bounds = Rect(x: 0, y: 250, width: 320, height: 400)
        #expect(scrollView.contentOffset == Point(0, 250))
        scrollView.setContentOffset(Point(0, 120), animated: false)
        #expect(scrollView.contentOffset == Point(0, 120))
        // Setting the offset never moves the scroll view itself.
        #expect(scrollView.frame == Rect(x: 0, y: 40, width: 320, height: 400))
    }

    @Test("hit testing of the content follows the offset")
    func hitTestingFollowsOffset() {
        let stage = ScrollStage()
        // Screen (10, 50) is content y = 50 − 40 + offset.
        #expect(stage.app.hitTest(screenPoint: Point(10, 50)) === stage.scrollView)
        #expect(stage.app.hitTest(screenPoint: Point(10, 150)) === stage.cell)
        stage.scrollView.contentOffset = Point(0, 100)
        #expect(stage.app.hitTest(screenPoint: Point(10, 50)) === stage.cell)
        #expect(stage.app.hitTest(screenPoint: Point(10, 150)) === stage.scrollView)
    }

    @Test("without bounce, a drag moves the offset by the negated translation, clamped at both ends of each axis")
    func panClamps() throws {
        let stage = ScrollStage()
        let app = stage.app, scrollView = stage.scrollView   // maximum offset (0, 600)
        scrollView.bounces = false
        #expect(scrollView.maximumContentOffset == Point(0, 600))
        try app.frame(0, began(1, 100, 400))
        try app.frame(0.05, moved(1, 100, 380))      // translation (0, −20): the pan begins
        #expect(scrollView.panGestureRecognizer.state == .began)
        #expect(scrollView.contentOffset == Point(0, 20))
        try app.frame(0.1, moved(1, 100, 300))       // (0, −100)
        #expect(scrollView.contentOffset == Point(0, 100))
        try app.frame(0.2, moved(1, 300, 300))       // (200, −100): x would be −200, content is no wider
        #expect(scrollView.contentOffset == Point(0, 100))
        try app.frame(0.3, moved(1, -100, 300))      // (−200, −100): x would be 200 > max 0
        #expect(scrollView.contentOffset == Point(0, 100))
        try app.frame(0.4, moved(1, 100, -500))      // (0, −900): y would be 900 > 600
        #expect(scrollView.contentOffset == Point(0, 600))
        try app.frame(0.5, moved(1, 100, 600))       // (0, 200): y would be −200 < 0
        #expect(scrollView.contentOffset == Point(0, 0))
        try app.frame(0.6, moved(1, 100, 250))       // (0, −150)
        #expect(scrollView.contentOffset == Point(0, 150))
        try app.frame(0.7, ended(1, 100, 250))
        #expect(scrollView.contentOffset == Point(0, 150))
    }

    @Test("the offset is the offset at the pan's start minus the translation")
    func panStartsFromCurrentOffset() throws {
        let stage = ScrollStage()
        let app = stage.app, scrollView = stage.scrollView
        scrollView.contentOffset = Point(0, 300)
        try app.frame(0, began(1, 100, 400))
        try app.frame(0.05, moved(1, 100, 350))      // (0, −50)
        #expect(scrollView.contentOffset == Point(0, 350))
        try app.frame(0.1, moved(1, 100, 420))       // (0, 20)
        #expect(scrollView.contentOffset == Point(0, 280))
        try app.frame(0.2, ended(1, 100, 420))
        // A second drag starts from where the first's motion left the content (Behaviour A6.1).
        try app.advance(to: 10)
        #expect(!scrollView.isDecelerating)
        let rest = scrollView.contentOffset
        try app.frame(10, began(2, 100, 300))
        try app.frame(10.05, moved(2, 100, 200))     // (0, −100)
        #expect(scrollView.contentOffset == Point(0, rest.y + 100))
        try app.frame(10.1, ended(2, 100, 200))
    }

    @Test("horizontal content scrolls on x; content smaller than the bounds does not scroll")
    func otherAxisAndSmallContent() throws {
        let stage = ScrollStage()
        let app = stage.app, scrollView = stage.scrollView
        scrollView.contentSize = Size(width: 500, height: 100)   // maximum (180, 0)
        scrollView.bounces = false
        #expect(scrollView.maximumContentOffset == Point(180, 0))
        try app.frame(0, began(1, 200, 400))
        try app.frame(0.05, moved(1, 150, 350))      // (−50, −50)
        #expect(scrollView.contentOffset == Point(50, 0))
        try app.frame(0.1, moved(1, -100, 350))      // (−300, −50)
        #expect(scrollView.contentOffset == Point(180, 0))
        try app.frame(0.2, ended(1, -100, 350))
    }

    @Test("after a scroll, a new touch lands on the content now under the finger")
    func newTouchAfterScroll() throws {
        let stage = ScrollStage()
        let app = stage.app
        try app.frame(0, began(1, 10, 400))
        try app.frame(0.05, moved(1, 10, 300))       // offset (0, 100)
        try app.frame(0.2, moved(1, 10, 300))        // held still: the velocity falls to 0
        try app.frame(0.25, ended(1, 10, 300))
        #expect(!stage.scrollView.isDecelerating)
        #expect(stage.scrollView.contentOffset == Point(0, 100))
        try app.frame(1, began(2, 10, 50))           // content y = 50 − 40 + 100 = 110: the cell
        #expect(app.activeTouches.first?.view === stage.cell)
        try app.frame(1.1, ended(2, 10, 50))
        #expect(stage.log.lines == ["1.1 cell touchesBegan 2", "1.1 cell touchesEnded 2"])
    }
}
