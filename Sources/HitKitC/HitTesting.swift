// hk_hit_test_screen, hk_hit_test_view and hk_convert_point/rect (Behaviour A1, A2): queries, so
// each costs the engine's query and a few loads and compares (EntryPoints.swift).

import CHitKit
import HitTestCore

@_cdecl("hk__hit_test_screen")
public func hk__hit_test_screen(_ store: UnsafeRawPointer?, _ x: Double, _ y: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out)
        let answer = box.store.hitTest(screenPoint: Point(x, y))
        // Only a finite point hits a view (the engine refuses the others before any callback),
        // so the point's check costs misses alone.
        if answer == nil { try requireFinite(x, y, what: "point") }
        try box.write(answer, to: out)
    }
    return storeQuery(store, query)
}

@_cdecl("hk__hit_test_view")
public func hk__hit_test_view(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                              _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        try box.write(try engine { () throws(ViewStoreError) in try box.store.hitTest(Point(x, y), in: id) }, to: out)
    }
    return storeQuery(store, query)
}

@_cdecl("hk__convert_point")
public func hk__convert_point(_ store: UnsafeRawPointer?, _ x: Double, _ y: Double, _ fi: Int32, _ fg: UInt32,
                              _ ti: Int32, _ tg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out)
        try requireFinite(x, y, what: "point")
        let from = try box.coordinateSpace(fi, fg), to = try box.coordinateSpace(ti, tg)
        writeC(hk_point(try engine { () throws(ViewStoreError) in
            try box.store.convert(Point(x, y), from: from, to: to)
        }), to: out)
    }
    return storeQuery(store, query)
}

@_cdecl("hk__convert_rect")
public func hk__convert_rect(_ store: UnsafeRawPointer?, _ rect: UnsafeRawPointer?, _ fi: Int32, _ fg: UInt32,
                             _ ti: Int32, _ tg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out)
        let c = read(hk_rect.self, from: try required(rect, "rect"))
        let r = try frame(c.x, c.y, c.width, c.height)
        let from = try box.coordinateSpace(fi, fg), to = try box.coordinateSpace(ti, tg)
        writeC(hk_rect(try engine { () throws(ViewStoreError) in
            try box.store.convert(r, from: from, to: to)
        }), to: out)
    }
    return storeQuery(store, query)
}
