// hk_view_set_hit_test_callback / hk_view_set_point_inside_callback: a view's own hitTest and
// point(inside:) in C (Behaviour A2), for views of any store (an app's included: hk_app_store).
// A callback may ask for the default answer (hk_view_default_hit_test / _point_inside, UIKit's
// `super`) and may hit-test again; it may not edit the store (HK_ERR_BUSY while a hit test runs).

import CHitKit
import HitTestCore

/// `void (*)(hk_store *, const hk_view *view, const hk_point *point, hk_view *answer, void *)`:
/// `answer` starts as hk_no_view().
public typealias HitTestCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                                  UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
/// `int (*)(hk_store *, const hk_view *view, const hk_point *point, void *)`.
public typealias PointInsideCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                                      UnsafeMutableRawPointer?) -> Int32

/// Calls a C callback of view `id` of the store behind `handle` at `point`, with the addresses of
/// its arguments (the view, the point, and the answer, hk_no_view() to start with), which live on
/// the stack for the call. Meanwhile the store counts the callback as running, so it cannot be
/// destroyed from inside it (HK_ERR_BUSY): a callback runs in a hit test on the store's owner
/// thread, which alone reads that count (HandleTable.swift).
@inline(__always)
private func callOut<T>(_ handle: UnsafeMutableRawPointer, view id: ViewID, of owner: OwnerTag, at point: Point,
                        _ body: (_ view: UnsafeRawPointer, _ point: UnsafeRawPointer, _ answer: UnsafeMutableRawPointer) -> T)
    -> T
{
    var answer = owner.handle(nil)
    return withUnsafePointer(to: owner.handle(id)) { view in
        withUnsafePointer(to: hk_point(point)) { point in
            withUnsafeMutablePointer(to: &answer) { answer in
                func call() -> T { body(UnsafeRawPointer(view), UnsafeRawPointer(point), UnsafeMutableRawPointer(answer)) }
                guard let slot = HandleTable.objects.liveSlot(handle) else { return call() }
                return slot.runningCallbacks(call)
            }
        }
    }
}

/// The C answer of a hit-test callback: `nil` for hk_no_view(), or the view of this owner it
/// names (another owner's handle counts as "nothing hit"; the engine refuses a stale one).
private func callbackAnswer(_ view: hk_view, tag: Int32) -> ViewID? {
    guard view.index >= 0 else { return nil }
    return try? ViewHandles.decode(view.index, view.generation, owner: tag)
}

@_cdecl("hk__view_set_hit_test_callback")
public func hk__view_set_hit_test_callback(_ storePointer: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ callback: HitTestCallback?, _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(storePointer), handle = storePointer!, owner = box.ownerTag
        let id = try box.viewID(vi, vg)
        let data = callback.map { _ in UserData(userData, destroy: destroy) }
        let override: ViewStore.HitTestOverride? = callback.map { callback in
            return { [data] point in
                callOut(handle, view: id, of: owner, at: point) { view, point, answer in
                    callback(handle, view, point, answer, data?.pointer)
                    return callbackAnswer(read(hk_view.self, from: answer), tag: owner.tag)
                }
            }
        }
        try keeping(data) { () throws(CFailure) in
            try engine { () throws(ViewStoreError) in try box.store.setHitTestOverride(override, of: id) }
        }
        box.application?.storeWasEdited()
        if callback != nil { handles.noteCallsOut(handle) }
    }
}

@_cdecl("hk__view_set_point_inside_callback")
public func hk__view_set_point_inside_callback(_ storePointer: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                               _ callback: PointInsideCallback?, _ userData: UnsafeMutableRawPointer?,
                                               _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(storePointer), handle = storePointer!, owner = box.ownerTag
        let id = try box.viewID(vi, vg)
        let data = callback.map { _ in UserData(userData, destroy: destroy) }
        let override: ViewStore.PointInsideOverride? = callback.map { callback in
            return { [data] point in
                callOut(handle, view: id, of: owner, at: point) { view, point, _ in
                    callback(handle, view, point, data?.pointer) != 0
                }
            }
        }
        try keeping(data) { () throws(CFailure) in
            try engine { () throws(ViewStoreError) in try box.store.setPointInsideOverride(override, of: id) }
        }
        box.application?.storeWasEdited()
        if callback != nil { handles.noteCallsOut(handle) }
    }
}

@_cdecl("hk__view_default_hit_test")
public func hk__view_default_hit_test(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                      _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        box.write(try engine { () throws(ViewStoreError) in try box.store.defaultHitTest(id, at: Point(x, y)) }, to: out)
    }
    return storeQuery(store, query)
}

@_cdecl("hk__view_default_point_inside")
public func hk__view_default_point_inside(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                          _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        out.pointee = try engine { () throws(ViewStoreError) in try box.store.defaultPointInside(id, Point(x, y)) } ? 1 : 0
    }
    return storeQuery(store, query)
}

@_cdecl("hk__view_point_inside")
public func hk__view_point_inside(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        out.pointee = try engine { () throws(ViewStoreError) in try box.store.pointInside(id, Point(x, y)) } ? 1 : 0
    }
    return storeQuery(store, query)
}
