// hk_scroll_view_* motion (Behaviour A6.1) from C: bounce, paging and deceleration settings, the
// tracking/dragging/decelerating flags, animated offsets, and the app's animation frame interval.

import CHitKit
import HitKit
import HitTestCore

/// `HK_SCROLL_VIEW_BOUNCES` … `HK_SCROLL_VIEW_PAGING`: the settable flags, as bits.
private enum MotionFlag: Int32 {
    case bounces = 1, alwaysBounceVertical = 2, alwaysBounceHorizontal = 4, paging = 8
}

@_cdecl("hk__scroll_view_set_motion_flags")
public func hk__scroll_view_set_motion_flags(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                             _ flags: Int32) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView throws(CFailure) in
        guard flags & ~15 == 0 else { throw CFailure(.invalidArgument, "unknown scroll view flag bits \(flags & ~15)") }
        func has(_ flag: MotionFlag) -> Bool { flags & flag.rawValue != 0 }
        scrollView.bounces = has(.bounces)
        scrollView.alwaysBounceVertical = has(.alwaysBounceVertical)
        scrollView.alwaysBounceHorizontal = has(.alwaysBounceHorizontal)
        scrollView.isPagingEnabled = has(.paging)
    }
}

@_cdecl("hk__scroll_view_motion_flags")
public func hk__scroll_view_motion_flags(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        var flags: Int32 = 0
        if scrollView.bounces { flags |= MotionFlag.bounces.rawValue }
        if scrollView.alwaysBounceVertical { flags |= MotionFlag.alwaysBounceVertical.rawValue }
        if scrollView.alwaysBounceHorizontal { flags |= MotionFlag.alwaysBounceHorizontal.rawValue }
        if scrollView.isPagingEnabled { flags |= MotionFlag.paging.rawValue }
        try required(out).pointee = flags
    }
}

@_cdecl("hk__scroll_view_state")
public func hk__scroll_view_state(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        try required(out).pointee = (scrollView.isTracking ? 1 : 0) | (scrollView.isDragging ? 2 : 0)
            | (scrollView.isDecelerating ? 4 : 0) | (scrollView.isZooming ? 8 : 0) | (scrollView.isZoomBouncing ? 16 : 0)
    }
}

@_cdecl("hk__scroll_view_set_deceleration_rate")
public func hk__scroll_view_set_deceleration_rate(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                  _ rate: Double) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView throws(CFailure) in
        guard let value = DecelerationRate(rawValue: rate) else {
            throw CFailure(.invalidArgument, "the deceleration rate must be in (0, 1), got \(rate)")
        }
        scrollView.decelerationRate = value
    }
}

@_cdecl("hk__scroll_view_deceleration_rate")
public func hk__scroll_view_deceleration_rate(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                              _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        try required(out).pointee = scrollView.decelerationRate.rawValue
    }
}

@_cdecl("hk__scroll_view_set_content_offset_animated")
public func hk__scroll_view_set_content_offset_animated(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                        _ x: Double, _ y: Double, _ animated: Int32) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        try requireFinite(x, y, what: "content offset")
        try box.checkNotDelivering("hk_scroll_view_set_content_offset_animated")
        scrollView.setContentOffset(Point(x, y), animated: animated != 0)
        box.scrollOffsetObservers[scrollView.id]?.reportIfMoved()
    }
}

@_cdecl("hk_app_set_animation_frame_interval")
public func hk_app_set_animation_frame_interval(_ app: UnsafeMutableRawPointer?, _ seconds: Double) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        do {
            try box.application.setAnimationFrameInterval(seconds)
        } catch {
            throw CFailure(.invalidArgument, "\(error)")
        }
    }
}

@_cdecl("hk_app_animation_frame_interval")
public func hk_app_animation_frame_interval(_ app: UnsafeRawPointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        try required(out).pointee = box.application.animationFrameInterval
    }
}
