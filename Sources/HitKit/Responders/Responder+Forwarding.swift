// The default touch methods' forwarding: the began goes to `next`, and each touch remembers
// where, so its later calls travel the same route even if the chain changes meanwhile.

extension Responder {
    /// Passes a began to ``next``, recording the route for each touch. A touch whose delivery
    /// ended while this call was under way (its view was removed from inside a touch method) is
    /// not passed on: the responders further up never hear of it, so owe it no end.
    func forwardBegan(_ touches: Set<Touch>, with event: Event?) {
        // Usually every touch is live: pass the set itself on rather than a filtered copy.
        let live = touches.allSatisfy { $0.delivery == .tracking } ? touches : touches.filter { $0.delivery == .tracking }
        guard !live.isEmpty else { return }
        let target = next
        for touch in live { touch.recordRoute(from: self, to: target) }
        guard let target, let carrier = live.first else { return }
        pass(.touchesBegan, live, carriedBy: carrier, to: target, with: event)
    }

    /// Passes touches on to where their began went, one call per receiver, receivers in the
    /// order their touches began. Touches whose began this responder did not pass on, or whose
    /// end it already passed on (an ended or cancelled call), stop here.
    func forwardAlongRoutes(_ method: TouchMethod, _ touches: Set<Touch>, with event: Event?) {
        let ending = method == .touchesEnded || method == .touchesCancelled
        // One touch: one receiver at most, and the set itself can be passed on.
        if touches.count == 1, let touch = touches.first {
            if let receiver = touch.routeTarget(from: self, ending: ending) {
                pass(method, touches, carriedBy: touch, to: receiver, with: event)
            }
            return
        }
        var receivers: [Responder] = []
        var batches: [ObjectIdentifier: Set<Touch>] = [:]
        for touch in touches.sorted(by: { $0.beganSequence < $1.beganSequence }) {
            guard let receiver = touch.routeTarget(from: self, ending: ending) else { continue }
            let key = ObjectIdentifier(receiver)
            if batches[key] == nil { receivers.append(receiver) }
            batches[key, default: []].insert(touch)
        }
        for receiver in receivers {
            var batch = batches[ObjectIdentifier(receiver)]!
            // An earlier receiver's call may have ended some of these touches along this route
            // (a removal from inside it cancels them): those go no further.
            if !ending { batch = batch.filter { $0.routeTarget(from: self, ending: false) === receiver } }
            if let carrier = batch.first { pass(method, batch, carriedBy: carrier, to: receiver, with: event) }
        }
    }

    /// Makes a default touch method's call on the next responder through the forwarding of
    /// `carrier`'s application (TouchForwarding.swift), which keeps the stack bounded.
    @inline(__always)
    private func pass(_ method: TouchMethod, _ touches: Set<Touch>, carriedBy carrier: Touch, to receiver: Responder,
                      with event: Event?) {
        // Every touch a responder is sent had a view, so this has a context.
        guard let context = carrier.forwardingContext else { return receiver.receive(method, touches, with: event) }
        context.forward(method, touches, from: self, to: receiver, with: event)
    }
}

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
        hops.removeAllKeepingCapacity()
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
