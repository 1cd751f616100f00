/// Recognizes one or more taps of one or more fingers (UIKit's `UITapGestureRecognizer`;
/// Behaviour A4). Discrete: recognized on the last required lift.
///
/// A tap fails when a finger moves more than ``allowableMovement`` from where it touched down,
/// is still down ``maximumTapDuration`` after the tap began, when more fingers than
/// ``numberOfTouchesRequired`` touch down, or when the next tap has not started
/// ``maximumIntervalBetweenSuccessiveTaps`` after the lift. Both limits are timers, which fire
/// before the input of a frame at their due time: a lift or a next tap exactly at the limit is
/// too late.
open class TapGestureRecognizer: GestureRecognizer {
    open override class var isDiscrete: Bool { true }

    /// Taps needed (default 1).
    public var numberOfTapsRequired: Int {
        get { settings.numberOfTapsRequired }
        set { settings.numberOfTapsRequired = newValue }
    }
    /// Fingers per tap (default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// How far (points, window coordinates) a finger may move before the tap fails (default 10).
    public var allowableMovement: Double {
        get { settings.allowableMovement }
        set { settings.allowableMovement = newValue }
    }
    /// How long (seconds) a tap's fingers may stay down (default 1.5).
    public var maximumTapDuration: Double {
        get { settings.maximumTapDuration }
        set { settings.maximumTapDuration = newValue }
    }
    /// The longest pause (seconds) between one tap's lift and the next tap's touch (default 0.35).
    public var maximumIntervalBetweenSuccessiveTaps: Double {
        get { settings.maximumIntervalBetweenSuccessiveTaps }
        set { settings.maximumIntervalBetweenSuccessiveTaps = newValue }
    }
    /// The buttons a pointer's click must hold when it begins for this tap to receive it
    /// (Behaviour A8; default `primary`). A finger's touch is not concerned.
    public var buttonMaskRequired: Event.ButtonMask {
        get { settings.buttonMaskRequired }
        set { settings.buttonMaskRequired = newValue }
    }

    /// The settings every touch reads (``Settings``).
    // Fenced (``ExclusivityFence``): written only by their accessors, one field at a time.
    #if HITKIT_INTERNAL_CHECKS
    private var settings = Settings()
    #else
    @exclusivity(unchecked) private var settings = Settings()
    #endif

    private struct Settings {
        var numberOfTapsRequired = 1
        var numberOfTouchesRequired = 1
        var allowableMovement = 10.0
        var maximumTapDuration = 1.5
        var maximumIntervalBetweenSuccessiveTaps = 0.35
        var buttonMaskRequired: Event.ButtonMask = .primary
    }

    /// The state of the gesture under way, reset with it.
    private struct Progress {
        var tapsCompleted = 0
        var fingersDown = 0
        var fingersInTap = 0
        var startLocations: [IdentityKey: Point] = [:]
        var durationTimer: TimerHandle?
        var intervalTimer: TimerHandle?
    }
    // Fenced (``ExclusivityFence``): only this class's touch methods, timers and reset change it.
    #if HITKIT_INTERNAL_CHECKS
    private var progress = Progress()
    #else
    @exclusivity(unchecked) private var progress = Progress()
    #endif

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard requestedState == .possible else { return }
        if progress.fingersDown == 0 {
            // A new tap: the wait for it is over, its own clock starts.
            cancelTimer(progress.intervalTimer)
            progress.fingersInTap = 0
            progress.durationTimer = schedule(after: maximumTapDuration) {
                $0.traceTimer(($0 as? TapGestureRecognizer)?.maximumTapDuration ?? 0, "held", named: "maximumTapDuration")
                $0.failIfPossible()
            }
        }
        for touch in touches { progress.startLocations[IdentityKey(touch)] = touch.location(in: nil) }
        progress.fingersDown += touches.count
        progress.fingersInTap = max(progress.fingersInTap, progress.fingersDown)
        if progress.fingersInTap > numberOfTouchesRequired {
            traceTooManyFingers(progress.fingersInTap, limit: numberOfTouchesRequired, named: "numberOfTouchesRequired")
            failIfPossible()
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if movedTooFar(touches) { failIfPossible() }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard requestedState == .possible else { return }
        if movedTooFar(touches) { return failIfPossible() }
        progress.fingersDown = max(0, progress.fingersDown - touches.count)
        guard progress.fingersDown == 0 else { return }
        cancelTimer(progress.durationTimer)
        guard progress.fingersInTap == numberOfTouchesRequired else {
            traceCause("lifted \(progress.fingersInTap) fingers, numberOfTouchesRequired \(numberOfTouchesRequired)")
            return failIfPossible()
        }
        progress.tapsCompleted += 1
        if progress.tapsCompleted >= numberOfTapsRequired {
            traceCause("tapped \(progress.tapsCompleted) time\(progress.tapsCompleted == 1 ? "" : "s") (numberOfTapsRequired \(numberOfTapsRequired))")
            state = .recognized
        } else {
            progress.intervalTimer = schedule(after: maximumIntervalBetweenSuccessiveTaps) {
                $0.traceTimer(($0 as? TapGestureRecognizer)?.maximumIntervalBetweenSuccessiveTaps ?? 0,
                              "passed without the next tap", named: "maximumIntervalBetweenSuccessiveTaps")
                $0.failIfPossible()
            }
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        failIfPossible()
    }

    open override func reset() {
        super.reset()
        progress.tapsCompleted = 0
        progress.fingersDown = 0
        progress.fingersInTap = 0
        progress.startLocations.removeAllKeepingCapacity()
        progress.durationTimer = nil
        progress.intervalTimer = nil
    }

    private func movedTooFar(_ touches: Set<Touch>) -> Bool {
        touches.contains { touch in
            guard let start = progress.startLocations[IdentityKey(touch)] else { return false }
            let moved = distance(touch.location(in: nil), start)
            let tooFar = DistanceLimit.exceeds(moved, allowableMovement)
            if tooFar { traceMovedTooFar(moved, limit: allowableMovement, named: "allowableMovement") }
            return tooFar
        }
    }
}
