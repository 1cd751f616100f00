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

/// Scratch for one callback's arguments, in one allocation: the view, the point and the answer.
private struct CallbackArguments {
    private struct Values {
        var view: hk_view
        var point: hk_point
        var answer: hk_view
    }

    private let base = UnsafeMutablePointer<Values>.allocate(capacity: 1)
    var view: UnsafeMutableRawPointer { field(\.view) }
    var point: UnsafeMutableRawPointer { field(\.point) }
    var answer: UnsafeMutableRawPointer { field(\.answer) }

    init(view id: ViewID, of owner: OwnerTag, point: Point) {
        base.initialize(to: Values(view: owner.handle(id), point: hk_point(point), answer: owner.handle(nil)))
    }

    /// A field's address, at the offset the compiler laid it out.
    private func field<T>(_ path: KeyPath<Values, T>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(base) + MemoryLayout<Values>.offset(of: path)!
    }

    func free() { base.deallocate() }
}

/// The C answer of a hit-test callback: `nil` for hk_no_view(), or a live view of the same store
/// (anything else — another owner's handle, a stale one — counts as "nothing hit").
private func answer(_ pointer: UnsafeRawPointer, in store: ViewStore, tag: Int32) -> ViewID? {
    let view = read(hk_view.self, from: pointer)
    guard view.index >= 0, let id = try? ViewHandles.decode(view.index, view.generation, owner: tag) else { return nil }
    return store.contains(id) ? id : nil
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
            return { [unowned store = box.store, data] point in
                let arguments = CallbackArguments(view: id, of: owner, point: point)
                defer { arguments.free() }
                handles.runningCallbacks(of: handle) {
                    callback(handle, arguments.view, arguments.point, arguments.answer, data?.pointer)
                }
                return answer(arguments.answer, in: store, tag: owner.tag)
            }
        }
        try keeping(data) { () throws(CFailure) in
            try engine { () throws(ViewStoreError) in try box.store.setHitTestOverride(override, of: id) }
        }
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
                let arguments = CallbackArguments(view: id, of: owner, point: point)
                defer { arguments.free() }
                return handles.runningCallbacks(of: handle) { callback(handle, arguments.view, arguments.point, data?.pointer) } != 0
            }
        }
        try keeping(data) { () throws(CFailure) in
            try engine { () throws(ViewStoreError) in try box.store.setPointInsideOverride(override, of: id) }
        }
        if callback != nil { handles.noteCallsOut(handle) }
    }
}

@_cdecl("hk__view_default_hit_test")
public func hk__view_default_hit_test(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                      _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        box.write(try engine { () throws(ViewStoreError) in try box.store.defaultHitTest(id, at: Point(x, y)) }, to: out)
    }
}

@_cdecl("hk__view_default_point_inside")
public func hk__view_default_point_inside(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                          _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        out.pointee = try engine { () throws(ViewStoreError) in try box.store.defaultPointInside(id, Point(x, y)) } ? 1 : 0
    }
}

@_cdecl("hk__view_point_inside")
public func hk__view_point_inside(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        out.pointee = try engine { () throws(ViewStoreError) in try box.store.pointInside(id, Point(x, y)) } ? 1 : 0
    }
}
