/// Recognizes fingers held still long enough (UIKit's `UILongPressGestureRecognizer`; Behaviour A4).
/// Continuous: began when held ``minimumPressDuration``, changed on moves, ended on lift.
///
/// Before it begins it fails when a finger moves more than ``allowableMovement``, when more
/// fingers than ``numberOfTouchesRequired`` touch down, or when the fingers lift. With
/// ``numberOfTapsRequired`` taps first, the press is the touch after them; each pause between
/// them may last at most the application's `multiTapMaximumInterval`.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// How long (seconds) the fingers must stay down (default 0.5).
    public var minimumPressDuration: Double = 0.5
    /// How far (points, window coordinates) a finger may move before the press begins (default 10).
    public var allowableMovement: Double = 10
    /// Fingers needed (default 1).
    public var numberOfTouchesRequired = 1
    /// Taps before the press (default 0).
    public var numberOfTapsRequired = 0

    // `@exclusivity(unchecked)` on the private state below: only this class's touch methods,
    // timers and reset change it, by single assignments that call nothing while they write.
    @exclusivity(unchecked) private var fingersDown = 0
    @exclusivity(unchecked) private var fingersInTouch = 0
    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var startLocations: [ObjectIdentifier: Point] = [:]
    @exclusivity(unchecked) private var pressTimer: TimerHandle?
    @exclusivity(unchecked) private var intervalTimer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard requestedState == .possible else { return }
        if fingersDown == 0 {
            cancelTimer(intervalTimer)
            fingersInTouch = 0
        }
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
        fingersDown += touches.count
        fingersInTouch = max(fingersInTouch, fingersDown)
        if fingersDown > numberOfTouchesRequired {
            traceTooManyFingers(fingersDown, limit: numberOfTouchesRequired, named: "numberOfTouchesRequired")
            return failIfPossible()
        }
        if fingersDown == numberOfTouchesRequired && tapsCompleted == numberOfTapsRequired {
            cancelTimer(pressTimer)
            pressTimer = schedule(after: minimumPressDuration) { recognizer in
                guard let press = recognizer as? LongPressGestureRecognizer, press.requestedState == .possible,
                      press.fingersDown == press.numberOfTouchesRequired else { return }
                press.traceTimer(press.minimumPressDuration, "held", named: "minimumPressDuration")
                press.state = .began
            }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        switch requestedState {
        case .possible:
            let tooFar = touches.contains { touch in
                guard let start = startLocations[ObjectIdentifier(touch)] else { return false }
                let moved = distance(touch.location(in: nil), start)
                if moved > allowableMovement { traceMovedTooFar(moved, limit: allowableMovement, named: "allowableMovement") }
                return moved > allowableMovement
            }
            if tooFar { failIfPossible() }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        fingersDown = max(0, fingersDown - touches.count)
        switch requestedState {
        case .began, .changed:
            if fingersDown < numberOfTouchesRequired { state = .ended }
        case .possible:
            cancelTimer(pressTimer)
            guard fingersDown == 0 else { return }
            if tapsCompleted < numberOfTapsRequired && fingersInTouch == numberOfTouchesRequired {
                tapsCompleted += 1
                let interval = view?.application?.multiTapMaximumInterval ?? 0.35
                intervalTimer = schedule(after: interval) {
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
        fingersDown = 0
        fingersInTouch = 0
        tapsCompleted = 0
        startLocations.empty()
        pressTimer = nil
        intervalTimer = nil
    }
}
