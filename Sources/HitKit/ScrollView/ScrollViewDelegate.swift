import HitTestCore

/// Told what a ``ScrollView`` does (UIKit's `UIScrollViewDelegate`; Behaviour A6.1), in UIKit's
/// order: ``scrollViewWillBeginDragging(_:)``; ``scrollViewDidScroll(_:)`` on every offset
/// change; at the drag's end ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)``,
/// ``scrollViewDidEndDragging(_:willDecelerate:)`` and, when motion follows,
/// ``scrollViewWillBeginDecelerating(_:)``; ``scrollViewDidEndDecelerating(_:)`` when that motion
/// ends by itself (not when a touch stops it). An animated `setContentOffset` ends with
/// ``scrollViewDidEndScrollingAnimation(_:)``. Every method has an empty default.
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
    /// The drag ended; `decelerate` says whether motion follows.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// Motion after the drag begins.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// Motion after a drag came to rest by itself.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated `setContentOffset` arrived.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
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
}
