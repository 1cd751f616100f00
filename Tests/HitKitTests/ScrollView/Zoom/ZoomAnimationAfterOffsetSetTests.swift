import Testing
@testable import HitKit

/// Behaviour A6.2: a zoom animation (an animated zoom from code, the bounce back to a limit) goes
/// on from an offset someone else set while it ran — the host, the delegate from
/// `scrollViewDidScroll`, the store's bounds — rather than putting it back at its next frame, and
/// it and the settle after a pinch end within the content when the scroll view is resized under
/// them. Each case is stepped frame by frame: a frame after the change is what shows the difference.
@Suite("Scroll view zooming: an offset set or the scroll view resized during a zoom animation (Behaviour A6.2)")
struct ZoomAnimationAfterOffsetSetTests {
    /// The frames after 0.1 s at which the tests look, up to and past the end of `duration`.
    private static func frames(after start: Double, to duration: Double) -> [Double] {
        stride(from: start + 0.02, to: duration, by: 0.02).map { $0 } + [duration, duration + 0.1]
    }

    /// A zoom from 1 to 2 over T, animated from code and shown at 0.1 s: anchored at the centre,
    /// c = 200 on each axis and the target o = 2·200 − 200 = 200. Returns T and the offset shown.
    private func zoomToTwoShownAtATenth(_ stage: ZoomStage) throws -> (duration: Double, shown: Double) {
        stage.scrollView.setZoomScale(2, animated: true)
        let duration = ZoomFormula.duration(1, 2)
        try stage.app.advance(to: 0.1)
        let shown = ZoomFormula.eased(0, 200, 0.1, duration)
        #expect(stage.scrollView.contentOffset == Point(shown, shown))
        return (duration, shown)
    }

    @Test("moved within the content: the moved axis goes on shifted whole; the other axis and the scale keep their curves exactly")
    func shiftedWhole() throws {
        let stage = ZoomStage()
        let (duration, shown) = try zoomToTwoShownAtATenth(stage)
        stage.scrollView.contentOffset = Point(shown, shown + 50)
        for t in Self.frames(after: 0.1, to: duration) {
            try stage.app.advance(to: t)
            #expect(stage.scrollView.zoomScale == ZoomFormula.eased(1, 2, t, duration), "t = \(t)")
            #expect(stage.scrollView.contentOffset.x == ZoomFormula.eased(0, 200, t, duration), "t = \(t)")
            #expect(abs(stage.scrollView.contentOffset.y - (ZoomFormula.eased(0, 200, t, duration) + 50)) < 1e-9, "t = \(t)")
        }
        // The target moved by the difference the set made (50, to a rounding).
        #expect(stage.scrollView.contentOffset.x == 200 && abs(stage.scrollView.contentOffset.y - 250) < 1e-9)
        #expect(stage.scrollView.zoomScale == 2)
        #expect(stage.delegate.events == ["willBeginZooming view", "didEndZooming view 2.0"])
    }

    @Test("moved so that the targets pass the content's edges: from where it was set, along the rest of the ease, to the edge")
    func targetBroughtWithinTheContent() throws {
        let stage = ZoomStage()
        let (duration, shown) = try zoomToTwoShownAtATenth(stage)
        // The targets 200 + 300 = 500, past the far edge at 2·400 − 400 = 400, and 200 − 300 = −100,
        // before the near edge at 0.
        let moved = Point(shown - 300, shown + 300)
        stage.scrollView.contentOffset = moved
        for t in Self.frames(after: 0.1, to: duration) where t < duration {
            try stage.app.advance(to: t)
            let rest = ZoomFormula.restOfEase(t, setAt: 0.1, duration)
            #expect(abs(stage.scrollView.contentOffset.x - (moved.x + (0 - moved.x) * rest)) < 1e-9, "t = \(t)")
            #expect(abs(stage.scrollView.contentOffset.y - (moved.y + (400 - moved.y) * rest)) < 1e-9, "t = \(t)")
            #expect(stage.scrollView.zoomScale == ZoomFormula.eased(1, 2, t, duration), "t = \(t)")
        }
        try stage.app.advance(to: duration)
        #expect(stage.scrollView.contentOffset == Point(0, 400) && stage.scrollView.zoomScale == 2)
    }

    @Test("the delegate moving the offset from scrollViewDidScroll: the next frames go on from its offset")
    func movedByTheDelegate() throws {
        let stage = ZoomStage()
        var moved = false
        stage.delegate.onScroll = { scrollView in
            guard !moved, scrollView.zoomScale > 1.2 else { return }
            moved = true
            scrollView.contentOffset = Point(scrollView.contentOffset.x - 40, scrollView.contentOffset.y)
        }
        stage.scrollView.setZoomScale(2, animated: true)
        let duration = ZoomFormula.duration(1, 2)
        var sawTheMove = false
        for t in [0.05] + Self.frames(after: 0.05, to: duration) {
            try stage.app.advance(to: t)
            let expected = ZoomFormula.eased(0, 200, t, duration) - (moved ? 40 : 0)
            #expect(abs(stage.scrollView.contentOffset.x - expected) < 1e-9, "t = \(t)")
            #expect(stage.scrollView.contentOffset.y == ZoomFormula.eased(0, 200, t, duration), "t = \(t)")
            sawTheMove = sawTheMove || moved
        }
        #expect(sawTheMove && stage.scrollView.contentOffset == Point(160, 200))
    }

