// hk_scroll_view_set_delegate: a scroll view's delegate in C (UIKit's UIScrollViewDelegate,
// Behaviour A6.1, A6.2), called in UIKit's order; a NULL member is not called (a NULL
// `view_for_zooming` answers the zoom view set with hk_scroll_view_set_zoom_view). Kept with the scroll view's
// other C attachments (ScrollObserver), which hold its user data until it is replaced or cleared,
// or the view or app is destroyed.

import CHitKit
import HitKit
import HitTestCore

/// `void (*)(hk_app *, const hk_view *scroll_view, void *)`: did scroll, will begin dragging, will
/// begin decelerating, did end decelerating, did end scrolling animation.
public typealias ScrollViewEvent = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
/// `void (*)(hk_app *, const hk_view *, double velocity_x, double velocity_y, hk_point *target, void *)`.
public typealias ScrollViewWillEndDragging = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Double, Double,
                                                             UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
/// `void (*)(hk_app *, const hk_view *, int decelerate, void *)`.
public typealias ScrollViewDidEndDragging = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int32,
                                                            UnsafeMutableRawPointer?) -> Void
/// `int (*)(hk_app *, const hk_view *scroll_view, hk_view *out, void *)`: 1 with `*out` set, 0 for none.
public typealias ScrollViewViewForZooming = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?,
                                                            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
/// `void (*)(hk_app *, const hk_view *scroll_view, const hk_view *view, void *)`: `view` NULL for none.
public typealias ScrollViewZoomEvent = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                                       UnsafeMutableRawPointer?) -> Void
/// `void (*)(hk_app *, const hk_view *scroll_view, const hk_view *view, double scale, void *)`.
public typealias ScrollViewDidEndZooming = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?,
                                                           Double, UnsafeMutableRawPointer?) -> Void

/// The C functions of one scroll view delegate.
struct ScrollViewDelegateFunctions {
    var didScroll: ScrollViewEvent?
    var willBeginDragging: ScrollViewEvent?
    var willEndDragging: ScrollViewWillEndDragging?
    var didEndDragging: ScrollViewDidEndDragging?
    var willBeginDecelerating: ScrollViewEvent?
    var didEndDecelerating: ScrollViewEvent?
    var didEndScrollingAnimation: ScrollViewEvent?
    var viewForZooming: ScrollViewViewForZooming?
    var willBeginZooming: ScrollViewZoomEvent?
    var didZoom: ScrollViewEvent?
    var didEndZooming: ScrollViewDidEndZooming?
}

/// A scroll view delegate calling C functions.
final class CScrollViewDelegate: ZoomSourceDeclaring {
    let functions: ScrollViewDelegateFunctions
    /// A source only with a `view_for_zooming` member (Behaviour A6.2: a delegate that answers it).
    var answersViewForZooming: Bool { functions.viewForZooming != nil }
    let userData: UserData
    let appPointer: UnsafeMutableRawPointer
    /// The app's tag, for the scroll view's handle.
    let owner: OwnerTag
    let delivery: ThreadConfined<DeliveryState>

    init(_ functions: ScrollViewDelegateFunctions, userData: UserData, appPointer: UnsafeMutableRawPointer, owner: OwnerTag,
         delivery: ThreadConfined<DeliveryState>) {
        self.functions = functions
        self.userData = userData
        self.appPointer = appPointer
        self.owner = owner
        self.delivery = delivery
    }

