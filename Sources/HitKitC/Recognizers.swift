// Gesture recognizers for C: the built-in recognizers attached to app views with their
// settings, kept in the app's handle table, reporting state changes to a C callback as an
// hk_gesture_event.

import CHitKit
import HitKit
import HitTestCore

/// `hk_gesture_callback`: receives an `hk_gesture_event *` and the user data.
public typealias GestureCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

/// One recognizer in an app's table.
final class GestureEntry {
    let handle: Int32
    let recognizer: GestureRecognizer
    var callback: GestureCallback?
    var userData: UnsafeMutableRawPointer?

    init(handle: Int32, recognizer: GestureRecognizer) {
        self.handle = handle
        self.recognizer = recognizer
    }

    /// The `HK_GESTURE_` kind (screen-edge pan before pan: it is a pan).
    var kind: Int32 {
        switch recognizer {
        case is TapGestureRecognizer: 0
        case is LongPressGestureRecognizer: 1
        case is ScreenEdgePanGestureRecognizer: 6
        case is PanGestureRecognizer: 2
        case is SwipeGestureRecognizer: 3
        case is PinchGestureRecognizer: 4
        case is RotationGestureRecognizer: 5
        case is HoverGestureRecognizer: 8  // HK_GESTURE_HOVER (Pointer.swift)
        default: 7
        }
    }

    /// Writes the hk_gesture_event describing the recognizer now.
    func writeSnapshot(to out: UnsafeMutableRawPointer, time: Double) {
        let view = recognizer.view
        var location = Point.zero, translation = Point.zero, velocity = Point.zero
        var scale = 1.0, rotation = 0.0
        if let view {
            location = recognizer.location(in: view)
            if let pan = recognizer as? PanGestureRecognizer {
                translation = pan.translation(in: view)
                velocity = pan.velocity(in: view)
            }
        }
        if let pinch = recognizer as? PinchGestureRecognizer { scale = pinch.scale }
        if let turn = recognizer as? RotationGestureRecognizer { rotation = turn.rotation }
        writeC(hk_gesture_event(gesture: handle, kind: kind, state: stateCode(recognizer.state),
                               number_of_touches: Int32(clamping: recognizer.numberOfTouches), view: hk_view(view?.id),
                               timestamp: time, location: hk_point(location), translation: hk_point(translation),
                               velocity: hk_point(velocity), scale: scale, rotation: rotation), to: out)
    }
}

/// The `HK_STATE_` code of a state.
func stateCode(_ state: GestureRecognizer.State) -> Int32 {
    switch state {
    case .possible: 0
    case .began: 1
    case .changed: 2
    case .ended: 3
    case .cancelled: 4
    case .failed: 5
    }
}

extension AppBox {
    /// Puts a recognizer in the table (once) and forwards its state changes to its C callback.
    func register(_ recognizer: GestureRecognizer) -> Int32 {
        if let existing = gestures.values.first(where: { $0.recognizer === recognizer }) { return existing.handle }
        let entry = GestureEntry(handle: nextGestureHandle, recognizer: recognizer)
        nextGestureHandle += 1
        gestures[entry.handle] = entry
        let handle = entry.handle
        recognizer.observeStateChanges { [weak self] _, _ in
            guard let self, let entry = self.gestures[handle], let callback = entry.callback else { return }
            let event = UnsafeMutableRawPointer.allocate(byteCount: 96, alignment: 8)
            defer { event.deallocate() }
            entry.writeSnapshot(to: event, time: self.application.time)
            callback(UnsafeRawPointer(event), entry.userData)
        }
        return handle
    }

    func gesture(_ handle: Int32) throws(CFailure) -> GestureEntry {
        guard let entry = gestures[handle] else {
            throw CFailure(.staleHandle, "gesture handle \(handle) is not live in this app")
        }
        return entry
    }
}

/// Validates, builds, attaches and registers a recognizer.
func attach(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Int32>?,
                    _ make: () throws(CFailure) -> GestureRecognizer) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), view = try box.view(vi, vg)
        let recognizer = try make()
        view.addGestureRecognizer(recognizer)
        out.pointee = box.register(recognizer)
    }
}

private func requireCount(_ value: Int32, _ what: String) throws(CFailure) -> Int {
    guard value >= 1 else { throw CFailure(.invalidArgument, "\(what) must be at least 1 (got \(value))") }
    try Limits.check(value, atMost: Limits.gestureCount, what)
    return Int(value)
}

private func requireMask(_ value: Int32, _ what: String) throws(CFailure) -> Int {
    guard value > 0, value <= 0xF else { throw CFailure(.invalidArgument, "\(what) must be a non-empty set of the 4 bits (got \(value))") }
    return Int(value)
}

@_cdecl("hk__tap_create")
public func hk__tap_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ taps: Int32, _ touches: Int32,
                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = try requireCount(taps, "taps")
        tap.numberOfTouchesRequired = try requireCount(touches, "touches")
        return tap
    }
}

