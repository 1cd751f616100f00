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

    /// The pan's own action: on began it remembers the offset; on began and changed it sets
    /// `offset = startOffset − translation`, clamped.
    func panDidChange(_ pan: PanGestureRecognizer) {
        if pan.isScrolling { return scrollDidChange(pan) }
        switch pan.state {
        case .began:
            panStartOffset = contentOffset
            fallthrough
        case .changed:
            // A vector in the scroll view's own coordinates does not depend on the bounds
            // origin, so moving the offset does not feed back into the translation.
            let translation = pan.translation(in: self)
            contentOffset = clampedContentOffset(Point(x: panStartOffset.x - translation.x,
                                                       y: panStartOffset.y - translation.y))
        default:
            break
        }
    }
}
