// Touchpad gestures for C (Behaviour A9): a pinch or hold step in a frame, and the velocity the
// pinch and rotation recognizers read from it. Declared in the "Touchpad gestures" section of
// hitkit.h.

import CHitKit
import HitKit
import HitTestCore

/// Reads C's hk_touchpad_gesture.
func touchpadGesture(_ pointer: UnsafeRawPointer) throws(CFailure) -> TouchpadGestureInput {
    let input = pointer.load(as: hk_touchpad_gesture.self)
    let kinds: [TouchpadGestureInput.Kind] = [.pinch, .hold]
    let phases: [TouchpadGestureInput.Phase] = [.began, .changed, .ended, .cancelled]
    guard (0..<Int32(kinds.count)).contains(input.kind) else {
        throw CFailure(.invalidArgument, "the touchpad gesture's kind must be an HK_TOUCHPAD_ kind (got \(input.kind))")
    }
    guard (0..<Int32(phases.count)).contains(input.phase) else {
        throw CFailure(.invalidArgument, "the touchpad gesture's phase must be an HK_TOUCHPAD_PHASE_ (got \(input.phase))")
    }
    return TouchpadGestureInput(kind: kinds[Int(input.kind)], phase: phases[Int(input.phase)], location: Point(input.x, input.y),
                                scale: input.scale, rotation: input.rotation, fingers: Int(input.fingers))
}

@_cdecl("hk_app_send_touchpad_frame")
public func hk_app_send_touchpad_frame(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ gesture: UnsafeRawPointer?) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let gesture = try gesture.map { gesture throws(CFailure) in try touchpadGesture(gesture) }
        try box.deliverFrame(at: timestamp) { frame in
            frame.setTouches(UnsafeBufferPointer(start: nil, count: 0))
            frame.input.touchpadGesture = gesture
        }
    }
}

@_cdecl("hk_gesture_transform_velocity")
public func hk_gesture_transform_velocity(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let recognizer = try box.gesture(handle).recognizer, out = try required(out)
        switch recognizer {
        case let pinch as PinchGestureRecognizer: out.pointee = pinch.velocity
        case let rotation as RotationGestureRecognizer: out.pointee = rotation.velocity
        default: throw CFailure(.invalidArgument, "gesture \(handle) is not a pinch or a rotation")
        }
    }
}