    private func tell(_ function: ScrollViewEvent?, _ scrollView: ScrollView) {
        guard let function else { return }
        withCValue(owner.handle(scrollView.id)) { view in delivery.callingOut { function(appPointer, view, userData.pointer) } }
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { tell(functions.didScroll, scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { tell(functions.willBeginDragging, scrollView) }

    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        guard let function = functions.willEndDragging else { return }
        var target = hk_point(targetContentOffset)
        withCValue(owner.handle(scrollView.id)) { view in
            withUnsafeMutablePointer(to: &target) { pointer in
                delivery.callingOut { function(appPointer, view, velocity.x, velocity.y, UnsafeMutableRawPointer(pointer), userData.pointer) }
            }
        }
        targetContentOffset = Point(x: target.x, y: target.y)
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        guard let function = functions.didEndDragging else { return }
        withCValue(owner.handle(scrollView.id)) { view in delivery.callingOut { function(appPointer, view, decelerate ? 1 : 0, userData.pointer) } }
    }

    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { tell(functions.willBeginDecelerating, scrollView) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { tell(functions.didEndDecelerating, scrollView) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { tell(functions.didEndScrollingAnimation, scrollView) }

    func viewForZooming(in scrollView: ScrollView) -> View? {
        guard let function = functions.viewForZooming else { return scrollView.zoomView }
        var answer = hk_view(index: HK_NO_VIEW_INDEX, generation: 0)
        let answered = withCValue(owner.handle(scrollView.id)) { view in
            withUnsafeMutablePointer(to: &answer) { pointer in
                delivery.callingOut { function(appPointer, view, UnsafeMutableRawPointer(pointer), userData.pointer) }
            }
        }
        // An answer that names no view of this app counts as none (Behaviour A6.2: nothing zooms).
        guard answered != 0, let id = try? owner.viewID(ifAny: answer.index, answer.generation) else { return nil }
        return scrollView.application?.view(for: id)
    }

    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
        guard let function = functions.willBeginZooming else { return }
        withZoomHandles(scrollView, view) { scrollView, view in delivery.callingOut { function(appPointer, scrollView, view, userData.pointer) } }
    }

    func scrollViewDidZoom(_ scrollView: ScrollView) { tell(functions.didZoom, scrollView) }

    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        guard let function = functions.didEndZooming else { return }
        withZoomHandles(scrollView, view) { scrollView, view in delivery.callingOut { function(appPointer, scrollView, view, scale, userData.pointer) } }
    }

    /// The scroll view's handle and the zoom view's (NULL for none), for a zoom call.
    private func withZoomHandles(_ scrollView: ScrollView, _ view: View?, _ body: (UnsafeRawPointer, UnsafeRawPointer?) -> Void) {
        withCValue(owner.handle(scrollView.id)) { scrollViewHandle in
            guard let view else { return body(scrollViewHandle, nil) }
            withCValue(owner.handle(view.id)) { body(scrollViewHandle, $0) }
        }
    }
}

/// The entry point of headers before 2.2, whose delegate struct has no zoom calls.
@_cdecl("hk__scroll_view_set_delegate")
public func hk__scroll_view_set_delegate(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ didScroll: ScrollViewEvent?, _ willBeginDragging: ScrollViewEvent?,
                                         _ willEndDragging: ScrollViewWillEndDragging?,
                                         _ didEndDragging: ScrollViewDidEndDragging?,
                                         _ willBeginDecelerating: ScrollViewEvent?, _ didEndDecelerating: ScrollViewEvent?,
                                         _ didEndScrollingAnimation: ScrollViewEvent?,
                                         _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    hk__scroll_view_set_delegate_zooming(app, vi, vg, didScroll, willBeginDragging, willEndDragging, didEndDragging,
                                         willBeginDecelerating, didEndDecelerating, didEndScrollingAnimation,
                                         nil, nil, nil, nil, userData, destroy)
}

@_cdecl("hk__scroll_view_set_delegate_zooming")
public func hk__scroll_view_set_delegate_zooming(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                 _ didScroll: ScrollViewEvent?, _ willBeginDragging: ScrollViewEvent?,
                                                 _ willEndDragging: ScrollViewWillEndDragging?,
                                                 _ didEndDragging: ScrollViewDidEndDragging?,
                                                 _ willBeginDecelerating: ScrollViewEvent?, _ didEndDecelerating: ScrollViewEvent?,
                                                 _ didEndScrollingAnimation: ScrollViewEvent?,
                                                 _ viewForZooming: ScrollViewViewForZooming?,
                                                 _ willBeginZooming: ScrollViewZoomEvent?, _ didZoom: ScrollViewEvent?,
                                                 _ didEndZooming: ScrollViewDidEndZooming?,
                                                 _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), scrollView = try box.scrollView(vi, vg)
        let functions = ScrollViewDelegateFunctions(
            didScroll: didScroll, willBeginDragging: willBeginDragging, willEndDragging: willEndDragging,
            didEndDragging: didEndDragging, willBeginDecelerating: willBeginDecelerating,
            didEndDecelerating: didEndDecelerating, didEndScrollingAnimation: didEndScrollingAnimation,
            viewForZooming: viewForZooming, willBeginZooming: willBeginZooming, didZoom: didZoom,
            didEndZooming: didEndZooming)
        let delegate = CScrollViewDelegate(functions, userData: UserData(userData, destroy: destroy), appPointer: app!,
                                           owner: box.ownerTag, delivery: box.delivery)
        box.scrollObserver(of: scrollView, appPointer: app!).delegate = delegate
        scrollView.delegate = delegate
    }
}

@_cdecl("hk__scroll_view_clear_delegate")
public func hk__scroll_view_clear_delegate(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), scrollView = try box.scrollView(vi, vg)
        guard let observer = box.scrollOffsetObservers[scrollView.id], let delegate = observer.delegate else { return }
        if scrollView.delegate === delegate { scrollView.delegate = nil }
        observer.delegate = nil
        box.dropScrollObserverIfEmpty(of: scrollView)
    }
}
