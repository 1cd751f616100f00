import HitTestCore

/// What a drag or a motion last showed on a scroll view: the offset, and the bounds' and the
/// content's sizes that fixed its edges then. Found different at the next step, someone else
/// changed it — moved the offset (a delegate recentring an endless list, the host through the
/// store) or resized the content or the bounds (rows appended, a window resized) — and the drag
/// or the motion goes on from what is shown now (Behaviour A6, A6.1).
struct ScrollShown: Equatable {
    var offset: Point
    var boundsSize: Size
    var contentSize: Size

    /// What shows with `bounds` and a content of `contentSize`.
    init(_ bounds: Rect, contentSize: Size) {
        offset = bounds.origin
        boundsSize = bounds.size
        self.contentSize = contentSize
    }

    /// Whether the edges differ from `other`'s: the bounds or the content were resized.
    func hasOtherEdges(than other: ScrollShown) -> Bool {
        boundsSize != other.boundsSize || contentSize != other.contentSize
    }
}
