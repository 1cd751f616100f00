/// Recognizes fingers held still long enough (UIKit's `UILongPressGestureRecognizer`; Behaviour A4).
/// Continuous: began when held ``minimumPressDuration``, changed on moves, ended on lift.
///
/// Before it begins it fails when a finger moves more than ``allowableMovement``, when more
/// fingers than ``numberOfTouchesRequired`` touch down, or when the fingers lift. With
/// ``numberOfTapsRequired`` taps first, the press is the touch after them; each pause between
/// them may last at most the application's `multiTapMaximumInterval`.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long (seconds) the fingers must stay down (default 0.5).
    public var minimumPressDuration: Double {
        get { settings.minimumPressDuration }
        set { settings.minimumPressDuration = newValue }
    }
    /// How far (points, window coordinates) a finger may move before the press begins (default 10).
    public var allowableMovement: Double {
        get { settings.allowableMovement }
        set { settings.allowableMovement = newValue }
    }
    /// Fingers needed (default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// Taps before the press (default 0).
    public var numberOfTapsRequired: Int {
        get { settings.numberOfTapsRequired }
        set { settings.numberOfTapsRequired = newValue }
    }

    /// The settings every touch reads (``Settings``).
    // Fenced (``ExclusivityFence``): written only by their accessors, one field at a time.
    #if HITKIT_INTERNAL_CHECKS
    private var settings = Settings()
    #else
    @exclusivity(unchecked) private var settings = Settings()
    #endif

    private struct Settings {
        var minimumPressDuration = 0.5
        var allowableMovement = 10.0
        var numberOfTouchesRequired = 1
        var numberOfTapsRequired = 0
    }

    /// A long press waits for a pending context menu on its touch (Behaviour A11).
    override class var waitsForContextMenus: Bool { true }

    /// The state of the gesture under way, reset with it.
    private struct Progress {
        var fingersDown = 0
        var fingersInTouch = 0
        var tapsCompleted = 0
        var startLocations: [IdentityKey: Point] = [:]
        var pressTimer: TimerHandle?
        var intervalTimer: TimerHandle?
        var liftHold: LiftHold?
    }

    /// A drag's lift on the press's touch holds it back (Behaviour A11): it cannot begin before
    /// `until`, the drag's `longPressDelayAfterLift` (`delay`) from touch-down, whether or not
    /// the lift is still under way then.
    struct LiftHold {
        var until: Double
        var delay: Double
    }
    // Fenced (``ExclusivityFence``): only this class's touch methods, timers and reset change it.
    #if HITKIT_INTERNAL_CHECKS
    private var progress = Progress()
    #else
    @exclusivity(unchecked) private var progress = Progress()
    #endif

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        // Waiting for another to fail it has not begun (Behaviour A4 a): a finger landing then
        // counts, as its moves do.
        guard state == .possible, requestedState != .failed else { return }
        let waiting = requestedState != .possible
        if progress.fingersDown == 0 {
            cancelTimer(progress.intervalTimer)
            progress.fingersInTouch = 0
        }
        for touch in touches { progress.startLocations[IdentityKey(touch)] = touch.location(in: nil) }
        progress.fingersDown += touches.count
        progress.fingersInTouch = max(progress.fingersInTouch, progress.fingersDown)
        if progress.fingersDown > numberOfTouchesRequired {
            traceTooManyFingers(progress.fingersDown, limit: numberOfTouchesRequired, named: "numberOfTouchesRequired")
            return failIfNotBegun()
        }
        if !waiting && progress.fingersDown == numberOfTouchesRequired && progress.tapsCompleted == numberOfTapsRequired {
            cancelTimer(progress.pressTimer)
            progress.pressTimer = schedule(after: minimumPressDuration) { recognizer in
                guard let press = recognizer as? LongPressGestureRecognizer, press.requestedState == .possible,
                      press.progress.fingersDown == press.numberOfTouchesRequired else { return }
                press.traceTimer(press.minimumPressDuration, "held", named: "minimumPressDuration")
                press.state = .began
            }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        // Before it begins, even while it waits for another to fail (still possible, Behaviour
        // A4 a), a finger that moves too far fails it.
        if state == .possible {
            let tooFar = touches.contains { touch in
                guard let start = progress.startLocations[IdentityKey(touch)] else { return false }
                let moved = distance(touch.location(in: nil), start)
                let tooFar = DistanceLimit.exceeds(moved, allowableMovement)
                if tooFar { traceMovedTooFar(moved, limit: allowableMovement, named: "allowableMovement") }
                return tooFar
            }
            if tooFar { return failIfNotBegun() }
        }
        if requestedState.isActive { state = .changed }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        progress.fingersDown = max(0, progress.fingersDown - touches.count)
        switch requestedState {
        case .began, .changed:
            guard progress.fingersDown < numberOfTouchesRequired else { return }
            // Asked to begin but held back by a lift, it lifted before it could begin (A11).
            if resolvedState == .possible, let hold = heldBackBy {
                traceCause("lifted while a lift held long presses back until \(TraceFormat.number(hold.delay)) s after touch-down (A11)")
                return failIfNotBegun()
            }
            state = .ended
        case .possible:
            cancelTimer(progress.pressTimer)
            guard progress.fingersDown == 0 else { return }
            if progress.tapsCompleted < numberOfTapsRequired && progress.fingersInTouch == numberOfTouchesRequired {
                progress.tapsCompleted += 1
                let interval = view?.application?.multiTapMaximumInterval ?? 0.35
                progress.intervalTimer = schedule(after: interval) {
                    $0.traceTimer($0.view?.application?.multiTapMaximumInterval ?? 0.35, "passed without the next tap",
                                  named: "multiTapMaximumInterval")
                    $0.failIfPossible()
                }
            } else {
                traceCause("lifted before minimumPressDuration \(TraceFormat.number(minimumPressDuration)) s",
                           [.init("minimumPressDuration", minimumPressDuration)])
                failIfPossible()
            }
        default:
            break
        }
    }

    open override func reset() {
        super.reset()
        progress.fingersDown = 0
        progress.fingersInTouch = 0
        progress.tapsCompleted = 0
        progress.startLocations.removeAllKeepingCapacity()
        progress.pressTimer = nil
        progress.intervalTimer = nil
        progress.liftHold = nil
    }

    // MARK: A drag's lift on its touch

    /// A lift on the press's touch holds it back until `time` (`delay` after touch-down).
    func holdBack(until time: Double, delay: Double) {
        guard resolvedState == .possible else { return }
        progress.liftHold = LiftHold(until: max(progress.liftHold?.until ?? time, time), delay: delay)
        // A frame at that time, in which a press that asked to begin meanwhile may begin.
        if !Clock.hasReached(currentTime, time) { schedule(at: time) { _ in } }
    }

    /// The lift's hold keeping the press from beginning now, if any.
    var heldBackBy: LiftHold? {
        guard let hold = progress.liftHold, !Clock.hasReached(currentTime, hold.until) else { return nil }
        return hold
    }

    override var isHeldBack: Bool { heldBackBy != nil }
}
