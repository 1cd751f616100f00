// Whether an edit would make the responder chain loop (Behaviour A7): the checks of `present`
// and `addSubview`, and of the C entry points that make the same edits.

import HitTestCore

extension Responder {
    /// Whether the responder chain from this responder (itself first) comes to `target`.
    ///
    /// The chain is walked up from here one responder at a time and, in step with it, the
    /// responders whose chains lead to `target` are searched down from it
    /// (``ResponderChainSearchDown``); the first of the two to end decides. A check costs about
    /// twice the shorter of the two, so presenting a controller with a small view from the end of
    /// a long chain of presentations, or adding a small subtree under it, walks little of it.
    package func chainReaches(_ target: Responder) -> Bool {
        chainSearch(for: target).reaches
    }

    /// ``chainReaches(_:)``, and the steps it took (one up and one down each): what the tests
    /// hold to the shorter walk. The bound (more than every view and controller a store can hold)
    /// only keeps a broken promise from hanging, and counts as reaching.
    package func chainSearch(for target: Responder) -> (reaches: Bool, steps: Int) {
        var up: Responder? = self
        var down = ResponderChainSearchDown(from: target)
        for step in 0...(2 * ViewStore.maximumViewCount + 2) {
            guard let responder = up else { return (false, step) }
            if responder === target { return (true, step) }
            up = responder.next
            guard let below = down.next() else { return (false, step) }
            if below === self { return (true, step) }
        }
        return (true, 2 * ViewStore.maximumViewCount + 3)
    }
}

/// The responders whose chain leads to a responder (Behaviour A7's `next`, followed backwards),
/// itself first: a controller's root view and the controller it presents; a view's subviews, a
/// subview that is a controller's root view leading on through its controller unless that is
/// presented (its next is then its presenter). A window's next is the application, so a window
/// leads to no controller. Subviews are read one at a time from the store's sibling links: a
/// step costs the same under a view with one subview or 100,000.
struct ResponderChainSearchDown {
    private enum Pending {
        case responder(Responder)
        /// The subviews of a view still to be read, from the one given on, back to front.
        case subviews(of: View, from: ViewID)
    }

    private var pending: [Pending]

    init(from target: Responder) {
        pending = [.responder(target)]
    }

    /// The next responder found, or `nil` when every one has been.
    mutating func next() -> Responder? {
        while let item = pending.popLast() {
            switch item {
            case .responder(let responder):
                expand(responder)
                return responder
            case .subviews(let superview, let id):
                if let sibling = try? superview.store.nextSibling(of: id) {
                    pending.append(.subviews(of: superview, from: sibling))
                }
                guard let subview = superview.application?.view(for: id) else { continue }
                guard let controller = subview.controllerOfRootView else {
                    pending.append(.responder(subview))
                    continue
                }
                if controller.presentingViewController == nil { pending.append(.responder(controller)) }
            }
        }
        return nil
    }

    private mutating func expand(_ responder: Responder) {
        if let controller = responder as? ViewController {
            if let presented = controller.presentedViewController { pending.append(.responder(presented)) }
            let view = controller.view
            if !(view is Window), view.controllerOfRootView === controller { pending.append(.responder(view)) }
        } else if let view = responder as? View, let first = try? view.store.firstSubview(of: view.id) {
            pending.append(.subviews(of: view, from: first))
        }
    }
}
