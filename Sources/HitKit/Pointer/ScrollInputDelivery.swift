// Scroll input (Behaviour A8): the application routes a wheel's notches or a trackpad's phases to
// a pan, which takes them instead of fingers; a scroll view's pan moves its content by them.

/// What kind of scroll drives a pan.
enum ScrollRun {
    /// Wheel notches; the run ends on the pan's ``PanGestureRecognizer/discreteScrollEndDelay`` timer.
    case discrete(endTimer: TimerHandle?)
    /// A trackpad sequence, from its `began` to its `ended`.
    case continuous
}

extension PanGestureRecognizer {
    /// The velocity samples a scroll run starts with room for: a ``velocityWindow`` of 0.1 s at
    /// 150 notches a second (wheels send up to about 120).
    var scrollSampleCapacity: Int { 16 }

    /// Whether scroll input drives this pan now.
    var isScrolling: Bool { progress.scrollRun != nil }

    /// Whether this pan can take `scroll` as the start of a run or as the next notch of its own
    /// discrete run (Behaviour A8): enabled, its mask has the type, no finger on it, and the
    /// subclass agrees (a scroll view: its content exceeds it on the delta's axis). Asked only of
    /// the pans on a hit view's chain, which are in the hit view's window.
    func canTake(_ scroll: ScrollInput) -> Bool {
        guard isEnabled,
              allowedScrollTypesMask.contains(ScrollTypeMask(scroll.kind)),
              sequenceTouches.isEmpty, mayTakeScroll(delta: scroll.delta) else { return false }
        switch (scroll.kind, progress.scrollRun) {
        case (.discrete, nil), (.continuous(.began), nil):
            return requestedState == .possible
        case (.discrete, .discrete?):
            return requestedState.isActive
        default:
            return false
        }
    }

    /// Takes a scroll step: adds its delta to the translation and moves the state (began on the
    /// first step, changed after, ended on a continuous `ended`); a discrete run's end timer
    /// starts again. ``GestureRecognizer/location(in:)`` is the step's location, the pointer's, as
    /// a hover's or a touchpad pinch's is: the pan has no touches to take a centroid of.
    func take(_ scroll: ScrollInput) {
        lastScreenLocation = scroll.location
        let delta = windowVector(fromScreen: scroll.delta)
        progress.translationInWindow = Point(progress.translationInWindow.x + delta.x, progress.translationInWindow.y + delta.y)
        progress.unconsumedScrollDelta = Point(progress.unconsumedScrollDelta.x + delta.x, progress.unconsumedScrollDelta.y + delta.y)
        if progress.samples.isEmpty {
            // A run's first notch: room for a window's notches at once, kept from run to run (the
            // buffer is emptied in place), so no later notch grows it: growing by doubling would
            // allocate now and then on a warm scene.
            progress.samples.reserveCapacity(scrollSampleCapacity)
            progress.samples.append((currentTime, .zero))
        }
        record()
        switch scroll.kind {
        case .discrete:
            let isFirst = progress.scrollRun == nil
            let pending: TimerHandle? = if case .discrete(let timer)? = progress.scrollRun { timer } else { nil }
            let timer = rescheduleTick(pending, after: discreteScrollEndDelay) { recognizer in
                (recognizer as? PanGestureRecognizer)?.endScrollRun()
            }
            progress.scrollRun = .discrete(endTimer: timer)
            state = isFirst ? .began : .changed
        case .continuous(.began):
            progress.scrollRun = .continuous
            state = .began
        case .continuous(.changed):
            if requestedState.isActive { state = .changed }
        case .continuous(.ended):
            endScrollRun()
        }
    }

    /// Whether this pan still runs the continuous scroll it took the `began` of: still in that
    /// run and begun (or waiting to begin). Cancelled (disabled, its view removed), refused by its
    /// delegate or failed by a requirement, it has let the scroll go (Behaviour A8).
    var runsContinuousScroll: Bool {
        guard case .continuous? = progress.scrollRun else { return false }
        return requestedState.isActive
    }

    /// Ends the scroll run (its last notch's timer, or a continuous `ended`).
    func endScrollRun() {
        if requestedState.isActive { state = .ended }
    }

