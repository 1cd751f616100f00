/// The route a touch's began took through default touch methods (Behaviour A5): which responder
/// passed it to which, so that its end follows the same route.
struct TouchRoute {
    /// One step of the route.
    private struct Hop {
        // Links, not weak references: a weak reference would slow every retain of a view
        // (ResponderLink).
        let from: ResponderLink
        let to: ResponderLink?
        /// `to`'s identity: once `to` is freed, its own hop carries the route on.
        let toID: ObjectIdentifier?
    }
    /// The route, by the identity of the responder that passed the began on.
    private var hops: [ObjectIdentifier: Hop] = [:]

    /// This route emptied, its storage kept for a new touch's.
    consuming func emptied() -> TouchRoute {
        hops.empty()
        return self
    }

    mutating func record(from responder: Responder, to next: Responder?) {
        hops[ObjectIdentifier(responder)] = Hop(from: ResponderLink(responder), to: next.map(ResponderLink.init),
                                                toID: next.map(ObjectIdentifier.init))
    }

    /// Where `responder` passed the began, if it did. With `ending`, the hop is used up: a route
    /// carries one end (ended or cancelled) and nothing after it, so a call that resumes after a
    /// removal cancelled the touch from inside it is not passed on.
    ///
    /// A responder of the route freed since the began (removed from its window's hierarchy after
    /// its subview moved elsewhere in that window) is passed over: the call goes on to where that
    /// responder had passed the began, so the responders beyond it still get their end.
    mutating func target(from responder: Responder, ending: Bool) -> Responder? {
        let key = ObjectIdentifier(responder)
        guard var hop = hops[key], hop.from.object === responder else { return nil }
        if ending { hops[key] = nil }
        // A freed responder's hop has no `from` any more (one with a live `from` belongs to a new
        // object at the same address). At most one step per hop, so the walk always ends.
        var steps = hops.count
        while hop.to?.object == nil, steps > 0, let freed = hop.toID, let next = hops[freed], next.from.object == nil {
            if ending { hops[freed] = nil }
            hop = next
            steps -= 1
        }
        return hop.to?.object
    }
}
