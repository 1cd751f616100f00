// hk_scroll_view_set_delegate: a scroll view's delegate in C (UIKit's UIScrollViewDelegate,
// Behaviour A6.1), called in UIKit's order; a NULL member is not called. Kept with the scroll view's
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

/// The C functions of one scroll view delegate.
struct ScrollViewDelegateFunctions {
    var didScroll: ScrollViewEvent?
    var willBeginDragging: ScrollViewEvent?
    var willEndDragging: ScrollViewWillEndDragging?
    var didEndDragging: ScrollViewDidEndDragging?
    var willBeginDecelerating: ScrollViewEvent?
    var didEndDecelerating: ScrollViewEvent?
    var didEndScrollingAnimation: ScrollViewEvent?
}

/// A scroll view delegate calling C functions.
final class CScrollViewDelegate: ScrollViewDelegate {
    let functions: ScrollViewDelegateFunctions
    let userData: UserData
    let appPointer: UnsafeMutableRawPointer
    /// The app's tag, for the scroll view's handle.
    let owner: OwnerTag

    init(_ functions: ScrollViewDelegateFunctions, userData: UserData, appPointer: UnsafeMutableRawPointer, owner: OwnerTag) {
        self.functions = functions
        self.userData = userData
        self.appPointer = appPointer
        self.owner = owner
    }

    private func tell(_ function: ScrollViewEvent?, _ scrollView: ScrollView) {
        guard let function else { return }
        withCValue(owner.handle(scrollView.id)) { view in function(appPointer, view, userData.pointer) }
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { tell(functions.didScroll, scrollView) }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { tell(functions.willBeginDragging, scrollView) }

    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point) {
        guard let function = functions.willEndDragging else { return }
        var target = hk_point(targetContentOffset)
        withCValue(owner.handle(scrollView.id)) { view in
            withUnsafeMutablePointer(to: &target) { pointer in
                function(appPointer, view, velocity.x, velocity.y, UnsafeMutableRawPointer(pointer), userData.pointer)
            }
        }
        targetContentOffset = Point(x: target.x, y: target.y)
    }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        guard let function = functions.didEndDragging else { return }
        withCValue(owner.handle(scrollView.id)) { view in function(appPointer, view, decelerate ? 1 : 0, userData.pointer) }
    }

    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { tell(functions.willBeginDecelerating, scrollView) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { tell(functions.didEndDecelerating, scrollView) }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { tell(functions.didEndScrollingAnimation, scrollView) }
}

@_cdecl("hk__scroll_view_set_delegate")
public func hk__scroll_view_set_delegate(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ didScroll: ScrollViewEvent?, _ willBeginDragging: ScrollViewEvent?,
                                         _ willEndDragging: ScrollViewWillEndDragging?,
                                         _ didEndDragging: ScrollViewDidEndDragging?,
                                         _ willBeginDecelerating: ScrollViewEvent?, _ didEndDecelerating: ScrollViewEvent?,
                                         _ didEndScrollingAnimation: ScrollViewEvent?,
                                         _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), scrollView = try box.scrollView(vi, vg)
        let functions = ScrollViewDelegateFunctions(
            didScroll: didScroll, willBeginDragging: willBeginDragging, willEndDragging: willEndDragging,
            didEndDragging: didEndDragging, willBeginDecelerating: willBeginDecelerating,
            didEndDecelerating: didEndDecelerating, didEndScrollingAnimation: didEndScrollingAnimation)
        let delegate = CScrollViewDelegate(functions, userData: UserData(userData, destroy: destroy), appPointer: app!,
                                           owner: box.ownerTag)
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
