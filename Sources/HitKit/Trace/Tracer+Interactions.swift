// Trace records of the interactions (Behaviour A11): menus asked and shown, lifts and sessions,
// and each drop targeting pass with why the drop interactions under the session are not its
// target. The participants' state changes are traced as every recognizer's are, with the causes
// they note (why a menu did not open, why a drag did not lift).

extension Tracer {
    /// The name set for the interaction, else its kind and its view's name: `Drag(View#3)`.
    func name(of interaction: Interaction) -> String {
        if let name = application.traceNames[interaction] { return name }
        let kind = switch interaction {
        case is ContextMenuInteraction: "ContextMenu"
        case is DragInteraction: "Drag"
        case is DropInteraction: "Drop"
        default: "\(type(of: interaction))"
        }
        return "\(kind)(\(name(of: interaction.view)))"
    }

    /// A menu's delegate answered at `location` (its view's coordinates).
    func recordMenuAsked(_ menu: ContextMenuInteraction, touch: Int?, at location: Point, answer: ContextMenuConfiguration?) {
        let answered = answer.map { $0.items.isEmpty ? "an empty configuration: it ends at 0.325 s, never shown"
                                                     : "a configuration of \($0.items.count) item\($0.items.count == 1 ? "" : "s")" }
            ?? "nil: no menu; long presses and pans waiting for it go on"
        record(.menuAsked, touch: touch, view: menu.view, causes: [.init("x", location.x), .init("y", location.y)],
               "\(name(of: menu)) asked at \(TraceFormat.point(location)): \(answered)")
    }

    /// A menu shown (`compact`: by a secondary click or a key), or dismissed.
    func recordMenu(_ menu: ContextMenuInteraction, shown: Bool, compact: Bool = false, _ why: String) {
        record(.menuShown, view: menu.view,
               "\(name(of: menu)) \(shown ? (compact ? "shown, compact" : "shown") : "dismissed"): \(why)")
    }

    /// A drag's lift, or the end of a lift or a session.
    func recordLift(_ drag: DragInteraction, touch: Int, _ message: String) {
        record(.dragLift, touch: touch, view: drag.view, "\(name(of: drag)) \(message)")
    }

    func recordSession(_ session: DragSession, _ message: String) {
        record(.dragSession, touch: session.touch.id, view: session.source.view, "\(name(of: session.source)) session \(message)")
    }

    /// One targeting pass's result: the candidates on the chain with their answers (`kept` when
    /// remembered from an earlier pass), the target, and why each drop interaction whose view holds
    /// the location but is not on the chain is not a candidate.
    func recordTargeting(_ session: DragSession, hit: View?, answers: [(DropInteraction, Bool, kept: Bool)],
                         target: DropInteraction?) {
        let location = session.screenLocation
        var parts = answers.map { "\(name(of: $0.0)) canHandle \($0.1)\($0.kept ? " (kept)" : "")" }
        if answers.isEmpty { parts.append("no drop interaction on the chain of \(name(of: hit))") }
        record(.dropTarget, touch: session.touch.id, view: hit,
               causes: [.init("x", location.x), .init("y", location.y)],
               "at \(TraceFormat.point(location)) over \(name(of: hit)): \(parts.joined(separator: ", ")); target \(target.map(name(of:)) ?? "none")")
        for window in application.windows {
            explainMissedDrops(in: window, at: location, hit: hit, session: session)
        }
    }

    /// Each drop interaction whose view's bounds hold `location` but that is not on the hit
    /// view's chain: hidden, not interactive, transparent, or covered by a named view.
    private func explainMissedDrops(in window: Window, at location: Point, hit: View?, session: DragSession) {
        var pending: [View] = [window]
        while let view = pending.popLast() {
            pending.append(contentsOf: view.subviews)
            guard view.interactions.contains(where: { $0 is DropInteraction }),
                  hit.map({ !$0.isDescendant(of: view) }) ?? true,
                  view.bounds.contains(view.convertFromScreen(location)) else { continue }
            for case let drop as DropInteraction in view.interactions {
                record(.dropTarget, touch: session.touch.id, view: view,
                       "\(name(of: drop)) is not a candidate: \(whyNotOnChain(view, hit: hit))")
            }
        }
    }

    private func whyNotOnChain(_ view: View, hit: View?) -> String {
        var cursor: View? = view
        while let current = cursor {
            if current.isHidden { return "\(name(of: current)) is hidden" }
            if !current.isUserInteractionEnabled { return "\(name(of: current)) is not interactive" }
            if current.alpha < 0.01 { return "\(name(of: current)) is transparent (alpha below 0.01)" }
            cursor = current.superview
        }
        guard let hit else { return "the hit test found nothing there" }
        // The view in front that took the point: on the hit view's side, the child of the
        // nearest view both are in.
        var covering: View = hit
        var parent = hit.superview
        while let ancestor = parent, !view.isDescendant(of: ancestor) {
            covering = ancestor
            parent = ancestor.superview
        }
        if parent == nil { return "\(name(of: covering))'s window is in front" }
        return "covered by \(name(of: covering))"
    }
}
