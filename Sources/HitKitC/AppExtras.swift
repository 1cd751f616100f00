// The per-app tables of the C API's later additions (touch handlers that may pass touches on,
// recognizer delegates, several actions per control, scroll-offset callbacks, view controllers):
// what keeps their C callbacks, user data and Swift helper objects alive, and lets go of them
// (firing destroy notifications) when their view, recognizer or app goes.

import HitKit
import HitTestCore

final class AppExtras {
    /// The observation of each view's touch callback or touch handler (`hk_app_view_set_touch_callback`,
    /// `hk_app_view_set_touch_handler`); cancelling it releases the handler's user data.
    var touchObservations: [ViewID: ObservationToken] = [:]
    /// Recognizer delegates by recognizer handle: the recognizer holds its delegate weakly.
    var gestureDelegates: [Int32: CGestureDelegate] = [:]
    /// User data of `hk_gesture_set_callback_full`, by recognizer handle.
    var gestureCallbackData: [Int32: UserData] = [:]
    /// Actions added with `hk_control_add_action`, by action id (1 and up).
    var actions: [Int32: AddedAction] = [:]
    var nextActionID: Int32 = 1
    /// Scroll-offset callbacks by scroll view.
    var scrollObservers: [ViewID: ScrollObserver] = [:]
    /// View controllers by handle (1 and up).
    var controllers: [Int32: ViewController] = [:]
    var nextControllerHandle: Int32 = 1
}

extension AppBox {
    /// Lets go of everything C attached to a view it destroys (its user data is notified).
    func forgetAttachments(of view: View) {
        extras.touchObservations.removeValue(forKey: view.id)?.cancel()
        if let control = view as? Control {
            bind(control, events: 0, to: nil)
            for (id, action) in extras.actions where action.control === control {
                for actionID in action.actionIDs { control.removeAction(actionID) }
                extras.actions[id] = nil
            }
        }
        if let observer = extras.scrollObservers.removeValue(forKey: view.id) { observer.detach() }
    }

    /// Lets go of everything C attached to a recognizer it destroys.
    func forgetAttachments(ofGesture handle: Int32) {
        extras.gestureDelegates[handle] = nil
        extras.gestureCallbackData[handle] = nil
    }
}
