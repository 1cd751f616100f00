import HitTestCore

/// Told what a ``ScrollView`` does (UIKit's `UIScrollViewDelegate`; Behaviour A6.1), in UIKit's
/// order: ``scrollViewWillBeginDragging(_:)``; ``scrollViewDidScroll(_:)`` on every offset
/// change; at the drag's end ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``,
/// ``scrollViewDidEndDragging(_:willDecelerate:)`` and, when motion follows,
/// ``scrollViewWillBeginDecelerating(_:)``; ``scrollViewDidEndDecelerating(_:)`` when that motion
/// ends by itself (not when a touch stops it). An animated `setContentOffset` ends with
/// ``scrollViewDidEndScrollingAnimation(_:)``. Zooming (Behaviour A6.2) asks
/// ``viewForZooming(in:)`` and tells ``scrollViewWillBeginZooming(_:with:)``,
/// ``scrollViewDidZoom(_:)`` and ``scrollViewDidEndZooming(_:with:atScale:)``. Every method has a
/// default: nothing, and for ``viewForZooming(in:)`` the scroll view's ``ScrollView/zoomView``.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, scroll input, motion or a setter).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// The pan, driven by touches, began.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The drag is ending. `velocity` is the content's, in points per millisecond as UIKit gives
    /// it; `targetContentOffset` is where motion would come to rest, and may be changed: the
    /// offset then springs to the new target (kept within the content), as paging does.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether motion follows. An offset set from here (or from
    /// the call before) is where that motion goes on from; an animated `setContentOffset` started
    /// here stands in its place.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// Motion after the drag begins.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Motion after a drag came to rest by itself.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset` (or a `zoom(to:animated:)` that only scrolls) arrived.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)

    // Zooming (Behaviour A6.2).

    /// The view to zoom: asked when a pinch begins and by every zoom from code. The default
    /// answers the scroll view's ``ScrollView/zoomView``. An answer that is not a direct subview
    /// of the scroll view counts as none: a pinch then recognizes and zooms nothing.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// A pinch began zooming `view` (`nil`: no zoom view), or an animated zoom from code starts.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// The zoom scale changed (after the offset's `scrollViewDidScroll`, when both changed).
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A zoom ended at `scale`: a pinch inside the limits at once, one past them when its bounce
    /// back arrives, an animated zoom when it arrives, a zoom animation a touch or a pinch stopped
    /// at the scale it showed (`nil` view, scale 1: there was no zoom view).
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
}

/// A delegate that knows whether it answers `viewForZooming(in:)` itself. Swift cannot tell
/// whether a type implements a protocol requirement or keeps its default, so any other delegate
/// counts as a zoom source (Behaviour A6.2); the scene's logging delegate and C's know.
package protocol ZoomSourceDeclaring: ScrollViewDelegate {
    var answersViewForZooming: Bool { get }
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> View? { scrollView.zoomView }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {}
}
