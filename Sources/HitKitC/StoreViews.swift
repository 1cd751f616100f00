// hk_view_* and hk_window_*: creating views in an engine store and editing its hierarchy. Every
// refusal (stale handle, cycle, window as subview, bad index) comes back as a status.

import HitKit
import HitTestCore

/// The frame C passed, checked.
func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) throws(CFailure) -> Rect {
    try requireFinite(x, y, w, h, what: "frame")
    return Rect(x, y, w, h)
}

@_cdecl("hk__view_create")
public func hk__view_create(_ store: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), rect = try frame(x, y, w, h)
        try box.checkOwned("hk_view_create", use: "hk_app_view_create")
        box.write(try engine { () throws(ViewStoreError) in try box.store.makeView(frame: rect) }, to: out)
    }
}

@_cdecl("hk__window_create")
public func hk__window_create(_ store: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                              _ level: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), rect = try frame(x, y, w, h)
        try requireFinite(level, what: "window level")
        try box.checkOwned("hk_window_create", use: "hk_app_window_create")
        box.write(try engine { () throws(ViewStoreError) in try box.store.makeWindow(frame: rect, level: level) }, to: out)
    }
}

/// An edit of an owned store's structure, on the views `views` name (decoded before the store's
/// ownership is checked, as every call checks its handles right after its store).
private func structuralEdit(_ store: UnsafeMutableRawPointer?, _ name: String, _ views: (Int32, UInt32)...,
                            edit body: (ViewStore, [ViewID]) throws(ViewStoreError) -> Void) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store)
        var ids: [ViewID] = []
        for (index, generation) in views { ids.append(try box.viewID(index, generation)) }
        // Each store edit's app counterpart is named as the store's with "hk_app_" in front.
        try box.checkOwned(name, use: "hk_app_" + name.dropFirst("hk_".count))
        try engine { () throws(ViewStoreError) in try body(box.store, ids) }
    }
}

@_cdecl("hk__view_destroy")
public func hk__view_destroy(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_destroy", (vi, vg)) { s, ids throws(ViewStoreError) in try s.destroy(ids[0]) }
}

@_cdecl("hk__view_add_subview")
public func hk__view_add_subview(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                 _ pi: Int32, _ pg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_add_subview", (ci, cg), (pi, pg)) { s, ids throws(ViewStoreError) in
        try s.addSubview(ids[0], to: ids[1])
    }
}

@_cdecl("hk__view_insert_subview")
public func hk__view_insert_subview(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                    _ pi: Int32, _ pg: UInt32, _ index: Int64) -> Int32 {
    structuralEdit(store, "hk_view_insert_subview", (ci, cg), (pi, pg)) { s, ids throws(ViewStoreError) in
        try s.insertSubview(ids[0], into: ids[1], at: Int(index))
    }
}

@_cdecl("hk__view_insert_above")
public func hk__view_insert_above(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                  _ si: Int32, _ sg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_insert_above", (ci, cg), (si, sg)) { s, ids throws(ViewStoreError) in
        try s.insertSubview(ids[0], above: ids[1])
    }
}

@_cdecl("hk__view_insert_below")
public func hk__view_insert_below(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                  _ si: Int32, _ sg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_insert_below", (ci, cg), (si, sg)) { s, ids throws(ViewStoreError) in
        try s.insertSubview(ids[0], below: ids[1])
    }
}

@_cdecl("hk__view_remove_from_superview")
public func hk__view_remove_from_superview(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_remove_from_superview", (vi, vg)) { s, ids throws(ViewStoreError) in
        // Detaching a root is a no-op, as UIKit's removeFromSuperview.
        if try s.superview(of: ids[0]) != nil { try s.removeFromSuperview(ids[0]) }
    }
}

@_cdecl("hk__view_bring_to_front")
public func hk__view_bring_to_front(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_bring_to_front", (vi, vg)) { s, ids throws(ViewStoreError) in try s.bringToFront(ids[0]) }
}

@_cdecl("hk__view_send_to_back")
public func hk__view_send_to_back(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    structuralEdit(store, "hk_view_send_to_back", (vi, vg)) { s, ids throws(ViewStoreError) in try s.sendToBack(ids[0]) }
}

@_cdecl("hk__view_exchange_subviews")
public func hk__view_exchange_subviews(_ store: UnsafeMutableRawPointer?, _ pi: Int32, _ pg: UInt32,
                                       _ first: Int64, _ second: Int64) -> Int32 {
    structuralEdit(store, "hk_view_exchange_subviews", (pi, pg)) { s, ids throws(ViewStoreError) in
        try s.exchangeSubviews(of: ids[0], at: Int(first), Int(second))
    }
}

@_cdecl("hk__window_set_level")
public func hk__window_set_level(_ store: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32, _ level: Double) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), id = try box.viewID(wi, wg)
        try requireFinite(level, what: "window level")
        try engine { () throws(ViewStoreError) in try box.store.setWindowLevel(level, of: id) }
        box.application?.storeWasEdited()
    }
}

@_cdecl("hk__window_order_front")
public func hk__window_order_front(_ store: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), id = try box.viewID(wi, wg)
        try engine { () throws(ViewStoreError) in try box.store.orderFront(id) }
        box.application?.storeWasEdited()
    }
}

// MARK: Reading the hierarchy

@_cdecl("hk__view_superview")
public func hk__view_superview(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    writeNeighbour(store, vi, vg, out) { store, id throws(ViewStoreError) in try store.superview(of: id) }
}

@_cdecl("hk__view_subview_count")
public func hk__view_subview_count(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                   _ out: UnsafeMutablePointer<UInt>?) -> Int32 {
    viewCall(store, vi, vg) { store, id throws(CFailure) in
        let out = try required(out)
        out.pointee = UInt(try engine { () throws(ViewStoreError) in try store.subviewCount(of: id) })
    }
}

@_cdecl("hk__view_subview_at")
public func hk__view_subview_at(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ index: UInt,
                                _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        let subview = try engine { () throws(ViewStoreError) in
            index <= UInt(Int.max) ? try box.store.subview(of: id, at: Int(index)) : nil
        }
        guard let subview else {
            let count = try engine { () throws(ViewStoreError) in try box.store.subviewCount(of: id) }
            throw CFailure(.indexOutOfRange, "subview index \(index) out of range 0..<\(count)")
        }
        box.write(subview, to: out)
    }
    return storeRead(store, query)
}

@_cdecl("hk__view_first_subview")
public func hk__view_first_subview(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    writeNeighbour(store, vi, vg, out) { store, id throws(ViewStoreError) in try store.firstSubview(of: id) }
}

@_cdecl("hk__view_next_sibling")
public func hk__view_next_sibling(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    writeNeighbour(store, vi, vg, out) { store, id throws(ViewStoreError) in try store.nextSibling(of: id) }
}

/// The entry points that answer a view's neighbour in the tree (its superview, first subview or
/// next sibling): the view `neighbour` finds, or hk_no_view(), written to `out`.
private func writeNeighbour(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?,
                            _ neighbour: (ViewStore, ViewID) throws(ViewStoreError) -> ViewID?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        box.write(try engine { () throws(ViewStoreError) in try neighbour(box.store, id) }, to: out)
    }
    return storeRead(store, query)
}
