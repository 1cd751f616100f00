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
        target?.receive(.touchesBegan, live, with: event)
    }

    /// Passes touches on to where their began went, one call per receiver, receivers in the
    /// order their touches began. Touches whose began this responder did not pass on, or whose
    /// end it already passed on (`ending` marks an ended or cancelled call), stop here.
    func forwardAlongRoutes(_ touches: Set<Touch>, ending: Bool, _ call: (Responder, Set<Touch>) -> Void) {
        // One touch: one receiver at most, and the set itself can be passed on.
        if touches.count == 1, let touch = touches.first {
            if let receiver = touch.routeTarget(from: self, ending: ending) { call(receiver, touches) }
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
            if !batch.isEmpty { call(receiver, batch) }
        }
    }
}
