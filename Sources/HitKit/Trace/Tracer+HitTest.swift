// The explanation of a hit test: Behaviour A2's recursion walked again over the façade's views,
// in the reference's order (HitTestReference), recording each view's verdict and its numbers.
// The engine gives the answer; this walk only says why, and a test checks they agree.

extension Tracer {
    /// Records why a hit test at `screenPoint` answers what it does, and returns the walk's answer
    /// (which is the engine's). `what` says whose hit test it is ("touch", "pointer", "scroll").
    @discardableResult
    func explainHitTest(at screenPoint: Point, touch: Int?, for what: String) -> View? {
        record(.hitTestBegan, touch: touch, causes: [.init("x", screenPoint.x), .init("y", screenPoint.y)],
               "\(what) at \(TraceFormat.point(screenPoint))")
        var answer: View?
        if screenPoint.isFinite {
            // Front to back: `windows` lists the back-most first.
            for window in application.windows.reversed() {
                record(.windowTried, touch: touch, view: window, causes: [.init("windowLevel", window.windowLevel)],
                       "window \(name(of: window)) at level \(TraceFormat.number(window.windowLevel))")
                if let hit = hitTest(window, at: window.convertFromScreen(screenPoint), touch: touch) {
                    answer = hit
                    break
                }
            }
        }
        record(.hitTestEnded, touch: touch, view: answer, answer.map { "hit \(name(of: $0))\(path(to: $0))" } ?? "no view hit")
        return answer
    }

    /// ` via window > parent > view`: the path from the window down to the answer.
    private func path(to view: View) -> String {
        var names: [String] = []
        var cursor: View? = view.superview
        while let current = cursor {
            names.append(name(of: current))
            cursor = current.superview
        }
        return names.isEmpty ? "" : " via " + names.reversed().joined(separator: " > ")
    }

    /// A2's `hitTest(p)`, with the view's override if it has one.
    private func hitTest(_ view: View, at point: Point, touch: Int?) -> View? {
        guard point.isFinite else {
            record(.viewSkipped, touch: touch, view: view, "\(name(of: view)): the point is not finite here")
            return nil
        }
        // The store holds every override the engine calls, a subclass's and a C callback's
        // (hk_view_set_hit_test_callback) alike: asking the class would miss the callbacks.
        let store = application.store
        guard (try? store.hasHitTestOverride(view.id)) == true else { return defaultHitTest(view, at: point, touch: touch) }
        let answer = (try? store.hitTest(point, in: view.id)).flatMap(application.view(for:))
        record(.viewOverride, touch: touch, view: view, causes: [.init("x", point.x), .init("y", point.y)],
               "\(name(of: view)): hitTest overridden, at \(TraceFormat.point(point)) answered \(name(of: answer))")
        return answer
    }

    /// A2 steps 1–5.
    private func defaultHitTest(_ view: View, at point: Point, touch: Int?) -> View? {
        let viewName = name(of: view)
        // 1. Hidden, not interactive, transparent or not invertible.
        let skip: (String, [TraceRecord.Cause])? =
            if view.isHidden { ("hidden", []) }
            else if !view.isUserInteractionEnabled { ("isUserInteractionEnabled is false", []) }
            else if !(view.alpha >= 0.01) { ("alpha \(TraceFormat.number(view.alpha)) < 0.01", [.init("alpha", view.alpha)]) }
            else if view.transform.inverted() == nil { ("its transform has no inverse", []) }
            else { nil }
        if let (reason, causes) = skip {
            record(.viewSkipped, touch: touch, view: view, causes: causes, "\(viewName): \(reason)")
            return nil
        }
        // 2. Outside the hit area.
        let inside = pointInside(view, at: point, touch: touch)
        if !inside && !view.hitsOutsideBounds { return nil }
        // 3. Subviews, front-most first.
        var answer: View?
        for subview in view.subviews.reversed() {
            if let hit = hitTest(subview, at: subview.convert(point, from: view), touch: touch) {
                answer = hit
                break
            }
        }
        // 4. The view itself, unless it passes touches through.
        if answer == nil && inside {
            if view.passesTouchesThrough {
                record(.viewPassedThrough, touch: touch, view: view, "\(viewName): passes touches through, so is not the answer itself")
            } else {
                answer = view
            }
        }
        // 5. Redirect to the superview.
        if view.redirectsToSuperview, let found = answer, found.isDescendant(of: view) {
            record(.viewRedirected, touch: touch, view: view,
                   "\(viewName): redirects to its superview: \(name(of: found)) becomes \(name(of: view.superview))")
            return view.superview
        }
        return answer
    }

    /// A2's `pointInside`, recording an override's answer or a point outside the hit area.
    private func pointInside(_ view: View, at point: Point, touch: Int?) -> Bool {
        let viewName = name(of: view)
        let pointCauses: [TraceRecord.Cause] = [.init("x", point.x), .init("y", point.y)]
        let outsideNote = view.hitsOutsideBounds ? " (hitsOutsideBounds: its subviews are still tried)" : ""
        if (try? application.store.hasPointInsideOverride(view.id)) == true {
            let inside = (try? application.store.pointInside(view.id, point)) ?? false
            record(.viewOverride, touch: touch, view: view, causes: pointCauses,
                   "\(viewName): pointInside overridden, at \(TraceFormat.point(point)) answered \(inside)\(inside ? "" : outsideNote)")
            return inside
        }
        let area = Rect.hitArea(bounds: view.bounds, insets: view.hitTestInsets, minimumSize: view.minimumHitSize)
        let inside = area.contains(point)
        if !inside {
            record(.viewOutside, touch: touch, view: view,
                   causes: pointCauses + [.init("areaX", area.origin.x), .init("areaY", area.origin.y),
                                          .init("areaWidth", area.size.width), .init("areaHeight", area.size.height)],
                   "\(viewName): \(TraceFormat.point(point)) is outside its hit area \(TraceFormat.rect(area))\(outsideNote)")
        }
        return inside
    }
}
