// Behaviour A6's scrolling: the pan moves the content offset by its negated translation, clamped.

extension ScrollView {
    /// The largest offset the pan may reach: `max(0, contentSize − bounds.size)` on each axis.
    public var maximumContentOffset: Point {
        let size = bounds.size
        return Point(x: Swift.max(0, contentSize.width - size.width),
                     y: Swift.max(0, contentSize.height - size.height))
    }

    /// `offset` brought into `[0, maximumContentOffset]` on each axis.
    func clampedContentOffset(_ offset: Point) -> Point {
        let limit = maximumContentOffset
        return Point(x: Swift.min(Swift.max(offset.x, 0), limit.x),
                     y: Swift.min(Swift.max(offset.y, 0), limit.y))
    }

    /// The pan's own action: on began it remembers the offset and tells the delegate; on began
    /// and changed it sets `offset = startOffset − translation`, rubber-banded past a bouncing
    /// edge and clamped otherwise (Behaviour A6.1); on its end motion may follow.
    func panDidChange(_ pan: PanGestureRecognizer) {
        if pan.isScrolling { return scrollDidChange(pan) }
        switch pan.state {
        case .began:
            stopMotion()
            settlesWhenTouchLifts = false
            isDragging = true
            let geometry = axisGeometry
            dragStartOffset = contentOffset
            // A drag starting past an edge starts from the raw offset the band shows there.
            panStartOffset = Point(x: geometry.x.unbanded(contentOffset.x), y: geometry.y.unbanded(contentOffset.y))
            delegate?.scrollViewWillBeginDragging(self)
            fallthrough
        case .changed:
            // A vector in the scroll view's own coordinates does not depend on the bounds
            // origin, so moving the offset does not feed back into the translation.
            let translation = pan.translation(in: self)
            let geometry = axisGeometry
            let next = Point(x: geometry.x.rubberBanded(panStartOffset.x - translation.x),
                             y: geometry.y.rubberBanded(panStartOffset.y - translation.y))
            // A translation without a number (bad samples) moves nothing.
            if next.x.isFinite && next.y.isFinite { contentOffset = next }
        case .ended:
            dragDidEnd(panVelocity: pan.velocity(in: self))
        case .cancelled:
            dragDidEnd(panVelocity: .zero)
        default:
            break
        }
    }
}
