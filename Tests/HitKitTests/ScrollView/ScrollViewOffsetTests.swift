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

    @Test("bounds set with a new origin is an offset change the delegate hears of; a new size alone is not")
    func boundsOriginTellsDelegate() {
        let stage = ScrollStage()
        let scrollView = stage.scrollView, recorder = ScrollDelegateRecorder()
        scrollView.delegate = recorder
        scrollView.bounds = Rect(x: 0, y: 250, width: 320, height: 400)
        #expect(recorder.scrolledOffsets == [Point(0, 250)])
        scrollView.bounds = Rect(x: 0, y: 250, width: 300, height: 380)   // the origin unchanged
        scrollView.frame = Rect(x: 0, y: 40, width: 320, height: 400)      // keeps the origin
        #expect(recorder.scrolledOffsets == [Point(0, 250)])
        scrollView.bounds = Rect(x: 7, y: 40, width: 320, height: 400)
        scrollView.contentOffset = Point(7, 40)                            // no change: no call
        scrollView.contentOffset = Point(0, 0)
        #expect(recorder.scrolledOffsets == [Point(0, 250), Point(7, 40), Point(0, 0)])
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

    // MARK: An offset set while a drag is under way

    @Test("an offset set during a drag is where the drag goes on from: the pan moves the offset by each change of its translation")
    func offsetSetDuringDrag() throws {
        let stage = ScrollStage()
        let app = stage.app, scrollView = stage.scrollView   // maximum offset (0, 600)
        try app.frame(0, began(1, 100, 400))
        try app.frame(0.05, moved(1, 100, 350))      // (0, −50)
        #expect(scrollView.contentOffset == Point(0, 50))
        scrollView.contentOffset = Point(0, 300)
        try app.frame(0.1, moved(1, 100, 330))       // 20 more up: from 300, not from the drag's start
        #expect(scrollView.contentOffset == Point(0, 320))
        try app.frame(0.15, moved(1, 100, 400))      // 70 down
        #expect(scrollView.contentOffset == Point(0, 250))
        // Set through the store, as a C host's hk_view_set_bounds does, it counts the same.
        try app.store.setBounds(Rect(x: 0, y: 500, width: 320, height: 400), of: scrollView.id)
        try app.frame(0.2, moved(1, 100, 390))       // 10 up
        #expect(scrollView.contentOffset == Point(0, 510))
        try app.frame(0.5, ended(1, 100, 390))
    }

    /// An endless list's delegate: past 1,000 it moves the offset back by 600 (UIKit's
    /// recentring, done from scrollViewDidScroll while the finger is down).
    private final class Recentring: ScrollViewDelegate {
        var recentred = 0
        func scrollViewDidScroll(_ scrollView: ScrollView) {
            guard scrollView.contentOffset.y > 1000 else { return }
            recentred += 1
            scrollView.contentOffset.y -= 600
        }
    }

    @Test("a delegate recentring during a drag or its fling shifts the rest of it by what it moved")
    func recentringDuringDrag() throws {
        func run(recentring: Bool) throws -> (offsets: [Double], duringDrag: Int, rest: Double, recentred: Int) {
            let stage = MotionStage()
            let delegate = Recentring()
            if recentring { stage.scrollView.delegate = delegate }
            stage.scrollView.contentOffset = Point(0, 800)
            var offsets: [Double] = []
            try stage.app.frame(0, began(1, 200, 380))
            for step in 1...8 {
                try stage.app.frame(Double(step) * 0.01, moved(1, 200, 380 - Double(step) * 45))
                offsets.append(stage.scrollView.contentOffset.y)
            }
            let duringDrag = delegate.recentred
            try stage.app.frame(0.08, ended(1, 200, 20))
            // The fling frame by frame, so that it is recentred while it moves.
            for frame in 1...600 { try stage.app.advance(to: 0.08 + Double(frame) / 60) }
            return (offsets, duringDrag, stage.scrollView.contentOffset.y, delegate.recentred)
        }
        let plain = try run(recentring: false), recentred = try run(recentring: true)
        // The pan begins past its 10-point slop, so its translation is counted from there.
        #expect(recentred.duringDrag == 1 && plain.offsets.count == recentred.offsets.count)
        for (index, (a, b)) in zip(plain.offsets, recentred.offsets).enumerated() {
            #expect(b == (a > 1000 ? a - 600 : a), "step \(index + 1)")
        }
        // The fling passes 1,000 again and is recentred as often: it goes on from each.
        #expect(recentred.recentred > 1 && close(recentred.rest, plain.rest - 600 * Double(recentred.recentred)))
    }

    @Test("paging: a flick goes one page on from the page where the drag began, moved with an offset set during it")
    func pagingAfterOffsetSetDuringDrag() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 4000))   // pages every 400
        stage.scrollView.isPagingEnabled = true
        stage.scrollView.contentOffset = Point(0, 2000)                       // page 5
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.01, moved(1, 200, 250))
        stage.scrollView.contentOffset.y -= 1200                              // three pages back
        try stage.app.frame(0.02, moved(1, 200, 200))
        try stage.app.frame(0.02, ended(1, 200, 200))
        // The drag began, for paging, on page 2: a fast flick up goes to page 3.
        #expect(stage.delegate.proposedTargets == [Point(0, 1200)])
        try stage.app.advance(to: 5)
        #expect(stage.scrollView.contentOffset.y == 1200)
    }

    // MARK: Offsets that are not numbers

    /// Offsets with a NaN or an infinite coordinate (on either axis).
    static let notFinite = [Point(.nan, 5), Point(0, .nan), Point(.infinity, 0), Point(0, -.infinity)]

    @Test("an offset that is not finite is ignored, animated or not: nothing moves and the delegate hears nothing", arguments: notFinite)
    func notFiniteOffsetIsIgnored(offset: Point) throws {
        let stage = MotionStage()
        let scrollView = stage.scrollView
        scrollView.contentOffset = Point(0, 40)
        let calls = stage.delegate.calls
        scrollView.setContentOffset(offset, animated: true)
        scrollView.setContentOffset(offset, animated: false)
        scrollView.contentOffset = offset
        #expect(scrollView.contentOffset == Point(0, 40) && !scrollView.isMoving)
        #expect(!stage.app.hasScrollMotion && stage.app.nextDeadline == nil)
        try stage.app.advance(to: 1)
        #expect(scrollView.contentOffset == Point(0, 40) && stage.delegate.calls == calls)
        // An animation asked for afterwards runs from there and ends.
        scrollView.setContentOffset(Point(5, 5), animated: true)
        try stage.app.advance(to: 2)
        #expect(scrollView.contentOffset == Point(5, 5) && !stage.app.hasScrollMotion && stage.app.nextDeadline == nil)
        #expect(stage.delegate.calls.last == "didEndScrollingAnimation")
    }

    @Test("set during a deceleration, an offset that is not finite is ignored and the motion ends as it would have", arguments: notFinite)
    func notFiniteOffsetDuringMotion(offset: Point) throws {
        func run(_ set: (ScrollView) -> Void) throws -> (Point, [String]) {
            let stage = MotionStage()
            let lift = try stage.flick(at: 0, dy: -100)
            try stage.app.advance(to: lift + 0.1)
            set(stage.scrollView)
            try stage.app.advance(to: lift + 10)
            #expect(!stage.app.hasScrollMotion && stage.app.nextDeadline == nil)
            return (stage.scrollView.contentOffset, stage.delegate.calls)
        }
        let plain = try run { _ in }
        let set = try run { $0.contentOffset = offset }
        let animated = try run { $0.setContentOffset(offset, animated: true) }
        #expect(set == plain && animated == plain)
    }

    @Test("bounds moved to a point that is not finite during a motion or a zoom animation: it still ends, with its call")
    func motionEndsPastNaNBounds() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.1)
        stage.scrollView.bounds = Rect(x: 0, y: .nan, width: 400, height: 400)
        try stage.app.advance(to: lift + 10)
        try stage.app.advance(to: lift + 11)
        #expect(!stage.app.hasScrollMotion && stage.app.nextDeadline == nil)
        #expect(stage.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)

        let zoom = ZoomStage()
        zoom.scrollView.setZoomScale(2, animated: true)
        try zoom.app.advance(to: 0.1)
        zoom.scrollView.bounds = Rect(x: .nan, y: 0, width: 400, height: 400)
        try zoom.app.advance(to: 1)
        try zoom.app.advance(to: 2)
        #expect(!zoom.app.hasScrollMotion && zoom.app.nextDeadline == nil)
        #expect(zoom.delegate.events == ["willBeginZooming view", "didEndZooming view 2.0"])
    }
}
