// hk_view_* and hk_window_*: creating views in an engine store and editing its hierarchy. Every
// refusal (stale handle, cycle, window as subview, bad index) comes back as a status.

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
        try box.checkOwned("hk_view_create")
        write(try engine { () throws(ViewStoreError) in try box.store.makeView(frame: rect) }, to: out)
    }
}

@_cdecl("hk__window_create")
public func hk__window_create(_ store: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                              _ level: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), rect = try frame(x, y, w, h)
        try requireFinite(level, what: "window level")
        try box.checkOwned("hk_window_create")
        write(try engine { () throws(ViewStoreError) in try box.store.makeWindow(frame: rect, level: level) }, to: out)
    }
}

/// An edit of an owned store's structure.
private func structuralEdit(_ store: UnsafeMutableRawPointer?, _ name: String,
                            _ body: (ViewStore) throws(ViewStoreError) -> Void) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store)
        try box.checkOwned(name)
        try engine { () throws(ViewStoreError) in try body(box.store) }
    }
}

@_cdecl("hk__view_destroy")
public func hk__view_destroy(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    let id = ViewHandles.decode(vi, vg)
    return structuralEdit(store, "hk_view_destroy") { s throws(ViewStoreError) in try s.destroy(id) }
}

@_cdecl("hk__view_add_subview")
public func hk__view_add_subview(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                 _ pi: Int32, _ pg: UInt32) -> Int32 {
    let child = ViewHandles.decode(ci, cg), parent = ViewHandles.decode(pi, pg)
    return structuralEdit(store, "hk_view_add_subview") { s throws(ViewStoreError) in try s.addSubview(child, to: parent) }
}

@_cdecl("hk__view_insert_subview")
public func hk__view_insert_subview(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                    _ pi: Int32, _ pg: UInt32, _ index: Int64) -> Int32 {
    let child = ViewHandles.decode(ci, cg), parent = ViewHandles.decode(pi, pg)
    return structuralEdit(store, "hk_view_insert_subview") { s throws(ViewStoreError) in
        try s.insertSubview(child, into: parent, at: Int(index))
    }
}

@_cdecl("hk__view_insert_above")
public func hk__view_insert_above(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                  _ si: Int32, _ sg: UInt32) -> Int32 {
    let child = ViewHandles.decode(ci, cg), sibling = ViewHandles.decode(si, sg)
    return structuralEdit(store, "hk_view_insert_above") { s throws(ViewStoreError) in try s.insertSubview(child, above: sibling) }
}

@_cdecl("hk__view_insert_below")
public func hk__view_insert_below(_ store: UnsafeMutableRawPointer?, _ ci: Int32, _ cg: UInt32,
                                  _ si: Int32, _ sg: UInt32) -> Int32 {
    let child = ViewHandles.decode(ci, cg), sibling = ViewHandles.decode(si, sg)
    return structuralEdit(store, "hk_view_insert_below") { s throws(ViewStoreError) in try s.insertSubview(child, below: sibling) }
}

@_cdecl("hk__view_remove_from_superview")
public func hk__view_remove_from_superview(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    let id = ViewHandles.decode(vi, vg)
    return structuralEdit(store, "hk_view_remove_from_superview") { s throws(ViewStoreError) in
        // Detaching a root is a no-op, as UIKit's removeFromSuperview.
        if try s.superview(of: id) != nil { try s.removeFromSuperview(id) }
    }
}

@_cdecl("hk__view_bring_to_front")
public func hk__view_bring_to_front(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    let id = ViewHandles.decode(vi, vg)
    return structuralEdit(store, "hk_view_bring_to_front") { s throws(ViewStoreError) in try s.bringToFront(id) }
}

@_cdecl("hk__view_send_to_back")
public func hk__view_send_to_back(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    let id = ViewHandles.decode(vi, vg)
    return structuralEdit(store, "hk_view_send_to_back") { s throws(ViewStoreError) in try s.sendToBack(id) }
}

@_cdecl("hk__view_exchange_subviews")
public func hk__view_exchange_subviews(_ store: UnsafeMutableRawPointer?, _ pi: Int32, _ pg: UInt32,
                                       _ first: Int64, _ second: Int64) -> Int32 {
    let parent = ViewHandles.decode(pi, pg)
    return structuralEdit(store, "hk_view_exchange_subviews") { s throws(ViewStoreError) in
        try s.exchangeSubviews(of: parent, at: Int(first), Int(second))
    }
}

@_cdecl("hk__window_set_level")
public func hk__window_set_level(_ store: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32, _ level: Double) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), id = ViewHandles.decode(wi, wg)
        try requireFinite(level, what: "window level")
        try engine { () throws(ViewStoreError) in try box.store.setWindowLevel(level, of: id) }
    }
}

@_cdecl("hk__window_order_front")
public func hk__window_order_front(_ store: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), id = ViewHandles.decode(wi, wg)
        try engine { () throws(ViewStoreError) in try box.store.orderFront(id) }
    }
}

// MARK: Reading the hierarchy

@_cdecl("hk__view_superview")
public func hk__view_superview(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = ViewHandles.decode(vi, vg)
        write(try engine { () throws(ViewStoreError) in try box.store.superview(of: id) }, to: out)
    }
}

@_cdecl("hk__view_subview_count")
public func hk__view_subview_count(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                   _ out: UnsafeMutablePointer<UInt>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = ViewHandles.decode(vi, vg)
        out.pointee = UInt(try engine { () throws(ViewStoreError) in try box.store.subviews(of: id) }.count)
    }
}

@_cdecl("hk__view_subview_at")
public func hk__view_subview_at(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ index: UInt,
                                _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out), id = ViewHandles.decode(vi, vg)
        let subviews = try engine { () throws(ViewStoreError) in try box.store.subviews(of: id) }
        guard index < UInt(subviews.count) else {
            throw CFailure(.indexOutOfRange, "subview index \(index) out of range 0..<\(subviews.count)")
        }
        write(subviews[Int(index)], to: out)
    }
}
