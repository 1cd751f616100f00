import HitTestCore
import HitTestReference

/// Counts the views a hit test visits, since the engine keeps no counter.
///
/// A view is "visited" when the search calls its `hitTest` (the reference) or enters its row (the
/// engine): the window, then every subview tried, front-most first, down to the answer. This is
/// Behaviour A2 walked over the reference's views with an explicit stack (so a million-deep chain is
/// fine) and with the reference's own `convertFromSuperview` and `pointInside`, so it takes
/// exactly the reference's path; the benchmark checks that its answer equals both engines'.
/// Overrides and `redirectsToSuperview` do not occur in the benchmark trees and are refused.
enum VisitCounter {
    private struct Frame {
        let view: ReferenceView
        let point: Point
        let inside: Bool
        var nextSubview: Int
    }

    /// The answer's `id` (`-1` for none) and the number of views visited.
    static func walk(_ window: ReferenceView, screenPoint: Point) -> (answer: Int, visited: Int) {
        guard screenPoint.isFinite else { return (-1, 0) }
        var stack: [Frame] = []
        var visited = 0
        var pending: (view: ReferenceView, point: Point)? = (window, window.convertFromSuperview(screenPoint))
        while true {
            if let (view, point) = pending {
                pending = nil
                visited += 1
                precondition(view.hitTestOverride == nil && view.pointInsideOverride == nil
                             && !view.redirectsToSuperview, "the visit counter handles plain views only")
                let hittable = point.isFinite && !view.isHidden && view.isUserInteractionEnabled
                    && view.alpha >= 0.01 && view.transform.inverted() != nil
                if hittable {
                    let inside = view.pointInside(point)
                    if inside || view.hitsOutsideBounds {
                        stack.append(Frame(view: view, point: point, inside: inside,
                                           nextSubview: view.subviews.count - 1))
                    }
                }
            }
            guard let top = stack.indices.last else { return (-1, visited) }
            let index = stack[top].nextSubview
            if index >= 0 {
                stack[top].nextSubview -= 1
                let subview = stack[top].view.subviews[index]
                pending = (subview, subview.convertFromSuperview(stack[top].point))
                continue
            }
            // Every subview missed: the view answers itself if it contains the point.
            let frame = stack.removeLast()
            if frame.inside && !frame.view.passThrough { return (frame.view.id, visited) }
        }
    }
}
