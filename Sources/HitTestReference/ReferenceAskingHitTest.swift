import HitTestCore

// Behaviour A2 as a thread that may not call closures sees it: the oracle for snapshots
// (`ViewStoreSnapshot`). Do not optimize this file.

/// An answer that may defer to the owner's thread.
public enum ReferenceAskingAnswer {
    /// The view hit, or `nil` for none.
    case view(ReferenceView?)
    /// The first view (front-most first) whose `hitTest` or `pointInside` override the answer needs.
    case ask(ReferenceView)
}

extension ReferenceView {
    /// ``hitTest(_:)`` up to the first override it would call, which it names instead.
    public func askingHitTest(_ p: Point) -> ReferenceAskingAnswer {
        guard p.isFinite else { return .view(nil) }
        if hitTestOverride != nil { return .ask(self) }
        // 1. Hidden, not interactive, transparent or an uninvertible transform: no hit.
        if isHidden || !isUserInteractionEnabled || !(alpha >= 0.01) || transform.inverted() == nil {
            return .view(nil)
        }
        // 2. Outside: no hit, unless the view hits outside its bounds.
        if pointInsideOverride != nil { return .ask(self) }
        let inside = pointInside(p)
        if !inside && !hitsOutsideBounds { return .view(nil) }
        var answer: ReferenceView?
        // 3. Subviews, front-most first.
        for subview in subviews.reversed() {
            switch subview.askingHitTest(subview.convertFromSuperview(p)) {
            case .ask(let view): return .ask(view)
            case .view(let hit?): answer = hit
            case .view(nil): continue
            }
            break
        }
        // 4. Otherwise the view itself, unless it passes touches through.
        if answer == nil && inside && !passThrough { answer = self }
        // 5. Tap the child, let the parent respond.
        if redirectsToSuperview, let found = answer, found.isDescendant(of: self) {
            return .view(superview)
        }
        return .view(answer)
    }
}

extension ReferenceScreen {
    /// ``hitTest(screenPoint:)`` up to the first override it would call.
    public func askingHitTest(screenPoint p: Point) -> ReferenceAskingAnswer {
        guard p.isFinite else { return .view(nil) }
        for window in frontToBack {
            let answer = window.askingHitTest(window.convertFromSuperview(p))
            if case .view(nil) = answer { continue }
            return answer
        }
        return .view(nil)
    }
}