    /// Hands the scroll deltas taken since the last call to a scroll view, which moves its
    /// content by each (Behaviour A8).
    func consumeScrollDelta() -> Point {
        defer { progress.unconsumedScrollDelta = .zero }
        return progress.unconsumedScrollDelta
    }

    /// A delta on the screen in the pan's window's coordinates (as it is, outside a window).
    private func windowVector(fromScreen v: Point) -> Point {
        guard let link = fenced.viewLink else { return v }
        // Read through the view's link: no reference to the view or its application.
        return link.withApplication { application in
            guard let window = try? application.store.window(of: link.id) else { return v }
            return (try? application.store.convertVector(v, from: .screen, to: .view(window))) ?? v
        } ?? v
    }
}

// Behaviour A8's scrolling with scroll input: each delta the pan takes moves the content
// offset by the negated delta, clamped after each step; a scroll view takes a scroll only when
// its content exceeds it on the scroll's axis.

extension ScrollView {
    /// The pan's action during a scroll run: the deltas taken since the last action move the
    /// offset, clamped — a continuous scroll's `ended` delta too.
    func scrollDidChange(_ pan: PanGestureRecognizer) {
        let state = pan.state
        guard state == .began || state == .changed || state == .ended else { return }
        let taken = pan.consumeScrollDelta()
        // A discrete run ends on its timer, with no delta.
        if state == .ended && taken == .zero { return }
        let delta = pan.vector(taken, fromWindowTo: self)
        let bounds = self.bounds
        let moved = Point(x: bounds.origin.x - delta.x, y: bounds.origin.y - delta.y)
        moveContentOffset(to: clampedContentOffset(moved, boundsSize: bounds.size), from: bounds)
    }

    /// Whether the content exceeds the bounds on the axis of `screenDelta` (a scroll's delta, on
    /// the screen) in the scroll view's own coordinates: the axis of its larger component; a zero
    /// delta, or one whose components are equal, needs either axis (Behaviour A8; the tie is a
    /// documented choice).
    func canScroll(screenDelta: Point) -> Bool {
        let delta = convertVectorFromScreen(screenDelta)
        let size = bounds.size
        let horizontal = contentSize.width > size.width
        let vertical = contentSize.height > size.height
        let dx = Swift.abs(delta.x), dy = Swift.abs(delta.y)
        if dx > dy { return horizontal }
        if dy > dx { return vertical }
        return horizontal || vertical
    }
}

extension Application {
    /// Behaviour A8's routing: a continuous scroll's later phases go to the pan that took its
    /// `began` while it still runs the scroll, and to no one once it has let it go; anything else
    /// to the first pan, from the hit view up to its window in priority order, that can take it.
    /// The scroll views a wheel notch stopped (up to two, see below) wait in
    /// ``PointerState/zoomsStoppedByNotch``: a zoom it left past a limit bounces back once the
    /// notch has scrolled (``bounceZoomsStoppedByNotch()``, after the frame's recognizer actions).
    func route(_ scroll: ScrollInput) {
        let state = pointerState
        switch scroll.kind {
        case .continuous(.changed), .continuous(.ended):
            // The scroll stays with the pan that took its began (A8), so none other is offered it;
            // once that pan stopped running it, its deltas would pile into the pan's next input
            // (a notch, a finger's drag) and its `ended` end a finger's pan: they go nowhere.
            // The owner is read once: each read goes through a weak link.
            var owner = state.continuousScrollOwner
            if let current = owner, !current.runsContinuousScroll {
                owner = nil
                state.continuousScrollOwner = nil
            }
            if let tracer { tracer.recordScroll(scroll, to: owner, continuing: true) }
            owner?.take(scroll)
            if case .continuous(.ended) = scroll.kind {
                state.continuousScrollOwner = nil
                // The input that stopped a zoom has ended (A6.2), as a touchpad hold's end does.
                let stopped = state.scrollViewsStoppedByScroll
                state.scrollViewsStoppedByScroll = []
                for link in stopped { link.object?.bounceZoomBackAfterInput() }
            }
            return
        case .continuous(.began), .discrete:
            break
        }
        // Explained first, as a touch's: the trace's observers may edit the views.
        if let tracer { tracer.explainHitTest(at: scroll.location, touch: nil, for: "scroll") }
        let hitView = hitTest(screenPoint: scroll.location)
        let stopped = stopScrollMotion(under: hitView)                               // Behaviour A6.1
        if let tracer, let stopped { tracer.recordScrollStopped(stopped, touch: nil, by: "a scroll over it") }
        let stoppedTaker = offer(scroll, from: hitView, stopped: stopped)
        // A zoom a scroll stopped past a limit bounces back when the input that stopped it ends
        // (A6.2): a notch in its own frame once it has scrolled, which its pan's action does
        // after this returns (the caller starts the bounce then); a continuous scroll at its
        // `ended`.
        if case .discrete = scroll.kind {
            if let stopped { state.zoomsStoppedByNotch.append(ViewLink(stopped)) }
            if let stoppedTaker { state.zoomsStoppedByNotch.append(ViewLink(stoppedTaker)) }
            deferredWork.notchStoppedZooms = !state.zoomsStoppedByNotch.isEmpty
            state.notchRoutedAtDepth = deferredWork.depth
            return
        }
        state.scrollViewsStoppedByScroll.removeAll(keepingCapacity: true)
        if let stopped { state.scrollViewsStoppedByScroll.append(ViewLink(stopped)) }
        if let stoppedTaker { state.scrollViewsStoppedByScroll.append(ViewLink(stoppedTaker)) }
    }

