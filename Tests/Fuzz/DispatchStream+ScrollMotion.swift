import HitKit
import HitTestCore

// Scroll view motion in the dispatch fuzzer (Behaviour A6.1): flicks over a scroll view, animation
// ticks while it moves, taps that stop it, random motion settings — and at the end, every scroll
// view at rest and its own recognizers back to possible with nothing withheld.

extension DispatchStream {
    /// The scroll views the stream made (in or out of a window).
    var scrollViews: [ScrollView] { views.compactMap { $0 as? ScrollView } }

    /// Gives a new scroll view random motion settings from `flags`.
    static func applyMotionSettings(_ flags: Int, to scrollView: ScrollView) {
        scrollView.bounces = flags & 4 == 0
        scrollView.alwaysBounceVertical = flags & 8 != 0
        scrollView.alwaysBounceHorizontal = flags & 16 != 0
        scrollView.isPagingEnabled = flags & 32 != 0
        if flags & 64 != 0 { scrollView.decelerationRate = .fast }
    }

    /// A finger not down, if any.
    private func freeFinger() -> Int? {
        Self.fingerIDs.first { id in !app.activeTouches.contains { $0.id == id } }
    }

    /// The screen point at the middle of a random scroll view in a window (one of `among`, by
    /// default any), and that scroll view.
    func scrollViewTarget(among: [ScrollView]? = nil) -> (ScrollView, Point)? {
        let candidates = (among ?? scrollViews).filter { $0.window != nil }
        guard !candidates.isEmpty else { return nil }
        let scrollView = candidates[input.below(candidates.count)]
        guard let itsWindow = scrollView.window else { return nil }
        let bounds = scrollView.bounds
        let middle = Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2)
        return (scrollView, itsWindow.convertToScreen(scrollView.convert(middle, to: itsWindow)))
    }

    /// A quick drag over a scroll view, lifted while moving: motion may follow.
    func flick() {
        guard let id = freeFinger(), let (scrollView, start) = scrollViewTarget() else { return }
        let delta = Point(x: Double(input.byte() - 128), y: Double(input.byte() - 128))
        log?("flick \(scrollView) by \(delta)")
        let step = 0.004 + Double(input.below(8)) * 0.002
        for (index, phase) in [Touch.Phase.began, .moved, .moved, .ended].enumerated() {
            let fraction = Double(max(0, index - 1)) / 2 + (index == 3 ? 0.5 : 0)
            let at = Point(x: start.x + delta.x * fraction, y: start.y + delta.y * fraction)
            send(InputFrame(timestamp: time + (index == 3 ? 0 : step), touches: [TouchInput(id: id, phase: phase, location: at)]))
        }
    }

    /// A few animation ticks, as a host whose deadline came would send them.
    func ticks() {
        for _ in 0..<(1 + input.below(6)) {
            guard let deadline = app.nextDeadline, deadline.isFinite else { return }
            send(InputFrame(timestamp: Swift.max(time, deadline)))
        }
    }

    /// A tap on a scroll view that is moving: it stops the innermost moving scroll view around
    /// the view it hits (Behaviour A6.1), which is not the tapped one when a scroll view inside it
    /// moves too.
    func tapOnMovingScrollView() {
        guard let id = freeFinger(), let (scrollView, at) = scrollViewTarget() else { return }
        // A frame runs its time's timers and motion before its touches, and a timer may open a
        // held touch's context menu then: an empty frame at the began's time first, so that what
        // is read here is what the began meets (a seed,
        // `found-tap-on-a-moving-scroll-view-as-a-held-menu-opens`).
        send(InputFrame(timestamp: time + 0.004))
        let movingBefore = scrollViews.filter(\.isDecelerating)
        // With a menu open, the press only dismisses it and is consumed (Behaviour A11).
        let consumedByMenu = app.openContextMenu != nil
        log?("tap \(scrollView) (moving: \(scrollView.isDecelerating))")
        send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .began, location: at)]))
        // The view the touch hit as it began, at that frame's time (the library's own hit test),
        // not a hit test after the frame: a view outside every moving scroll view gets the touch,
        // and its handlers may move it away, uncovering a moving scroll view at the point that
        // the touch never reached (a seed, `found-tap-on-a-view-that-leaves-uncovers-a-moving-scroll-view`).
        // A touch that stops a scroll view reaches no view, so its view's chain is as it was.
        // A zoomable scroll view on the way may be settling after a pinch or animating from code
        // (Behaviour A6.2): motion that is not deceleration, which the public API does not show.
        // The touch then stops that one, the innermost moving (a seed,
        // `found-tap-stops-a-settling-zoom-inside-a-decelerating-scroll-view`), so no check.
        var cursor = app.activeTouches.first { $0.id == id }?.view
        var passedAZoomable = false
        while let view = cursor, !movingBefore.contains(where: { $0 === view }) {
            if zoomLedgers.contains(where: { $0.scrollView === view }) { passedAZoomable = true }
            cursor = view.superview
        }
        if !consumedByMenu, !passedAZoomable, let stopped = cursor as? ScrollView, stopped.isDecelerating, stopped.window != nil {
            ledger.fail("a touch on moving \(stopped) did not stop it")
        }
        send(InputFrame(timestamp: time + 0.004, touches: [TouchInput(id: id, phase: .ended, location: at)]))
    }

    /// After the stream's end: nothing moves, and the scroll views' own recognizers withhold nothing.
    func checkScrollViewsAtRest() {
        for scrollView in scrollViews {
            if scrollView.isDecelerating { ledger.fail("\(scrollView) still moving at the end") }
            let builtIn = scrollView.gestureRecognizers.filter(\.isScrollViewBuiltIn)
            for recognizer in builtIn
            where recognizer.state != .possible || recognizer.requestedState != .possible || !recognizer.touches.isEmpty {
                ledger.fail("\(scrollView)'s \(recognizer) is left \(recognizer.state) → \(recognizer.requestedState) with \(recognizer.touches.count) touches")
            }
        }
    }

    /// Lets every motion run out (an advance far past any end, as a host's deadlines would).
    func letMotionEnd() {
        for _ in 0..<4 where app.hasScrollMotion {
            send(InputFrame(timestamp: time + 120))
        }
    }
}
