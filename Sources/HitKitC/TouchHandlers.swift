// hk_app_view_set_touch_handler: a C touch callback on any view of an app — plain views,
// controls, scroll views, views loaded from scenes — that decides, touch by touch, whether the
// touch stops there or goes on to what the view would do without the handler (a plain view
// passes it to its next responder; a control tracks it; a scene view does what its scene says).

import CHitKit
import HitKit
import HitTestCore

/// `hk_touch_handler`: receives an `hk_touch_event *` and the user data; returns
/// HK_TOUCH_CONSUME (0) or HK_TOUCH_PASS_ON (non-zero).
public typealias TouchHandlerCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32

/// A view's touch handler and the interceptor it replaced (a scene's logger), which still sees
/// the touches the handler passes on and is put back when the handler is cleared.
final class TouchHandlerEntry {
    let callback: TouchHandlerCallback
    let userData: UserData
    let previous: Responder.TouchInterceptor?

    init(callback: TouchHandlerCallback, userData: UserData, previous: Responder.TouchInterceptor?) {
        self.callback = callback
        self.userData = userData
        self.previous = previous
    }

    /// The interceptor: asks C about each touch (ascending ids), then lets the call go on with
    /// the touches C passed on, if any.
    func intercept(_ responder: Responder, _ method: TouchMethod, _ touches: Set<Touch>, _ event: Event?) -> Bool {
        guard let view = responder as? View else { return true }
        var passed = Set<Touch>()
        for touch in touches.sorted(by: { $0.id < $1.id }) {
            let event = touchEvent(touch, phase: phase(of: method), view: view)
            if withCValue(event, { callback($0, userData.pointer) }) != 0 { passed.insert(touch) }
        }
        if passed.isEmpty { return false }
        if let previous, !previous(responder, method, passed, event) { return false }
        if passed.count == touches.count { return true }
        // Only some touches go on: make the view's own call with those alone.
        switch method {
        case .touchesBegan: responder.touchesBegan(passed, with: event)
        case .touchesMoved: responder.touchesMoved(passed, with: event)
        case .touchesEnded: responder.touchesEnded(passed, with: event)
        case .touchesCancelled: responder.touchesCancelled(passed, with: event)
        }
        return false
    }
}

extension AppExtras {
    /// Installs (or with a `nil` callback removes) a view's touch handler, putting back what it
    /// replaced. The interceptor holds the entry, so the user data lives while it is installed.
    func setTouchHandler(_ callback: TouchHandlerCallback?, _ userData: UserData, on view: View) {
        // What was there before any C handler: the old entry's `previous` (even when nil), else the
        // interceptor installed now.
        let underlying: Responder.TouchInterceptor?
        if let old = touchHandlers.removeValue(forKey: view.id) { underlying = old.previous } else { underlying = view.touchInterceptor }
        guard let callback else {
            view.touchInterceptor = underlying
            return
        }
        let entry = TouchHandlerEntry(callback: callback, userData: userData, previous: underlying)
        touchHandlers[view.id] = entry
        view.touchInterceptor = { entry.intercept($0, $1, $2, $3) }
    }
}

@_cdecl("hk__app_view_set_touch_handler")
public func hk__app_view_set_touch_handler(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ callback: TouchHandlerCallback?, _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        box.extras.setTouchHandler(callback, UserData(userData, destroy: callback == nil ? nil : destroy), on: view)
        if callback != nil { _ = box.hold(view) }
    }
}
