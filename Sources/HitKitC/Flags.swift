// hk_view_set_flag and the hit-area modifiers, set and read (Behaviour A2).

import CHitKit
import HitKit
import HitTestCore

/// The engine flag of an `HK_FLAG_` constant.
private func flag(_ raw: Int32) throws(CFailure) -> ViewStore.Flag {
    switch Int(raw) {
    case HK_FLAG_HIDDEN: .hidden
    case HK_FLAG_USER_INTERACTION_ENABLED: .userInteractionEnabled
    case HK_FLAG_PASS_THROUGH: .passThrough
    case HK_FLAG_HITS_OUTSIDE_BOUNDS: .hitsOutsideBounds
    case HK_FLAG_REDIRECTS_TO_SUPERVIEW: .redirectsToSuperview
    case HK_FLAG_CLIPS_TO_BOUNDS: .clipsToBounds
    case HK_FLAG_MULTIPLE_TOUCH_ENABLED: .multipleTouchEnabled
    case HK_FLAG_EXCLUSIVE_TOUCH: .exclusiveTouch
    default: throw CFailure(.invalidArgument, "unknown flag \(raw)")
    }
}

@_cdecl("hk__view_set_flag")
public func hk__view_set_flag(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ raw: Int32, _ value: Int32) -> Int32 {
    storeRead(store) { box throws(CFailure) in
        let s = box.store, id = try box.viewID(vi, vg), f = try flag(raw)
        let wasExclusive = f == .exclusiveTouch ? try engine { () throws(ViewStoreError) in try s.flag(f, of: id) } : false
        try engine { () throws(ViewStoreError) in try s.setFlag(f, value != 0, of: id) }
        guard let application = box.application else { return }
        if f == .exclusiveTouch { application.exclusiveTouchWasEdited(of: id, from: wasExclusive, to: value != 0) }
        application.storeWasEdited()
    }
}

@_cdecl("hk__view_flag")
public func hk__view_flag(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ raw: Int32,
                          _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    viewCall(store, vi, vg) { s, id throws(CFailure) in
        let out = try required(out), f = try flag(raw)
        out.pointee = try engine { () throws(ViewStoreError) in try s.flag(f, of: id) } ? 1 : 0
    }
}

@_cdecl("hk__view_set_alpha")
public func hk__view_set_alpha(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ alpha: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        try requireFinite(alpha, what: "alpha")
        try engine { () throws(ViewStoreError) in try s.setAlpha(alpha, of: id) }
    }
}

@_cdecl("hk__view_alpha")
public func hk__view_alpha(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in try s.alpha(of: id) }
}

@_cdecl("hk__view_hit_test_insets")
public func hk__view_hit_test_insets(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_insets(try s.hitTestInsets(of: id)) }
}

@_cdecl("hk__view_minimum_hit_size")
public func hk__view_minimum_hit_size(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    read(store, vi, vg, out) { s, id throws(ViewStoreError) in hk_size(try s.minimumHitSize(of: id)) }
}

@_cdecl("hk__view_set_hit_test_insets")
public func hk__view_set_hit_test_insets(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        try requireFinite(top, left, bottom, right, what: "insets")
        let insets = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
        try engine { () throws(ViewStoreError) in try s.setHitTestInsets(insets, of: id) }
    }
}

@_cdecl("hk__view_set_minimum_hit_size")
public func hk__view_set_minimum_hit_size(_ store: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                          _ w: Double, _ h: Double) -> Int32 {
    viewEdit(store, vi, vg) { s, id throws(CFailure) in
        try requireFinite(w, h, what: "minimum hit size")
        try engine { () throws(ViewStoreError) in try s.setMinimumHitSize(Size(w, h), of: id) }
    }
}
