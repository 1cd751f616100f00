import Foundation
import Testing
@testable import HitKit

/// Behaviour A6.1: the content's size changed while the scroll view moves — an endless list
/// appending rows during a fling, a list whose rows were deleted — and the motion goes on from
/// where it is with the new edges, as UIScrollView's, which meets the edges as they are at each
/// frame, does. Each case is stepped frame by frame.
@Suite("Scroll view motion when the content's size changes during it")
struct ContentSizeDuringMotionTests {
    /// The offsets at 60 Hz frames from `start` to `end`, `change` run after the frame at `at`.
    private func offsets(_ stage: MotionStage, from start: Double, to end: Double, changingAt at: Double? = nil,
                         _ change: () -> Void = {}) throws -> [Double] {
        var seen: [Double] = []
        var frame = 1
        while start + Double(frame) / 60 <= end {
            let t = start + Double(frame) / 60
            try stage.app.advance(to: t)
            if let at, Swift.abs(t - at) < 1e-9 { change() }
            seen.append(stage.scrollView.contentOffset.y)
            frame += 1
        }
        return seen
    }

    @Test("content grown during a fling: the deceleration goes on into it as in content that long from the start, past the old end")
    func grownDuringAFling() throws {
        let short = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        let long = MotionStage()                                                  // the end at 19,600
        let lift = try short.flick(at: 0, dy: -100)                              // from 100 at 5,000 pt/s
        _ = try long.flick(at: 0, dy: -100)
        let grown = try offsets(short, from: lift, to: lift + 2, changingAt: lift + 3.0 / 60) {
            short.scrollView.contentSize = Size(width: 400, height: 20_000)
        }
        let plain = try offsets(long, from: lift, to: lift + 2)
        for (index, offset) in grown.enumerated() {
            #expect(close(offset, plain[index], 1e-9), "frame \(index + 1)")
        }
        #expect(grown.last! > 2_000, "scrolled on past the old end at 600")
        try short.app.advance(to: lift + Formula.stopTime(5000, 0.998) + 0.05)
        #expect(short.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test("content shrunk behind the offset during a fling: it springs back to the new end at the speed it had, and rests there")
    func shrunkDuringAFling() throws {
        let stage = MotionStage()
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.05)
        let at = Formula.decay(100, 5000, 0.998, 0.05)
        #expect(close(stage.scrollView.contentOffset.y, at) && at > 300)
        stage.scrollView.contentSize = Size(width: 400, height: 700)               // the end at 300
        let speed = 5000 * Foundation.exp(Formula.k(0.998) * 0.05)
        for tau in [0.05, 0.1, 0.2] {
            try stage.app.advance(to: lift + 0.05 + tau)
            #expect(close(stage.scrollView.contentOffset.y, 300 + Formula.spring(at - 300, speed, tau), 1e-9), "τ = \(tau)")
        }
        try stage.app.advance(to: lift + 3)
        #expect(stage.scrollView.contentOffset.y == 300 && !stage.scrollView.isDecelerating)
        #expect(stage.delegate.calls.filter { $0 == "didEndDecelerating" }.count == 1)
    }

