// What a recognizer subclass works with: its touches and where they are, its timers, and the
// state rules the continuous recognizers share.

extension GestureRecognizer {
    /// Stops receiving `touch`: it is no longer this recognizer's, and the recognizer no longer
    /// withholds it from its view.
    public func ignore(_ touch: Touch) {
        fenced.touches.removeAll { $0 === touch }
        entry?.fenced.sequenceTouches.removeAll { $0 === touch }
        entry?.forgetBatch()  // it may hold the touch
        noteArenaWork()  // its last touch may be gone (the arena's work list)
        entry?.arena.listingMayHaveChanged()  // the touch no longer lists it
        touch.removeRecognizer(self)
    }

    /// While the recognizer has more than `limit` touches, ignores those of `touches` in the
    /// order they began. Nothing is sorted into a new list (a began must not allocate): the
    /// earliest not yet ignored is looked for again each time, among a began's few touches.
    func ignoreEarliest(of touches: Set<Touch>, whileMoreThan limit: Int) {
        var lastIgnored = Int.min
        while self.touches.count > limit {
            var earliest: Touch?
            for touch in touches where touch.beganSequence > lastIgnored
                && touch.beganSequence < earliest?.beganSequence ?? .max {
                earliest = touch
            }
            guard let touch = earliest else { return }
            lastIgnored = touch.beganSequence
            ignore(touch)
        }
    }

    /// The number of touches the recognizer is handling.
    public var numberOfTouches: Int { touches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (`nil`: the window);
    /// once they are gone, where they last were.
    public func location(in view: View?) -> Point {
        screenToView(centroidOnScreen(), view)
    }

    /// The location of the touch at `index` (in ``touches``) in `view`'s coordinates; an index
    /// out of range gives a non-finite point.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard touches.indices.contains(index) else { return Point(x: .nan, y: .nan) }
        return touches[index].location(in: view)
    }

    /// The screen centroid of ``touches`` (or the last one known).
    func centroidOnScreen() -> Point {
        guard !touches.isEmpty else { return lastScreenLocation }
        var x = 0.0, y = 0.0
        for touch in touches { x += touch.screenLocation.x; y += touch.screenLocation.y }
        lastScreenLocation = Point(x / Double(touches.count), y / Double(touches.count))
        return lastScreenLocation
    }

    func screenToView(_ point: Point, _ target: View?) -> Point {
        guard let space = target ?? view?.window ?? view else { return point }
        return space.convertFromScreen(point)
    }
}

// Timers of a recognizer: timer frames of its application (Behaviour A3), cancelled by the reset.

extension GestureRecognizer {
    /// Runs `body` `interval` seconds from now as a timer frame of the application (Behaviour A3);
    /// the timer is cancelled by the reset.
    @discardableResult
    public func schedule(after interval: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerHandle? {
        schedule(body) { $0.time + interval }
    }

    /// Runs `body` at the application's time `time`, as ``schedule(after:_:)`` does: for a
    /// deadline counted from an earlier moment (a touch's began), due at exactly that sum.
    @discardableResult
    func schedule(at time: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerHandle? {
        schedule(body) { _ in time }
    }

    /// Schedules `body` at `due`'s time in the view's application, reached through the view's
    /// link (recognizers schedule on most touches: no reference is taken to the view or the
    /// application); `nil` without one.
    private func schedule(_ body: @escaping (GestureRecognizer) -> Void, isTick: Bool = false,
                          due: (Application) -> Double) -> TimerHandle? {
        let action = TimerAction.recognizer(RecognizerLink(self), body)
        guard let handle = fenced.viewLink?.withApplication({ $0.timers.schedule(at: due($0), action, isTick: isTick) }) else {
            return nil
        }
        fenced.timers.append(handle)
        return handle
    }

    /// Pushes the pending tick `handle` to `interval` seconds from now, keeping the action it
    /// was scheduled with, as ``cancelTimer(_:)`` and scheduling that action again would, in one
    /// step (a wheel's end timer, pushed back by every notch). Schedules `body` when `handle` is
    /// no longer pending. A tick is HitKit's own: of the timers due with it, it fires after the
    /// recognizers' and interactions' (Behaviour A3).
    func rescheduleTick(_ handle: TimerHandle?, after interval: Double,
                        _ body: @escaping (GestureRecognizer) -> Void) -> TimerHandle? {
        if let handle, let index = fenced.timers.firstIndex(of: handle) {
            if let moved = fenced.viewLink?.withApplication({ $0.timers.postpone(handle, to: $0.time + interval) }) ?? nil {
                fenced.timers[index] = moved
                return moved
            }
        }
        cancelTimer(handle)
        return schedule(body, isTick: true) { $0.time + interval }
    }

    /// Requests `failed` if the recognizer is still heading nowhere else (possible).
    func failIfPossible() {
        if requestedState == .possible { state = .failed }
    }

    /// Requests `failed` while the recognizer is still possible, even when it has asked to begin
    /// and waits for another to fail (Behaviour A4 a: a pending recognizer stays possible; the
    /// transition it asked for is withdrawn).
    func failIfNotBegun() {
        if resolvedState == .possible && requestedState != .failed { state = .failed }
    }

    /// Cancels a timer of ``schedule(after:_:)``.
    public func cancelTimer(_ handle: TimerHandle?) {
        guard let handle else { return }
        fenced.timers.removeAll { $0 == handle }
        noteArenaWork()  // its last timer may be gone (the arena's work list)
        _ = fenced.viewLink?.withApplication { $0.cancelTimer(handle) }
    }

    /// The application's time (0 when detached).
    public var currentTime: Double { fenced.viewLink?.withApplication { $0.time } ?? 0 }
}

// The state rules continuous recognizers share (Behaviour A4: possible → began → changed* → ended).

extension GestureRecognizer {
    /// On a move: a possible recognizer begins once `thresholdCrossed`; a begun one changes.
    func advanceContinuous(beginningIf thresholdCrossed: @autoclosure () -> Bool) {
        switch requestedState {
        case .possible:
            if thresholdCrossed() { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// On a lift of a two-finger gesture (pinch, rotation): a begun one ends once no finger is
    /// left, as UIKit documents; a possible one fails at the first lift.
    func endWhenBothFingersLift() {
        guard requestedState.isActive else { return failIfPossible() }
        if !touches.contains(where: { !$0.hasLifted }) { state = .ended }
    }

    /// On a lift that ends the gesture: a begun recognizer ends, a possible one fails.
    func endOrFail() {
        switch requestedState {
        case .began, .changed: state = .ended
        default: failIfPossible()
        }
    }
}
