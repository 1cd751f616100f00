import HitTestCore

/// The responders a press's began reached, in order, the press's target first: where its end
/// goes (Behaviour A10). Like a list of ``ResponderLink``s it keeps no responder alive and reads
/// `nil` for one since freed, but a step is plain data: a view of the target's application is
/// its id in that application's table, so passing a began on copies and counts no reference.
/// Only the rare other responders (the application, a view controller) keep a link.
///
/// One object per press, reused with it: every level of a began reads it in place.
final class PressRoute {
    private struct Step {
        /// The responder's identity when the step was taken: which responder is handling the
        /// began now, compared without resolving the step.
        let identity: ObjectIdentifier
        let place: Place
        /// Whether the responder had its side storage (key commands, performable actions) when
        /// it joined the route.
        let hadSideStorage: Bool
    }

    private enum Place {
        /// A view, by its id in ``PressRoute/context``.
        case view(ViewID)
        /// Another responder, by the index of its link in ``PressRoute/others``.
        case other(Int)
    }

    // Fenced (``ExclusivityFence``): changed only by HitKit's delivery, which calls nothing while
    // it appends or empties them; read at every level a began is passed on.
    #if HITKIT_INTERNAL_CHECKS
    private var steps: [Step] = []
    private var others: [ResponderLink] = []
    /// The table of the views the steps name by id: the first view's application's.
    private var context: ViewContext?
    #else
    @exclusivity(unchecked) private var steps: [Step] = []
    @exclusivity(unchecked) private var others: [ResponderLink] = []
    /// The table of the views the steps name by id: the first view's application's.
    @exclusivity(unchecked) private var context: ViewContext?
    #endif

    /// How many responders the began reached.
    var count: Int { steps.count }

    /// Empties the route, keeping its lists' capacity.
    func removeAll() {
        steps.removeAllKeepingCapacity()
        others.removeAllKeepingCapacity()
        context = nil
    }

    /// Adds `responder` at the end.
    func append(_ responder: Responder) {
        let identity = ObjectIdentifier(responder)
        // A test and a downcast rather than a cast: neither takes a reference.
        if responder is View {
            let view = unsafeDowncast(responder, to: View.self)
            if context == nil { context = view.context }
            if view.context === context {
                steps.append(Step(identity: identity, place: .view(view.id), hadSideStorage: view.sideStorage != nil))
                return
            }
        }
        others.append(ResponderLink(responder))
        steps.append(Step(identity: identity, place: .other(others.count - 1), hadSideStorage: responder.sideStorage != nil))
    }

    /// Appends the views a began passes through above `view` — which passes it on by default
    /// (``Responder/handlesPressesByDefault``) — while each passes it on by default too: its
    /// superview, theirs, and so on, read from the engine in one call and looked at without
    /// taking a reference. Stops at a view that is a controller's root view (its next responder
    /// is the controller) or does not pass the began on by default, or at the top of the chain
    /// of views; returns the view it stopped at, whose next step is the caller's (`view` when it
    /// appended none).
    ///
    /// Each view's next responder is then its superview, exactly what ``View/next`` answers:
    /// no code outside HitKit runs during the walk, so the hierarchy cannot change under it.
    func appendViews(passingOnFrom view: View) -> View {
        let table = view.context
        guard table === context, table.hasApplication else { return view }
        return table.withChain(of: view) { chain, _ in
            var index = chain.startIndex
            while index + 1 < chain.endIndex {
                // `chain[index]` passes the began on by default: on to its superview, unless it
                // is a controller's root view.
                guard table.withView(for: chain[index], { $0.controllerOfRootView == nil }) ?? false else { break }
                index += 1
                let id = chain[index]
                let passesOn = table.withView(for: id) { superview in
                    steps.append(Step(identity: ObjectIdentifier(superview), place: .view(id),
                                      hadSideStorage: superview.sideStorage != nil))
                    return superview.handlesPressesByDefault
                }
                guard passesOn ?? false else { break }
            }
            // Every id of the chain has a view object (``ViewContext/withChain(of:_:)``).
            return table.view(for: chain[index]) ?? view
        }
    }

    /// Whether the responder of step `index` is alive and its press methods are HitKit's own
    /// (``Responder/handlesPressesByDefault``), asked without taking a reference to it.
    func keepsPressDefaults(at index: Int) -> Bool {
        switch steps[index].place {
        case .view(let id): context?.withView(for: id) { $0.handlesPressesByDefault } ?? false
        case .other(let index): others[index].object?.handlesPressesByDefault ?? false
        }
    }

    /// The responder of step `index`, while it is alive.
    func responder(at index: Int) -> Responder? {
        switch steps[index].place {
        case .view(let id): context?.view(for: id)
        case .other(let index): others[index].object
        }
    }

    /// Whether the responder of step `index` had side storage when it joined the route: one
    /// without had no key commands and no performable actions then.
    func hadSideStorage(at index: Int) -> Bool {
        steps[index].hadSideStorage
    }

    /// The last responder reached, while it is alive.
    var last: Responder? { steps.isEmpty ? nil : responder(at: steps.count - 1) }

    /// Whether `responder` is the last one reached (the one now handling the began).
    func endsAt(_ responder: Responder) -> Bool {
        guard let step = steps.last, step.identity == ObjectIdentifier(responder) else { return false }
        // The identity is the object's only while the object the step was taken for is alive:
        // then no other object can have its address.
        return isAlive(step)
    }

    /// Whether the began reached `responder`.
    func contains(_ responder: Responder) -> Bool {
        let identity = ObjectIdentifier(responder)
        return steps.contains { $0.identity == identity && isAlive($0) }
    }

    /// Whether `predicate` holds for a responder of the route still alive.
    func contains(where predicate: (Responder) -> Bool) -> Bool {
        steps.indices.contains { index in responder(at: index).map(predicate) ?? false }
    }

    private func isAlive(_ step: Step) -> Bool {
        switch step.place {
        case .view(let id): context?.hasView(for: id) ?? false
        case .other(let index): others[index].object != nil
        }
    }
}
