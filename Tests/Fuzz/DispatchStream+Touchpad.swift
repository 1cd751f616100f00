// The dispatch stream's touchpad gestures (Behaviour A9): pinch and hold steps mixed with
// everything else, mostly in order, now and then bad. A touchpad step never changes the fingers
// down, and its rejection names no touch and says why as a touchpad problem.
import HitKit

extension DispatchStream {
    /// One frame with a touchpad step.
    func touchpadFrame() {
        let kind: TouchpadGestureInput.Kind = switch (touchpadUnderway, input.below(8)) {
        case (let underway?, 1...): underway          // mostly the gesture under way goes on
        case (_, let choice): choice % 2 == 0 ? .pinch : .hold
        }
        let phase: TouchpadGestureInput.Phase = switch (touchpadUnderway, input.byte()) {
        case (_, ..<16): [.began, .changed, .ended, .cancelled][input.below(4)]   // any, maybe out of order
        case (nil, _): .began
        case (.pinch?, ..<200): .changed
        case (.hold?, ..<120): .changed                                          // a hold's changed: bad
        case (_, ..<240): .ended
        default: .cancelled
        }
        var step = TouchpadGestureInput(kind: kind, phase: phase, location: pointerLocation ?? input.point())
        step.scale = switch input.byte() {
        case 0: 0
        case 1: -1
        case 2: .nan
        case 3: .infinity
        case let byte: 0.25 + Double(byte) / 64
        }
        step.rotation = switch input.byte() {
        case 0: .nan
        case 1: -.infinity
        case let byte: (Double(byte) - 128) / 64
        }
        step.fingers = input.chance(8) ? 0 : 2 + input.below(3)
        let frame = InputFrame(timestamp: nextTime(), touchpadGesture: step)
        log?("touchpad at \(frame.timestamp): \(kind) \(phase) scale \(step.scale) rotation \(step.rotation) fingers \(step.fingers)")
        let before = fingersDown()
        if let rejected = send(frame) {
            let wholeFrameRejected = !frame.timestamp.isFinite || frame.timestamp < time
            for rejection in rejected where rejection.touchID != nil {
                ledger.fail("a touchpad frame's rejection names touch \(rejection.touchID!)")
            }
            if !wholeFrameRejected && !rejected.contains(where: { if case .touchpad = $0.reason { true } else { false } }) {
                ledger.fail("a touchpad frame rejected for \(rejected), not for its touchpad step")
            }
        } else {
            touchpadUnderway = phase == .ended || phase == .cancelled ? nil : kind
        }
        if fingersDown() != before { ledger.fail("a touchpad frame changed the fingers down") }
    }

    /// Ends the gesture under way, if any (the stream's end).
    func endTouchpadGesture(at time: Double) {
        guard let kind = touchpadUnderway else { return }
        let end = TouchpadGestureInput(kind: kind, phase: .ended, location: .zero)
        if send(InputFrame(timestamp: time, touchpadGesture: end)) != nil { ledger.fail("the touchpad gesture's end was rejected") }
        touchpadUnderway = nil
    }
}
