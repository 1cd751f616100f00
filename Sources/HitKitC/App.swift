// hk_app_*: applications, their windows and views, and editing their hierarchy through the
// façade (which keeps subviews alive and cancels the touches of views leaving their window).
// Every façade precondition is checked here first, so none can trap.

import HitKit
import HitTestCore

@_cdecl("hk_app_create")
public func hk_app_create() -> UnsafeMutableRawPointer? {
    var app: UnsafeMutableRawPointer?
    _ = guarded { () throws(CFailure) in
        let application = Application(viewLimit: Limits.viewsPerStore)
        traceToStandardErrorIfAsked(application)  // HITKIT_TRACE=1 (TraceCallbacks.swift)
        app = try AppBox.register(application, scene: nil)
    }
    return app
}

@_cdecl("hk_app_destroy")
public func hk_app_destroy(_ app: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        try box.checkNotDelivering("hk_app_destroy")
        try handles.unregister(box.storePointer)
        try handles.unregister(app!)
        // Its touches end (cancelled, callbacks told) before it goes, as when a window is
        // removed: an app dropped mid-gesture would leave touches and recognizers holding each
        // other. Callbacks find the app's handle already stale.
        for window in box.application.windows { box.application.removeWindow(window) }
        // A begun drag session's touch is in no view, so no window took it: it is cancelled too.
        box.application.cancelDragSessions(by: "the app's destruction")
    }
}

@_cdecl("hk_app_store")
public func hk_app_store(_ app: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    var pointer: UnsafeMutableRawPointer?
    _ = appRead(app) { box in pointer = box.storePointer }
    return pointer
}

@_cdecl("hk_app_time")
public func hk_app_time(_ app: UnsafeRawPointer?) -> Double {
    var time = 0.0
    _ = appRead(app) { box in time = box.application.time }
    return time
}

@_cdecl("hk__app_window_create")
public func hk__app_window_create(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                                  _ level: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try requireFinite(level, what: "window level")
        try box.checkRoomForView()
        // A window shown under the pointer or a drag changes what is under them: the hover and
        // drop callbacks that follow run inside this call (a frame from them is refused, BUSY),
        // once, with the window at its level (made at level 0 first, it would cover the pointer
        // for a moment and end a hover behind it).
        let application = box.application
        let window = application.deferringUpdates {
            let window = Window(frame: rect, in: application)
            window.windowLevel = level
            return window
        }
        box.views.takingTouchCallbacks.insert(window.id)
        box.write(box.hold(window), to: out)
    }
}

@_cdecl("hk__app_view_create")
public func hk__app_view_create(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                                _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try box.checkRoomForView()
        let view = View(frame: rect, in: box.application)
        box.views.takingTouchCallbacks.insert(view.id)
        box.write(box.hold(view), to: out)
    }
}

@_cdecl("hk__app_view_destroy")
public func hk__app_view_destroy(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        // A controller keeps its root view, which would outlive the call with a live handle.
        if let controller = view.next as? ViewController, controller.view === view {
            throw CFailure(.invalidArgument, "view \(view.id) is the root view of view controller \((try? box.handle(of: controller)) ?? 0), "
                           + "which keeps it: destroy the controller first (hk_view_controller_destroy)")
        }
        // Detached first: the touches it loses are cancelled through the callbacks it still
        // has (its own touch callback, a control's touchCancel), as a removal's would be.
        if let window = view as? Window {
            box.application.removeWindow(window)
        } else {
            view.removeFromSuperview()
        }
        // Inside a delivery its end may still owe the view's callbacks something (a focus loss, a
        // drop target's exit, a hover's end, a cancellation requested meanwhile): the view and
        // what C attached are let go after it, and its handle is refused from now on.
        box.views.destroyedInDelivery.append(view.id)
        box.application.afterDelivery { [box] in
            box.forgetAttachments(of: view)
            box.views.takingTouchCallbacks.remove(view.id)
            box.views.held[view.id] = nil
            box.scene?.forget(view)
            box.views.destroyedInDelivery.removeAll { $0 == view.id }
        }
    }
}

/// Checks what the façade would otherwise trap on when `child` goes under `parent`.
private func checkAdoption(_ box: AppBox, child: View, parent: View) throws(CFailure) {
    if child is Window { throw CFailure(.windowAsSubview, "window \(child.id) cannot be added as a subview") }
    if parent === child || parent.isDescendant(of: child) {
        throw CFailure(.cycle, "adding \(child.id) under \(parent.id) would make a cycle")
    }
    if parent.wouldLoopResponderChain(adopting: child) {
        throw CFailure(.cycle, "adding \(child.id) under \(parent.id) would make the responder chain loop through a presentation")
    }
}

