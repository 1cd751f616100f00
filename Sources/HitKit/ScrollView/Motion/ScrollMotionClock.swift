// The application's side of Behaviour A6.1: the scroll views in motion, evaluated at each frame's
// time; the next animation tick; and the touches and scrolls that stop a motion.

/// The scroll views in motion and the animation clock of one application.
final class ScrollMotionClock {
    // Fenced (``ExclusivityFence``), both read at every frame's start: changed by this class's
    // own methods alone, and ``step(at:)``, which calls the scroll views, iterates over a copy.
    #if HITKIT_INTERNAL_CHECKS
    /// In the order their motion began. Links (the policy in Links.swift): a motion does not keep
    /// its scroll view alive, so one its owner lets go of mid-motion is freed (its link is dropped
    /// at the next step) rather than kept, detached, until its motion ends.
    private(set) var moving: [ViewLink<ScrollView>] = []
    /// The time of the last frame that evaluated motion.
    private(set) var lastTick = 0.0
    #else
    @exclusivity(unchecked) private(set) var moving: [ViewLink<ScrollView>] = []
    @exclusivity(unchecked) private(set) var lastTick = 0.0
    #endif
    /// See ``Application/animationFrameInterval``.
    var frameInterval = 1.0 / 60
    /// The view whose subtree is leaving its window while the touches it owns are cancelled
    /// (``Application/viewWillLeaveWindow(_:)``): a drag those cancels end starts no motion.
    var leavingWindow: View?
    /// The scroll view the touch beginning now stops, found by step 1's walk up its chain
    /// (``GestureArena/listRecognizers(from:into:)``) and taken at once by the dispatcher
    /// (``Application/stopScrollMotion(for:)``).
    var stoppedByBegan: ScrollView?
    /// The touches down that stopped a scroll view, by their `beganSequence` (unique for a
    /// touch's life), until the frame they lift in is over (`lifted` then): what follows a stop
    /// waits for them (``ScrollView/settleIfStoppingTouchesEnded()``). Kept with its capacity,
    /// so a tap to stop allocates nothing once warm.
    private var stoppingTouches: [(sequence: Int, scrollView: ViewLink<ScrollView>, lifted: Bool)] = []
    /// The scroll views a began stopped in the step 1 under way. Every finger that lands in that
    /// frame began while they moved, so a later one inside one of them stops it too: it belongs
    /// to the pan alone, and the stop is not made twice. Emptied when step 1 ends.
    // Fenced (``ExclusivityFence``), read at the end of every step 1 and by every began's walk:
    // changed by this class's own methods alone, none of which runs while it is iterated.
    #if HITKIT_INTERNAL_CHECKS
    private(set) var stoppedInStep: [ViewLink<ScrollView>] = []
    #else
    @exclusivity(unchecked) private(set) var stoppedInStep: [ViewLink<ScrollView>] = []
    #endif

    func add(_ scrollView: ScrollView, at time: Double) {
        if !moving.contains(where: { $0.id == scrollView.id }) { moving.append(ViewLink(scrollView)) }
        lastTick = time
    }

    func remove(_ scrollView: ScrollView) {
        moving.removeAll { $0.id == scrollView.id }
    }

    /// Evaluates every motion at `time`.
    func step(at time: Double) {
        guard !moving.isEmpty else { return }
        lastTick = time
        // A copy: a motion that ends, or a delegate, changes the list.
        var freed = false
        for link in moving {
            guard let scrollView = link.object else { freed = true; continue }
            scrollView.stepMotion(at: time)
        }
        if freed { moving.removeAll { !$0.isAlive } }
    }

    /// Remembers that `touch`, beginning, stopped `scrollView` (tap to stop). Returns whether
    /// it is the first began of this step 1 to stop it (the one that stops the motion).
    func noteStopped(_ scrollView: ScrollView, by touch: Touch) -> Bool {
        stoppingTouches.append((touch.beganSequence, ViewLink(scrollView), false))
        if stoppedInStep.contains(where: { $0.id == scrollView.id }) { return false }
        stoppedInStep.append(ViewLink(scrollView))
        return true
    }

    /// Step 1 is over: a began of a later frame stops only what moves then.
    func endStep() {
        if !stoppedInStep.isEmpty { stoppedInStep.removeAll(keepingCapacity: true) }
    }

    /// Marks the stop `touch` made, if it made one, as lifted: ``takeLiftedStop()`` hands its
    /// scroll view out once the frame's work is done. Returns whether it made one.
    func noteLifted(_ touch: Touch) -> Bool {
        guard !stoppingTouches.isEmpty,
              let index = stoppingTouches.firstIndex(where: { $0.sequence == touch.beganSequence }) else { return false }
        stoppingTouches[index].lifted = true
        return true
    }

    /// A scroll view whose stopping touch has lifted, that touch forgotten; one at a time, as
    /// what follows may send a frame. Nil when none is left (one whose view is gone is skipped).
    func takeLiftedStop() -> ScrollView? {
        while let index = stoppingTouches.firstIndex(where: { $0.lifted }) {
            if let scrollView = stoppingTouches.remove(at: index).scrollView.object { return scrollView }
        }
        return nil
    }

