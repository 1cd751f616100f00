import Testing
@testable import HitKit

/// Behaviour A6.1: an offset set while the scroll view moves (by its delegate, by the host, by a
/// C host through the store) is where the motion goes on from — deceleration at the speed it had,
/// reaching the content's own edges; a spring to its target moved as far; an animation moved
/// whole — as UIScrollView's motion does (an endless list recentres its content during a fling).
@Suite("Scroll view motion after an offset set during it")
struct MotionAfterOffsetSetTests {
    /// Advances `stage`'s clock in 60 Hz frames from `start` to `end`, calling `each` after each.
    private func tick(_ stage: MotionStage, from start: Double, to end: Double, _ each: () -> Void = {}) throws {
        var t = start
        while t < end {
            t = Swift.min(end, t + 1.0 / 60)
            try stage.app.advance(to: t)
            each()
        }
    }

    @Test("deceleration goes on from an offset set during it, at the speed it had, and ends when it would have")
    func decelerationGoesOn() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)       // from 100 at 5,000 pt/s down the content
        try stage.app.advance(to: lift + 0.1)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.1)))
        stage.scrollView.contentOffset.y -= 300
        try stage.app.advance(to: lift + 0.3)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.3) - 300, 1e-12))
        let stop = Formula.stopTime(5000, 0.998)
        try stage.app.advance(to: lift + stop - 0.01)
        #expect(stage.scrollView.isDecelerating)
        try stage.app.advance(to: lift + stop + 0.01)
        #expect(!stage.scrollView.isDecelerating)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, stop) - 300, 1e-12))
        #expect(stage.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test("each axis on its own: the one moved goes on from its new offset, the other keeps its curve bit for bit")
    func eachAxisOnItsOwn() throws {
        func run(moving axis: Int?) throws -> [Point] {
            let stage = MotionStage(contentSize: Size(width: 20_000, height: 20_000))
            try stage.app.frame(0, began(1, 300, 300))
            try stage.app.frame(0.01, moved(1, 250, 250))
            try stage.app.frame(0.02, moved(1, 200, 200))
            try stage.app.frame(0.02, ended(1, 200, 200))      // from (100, 100) at 5,000 pt/s on each axis
            try stage.app.advance(to: 0.1)
            if axis == 0 { stage.scrollView.contentOffset.x -= 60 }
            if axis == 1 { stage.scrollView.contentOffset.y -= 60 }
            var seen: [Point] = []
            try tick(stage, from: 0.1, to: 0.5) { seen.append(stage.scrollView.contentOffset) }
            return seen
        }
        let plain = try run(moving: nil), xMoved = try run(moving: 0), yMoved = try run(moving: 1)
        for (index, p) in plain.enumerated() {
            #expect(close(xMoved[index].x, p.x - 60, 1e-12) && xMoved[index].y == p.y, "frame \(index)")
            #expect(close(yMoved[index].y, p.y - 60, 1e-12) && yMoved[index].x == p.x, "frame \(index)")
        }
    }

    @Test("moved toward an edge its plan never reached, the motion bounces at the content's own edge and rests on it")
    func movedTowardAnEdge() throws {
        let stage = MotionStage()
        stage.scrollView.contentOffset = Point(0, 3000)
        let lift = try stage.flick(at: 0, dy: 100)        // up the content from 2,900: it would rest near 400
        try stage.app.advance(to: lift + 0.1)
        stage.scrollView.contentOffset.y = 300
        var lowest = Double.infinity
        try tick(stage, from: lift + 0.1, to: lift + 5) { lowest = Swift.min(lowest, stage.scrollView.contentOffset.y) }
        #expect(lowest < 0, "it went past the top edge and bounced")
        #expect(!stage.scrollView.isMoving)
        #expect(stage.scrollView.contentOffset.y == 0)
    }

    @Test("a flick that will bounce, moved before it reaches the edge, goes on at its speed and bounces at the same edge")
    func movedBeforeItsBounce() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 2000))   // the edge at 1,600
        let lift = try stage.flick(at: 0, dy: -100)       // from 100 at 5,000 pt/s: it would rest near 2,600
        try stage.app.advance(to: lift + 0.1)
        stage.scrollView.contentOffset.y -= 300
        try stage.app.advance(to: lift + 0.2)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.2) - 300, 1e-12))
        var highest = -Double.infinity
        try tick(stage, from: lift + 0.2, to: lift + 5) { highest = Swift.max(highest, stage.scrollView.contentOffset.y) }
        #expect(highest > 1600 && stage.scrollView.contentOffset.y == 1600 && !stage.scrollView.isMoving)
    }

    @Test("an axis that has stopped at an edge without bounce stays where it is put while the other moves on")
    func aStoppedAxisStaysPut() throws {
        let stage = MotionStage(contentSize: Size(width: 20_000, height: 2000))
        stage.scrollView.bounces = false
        try stage.app.frame(0, began(1, 300, 300))
        try stage.app.frame(0.01, moved(1, 250, 250))
        try stage.app.frame(0.02, moved(1, 200, 200))
        try stage.app.frame(0.02, ended(1, 200, 200))      // from (100, 100) at 5,000 pt/s on each axis
        try tick(stage, from: 0.02, to: 1)
        #expect(stage.scrollView.contentOffset.y == 1600 && stage.scrollView.isDecelerating)
        stage.scrollView.contentOffset.y = 1000
        try tick(stage, from: 1, to: 1.5)
        #expect(stage.scrollView.contentOffset.y == 1000 && stage.scrollView.isDecelerating)
    }

    @Test("paging: a spring to the page goes to the page moved as far as the offset was")
    func pagingSpringMovesItsTarget() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 4000))
        stage.scrollView.isPagingEnabled = true
        stage.scrollView.contentOffset = Point(0, 2000)
        let lift = try stage.flick(at: 0, dy: -60)        // a fast flick from page 5 to page 6
        #expect(stage.delegate.proposedTargets == [Point(0, 2400)])
        try stage.app.advance(to: lift + 0.05)
        stage.scrollView.contentOffset.y -= 1200          // three pages back, as a carousel recentres
        try tick(stage, from: lift + 0.05, to: lift + 3)
        #expect(!stage.scrollView.isMoving)
        #expect(stage.scrollView.contentOffset.y == 1200)
    }

    @Test("an animated setContentOffset moves whole with an offset set during it")
    func animationMovesWhole() throws {
        let stage = MotionStage()
        stage.scrollView.setContentOffset(Point(0, 300), animated: true)
        try stage.app.advance(to: 0.15)
        #expect(close(stage.scrollView.contentOffset.y, 300 * Formula.easeInOut(0.5)))
        stage.scrollView.contentOffset.y += 100
        try stage.app.advance(to: 0.225)
        #expect(close(stage.scrollView.contentOffset.y, 300 * Formula.easeInOut(0.75) + 100))
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset.y == 400)
        #expect(stage.delegate.calls.filter { $0 == "didEndScrollingAnimation" }.count == 1)
    }

    @Test("an animated setContentOffset, unclamped, moved past the content's edge ends its target moved as far, past the edge too")
    func animationIsNotClamped() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))     // the edge at 600
        stage.scrollView.setContentOffset(Point(0, 550), animated: true)
        try stage.app.advance(to: 0.15)
        stage.scrollView.contentOffset.y += 100
        try stage.app.advance(to: 0.225)
        #expect(close(stage.scrollView.contentOffset.y, 550 * Formula.easeInOut(0.75) + 100))
        try stage.app.advance(to: 1)
        #expect(stage.scrollView.contentOffset.y == 650)
    }

    @Test("stopped before it took a step, the motion leaves the offset where it was set")
    func stoppedBeforeItsFirstStep() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)       // the motion starts at 100
        stage.scrollView.contentOffset.y += 100
        // Stops the motion, then animates from where the content is.
        stage.scrollView.setContentOffset(Point(0, 0), animated: true)
        try stage.app.advance(to: lift + 0.15)
        #expect(close(stage.scrollView.contentOffset.y, 200 * (1 - Formula.easeInOut(0.5))))
    }

    /// A flick from 100 at 5,000 pt/s whose delegate, from its call `call`, sets the offset to 0
    /// (with `setContentOffset(_:animated: true)` when `animated`): every offset shown until it
    /// rests, and the calls but `didScroll`.
    private func flick(settingZeroIn call: String, animated: Bool) throws -> (offsets: [Point], calls: [String]) {
        let stage = MotionStage()
        stage.delegate.onCall = { name, scrollView in
            guard name == call else { return }
            if animated { scrollView.setContentOffset(.zero, animated: true) } else { scrollView.contentOffset = .zero }
        }
        let lift = try stage.flick(at: 0, dy: -100)
        var offsets = [stage.scrollView.contentOffset]
        try tick(stage, from: lift, to: lift + 5) { offsets.append(stage.scrollView.contentOffset) }
        #expect(!stage.scrollView.isMoving && stage.app.nextDeadline == nil)
        return (offsets, stage.delegate.calls.filter { $0 != "didScroll" })
    }

    @Test("an offset set from willEndDragging or didEndDragging is where the motion goes on from, as one set from willBeginDecelerating")
    func offsetSetAtTheDragsEnd() throws {
        let control = try flick(settingZeroIn: "willBeginDecelerating", animated: false)
        #expect(control.offsets[0] == .zero)
        #expect(close(control.offsets[6].y, Formula.decay(0, 5000, 0.998, 0.1)))
        #expect(control.calls.suffix(4) == ["willEndDragging", "didEndDragging true", "willBeginDecelerating",
                                            "didEndDecelerating"])
        for call in ["willEndDragging", "didEndDragging"] {
            let set = try flick(settingZeroIn: call, animated: false)
            // (Compared whole, printed in part: some 300 frames.)
            let same = set.offsets == control.offsets
            #expect(same, "set from \(call): \(set.offsets.prefix(4)), not \(control.offsets.prefix(4))")
            #expect(set.calls == control.calls, "set from \(call)")
        }
    }

    @Test("an animated setContentOffset from willEndDragging or didEndDragging stands: no deceleration follows")
    func animationStartedAtTheDragsEnd() throws {
        // From willBeginDecelerating it stops the deceleration that has just begun.
        let control = try flick(settingZeroIn: "willBeginDecelerating", animated: true)
        #expect(close(control.offsets[9].y, 100 * (1 - Formula.easeInOut(0.5))))
        #expect(control.offsets.last == .zero && control.calls.last == "didEndScrollingAnimation")
        for call in ["willEndDragging", "didEndDragging"] {
            let set = try flick(settingZeroIn: call, animated: true)
            // (Compared whole, printed in part: some 300 frames.)
            let same = set.offsets == control.offsets
            #expect(same, "set from \(call): \(set.offsets.prefix(4)), not \(control.offsets.prefix(4))")
            #expect(set.calls.filter { $0 == "didEndScrollingAnimation" }.count == 1, "set from \(call)")
            #expect(!set.calls.contains("willBeginDecelerating") && !set.calls.contains("didEndDecelerating"))
        }
        // Told before the drag's end, the delegate hears that no deceleration follows.
        #expect(try flick(settingZeroIn: "willEndDragging", animated: true).calls.contains("didEndDragging false"))
    }

    @Test("the store's bounds moved between frames count the same as the offset set")
    func storeBoundsCountTheSame() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.1)
        let bounds = stage.scrollView.bounds
        try stage.app.store.setBounds(Rect(x: 0, y: bounds.origin.y + 500, width: 400, height: 400), of: stage.scrollView.id)
        try stage.app.advance(to: lift + 0.2)
        #expect(close(stage.scrollView.contentOffset.y, Formula.decay(100, 5000, 0.998, 0.2) + 500, 1e-12))
    }
}
