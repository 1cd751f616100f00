import Testing
@testable import HitKit

/// A scroll view leaving its window stops moving where the last frame showed it (Behaviour.md,
/// A6.1 "Leaving the window"): UIKit stops a scroll view's scrolling and zooming animations
/// then, so a list left mid-fling (its tab switched away) is found still. The delegate hears what
/// a touch stopping it tells — no end of a motion (A6.1), the end of a zoom animation (A6.2) —
/// and nothing is due any more.
@Suite struct LeavingWindowStopsMotionTests {
    /// What sets the scroll view moving, from a `MotionStage` at rest at time 0.
    enum Motion: CaseIterable {
        case deceleration, springBack, paging, animatedOffset, dragPastTheTop

        func start(on stage: MotionStage) throws {
            switch self {
            case .deceleration: try stage.flick(at: 0, dy: -200)
            case .paging:
                stage.scrollView.isPagingEnabled = true
                try stage.flick(at: 0, dy: -200)
            case .springBack:
                // Pulled 100 pt past the top and let go still: it springs back.
                try stage.app.frame(0, began(1, 200, 100))
                try stage.app.frame(0.01, moved(1, 200, 200))
                try stage.app.frame(0.05, moved(1, 200, 200))
                try stage.app.frame(0.05, ended(1, 200, 200))
            case .animatedOffset:
                stage.scrollView.setContentOffset(Point(0, 300), animated: true)
            case .dragPastTheTop:
                // Still held past the top when it leaves: the cancelled drag would spring back.
                try stage.app.frame(0, began(1, 200, 100))
                try stage.app.frame(0.01, moved(1, 200, 200))
            }
        }
    }

    /// How the scroll view leaves its window.
    enum Leaving: CaseIterable {
        case removed, superviewRemoved, windowRemoved, movedToAnotherWindow

        func leave(_ stage: MotionStage, holder: View) {
            switch self {
            case .removed: stage.scrollView.removeFromSuperview()
            case .superviewRemoved: holder.removeFromSuperview()
            case .windowRemoved: stage.app.removeWindow(stage.window)
            case .movedToAnotherWindow:
                let other = Window(frame: Rect(0, 0, 400, 400), in: stage.app)
                other.addSubview(stage.scrollView)
            }
        }
    }

    /// The stage's scroll view put inside a plain view filling the window, so that an ancestor
    /// can be removed.
    static func stage() -> (MotionStage, holder: View) {
        let stage = MotionStage()
        let holder = View(frame: Rect(0, 0, 400, 400), in: stage.app)
        stage.window.addSubview(holder)
        holder.addSubview(stage.scrollView)
        return (stage, holder)
    }