    /// Whether a touch that stopped `scrollView` is still down (or lifted in the frame under way).
    func hasStoppingTouchDown(on scrollView: ScrollView) -> Bool {
        stoppingTouches.contains { $0.scrollView.id == scrollView.id }
    }

    /// Whether a scroll view still alive is in motion: one freed mid-motion keeps its link until
    /// the next step drops it, and is no motion for a host to wake for.
    var hasMotion: Bool { moving.contains { $0.isAlive } }

    /// When the next animation tick is due, or `nil` when nothing moves.
    var nextTick: Double? {
        // Always after the last tick: at a time so large (or with an interval so small) that the
        // interval rounds away, a deadline equal to the time would have the host's loop advance
        // to where it is, without end.
        hasMotion ? Swift.max(lastTick + frameInterval, lastTick.nextUp) : nil
    }

    /// The one rule for what a touch, a scroll `began` or a wheel notch stops (Behaviour A6.1):
    /// the innermost scroll view in motion on a responder chain of ids
    /// (``ViewContext/withChain(of:_:)``), with its level on it (0 is the chain's first view).
    ///
    /// The moving scroll views are compared by id, so no view object is taken per level
    /// (usually one scroll view moves, or none).
    ///
    /// For a touch's began (`includingStoppedInStep`), a scroll view an earlier began of the same
    /// frame stopped counts as moving (``stoppedInStep``).
    func innermostMovingScrollView(on chain: ArraySlice<ViewID>,
                                   includingStoppedInStep: Bool = false) -> (scrollView: ScrollView, level: Int)? {
        let readsStopped = includingStoppedInStep && !stoppedInStep.isEmpty
        guard !moving.isEmpty || readsStopped else { return nil }
        var found: ScrollView?
        var foundLevel = chain.endIndex
        for link in moving {
            guard let scrollView = link.object, scrollView.isMoving else { continue }
            if let level = chain[..<foundLevel].firstIndex(of: scrollView.id) {
                found = scrollView
                foundLevel = level
            }
        }
        if readsStopped {
            for link in stoppedInStep {
                guard let scrollView = link.object, let level = chain[..<foundLevel].firstIndex(of: scrollView.id) else { continue }
                found = scrollView
                foundLevel = level
            }
        }
        return found.map { ($0, foundLevel - chain.startIndex) }
    }
}

extension Application {
    /// Evaluates the scroll views' motion at the current time (a frame's start).
    func stepScrollMotion() {
        scrollMotion.step(at: clock.now)
    }

    /// Tap to stop (Behaviour A6.1): a touch beginning while an ancestor scroll view of its view
    /// (the innermost moving one) is in motion stops it where it is. The touch then belongs to
    /// that scroll view's pan alone and is never delivered to a view. Step 1's walk up the chain
    /// found the scroll view and kept only its pan in the touch's list
    /// (``GestureArena/listRecognizers(from:into:)``); this stops it.
    func stopScrollMotion(for touch: Touch) {
        guard let scrollView = scrollMotion.stoppedByBegan else { return }
        scrollMotion.stoppedByBegan = nil
        // A finger landing with one that stopped it in this frame joins that stop.
        if scrollMotion.noteStopped(scrollView, by: touch) {
            scrollView.stopForInput("touch \(touch.id) beginning over it")
            if let tracer { tracer.recordScrollStopped(scrollView, touch: touch.id, by: "touch \(touch.id) beginning over it") }
        }
        scrollView.settlesWhenTouchLifts = true
        touch.transition(to: .refused)
    }

    /// Whether `scrollView` is in the subtree leaving its window whose touches are being
    /// cancelled.
    func isLeavingWindow(_ scrollView: ScrollView) -> Bool {
        guard let root = scrollMotion.leavingWindow else { return false }
        return scrollView === root || scrollView.isDescendant(of: root)
    }

    /// `view` and its subtree are leaving their window: every scroll view among them in motion
    /// stops where it is (``ScrollView/stopForLeavingWindow()``).
    func stopScrollMotion(leavingWith view: View) {
        guard scrollMotion.hasMotion else { return }
        // A copy: each stop changes the list.
        for link in scrollMotion.moving {
            guard let scrollView = link.object, scrollView === view || scrollView.isDescendant(of: view) else { continue }
            scrollView.stopForLeavingWindow()
        }
    }

    /// A continuous scroll's `began` or a wheel notch over a moving scroll view stops it
    /// (Behaviour A6.1); the scroll is then routed as Behaviour A8 says.
    /// Returns the scroll view stopped, if any.
    @discardableResult
    func stopScrollMotion(under view: View?) -> ScrollView? {
        guard !scrollMotion.moving.isEmpty, let view,
              let scrollView = viewContext.withChain(of: view, { chain, _ in scrollMotion.innermostMovingScrollView(on: chain) })?.scrollView
        else { return nil }
        scrollView.stopForInput("input over it")
        return scrollView
    }
}
