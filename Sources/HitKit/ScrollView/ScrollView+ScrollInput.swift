// Behaviour A8's scrolling with scroll input: each delta the pan takes moves the content
// offset by the negated delta, clamped after each step; a scroll view takes a scroll only when
// its content exceeds it on the scroll's axis.

extension ScrollView {
    /// The pan's action during a scroll run: the deltas taken since the last action move the
    /// offset, clamped.
    func scrollDidChange(_ pan: PanGestureRecognizer) {
        guard pan.state == .began || pan.state == .changed else { return }
        let delta = pan.vector(pan.consumeScrollDelta(), fromWindowTo: self)
        let bounds = self.bounds
        let moved = Point(x: bounds.origin.x - delta.x, y: bounds.origin.y - delta.y)
        moveContentOffset(to: clampedContentOffset(moved, boundsSize: bounds.size), from: bounds)
    }

    /// Whether the content exceeds the bounds on the axis of `delta` (in window coordinates):
    /// the axis of its larger component; a zero delta, or one whose components are equal,
    /// needs either axis (Behaviour A8; the tie is a documented choice).
    func canScroll(delta windowDelta: Point) -> Bool {
        let delta = panGestureRecognizer.vector(windowDelta, fromWindowTo: self)
        let size = bounds.size
        let horizontal = contentSize.width > size.width
        let vertical = contentSize.height > size.height
        let dx = Swift.abs(delta.x), dy = Swift.abs(delta.y)
        if dx > dy { return horizontal }
        if dy > dx { return vertical }
        return horizontal || vertical
    }
}
