// hk_scroll_view_* zooming (Behaviour A6.2) from C: the limits and the scale, bouncesZoom, the
// zoom view, the scroll view's pinch, and zooming from code. The delegate's zoom calls are in
// ScrollViewDelegates.swift.

import CHitKit
import HitKit
import HitTestCore

private func zoomFailure(_ error: ScrollViewZoomError) -> CFailure {
    switch error {
    case .scaleNotPositive(let scale): CFailure(.invalidArgument, "a zoom scale limit must be a finite number above 0, got \(scale)")
    case .zoomViewNotASubview: CFailure(.notASubview, "the zoom view must be a direct subview of its scroll view")
    case .rectNotPositive(let rect): CFailure(.invalidArgument, "a zoom rect needs a finite width and height above 0, got \(rect)")
    }
}

@_cdecl("hk__scroll_view_set_zoom_scale_limits")
public func hk__scroll_view_set_zoom_scale_limits(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                  _ minimum: Double, _ maximum: Double) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        // Both are checked before either is stored: a refused call changes nothing.
        for limit in [minimum, maximum] where !(limit.isFinite && limit > 0) { throw zoomFailure(.scaleNotPositive(limit)) }
        try box.checkNotDelivering("hk_scroll_view_set_zoom_scale_limits")
        try? scrollView.setZoomScaleLimits(minimum: minimum, maximum: maximum)
    }
}

@_cdecl("hk__scroll_view_zoom_scale_limits")
public func hk__scroll_view_zoom_scale_limits(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                              _ minimum: UnsafeMutablePointer<Double>?,
                                              _ maximum: UnsafeMutablePointer<Double>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        let (low, high) = (try required(minimum, "minimum"), try required(maximum, "maximum"))
        low.pointee = scrollView.minimumZoomScale
        high.pointee = scrollView.maximumZoomScale
    }
}

@_cdecl("hk__scroll_view_set_zoom_scale")
public func hk__scroll_view_set_zoom_scale(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ scale: Double, _ animated: Int32) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        try box.checkNotDelivering("hk_scroll_view_set_zoom_scale")
        scrollView.setZoomScale(scale, animated: animated != 0)
        box.scrollOffsetObservers[scrollView.id]?.reportIfMoved()
    }
}

@_cdecl("hk__scroll_view_zoom_scale")
public func hk__scroll_view_zoom_scale(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                       _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        try required(out).pointee = scrollView.zoomScale
    }
}

@_cdecl("hk__scroll_view_zoom_to")
public func hk__scroll_view_zoom_to(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ animated: Int32) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        try box.checkNotDelivering("hk_scroll_view_zoom_to")
        do throws(ScrollViewZoomError) {
            try scrollView.zoom(to: Rect(x: x, y: y, width: w, height: h), animated: animated != 0)
        } catch {
            throw zoomFailure(error)
        }
        box.scrollOffsetObservers[scrollView.id]?.reportIfMoved()
    }
}

@_cdecl("hk__scroll_view_set_bounces_zoom")
public func hk__scroll_view_set_bounces_zoom(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                             _ value: Int32) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView in scrollView.bouncesZoom = value != 0 }
}

@_cdecl("hk__scroll_view_bounces_zoom")
public func hk__scroll_view_bounces_zoom(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { _, scrollView throws(CFailure) in
        try required(out).pointee = scrollView.bouncesZoom ? 1 : 0
    }
}

@_cdecl("hk__scroll_view_set_zoom_view")
public func hk__scroll_view_set_zoom_view(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                          _ zi: Int32, _ zg: UInt32) -> Int32 {
    onScrollView(app, vi, vg) { box, scrollView throws(CFailure) in
        let view = try box.view(zi, zg, "zoom view")
        do throws(ScrollViewZoomError) {
            try scrollView.setZoomView(view)
        } catch {
            throw zoomFailure(error)
        }
    }
}

@_cdecl("hk__scroll_view_clear_zoom_view")
public func hk__scroll_view_clear_zoom_view(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    onScrollView(app, vi, vg) { _, scrollView in try? scrollView.setZoomView(nil) }
}

@_cdecl("hk__scroll_view_zoom_view")
public func hk__scroll_view_zoom_view(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
                                      _ out: UnsafeMutablePointer<hk_view>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { box, scrollView throws(CFailure) in
        let out = try required(out)
        guard let view = scrollView.zoomView else { throw CFailure(.notFound, "the scroll view has no zoom view") }
        out.pointee = box.ownerTag.handle(view.id)
    }
}

@_cdecl("hk__scroll_view_pinch_gesture")
public func hk__scroll_view_pinch_gesture(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                          _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    onScrollView(app, vi, vg, reading: true) { box, scrollView throws(CFailure) in
        let out = try required(out)
        guard let pinch = scrollView.pinchGestureRecognizer else {
            throw CFailure(.notFound, "the scroll view has no pinch until its minimum zoom scale is below its maximum")
        }
        guard pinch.view === scrollView else { throw CFailure(.notFound, "the scroll view's pinch was destroyed") }
        out.pointee = try box.register(pinch)
    }
}