    @Test(arguments: Motion.allCases, Leaving.allCases)
    func leavingItsWindowStopsTheMotionWhereItIsWithNoEnd(motion: Motion, leaving: Leaving) throws {
        let (stage, holder) = Self.stage()
        try motion.start(on: stage)
        try stage.app.advance(to: 0.1)
        let shown = stage.scrollView.contentOffset
        if motion != .dragPastTheTop { #expect(stage.app.hasScrollMotion, "it moves before it leaves") }
        leaving.leave(stage, holder: holder)
        #expect(stage.scrollView.contentOffset == shown)
        #expect(!stage.scrollView.isDecelerating && !stage.app.hasScrollMotion)
        #expect(stage.app.nextDeadline == nil, "nothing is due for a scroll view that stopped")
        try stage.app.advance(to: 5)
        #expect(stage.scrollView.contentOffset == shown)
        let ends = stage.delegate.calls.filter { $0 == "didEndDecelerating" || $0 == "didEndScrollingAnimation" }
        #expect(ends.isEmpty)
    }

    /// A drag the leaving cancels starts no motion at all — no spring back from past an edge, no
    /// page spring between pages, none to a target the delegate sets: the delegate hears
    /// `didEndDragging(false)` with the target where the content stays, and no deceleration
    /// begins that could never end.
    @Test(arguments: [false, true], Leaving.allCases)
    func aDragTheLeavingCancelsStartsNoMotion(paging: Bool, leaving: Leaving) throws {
        let (stage, holder) = Self.stage()
        stage.scrollView.isPagingEnabled = paging
        stage.delegate.retarget = { (_: Point) in Point(0, 0) }
        // Paging: dragged 150 pt into the content, between pages; else pulled 100 pt past the top.
        try stage.app.frame(0, began(1, 200, paging ? 300 : 100))
        try stage.app.frame(0.01, moved(1, 200, paging ? 225 : 150))
        try stage.app.frame(0.05, moved(1, 200, paging ? 150 : 200))
        let shown = stage.scrollView.contentOffset
        #expect(shown.y == (paging ? 150 : -Formula.rubberBand(100, 400)))
        let before = stage.delegate.calls
        leaving.leave(stage, holder: holder)
        #expect(Array(stage.delegate.calls.dropFirst(before.count)) == ["willEndDragging", "didEndDragging false"])
        #expect(stage.delegate.proposedTargets == [shown])
        #expect(!stage.scrollView.isDragging && !stage.scrollView.isDecelerating && !stage.app.hasScrollMotion)
        #expect(stage.scrollView.contentOffset == shown)
        try stage.app.advance(to: 5)
        #expect(stage.scrollView.contentOffset == shown)
        #expect(Array(stage.delegate.calls.dropFirst(before.count)) == ["willEndDragging", "didEndDragging false"])
    }

    /// Put back in the window, it stays where it stopped, and a tap on it reaches the content's
    /// recognizer (no motion for it to stop: a fling of 10 000 pt/s would still be moving).
    @Test func putBackItStaysAndATouchReachesTheContent() throws {
        let (stage, holder) = Self.stage()
        try stage.flick(at: 0, dy: -200)
        try stage.app.advance(to: 0.1)
        let shown = stage.scrollView.contentOffset
        stage.scrollView.removeFromSuperview()
        holder.addSubview(stage.scrollView)
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset == shown)
        try stage.app.frame(2, began(2, 200, 200))
        try stage.app.frame(2.05, ended(2, 200, 200))
        #expect(stage.log.lines == ["2.05 rowTap ended"])
    }

    /// A zoom animation (animated `setZoomScale`) or a zoom bounce stops at the scale shown,
    /// `isZoomBouncing` false, and its zoom ends there (`scrollViewDidEndZooming` once, at the
    /// scale shown, as when a touch stops it: A6.2), with nothing after.
    @Test(arguments: [false, true])
    func leavingItsWindowStopsAZoomAnimationWithNoEnd(bounce: Bool) throws {
        let stage = ZoomStage()
        if bounce {
            try stage.bounceAfterATouchpadPinch()
        } else {
            stage.scrollView.setZoomScale(2, animated: true)
        }
        try stage.app.advance(to: 0.1)
        #expect(stage.scrollView.isZoomBouncing == bounce)
        let scale = stage.scrollView.zoomScale, offset = stage.scrollView.contentOffset
        let frame = stage.photo.frame
        let events = stage.delegate.events
        #expect(!events.contains { $0.hasPrefix("didEndZooming") })
        stage.scrollView.removeFromSuperview()
        #expect(!stage.scrollView.isZoomBouncing && !stage.app.hasScrollMotion && stage.app.nextDeadline == nil)
        #expect(stage.delegate.events == events + ["didEndZooming view \(scale)"])
        try stage.app.advance(to: 2)
        #expect(stage.scrollView.zoomScale == scale && stage.scrollView.contentOffset == offset)
        #expect(stage.photo.frame == frame)
        #expect(stage.delegate.events == events + ["didEndZooming view \(scale)"], "nothing after")
    }

    /// Another scroll view, still in the window, goes on to its end.
    @Test func aScrollViewStayingInTheWindowGoesOn() throws {
        let (stage, _) = Self.stage()
        let other = ScrollView(frame: Rect(0, 0, 400, 400), in: stage.app)
        other.contentSize = Size(width: 400, height: 2000)
        stage.window.addSubview(other)
        other.setContentOffset(Point(0, 300), animated: true)
        stage.scrollView.setContentOffset(Point(0, 300), animated: true)
        try stage.app.advance(to: 0.1)
        stage.scrollView.removeFromSuperview()
        try stage.app.advance(to: 1)
        #expect(other.contentOffset == Point(0, 300))
        #expect(stage.scrollView.contentOffset != Point(0, 300))
    }
}
