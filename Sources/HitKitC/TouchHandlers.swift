// hk_app_view_set_touch_handler: a C touch callback on any view of an app — plain views,
// controls, scroll views, views loaded from scenes — that decides, touch by touch, whether the
// touch stops there or goes on to what the view would do without the handler (a plain view
// passes it to its next responder; a control tracks it; a scene view does what its scene says).
// It is an observer of the view's touch calls (Responder.observeTouches) that lets through the
// touches C passes on.

import CHitKit
import HitKit
import HitTestCore

/// `hk_touch_handler`: receives an `hk_touch_event *` and the user data; returns
/// HK_TOUCH_CONSUME (0) or HK_TOUCH_PASS_ON (non-zero).
public typealias TouchHandlerCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32

/// A view's touch handler: the observer of the view's touch calls that asks C, touch by touch,
/// which go on. It holds the user data while it is installed.
final class TouchHandlerEntry {
    let callback: TouchHandlerCallback
    let userData: UserData
    /// The app's tag, for the view's handle.
    let owner: OwnerTag
    let delivery: ThreadConfined<DeliveryState>

    init(callback: TouchHandlerCallback, userData: UserData, owner: OwnerTag, delivery: ThreadConfined<DeliveryState>) {
        self.callback = callback
        self.userData = userData
        self.owner = owner
        self.delivery = delivery
    }

    /// Asks C about each touch (ascending ids); the call goes on with the touches C passed on.
    func touchesToPassOn(_ responder: Responder, _ method: TouchMethod, _ touches: Set<Touch>) -> Set<Touch> {
        guard let view = responder as? View else { return touches }
        var passed = Set<Touch>()
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            // Cleared or replaced from C about an earlier touch: the rest go on, as with no handler.
            if userData.isLetGo {
                passed.insert(touch)
                continue
            }
            let event = touchEvent(touch, phase: phase(of: method), view: view, of: owner)
            if withCValue(event, { event in delivery.callingOut { callback(event, userData.pointer) } }) != 0 { passed.insert(touch) }
        }
        return passed.count == touches.count ? touches : passed
    }
}

extension AppBox {
    /// Installs (or with `nil` removes) the view's C touch observer — its touch callback or its
    /// touch handler, holding `userData`: one takes the place of the other. The replaced one is
    /// released (with its user data, whose destroy is notified).
    func setCTouchObserver(_ observer: Responder.TouchObserver?, holding userData: UserData?, on view: View) {
        views.touchObservations.removeValue(forKey: view.id)?.end()
        if let observer, let userData {
            views.touchObservations[view.id] = CObservation(token: view.observeTouches(observer), userData: userData)
        }
    }
}

@_cdecl("hk__app_view_set_touch_handler")
public func hk__app_view_set_touch_handler(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ callback: TouchHandlerCallback?, _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        let handler = callback.map { TouchHandlerEntry(callback: $0, userData: UserData(userData, destroy: destroy), owner: box.ownerTag,
                                                           delivery: box.delivery) }
        let observer: Responder.TouchObserver? = handler.map { entry in
            { [unowned box] responder, method, touches, event in
                var passed = touches
                box.withEventInCallback(event) {  // for the samples (Samples.swift), as in a touch callback
                    passed = entry.touchesToPassOn(responder, method, touches)
                }
                return passed
            }
        }
        box.setCTouchObserver(observer, holding: handler?.userData, on: view)
        if callback != nil { _ = box.hold(view) }
    }
}
