// hk_view_controller_*: view controllers (Behaviour A7) from C — a controller manages a root
// view and sits between it and what is behind it in the responder chain; presentation,
// containment, a window's root controller — and the first responder (hk_app_*_first_responder).

import CHitKit
import HitKit
import HitTestCore

extension AppBox {
    func controller(_ handle: Int32) throws(CFailure) -> ViewController {
        guard let controller = controllers[handle] else {
            throw CFailure(.staleHandle, "view controller handle \(handle) is not live in this app")
        }
        return controller
    }

    /// The handle of a controller, giving it one if C has not seen it yet (0 for none);
    /// HK_ERR_LIMIT once the app has given out every controller handle.
    func handle(of controller: ViewController?) throws(CFailure) -> Int32 {
        guard let controller else { return 0 }
        if let handle = controllers.handle(of: controller) { return handle }
        return try controllers.insert(controller, for: controller)
    }
}

private func onController(_ app: UnsafeRawPointer?, _ handle: Int32, reading: Bool = false,
                          _ body: (AppBox, ViewController) throws(CFailure) -> Void) -> Int32 {
    appCall(app, reading: reading) { box throws(CFailure) in try body(box, try box.controller(handle)) }
}

@_cdecl("hk__view_controller_create")
public func hk__view_controller_create(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), view = try box.view(vi, vg, "root view")
        guard !(view is Window) else { throw CFailure(.invalidArgument, "a window cannot be a controller's root view") }
        // One controller a root view, as UIKit has it: a second would leave the first holding
        // a view the app believes it could destroy.
        if let owner = view.next as? ViewController, owner.view === view {
            throw CFailure(.invalidArgument, "view \(vi) is already a controller's root view (hk_view_controller_destroy that one first)")
        }
        _ = try box.controllers.nextFreeHandle()
        _ = box.hold(view)
        out.pointee = try box.handle(of: ViewController(view: view))
    }
}

@_cdecl("hk_view_controller_destroy")
public func hk_view_controller_destroy(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    onController(app, handle) { box, controller in
        // Its view stays (held by C); the relations that keep the controller go with it: it is
        // dismissed from its presenter, which takes the stack above it too, or else what it
        // presents is.
        (controller.presentingViewController ?? controller).dismiss()
        controller.removeFromParent()
        for window in box.application.windows where window.rootViewController === controller {
            window.rootViewController = nil
        }
        // It leaves the responder chain: a press whose route passes through it ends now, while
        // its press handler can still hear the cancel (Behaviour A10: exactly one end each).
        box.application.controllerWillLeaveWindow(controller)
        box.forgetKeyboardAttachments(of: controller)
        box.controllers.remove(handle)
        box.scene?.forget(controller)
    }
}

@_cdecl("hk_view_controller_view")
public func hk_view_controller_view(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    onController(app, handle, reading: true) { box, controller throws(CFailure) in box.write(controller.view.id, to: try required(out)) }
}

@_cdecl("hk_view_controller_present")
public func hk_view_controller_present(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ presented: Int32) -> Int32 {
    onController(app, handle) { box, controller throws(CFailure) in
        let other = try box.controller(presented)
        guard other !== controller else { throw CFailure(.cycle, "a view controller cannot present itself") }
        guard controller.presentedViewController == nil, other.presentingViewController == nil else {
            throw CFailure(.busy, "the presenter already presents a controller, or the other is already presented")
        }
        if controller.wouldLoopResponderChain(presenting: other) {
            throw CFailure(.cycle, "controller \(presented) is on the responder chain of \(handle): presenting it would make the chain loop")
        }
        try checkLink(controller, handle, other, presented)
        controller.present(other)
    }
}

/// Refuses linking `lower` under `upper`, as its child or the controller it presents, when the
/// link would close a loop of parents and presenters (which the façade would leave undone).
private func checkLink(_ upper: ViewController, _ upperHandle: Int32, _ lower: ViewController, _ lowerHandle: Int32) throws(CFailure) {
    guard upper.wouldCloseLoop(linking: lower) else { return }
    throw CFailure(.cycle, "controller \(lowerHandle) is \(upperHandle) or above it through parents and presenters: "
                   + "the link would close a loop")
}

@_cdecl("hk_view_controller_dismiss")
public func hk_view_controller_dismiss(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    // The dismissed view leaves its window: its touches are cancelled (callbacks may run).
    onController(app, handle) { box, controller in controller.dismiss() }
}

@_cdecl("hk_view_controller_presented")
public func hk_view_controller_presented(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onController(app, handle, reading: true) { box, controller throws(CFailure) in
        try required(out).pointee = try box.handle(of: controller.presentedViewController)
    }
}