    @Test("content grown during a spring back to the old end: it decelerates from where it is at the spring's speed, with no edge to return to")
    func grownDuringASpringBack() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        stage.scrollView.contentOffset.y = 600
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.1, moved(1, 200, 200))
        try stage.app.frame(0.5, moved(1, 200, 200))
        try stage.app.frame(0.5, ended(1, 200, 200))        // held still: a spring back from past the end
        let lifted = stage.scrollView.contentOffset.y
        #expect(lifted > 600)
        try stage.app.advance(to: 0.55)
        let speed = Formula.springSpeed(lifted - 600, 0, 0.05)
        let at = 600 + Formula.spring(lifted - 600, 0, 0.05)
        #expect(close(stage.scrollView.contentOffset.y, at) && speed < 0)
        stage.scrollView.contentSize = Size(width: 400, height: 20_000)
        for tau in [0.05, 0.1] {
            try stage.app.advance(to: 0.55 + tau)
            #expect(close(stage.scrollView.contentOffset.y, Formula.decay(at, speed, 0.998, tau), 1e-9), "τ = \(tau)")
        }
    }

    @Test("paging: a spring to the last page keeps its page when the content grows, and comes within the content when it shrinks")
    func pagingKeepsItsPage() throws {
        func flickToSecondPage(height: Double) throws -> (MotionStage, Double) {
            let stage = MotionStage(contentSize: Size(width: 400, height: height))
            stage.scrollView.isPagingEnabled = true
            return (stage, try stage.flick(at: 0, dy: -100))                    // to the page at 400
        }
        let (grown, lift) = try flickToSecondPage(height: 800)                  // the last page at 400
        try grown.app.advance(to: lift + 0.05)
        grown.scrollView.contentSize = Size(width: 400, height: 4_000)
        try grown.app.advance(to: lift + 2)
        #expect(grown.scrollView.contentOffset.y == 400)

        let (shrunk, _) = try flickToSecondPage(height: 4_000)
        try shrunk.app.advance(to: lift + 0.05)
        let at = shrunk.scrollView.contentOffset.y
        shrunk.scrollView.contentSize = Size(width: 400, height: 600)          // the end at 200
        try shrunk.app.advance(to: lift + 0.1)
        #expect(shrunk.scrollView.contentOffset.y != at)
        try shrunk.app.advance(to: lift + 2)
        #expect(shrunk.scrollView.contentOffset.y == 200)

        // Moved by 30 as the content widens: the spring's page moves as far, once.
        let (moved, _) = try flickToSecondPage(height: 4_000)
        try moved.app.advance(to: lift + 0.05)
        moved.scrollView.contentOffset.y += 30
        moved.scrollView.contentSize = Size(width: 800, height: 4_000)
        try moved.app.advance(to: lift + 0.1)
        try moved.app.advance(to: lift + 2)
        #expect(close(moved.scrollView.contentOffset.y, 430))
    }

    @Test("content grown during the bounce at the old end: it decelerates on from where it is at the bounce's speed")
    func grownDuringTheBounce() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        let lift = try stage.flick(at: 0, dy: -100)                              // from 100 at 5,000 pt/s
        // The decay reaches 600 at t_e, where 100 + 5000·(e^{k·t_e} − 1)/k = 600, at 5000·e^{k·t_e}.
        let k = Formula.k(0.998)
        let edgeTime = Foundation.log(1 + k * 500 / 5000) / k
        let edgeSpeed = 5000 * Foundation.exp(k * edgeTime)
        try stage.app.advance(to: lift + 0.15)
        let bounced = 0.15 - edgeTime
        let at = 600 + Formula.spring(0, edgeSpeed, bounced), speed = Formula.springSpeed(0, edgeSpeed, bounced)
        #expect(close(stage.scrollView.contentOffset.y, at, 1e-9) && speed > 0)
        stage.scrollView.contentSize = Size(width: 400, height: 20_000)
        for tau in [0.05, 0.1, 0.3] {
            try stage.app.advance(to: lift + 0.15 + tau)
            #expect(close(stage.scrollView.contentOffset.y, Formula.decay(at, speed, 0.998, tau), 1e-9), "τ = \(tau)")
        }
    }

    /// A 400 × 400 scroll view over content 2,000 × 20,000 flicked down and a little right: the
    /// horizontal deceleration (250 pt/s) ends long before the vertical one (2,500 pt/s).
    private func diagonalFlick() throws -> (MotionStage, lift: Double) {
        let stage = MotionStage(contentSize: Size(width: 2_000, height: 20_000))
        try stage.app.frame(0, began(1, 300, 300))
        try stage.app.frame(0.01, moved(1, 297.5, 275))
        try stage.app.frame(0.02, moved(1, 295, 250))
        try stage.app.frame(0.02, ended(1, 295, 250))      // from (5, 50) at (250, 2,500) pt/s
        return (stage, 0.02)
    }

    @Test("an axis that has ended springs back from past an end the content shrank to while the other still moves")
    func anEndedAxisSpringsBack() throws {
        let (stage, lift) = try diagonalFlick()
        let (plain, _) = try diagonalFlick()
        let stop = Formula.stopTime(250, 0.998)
        try stage.app.advance(to: lift + stop + 0.1)
        try plain.app.advance(to: lift + stop + 0.1)
        let x = stage.scrollView.contentOffset.x
        #expect(stage.scrollView.isDecelerating && x > 100)
        stage.scrollView.contentSize = Size(width: 400, height: 20_000)           // nothing to scroll across
        for tau in [0.05, 0.1] {
            try stage.app.advance(to: lift + stop + 0.1 + tau)
            try plain.app.advance(to: lift + stop + 0.1 + tau)
            #expect(close(stage.scrollView.contentOffset.x, Formula.spring(x, 0, tau), 1e-9), "τ = \(tau)")
            #expect(stage.scrollView.contentOffset.y == plain.scrollView.contentOffset.y, "τ = \(tau)")
        }
    }

    @Test("an axis that never moved springs back from past an end the content shrank to while the other still moves")
    func anAxisThatNeverMovedSpringsBack() throws {
        func verticalFlick() throws -> (MotionStage, lift: Double) {
            let stage = MotionStage(contentSize: Size(width: 2_000, height: 20_000))
            stage.scrollView.contentOffset = Point(500, 0)
            return (stage, try stage.flick(at: 0, dy: -100))                     // x stays at 500
        }
        let (stage, lift) = try verticalFlick()
        let (plain, _) = try verticalFlick()
        try stage.app.advance(to: lift + 0.1)
        try plain.app.advance(to: lift + 0.1)
        stage.scrollView.contentSize = Size(width: 600, height: 20_000)            // the end across at 200
        for tau in [0.05, 0.1, 0.2] {
            try stage.app.advance(to: lift + 0.1 + tau)
            try plain.app.advance(to: lift + 0.1 + tau)
            #expect(close(stage.scrollView.contentOffset.x, 200 + Formula.spring(300, 0, tau), 1e-9), "τ = \(tau)")
            #expect(stage.scrollView.contentOffset.y == plain.scrollView.contentOffset.y, "τ = \(tau)")
        }
        try stage.app.advance(to: lift + 1)
        #expect(stage.scrollView.contentOffset.x == 200 && stage.scrollView.isDecelerating)
    }

    @Test("an axis whose offset was set after its curve ended springs back, like one that ended, from past an end the content shrank to")
    func anAxisSetAfterItEndedSpringsBack() throws {
        let (stage, lift) = try diagonalFlick()
        let (plain, _) = try diagonalFlick()
        let stop = Formula.stopTime(250, 0.998)
        try stage.app.advance(to: lift + stop + 0.1)
        try plain.app.advance(to: lift + stop + 0.1)
        stage.scrollView.contentOffset.x = 150                                    // stays: the axis has ended
        try stage.app.advance(to: lift + stop + 0.2)
        try plain.app.advance(to: lift + stop + 0.2)
        #expect(stage.scrollView.contentOffset.x == 150 && stage.scrollView.isDecelerating)
        stage.scrollView.contentSize = Size(width: 400, height: 20_000)           // nothing to scroll across
        for tau in [0.05, 0.1] {
            try stage.app.advance(to: lift + stop + 0.2 + tau)
            try plain.app.advance(to: lift + stop + 0.2 + tau)
            #expect(close(stage.scrollView.contentOffset.x, Formula.spring(150, 0, tau), 1e-9), "τ = \(tau)")
            #expect(stage.scrollView.contentOffset.y == plain.scrollView.contentOffset.y, "τ = \(tau)")
        }
    }

    @Test("an animated setContentOffset keeps its path, unclamped as it was asked, when the content shrinks under it")
    func anAnimationKeepsItsPath() throws {
        let stage = MotionStage(), plain = MotionStage()
        for each in [stage, plain] { each.scrollView.setContentOffset(Point(0, 1_000), animated: true) }
        try stage.app.advance(to: 0.1)
        try plain.app.advance(to: 0.1)
        stage.scrollView.contentSize = Size(width: 400, height: 800)              // the end at 400
        for t in [0.15, 0.2, 0.25, 0.3, 0.4] {
            try stage.app.advance(to: t)
            try plain.app.advance(to: t)
            #expect(stage.scrollView.contentOffset == plain.scrollView.contentOffset, "t = \(t)")
        }
        #expect(stage.scrollView.contentOffset == Point(0, 1_000) && !stage.scrollView.isMoving)
    }

    @Test("an offset moved and the content's size changed between the same two frames: each goes on once")
    func movedAndResizedTogether() throws {
        let (stage, lift) = try diagonalFlick()
        let (plain, _) = try diagonalFlick()
        try stage.app.advance(to: lift + 0.1)
        try plain.app.advance(to: lift + 0.1)
        stage.scrollView.contentOffset.x += 50
        stage.scrollView.contentSize = Size(width: 2_000, height: 30_000)          // an end neither reaches
        for tau in [0.05, 0.1, 0.2] {
            try stage.app.advance(to: lift + 0.1 + tau)
            try plain.app.advance(to: lift + 0.1 + tau)
            #expect(close(stage.scrollView.contentOffset.x, plain.scrollView.contentOffset.x + 50, 1e-9), "τ = \(tau)")
            #expect(close(stage.scrollView.contentOffset.y, plain.scrollView.contentOffset.y, 1e-9), "τ = \(tau)")
        }
    }

    @Test("the scroll view made taller during a fling, so that its end comes before the offset: it springs back to the new end")
    func boundsGrownDuringAFling() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        let lift = try stage.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.05)
        let at = Formula.decay(100, 5000, 0.998, 0.05)
        stage.scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 800)         // the end at 200
        let speed = 5000 * Foundation.exp(Formula.k(0.998) * 0.05)
        try stage.app.advance(to: lift + 0.15)
        #expect(close(stage.scrollView.contentOffset.y, 200 + Formula.spring(at - 200, speed, 0.1), 1e-9))
        try stage.app.advance(to: lift + 3)
        #expect(stage.scrollView.contentOffset.y == 200 && !stage.scrollView.isDecelerating)
    }

    @Test("a resize undone before the next frame changes nothing")
    func aResizeUndone() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))
        let plain = MotionStage(contentSize: Size(width: 400, height: 1000))
        let lift = try stage.flick(at: 0, dy: -100)
        _ = try plain.flick(at: 0, dy: -100)
        try stage.app.advance(to: lift + 0.05)
        try plain.app.advance(to: lift + 0.05)
        stage.scrollView.contentSize = Size(width: 400, height: 300)
        stage.scrollView.contentSize = Size(width: 400, height: 1000)
        for t in [0.1, 0.2, 0.5, 1.0] {
            try stage.app.advance(to: lift + t)
            try plain.app.advance(to: lift + t)
            #expect(stage.scrollView.contentOffset.y == plain.scrollView.contentOffset.y, "t = \(t)")
        }
    }

    @Test("content grown, or the scroll view made shorter, while a drag pulls past the end: no jump, and the drag goes on point for point from the offset shown",
          arguments: [false, true])
    func grownDuringADragPastTheEnd(byShorterBounds: Bool) throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        stage.scrollView.contentOffset.y = 600
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.1, moved(1, 200, 200))        // raw 700: the band shows 600 + b(100)
        let banded = 600 + Formula.rubberBand(100, 400)
        #expect(close(stage.scrollView.contentOffset.y, banded))
        if byShorterBounds {
            stage.scrollView.frame = Rect(x: 0, y: 0, width: 400, height: 200)    // the end at 800
        } else {
            stage.scrollView.contentSize = Size(width: 400, height: 20_000)
        }
        try stage.app.frame(0.2, moved(1, 200, 190))
        #expect(close(stage.scrollView.contentOffset.y, banded + 10))
        try stage.app.frame(0.3, moved(1, 200, 170))
        #expect(close(stage.scrollView.contentOffset.y, banded + 30))
    }

    @Test("content shrunk behind a drag: no jump, and the band runs from the new end on")
    func shrunkDuringADrag() throws {
        let stage = MotionStage(contentSize: Size(width: 400, height: 1000))      // the end at 600
        stage.scrollView.contentOffset.y = 500
        try stage.app.frame(0, began(1, 200, 300))
        try stage.app.frame(0.1, moved(1, 200, 290))        // 510, in range
        #expect(stage.scrollView.contentOffset.y == 510)
        stage.scrollView.contentSize = Size(width: 400, height: 700)               // the end at 300
        try stage.app.frame(0.2, moved(1, 200, 280))
        // 510 is the band at `past` beyond the end at 300, b(past) = 210: b⁻¹(y) = d·y/(0.55·(d − y)).
        // 10 more points of drag band on from there.
        let past: Double = 400 * 210 / (0.55 * (400 - 210))
        #expect(close(Formula.rubberBand(past, 400), 210))
        #expect(close(stage.scrollView.contentOffset.y, 300 + Formula.rubberBand(past + 10, 400)))
    }
}
