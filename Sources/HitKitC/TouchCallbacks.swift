// Touch delivery to C: the views and windows made by hk_app_view_create / hk_app_window_create
// report each touch call HitKit's delivery makes on them to a C callback as an hk_touch_event,
// through an observer of the view's touch calls that consumes them. With no callback they behave
// as plain views (touches go up the chain).

import CHitKit
import HitKit
import HitTestCore

/// `hk_touch_callback`: receives an `hk_touch_event *` and the user data.
public typealias TouchCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

/// A C touch callback and its user data (released, its destroy notified, with the observer).
struct TouchHandler {
    let callback: TouchCallback
    let userData: UserData
    /// The app's tag, for the view's handle.
    let owner: OwnerTag
    let delivery: ThreadConfined<DeliveryState>

    /// Calls C once per touch, in ascending touch id order, with its hk_touch_event.
    func deliver(_ touches: Set<Touch>, phase: Touch.Phase, to view: View) {
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            // Cleared or replaced from C about an earlier touch: the rest are not told.
            if userData.isLetGo { break }
            withCValue(touchEvent(touch, phase: phase, view: view, of: owner)) { event in delivery.callingOut { callback(event, userData.pointer) } }
        }
    }
}

/// The `HK_PHASE_` code of a phase.
func phaseCode(_ phase: Touch.Phase) -> Int32 {
    let code = switch phase {
    case .began: HK_PHASE_BEGAN
    case .moved: HK_PHASE_MOVED
    case .stationary: HK_PHASE_STATIONARY
    case .ended: HK_PHASE_ENDED
    case .cancelled: HK_PHASE_CANCELLED
    }
    return Int32(code)
}

/// The phase of an `HK_PHASE_` code, or nil for a code the header does not have.
func touchPhase(_ code: Int32) -> Touch.Phase? {
    switch Int(code) {
    case HK_PHASE_BEGAN: .began
    case HK_PHASE_MOVED: .moved
    case HK_PHASE_STATIONARY: .stationary
    case HK_PHASE_ENDED: .ended
    case HK_PHASE_CANCELLED: .cancelled
    default: nil
    }
}

/// The phase a touch method reports to C.
func phase(of method: TouchMethod) -> Touch.Phase {
    switch method {
    case .touchesBegan: .began
    case .touchesMoved: .moved
    case .touchesEnded: .ended
    case .touchesCancelled: .cancelled
    }
}

@_cdecl("hk__app_view_set_touch_callback")
public func hk__app_view_set_touch_callback(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                            _ callback: TouchCallback?, _ userData: UnsafeMutableRawPointer?,
                                            _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        guard box.views.takingTouchCallbacks.contains(view.id) else {
            throw CFailure(.invalidArgument, "view \(view.id) was not made by hk_app_view_create or hk_app_window_create")
        }
        // The callback takes each touch call instead of the view: the touches go no further.
        let handler = callback.map {
            TouchHandler(callback: $0, userData: UserData(userData, destroy: destroy), owner: box.ownerTag, delivery: box.delivery)
        }
        box.setCTouchObserver(handler.map { handler in
            { [unowned box] responder, method, touches, event in
                box.withEventInCallback(event) {  // for the samples (Samples.swift)
                    handler.deliver(touches, phase: phase(of: method), to: responder as! View)
                }
                return []
            }
        }, holding: handler?.userData, on: view)
    }
}