@_cdecl("hk_view_controller_add_child")
public func hk_view_controller_add_child(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ child: Int32) -> Int32 {
    onController(app, handle) { box, controller throws(CFailure) in
        let other = try box.controller(child)
        try checkLink(controller, handle, other, child)
        controller.addChild(other)
    }
}

@_cdecl("hk_view_controller_remove_from_parent")
public func hk_view_controller_remove_from_parent(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    onController(app, handle) { _, controller in controller.removeFromParent() }
}

@_cdecl("hk_view_controller_parent")
public func hk_view_controller_parent(_ app: UnsafeRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onController(app, handle, reading: true) { box, controller throws(CFailure) in try required(out).pointee = try box.handle(of: controller.parent) }
}

@_cdecl("hk__window_set_root_view_controller")
public func hk__window_set_root_view_controller(_ app: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32,
                                                _ handle: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(wi, wg, "window")
        guard let window = view as? Window else { throw CFailure(.notAWindow, "view \(view.id) is not a window") }
        let controller = handle == 0 ? nil : try box.controller(handle)
        // A controller's root view is never a window (hk_view_controller_create refuses one), so
        // adding it under the window cannot make a cycle.
        window.rootViewController = controller
    }
}

// MARK: The responder chain and the first responder

/// Writes a responder as C sees it (an `HK_RESPONDER_` kind): a view or a controller of the app,
/// the application, anything else, or nothing.
private func describe(_ responder: Responder?, _ box: AppBox, kind: UnsafeMutablePointer<Int32>,
                      view: UnsafeMutableRawPointer?, controller: UnsafeMutablePointer<Int32>?) throws(CFailure) {
    if let view { box.write(nil, to: view) }
    controller?.pointee = 0
    switch responder {
    case nil: kind.pointee = Int32(HK_RESPONDER_NONE)
    case let responderView as View:
        kind.pointee = Int32(HK_RESPONDER_VIEW)
        if let view { box.write(responderView.id, to: view) }
    case let responderController as ViewController:
        kind.pointee = Int32(HK_RESPONDER_CONTROLLER)
        controller?.pointee = try box.handle(of: responderController)
    case is Application: kind.pointee = Int32(HK_RESPONDER_APPLICATION)
    default: kind.pointee = Int32(HK_RESPONDER_OTHER)
    }
}

@_cdecl("hk__app_next_responder")
public func hk__app_next_responder(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ controllerHandle: Int32,
                                   _ kind: UnsafeMutablePointer<Int32>?, _ view: UnsafeMutableRawPointer?,
                                   _ controller: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let kind = try required(kind, "kind")
        // Both wrappers share this entry point: hk_no_view() with controller 0 is either's empty
        // argument, and the message names both.
        if controllerHandle == 0 && vi == HK_NO_VIEW_INDEX {
            throw CFailure(.invalidArgument, "no responder given: the view is hk_no_view() and the controller 0")
        }
        let responder: Responder = controllerHandle != 0 ? try box.controller(controllerHandle) : try box.view(vi, vg)
        try describe(responder.next, box, kind: kind, view: view, controller: controller)
    }
}

@_cdecl("hk__app_focusable_view_create")
public func hk__app_focusable_view_create(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                                          _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try box.checkRoomForView()
        // A plain view that answers yes to canBecomeFirstResponder (UIKit views refuse by default).
        let view = View(frame: rect, in: box.application)
        view.acceptsFirstResponder = true
        box.write(box.hold(view), to: out)
    }
}

/// Asks a view to become or resign first responder; *out is whether it did.
private func firstResponderRequest(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                   _ out: UnsafeMutablePointer<Int32>?, _ ask: (View) -> Bool) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg), out = try required(out)
        out.pointee = ask(view) ? 1 : 0
    }
}

@_cdecl("hk__app_become_first_responder")
public func hk__app_become_first_responder(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    firstResponderRequest(app, vi, vg, out) { $0.becomeFirstResponder() }
}

@_cdecl("hk__app_resign_first_responder")
public func hk__app_resign_first_responder(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    firstResponderRequest(app, vi, vg, out) { $0.resignFirstResponder() }
}

@_cdecl("hk__window_make_key")
public func hk__window_make_key(_ app: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(wi, wg, "window")
        guard let window = view as? Window else { throw CFailure(.notAWindow, "view \(view.id) is not a window") }
        window.makeKey()
    }
}

@_cdecl("hk_app_first_responder")
public func hk_app_first_responder(_ app: UnsafeRawPointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        box.write((box.application.firstResponder as? View)?.id, to: out)
    }
}