@_cdecl("hk__app_view_add_subview")
public func hk__app_view_add_subview(_ app: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                     _ pi: Int32, _ pg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), child = try box.view(ci, cg, "child"), parent = try box.view(pi, pg, "parent")
        try checkAdoption(box, child: child, parent: parent)
        parent.addSubview(child)
    }
}

@_cdecl("hk__app_view_insert_subview")
public func hk__app_view_insert_subview(_ app: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                        _ pi: Int32, _ pg: UInt32, _ index: Int64) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), child = try box.view(ci, cg, "child"), parent = try box.view(pi, pg, "parent")
        try checkAdoption(box, child: child, parent: parent)
        // The child moves even when it is already a subview: count its siblings without it
        // (along the store's links, building no list).
        let subviews = try engine { () throws(ViewStoreError) in try box.store.subviewCount(of: parent.id) }
        let count = subviews - (child.superview === parent ? 1 : 0)
        guard index >= 0, index <= Int64(count) else {
            throw CFailure(.indexOutOfRange, "subview index \(index) out of range 0...\(count)")
        }
        parent.insertSubview(child, at: Int(index))
    }
}

@_cdecl("hk__app_view_insert_above")
public func hk__app_view_insert_above(_ app: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                      _ si: Int32, _ sg: UInt32) -> Int32 {
    insertBeside(app, ci, cg, si, sg) { parent, child, sibling in parent.insertSubview(child, aboveSubview: sibling) }
}

@_cdecl("hk__app_view_insert_below")
public func hk__app_view_insert_below(_ app: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                      _ si: Int32, _ sg: UInt32) -> Int32 {
    insertBeside(app, ci, cg, si, sg) { parent, child, sibling in parent.insertSubview(child, belowSubview: sibling) }
}

/// An insertion of `child` next to `sibling`, under the sibling's superview, checked as any
/// adoption is.
private func insertBeside(_ app: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32, _ si: Int32, _ sg: UInt32,
                          _ insert: (_ parent: View, _ child: View, _ sibling: View) -> Void) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), child = try box.view(ci, cg, "child"), sibling = try box.view(si, sg, "sibling")
        guard let parent = sibling.superview else {
            throw CFailure(.notASubview, "sibling \(sibling.id) is not a subview of any view")
        }
        try checkAdoption(box, child: child, parent: parent)
        insert(parent, child, sibling)
    }
}

@_cdecl("hk__app_view_remove_from_superview")
public func hk__app_view_remove_from_superview(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        // C keeps the detached view: without this its last reference (the superview) would go.
        _ = box.hold(view)
        view.removeFromSuperview()
    }
}

/// A subview's move among its siblings.
private func reorder(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                     _ body: (View, View) -> Void) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        guard let parent = view.superview else {
            throw CFailure(.notASubview, "view \(view.id) is not a subview of any view")
        }
        body(parent, view)
    }
}

@_cdecl("hk__app_view_bring_to_front")
public func hk__app_view_bring_to_front(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    reorder(app, vi, vg) { parent, view in parent.bringSubviewToFront(view) }
}

@_cdecl("hk__app_view_send_to_back")
public func hk__app_view_send_to_back(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    reorder(app, vi, vg) { parent, view in parent.sendSubviewToBack(view) }
}

@_cdecl("hk__app_view_exchange_subviews")
public func hk__app_view_exchange_subviews(_ app: UnsafeMutableRawPointer?, _ pi: Int32, _ pg: UInt32,
                                           _ first: Int64, _ second: Int64) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), parent = try box.view(pi, pg, "parent")
        let count = try engine { () throws(ViewStoreError) in try box.store.subviewCount(of: parent.id) }
        for index in [first, second] where !(0..<Int64(count)).contains(index) {
            throw CFailure(.indexOutOfRange, "subview index \(index) out of range 0..<\(count)")
        }
        parent.exchangeSubview(at: Int(first), withSubviewAt: Int(second))
    }
}

@_cdecl("hk__app_hit_test")
public func hk__app_hit_test(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app, reading: true), out = try required(out)
        try requireFinite(x, y, what: "point")
        box.write(box.application.hitTest(screenPoint: Point(x, y))?.id, to: out)
    }
}
