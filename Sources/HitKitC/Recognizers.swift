// Gesture recognizers for C: the built-in recognizers attached to app views with their
// settings, kept in the app's handle table, reporting state changes to a C callback as an
// hk_gesture_event.

import CHitKit
import HitKit
import HitTestCore

/// `hk_gesture_callback`: receives an `hk_gesture_event *` and the user data.
public typealias GestureCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

/// An app's recognizers by handle (1 and up), and the C delegates it keeps for them.
final class GestureTable {
    // Thread-confined, as a plain property (the promise in ThreadConfined.swift).
    #if HITKIT_INTERNAL_CHECKS
    /// A C delegate asks for its recognizers' handles at every call.
    var entries = ObjectHandles<GestureEntry>(of: "gesture recognizer")
    /// Recognizer delegates by recognizer handle: the recognizer holds its delegate weakly.
    var delegates: [Int32: CGestureDelegate] = [:]
    #else
    @exclusivity(unchecked) var entries = ObjectHandles<GestureEntry>(of: "gesture recognizer")
    @exclusivity(unchecked) var delegates: [Int32: CGestureDelegate] = [:]
    #endif
}

/// One recognizer in an app's table, with its C state-change callback.
final class GestureEntry {
    let handle: Int32
    let recognizer: GestureRecognizer
    var callback: GestureCallback?
    /// The callback's user data; released (its destroy notified) with the callback or the entry.
    var userData: UserData?

    init(handle: Int32, recognizer: GestureRecognizer) {
        self.handle = handle
        self.recognizer = recognizer
    }

    /// The `HK_GESTURE_` kind (screen-edge pan before pan: it is a pan).
    var kind: Int32 {
        let kind = switch recognizer {
        case is TapGestureRecognizer: HK_GESTURE_TAP
        case is LongPressGestureRecognizer: HK_GESTURE_LONG_PRESS
        case is ScreenEdgePanGestureRecognizer: HK_GESTURE_SCREEN_EDGE_PAN
        case is PanGestureRecognizer: HK_GESTURE_PAN
        case is SwipeGestureRecognizer: HK_GESTURE_SWIPE
        case is PinchGestureRecognizer: HK_GESTURE_PINCH
        case is RotationGestureRecognizer: HK_GESTURE_ROTATION
        case is HoverGestureRecognizer: HK_GESTURE_HOVER
        default: HK_GESTURE_OTHER
        }
        return Int32(kind)
    }

    /// The hk_gesture_event describing the recognizer now (a value: callbacks get it by address
    /// from the stack, nothing is allocated per state change).
    func snapshot(time: Double, in app: AppBox) -> hk_gesture_event {
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
        return hk_gesture_event(gesture: handle, kind: kind, state: stateCode(recognizer.state),
                                number_of_touches: Int32(clamping: recognizer.numberOfTouches), view: app.handle(view?.id),
                                timestamp: time, location: hk_point(location), translation: hk_point(translation),
                                velocity: hk_point(velocity), scale: scale, rotation: rotation)
    }
}

/// The `HK_STATE_` code of a state.
func stateCode(_ state: GestureRecognizer.State) -> Int32 {
    let code = switch state {
    case .possible: HK_STATE_POSSIBLE
    case .began: HK_STATE_BEGAN
    case .changed: HK_STATE_CHANGED
    case .ended: HK_STATE_ENDED
    case .cancelled: HK_STATE_CANCELLED
    case .failed: HK_STATE_FAILED
    }
    return Int32(code)
}

extension AppBox {
    /// Puts a recognizer in the table (once) and forwards its state changes to its C callback.
    func register(_ recognizer: GestureRecognizer) throws(CFailure) -> Int32 {
        if let existing = gestures.entries.handle(of: recognizer) { return existing }
        let handle = try gestures.entries.insert(GestureEntry(handle: try gestures.entries.nextFreeHandle(), recognizer: recognizer),
                                                 for: recognizer)
        recognizer.observeStateChanges { [weak self] _, _ in
            guard let self, let entry = self.gestures.entries[handle], let callback = entry.callback else { return }
            let snapshot = entry.snapshot(time: self.application.time, in: self)
            self.delivery.callingOut { withCValue(snapshot) { callback($0, entry.userData?.pointer) } }
        }
        return handle
    }

    func gesture(_ handle: Int32) throws(CFailure) -> GestureEntry {
        guard let entry = gestures.entries[handle] else {
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
        _ = try box.gestures.entries.nextFreeHandle()
        let recognizer = try make()
        view.addGestureRecognizer(recognizer)
        out.pointee = try box.register(recognizer)
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
private func onGesture(_ app: UnsafeRawPointer?, _ handle: Int32, reading: Bool = false,
                       _ body: (AppBox, GestureEntry) throws(CFailure) -> Void) -> Int32 {
    appCall(app, reading: reading) { box throws(CFailure) in try body(box, try box.gesture(handle)) }
}

@_cdecl("hk_gesture_set_callback")
public func hk_gesture_set_callback(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ callback: GestureCallback?,
                                    _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    onGesture(app, handle) { _, entry in
        entry.callback = callback
        entry.userData = callback == nil ? nil : UserData(userData, destroy: destroy)
    }
}

@_cdecl("hk_gesture_destroy")
public func hk_gesture_destroy(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    onGesture(app, handle) { box, entry in
        // Stopped by disabling while still on its view: a recognizer under way is cancelled (or
        // failed) with its view and location, as hk_gesture_set_enabled(0) reports it, rather
        // than by its detaching, after which it has neither.
        entry.recognizer.isEnabled = false
        entry.recognizer.view?.removeGestureRecognizer(entry.recognizer)
        box.gestures.entries.remove(handle)
        box.gestures.delegates[handle] = nil
    }
}

@_cdecl("hk_gesture_state_of")
public func hk_gesture_state_of(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onGesture(app, handle, reading: true) { _, entry throws(CFailure) in try required(out).pointee = stateCode(entry.recognizer.state) }
}

@_cdecl("hk_gesture_kind_of")
public func hk_gesture_kind_of(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onGesture(app, handle, reading: true) { _, entry throws(CFailure) in try required(out).pointee = entry.kind }
}

@_cdecl("hk_gesture_snapshot")
public func hk_gesture_snapshot(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    onGesture(app, handle, reading: true) { box, entry throws(CFailure) in
        writeC(entry.snapshot(time: box.application.time, in: box), to: try required(out))
    }
}

@_cdecl("hk_gesture_set_enabled")
public func hk_gesture_set_enabled(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ value: Int32) -> Int32 {
    // Disabling an active recognizer cancels or fails it: a state change C may observe.
    onGesture(app, handle) { box, entry in entry.recognizer.isEnabled = value != 0 }
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