    /// A zoom a wheel notch stopped past a limit bounces back in the notch's frame, after it
    /// scrolled (its pan's action has run): anchored where the notch left the content (A6.2).
    @inline(never)
    func bounceZoomsStoppedByNotch() {
        let state = pointerState
        // Only the pass that routed the notch: a nested one (``updateHover()`` from an action
        // before the pan's) would anchor the bounce before the notch scrolled.
        guard deferredWork.depth == state.notchRoutedAtDepth else { return }
        deferredWork.notchStoppedZooms = false
        // Read in place (a copy would make the list's next append allocate): a bounce's delegate
        // calls cannot route another scroll, which only a frame does.
        var index = 0
        while index < state.zoomsStoppedByNotch.count {
            let link = state.zoomsStoppedByNotch[index]
            index += 1
            link.object?.bounceZoomBackAfterInput()
        }
        state.zoomsStoppedByNotch.removeAll(keepingCapacity: true)
    }

    /// Gives a wheel notch or a continuous scroll's `began` to the first pan, from `hitView` up
    /// to its window in priority order, that can take it. Returns the scroll view of that pan if
    /// it was moving and is not `stopped` (the one the scroll stopped already): it stops first.
    private func offer(_ scroll: ScrollInput, from hitView: View?, stopped: ScrollView?) -> ScrollView? {
        var taker: PanGestureRecognizer?
        if let hitView {
            viewContext.forEachRecognizer(onChainOf: hitView) { recognizer, _ in
                guard let pan = recognizer.scrollTaker(for: scroll) else { return true }
                taker = pan
                return false
            }
        }
        if let tracer { tracer.recordScroll(scroll, to: taker, continuing: false) }
        guard let taker else { return nil }
        // The trace's observers, host code, ran since the taker was chosen and may have taken its
        // view off the screen (out of its window, or its window removed or hidden): a scroll view
        // no longer on screen takes nothing.
        if tracer != nil, !(taker.view?.window.map { !$0.wasRemoved && !$0.isHidden } ?? false) { return nil }
        // A scroll view that takes the input while it moves (one further out than the one
        // stopped, on an axis that one cannot scroll) stops before it moves: its motion would
        // put the delta back at the next frame (A6.1: scroll input starts no motion).
        var stoppedTaker: ScrollView?
        if !scrollMotion.moving.isEmpty, let scrollView = taker.view as? ScrollView, scrollView !== stopped,
           scrollView.isMoving {
            scrollView.stopForInput("a scroll it takes")
            if let tracer { tracer.recordScrollStopped(scrollView, touch: nil, by: "a scroll it takes") }
            stoppedTaker = scrollView
        }
        taker.take(scroll)
        if case .continuous = scroll.kind { pointerState.continuousScrollOwner = taker }
        return stoppedTaker
    }
}