    @Test("a bounce back to the limit goes on from bounds set through the store, frame for frame as one left alone plus the move")
    func aBounceMovedThroughTheStore() throws {
        let alone = ZoomStage(), moved = ZoomStage()
        for stage in [alone, moved] { try stage.bounceAfterATouchpadPinch() }
        try alone.app.advance(to: 0.1)
        try moved.app.advance(to: 0.1)
        #expect(moved.scrollView.isZoomBouncing)
        let bounds = moved.scrollView.bounds
        moved.scrollView.bounds = Rect(origin: Point(bounds.origin.x, bounds.origin.y + 30), size: bounds.size)
        for t in stride(from: 0.12, through: 0.6, by: 0.02) {
            try alone.app.advance(to: t)
            try moved.app.advance(to: t)
            #expect(moved.scrollView.zoomScale == alone.scrollView.zoomScale, "t = \(t)")
            #expect(moved.scrollView.contentOffset.x == alone.scrollView.contentOffset.x, "t = \(t)")
            #expect(abs(moved.scrollView.contentOffset.y - alone.scrollView.contentOffset.y - 30) < 1e-9, "t = \(t)")
            #expect(moved.scrollView.isZoomBouncing == alone.scrollView.isZoomBouncing, "t = \(t)")
        }
        #expect(!moved.scrollView.isZoomBouncing && moved.scrollView.zoomScale == 2)
        #expect(moved.delegate.events == alone.delegate.events)
    }

    @Test("the settle after a pinch, moved further out, still ends within the content: from where it was set, along the rest of its ease")
    func theSettleEndsWithinTheContent() throws {
        let stage = ZoomStage()
        let start = try stage.settleAfterAPinch()
        try stage.app.advance(to: 0.15)
        let shown = ZoomFormula.eased(start.x, 0, 0.15 - 0.1, 0.2)
        #expect(stage.scrollView.contentOffset == Point(shown, start.y))
        let moved = shown - 30      // its target 0 − 30, brought back to the edge at 0
        stage.scrollView.contentOffset = Point(moved, start.y)
        for t in [0.2, 0.25] {
            try stage.app.advance(to: t)
            let rest = ZoomFormula.restOfEase(t - 0.1, setAt: 0.15 - 0.1, 0.2)
            #expect(abs(stage.scrollView.contentOffset.x - (moved + (0 - moved) * rest)) < 1e-9, "t = \(t)")
            #expect(stage.scrollView.contentOffset.y == start.y)
        }
        try stage.app.advance(to: 0.3)
        #expect(stage.scrollView.contentOffset == Point(0, start.y) && !stage.app.hasScrollMotion)
    }

    @Test("the scroll view widened during an animated zoom: the axis whose target it no longer holds goes on from where it is to the new end; the other and the scale keep their curves")
    func widenedDuringAZoom() throws {
        let stage = ZoomStage()
        let (duration, shown) = try zoomToTwoShownAtATenth(stage)
        stage.scrollView.frame = Rect(0, 0, 700, 400)          // at scale 2 the end across is 800 − 700 = 100
        for t in Self.frames(after: 0.1, to: duration) where t < duration {
            try stage.app.advance(to: t)
            let rest = ZoomFormula.restOfEase(t, setAt: 0.1, duration)
            #expect(abs(stage.scrollView.contentOffset.x - (shown + (100 - shown) * rest)) < 1e-9, "t = \(t)")
            #expect(stage.scrollView.contentOffset.y == ZoomFormula.eased(0, 200, t, duration), "t = \(t)")
            #expect(stage.scrollView.zoomScale == ZoomFormula.eased(1, 2, t, duration), "t = \(t)")
        }
        try stage.app.advance(to: duration)
        #expect(stage.scrollView.contentOffset == Point(100, 200) && stage.scrollView.zoomScale == 2)
    }

    @Test("the scroll view widened during the settle after a pinch: from where it is, along the rest of the ease, to the new end")
    func widenedDuringTheSettle() throws {
        let stage = ZoomStage()
        // s = 130/108 anchored at x = 300 shown at 250: x = s·300 − 250 past the end s·400 − 400,
        // banded; y = s·200 − 200 within the content. The lift at 0.1 settles x to the end.
        try stage.beginPinch(cx: 300)
        try stage.spread(at: 0.04, to: 130, cx: 250)
        try stage.lift(at: 0.1, d: 130, cx: 250)
        let scale = 130.0 / 108
        try stage.app.advance(to: 0.15)
        let shown = stage.scrollView.contentOffset
        #expect(shown.x > scale * 400 - 400 && shown.y == scale * 200 - 200)
        stage.scrollView.frame = Rect(0, 0, 450, 400)
        let end = scale * 400 - 450
        for t in [0.2, 0.25] {
            try stage.app.advance(to: t)
            let rest = ZoomFormula.restOfEase(t - 0.1, setAt: 0.15 - 0.1, 0.2)
            #expect(abs(stage.scrollView.contentOffset.x - (shown.x + (end - shown.x) * rest)) < 1e-9, "t = \(t)")
            #expect(stage.scrollView.contentOffset.y == shown.y, "t = \(t)")
        }
        try stage.app.advance(to: 0.3)
        #expect(abs(stage.scrollView.contentOffset.x - end) < 1e-9 && stage.scrollView.contentOffset.y == shown.y)
        #expect(stage.scrollView.contentOffset.x == stage.scrollView.maximumContentOffset.x && !stage.app.hasScrollMotion)
    }
}