@_cdecl("hk__long_press_create")
public func hk__long_press_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ duration: Double,
                                  _ touches: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in
        guard duration.isFinite, duration >= 0 else { throw CFailure(.invalidArgument, "the minimum duration must be finite and >= 0") }
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = duration
        press.numberOfTouchesRequired = try requireCount(touches, "touches")
        return press
    }
}

@_cdecl("hk__pan_create")
public func hk__pan_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ minimum: Int32, _ maximum: Int32,
                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in
        let minimumCount = try requireCount(minimum, "minimum touches")
        try Limits.check(maximum, atMost: Limits.gestureCount, "maximum touches")
        guard maximum == 0 || maximum >= minimum else {
            throw CFailure(.invalidArgument, "maximum touches \(maximum) is below the minimum \(minimum)")
        }
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = minimumCount
        pan.maximumNumberOfTouches = maximum == 0 ? Int.max : Int(maximum)
        return pan
    }
}

@_cdecl("hk__swipe_create")
public func hk__swipe_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ directions: Int32, _ touches: Int32,
                             _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in
        let swipe = SwipeGestureRecognizer()
        swipe.direction = SwipeGestureRecognizer.Direction(rawValue: try requireMask(directions, "directions"))
        swipe.numberOfTouchesRequired = try requireCount(touches, "touches")
        return swipe
    }
}

@_cdecl("hk__pinch_create")
public func hk__pinch_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { PinchGestureRecognizer() }
}

@_cdecl("hk__rotation_create")
public func hk__rotation_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { RotationGestureRecognizer() }
}

@_cdecl("hk__screen_edge_pan_create")
public func hk__screen_edge_pan_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ edges: Int32,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    attach(app, vi, vg, out) { () throws(CFailure) in
        let pan = ScreenEdgePanGestureRecognizer()
        pan.edges = RectEdge(rawValue: try requireMask(edges, "edges"))
        return pan
    }
}

// MARK: Settings, callbacks and lifetime

/// Runs `body` on a live recognizer of a live app.
private func onGesture(_ app: UnsafeRawPointer?, _ handle: Int32,
                       _ body: (AppBox, GestureEntry) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        try body(box, try box.gesture(handle))
    }
}

@_cdecl("hk_gesture_set_callback")
public func hk_gesture_set_callback(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ callback: GestureCallback?,
                                    _ userData: UnsafeMutableRawPointer?) -> Int32 {
    onGesture(app, handle) { box, entry in
        entry.callback = callback
        entry.userData = userData
        box.extras.gestureCallbackData[handle] = nil
    }
}

@_cdecl("hk_gesture_destroy")
public func hk_gesture_destroy(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    onGesture(app, handle) { box, entry in
        box.delivering { entry.recognizer.view?.removeGestureRecognizer(entry.recognizer) }
        box.gestures[handle] = nil
        box.forgetAttachments(ofGesture: handle)
    }
}

@_cdecl("hk_gesture_state_of")
public func hk_gesture_state_of(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onGesture(app, handle) { _, entry throws(CFailure) in try required(out).pointee = stateCode(entry.recognizer.state) }
}

@_cdecl("hk_gesture_kind_of")
public func hk_gesture_kind_of(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onGesture(app, handle) { _, entry throws(CFailure) in try required(out).pointee = entry.kind }
}

@_cdecl("hk_gesture_snapshot")
public func hk_gesture_snapshot(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    onGesture(app, handle) { box, entry throws(CFailure) in
        entry.writeSnapshot(to: try required(out), time: box.application.time)
    }
}

@_cdecl("hk_gesture_set_enabled")
public func hk_gesture_set_enabled(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ value: Int32) -> Int32 {
    // Disabling an active recognizer cancels or fails it: a state change C may observe.
    onGesture(app, handle) { box, entry in box.delivering { entry.recognizer.isEnabled = value != 0 } }
}

@_cdecl("hk_gesture_set_cancels_touches_in_view")
public func hk_gesture_set_cancels_touches_in_view(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ value: Int32) -> Int32 {
    onGesture(app, handle) { _, entry in entry.recognizer.cancelsTouchesInView = value != 0 }
}

@_cdecl("hk_gesture_set_delays_touches_began")
public func hk_gesture_set_delays_touches_began(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ value: Int32) -> Int32 {
    onGesture(app, handle) { _, entry in entry.recognizer.delaysTouchesBegan = value != 0 }
}

@_cdecl("hk_gesture_set_delays_touches_ended")
public func hk_gesture_set_delays_touches_ended(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ value: Int32) -> Int32 {
    onGesture(app, handle) { _, entry in entry.recognizer.delaysTouchesEnded = value != 0 }
}

@_cdecl("hk_gesture_require_to_fail")
public func hk_gesture_require_to_fail(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ other: Int32) -> Int32 {
    onGesture(app, handle) { box, entry throws(CFailure) in
        let required = try box.gesture(other)
        guard required !== entry else { throw CFailure(.cycle, "a recognizer cannot require its own failure") }
        entry.recognizer.require(toFail: required.recognizer)
    }
}
