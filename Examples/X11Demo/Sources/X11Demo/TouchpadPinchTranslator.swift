import HitKit

/// Turns XI 2.4 touchpad pinches into HitKit touchpad pinch steps (Behaviour A9): begin →
/// `began`, update → `changed`, end → `ended`, or `cancelled` when the server flagged the end
/// `XIGesturePinchEventCancelled`.
///
/// The server's `scale` is already absolute since the gesture began, as A9 wants it. Its
/// `delta_angle` is the turn since the last event, in degrees, clockwise positive (libinput's
/// convention, passed through by the server): summed and converted it is A9's rotation since the
/// start, in radians, clockwise positive on the screen. The location is the pointer's, in window
/// coordinates, which are the HitKit screen's (the window sits at the origin); `detail` is the
/// number of fingers.
///
/// XInput 2.4 has no hold gesture, and swipes have no A9 counterpart: neither comes through here.
struct TouchpadPinchTranslator {
    /// The turn so far in the pinch under way, in radians.
    private var rotation = 0.0

    mutating func pinch(_ phase: XInput2.Phase, fingers: UInt32, at location: Point, scale: Double,
                        angleDelta: Double, cancelled: Bool, time: Double) -> InputFrame {
        if phase == .begin { rotation = 0 }
        rotation += angleDelta * .pi / 180
        let step: TouchpadGestureInput.Phase
        switch phase {
        case .begin: step = .began
        case .update: step = .changed
        case .end: step = cancelled ? .cancelled : .ended
        }
        return InputFrame(timestamp: time, touchpadGesture: .pinch(step, at: location, scale: scale, rotation: rotation,
                                                                    fingers: Int(fingers)))
    }
}
