// hk_view_set_center/bounds/frame/transform/anchor_point and their getters (Behaviour A1). Non-finite
// values are refused here, before the engine sees them.

import CHitKit
import HitTestCore

@_cdecl("hk__view_set_center")
public func hk__view_set_center(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        try requireFinite(x, y, what: "center")
        try engine { () throws(ViewStoreError) in try s.setCenter(Point(x, y), of: id) }
    }
}

@_cdecl("hk__view_set_bounds")
public func hk__view_set_bounds(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Int32 {
    storeRead(store) { box throws(CFailure) in
        let s = box.store, id = try box.viewID(vi, vg)
        try requireFinite(x, y, w, h, what: "bounds")
        let old = try engine { () throws(ViewStoreError) in try s.bounds(of: id) }
        try engine { () throws(ViewStoreError) in try s.setBounds(Rect(x, y, w, h), of: id) }
        box.application?.boundsWereEdited(of: id, from: old)
    }
}

@_cdecl("hk__view_set_frame")
public func hk__view_set_frame(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                               _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        let rect = try frame(x, y, w, h)
        try engine { () throws(ViewStoreError) in try s.setFrame(rect, of: id) }
    }
}

@_cdecl("hk__view_set_transform")
public func hk__view_set_transform(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                   _ transform: UnsafeRawPointer?) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        let t = read(hk_transform.self, from: try required(transform, "transform")).transform
        guard t.isFinite else { throw CFailure(.invalidArgument, "the transform is not finite") }
        try engine { () throws(ViewStoreError) in try s.setTransform(t, of: id) }
    }
}

@_cdecl("hk__view_set_anchor_point")
public func hk__view_set_anchor_point(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        try requireFinite(x, y, what: "anchor point")
        try engine { () throws(ViewStoreError) in try s.setAnchorPoint(Point(x, y), of: id) }
    }
}

/// A getter writing a C value (a double, hk_point, hk_rect, hk_transform...) to C's out pointer.
func read<T>(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?,
                     _ body: (ViewStore, ViewID) throws(ViewStoreError) -> T) -> Int32 {
    viewCall(store, vi, vg) { s, id throws(CFailure) in
        let out = try required(out)
        writeC(try engine { () throws(ViewStoreError) in try body(s, id) }, to: out)
    }
}

@_cdecl("hk__view_center")
public func hk__view_center(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_point(try s.center(of: id)) }
}

@_cdecl("hk__view_bounds")
public func hk__view_bounds(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_rect(try s.bounds(of: id)) }
}

@_cdecl("hk__view_frame")
public func hk__view_frame(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_rect(try s.frame(of: id)) }
}

@_cdecl("hk__view_transform")
public func hk__view_transform(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in
        hk_transform(try s.transform(of: id))
    }
}

@_cdecl("hk__view_anchor_point")
public func hk__view_anchor_point(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_point(try s.anchorPoint(of: id)) }
}

@_cdecl("hk__view_hit_area")
public func hk__view_hit_area(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_rect(try s.hitArea(of: id)) }
}
