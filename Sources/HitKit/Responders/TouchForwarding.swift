// The default touch methods pass a call up the responder chain by calling the next responder's
// method, which passes it on in turn: a few stack frames per level, enough to overflow a small
// thread's stack on a chain of a few thousand views. So past `directLimit` nested levels a call
// is queued instead of made, and the outermost forwarding call makes the queued calls in a loop
// after its own returns: the stack stays bounded whatever the depth (Behaviour A3, deep chains).
// Below the limit nothing is queued, and the calls happen exactly as plain recursion makes them.

/// One application's forwarding of touch calls up the responder chain (``ViewContext``).
struct TouchForwarding {
    /// How many forwarding calls may nest before the next is queued: deeper than the chains of
    /// real interfaces, so they see no difference. A level takes about 175 bytes of stack in the
    /// release library and about 1 KiB in a debug build, more under AddressSanitizer: 64 levels
    /// leave most of a 256 KiB thread's stack to the host even then (Docs/CAPI.md).
    static let directLimit = 64

    /// How many forwarding calls of this application are under way on the stack (0: none).
    var depth = 0
    /// Where, in ``pending``, the calls queued since the call now running began start: those
    /// come before anything the call goes on to do, the ones below it after.
    var segmentStart = 0
    /// The calls queued past the limit and not yet made, as a stack: the last is made next.
    var pending: [Pending] = []

    /// A call of a default touch method to the next responder, queued.
    struct Pending {
        let sender: Responder
        let receiver: Responder
        let method: TouchMethod
        let touches: Set<Touch>
        let event: Event?

        /// Makes the call with the touches whose route from ``sender`` still leads to
        /// ``receiver``: a began or moved whose touch the receiver was meanwhile sent its end
        /// for (a view removed in between cancels along the route) is not made. An end used its
        /// route up when it was queued.
        func make() {
            var passed = touches
            if method == .touchesBegan || method == .touchesMoved {
                passed = touches.filter { $0.routeTarget(from: sender, ending: false) === receiver }
                if passed.isEmpty { return }
            }
            receiver.receive(method, passed, with: event)
        }
    }
}

extension ViewContext {
    /// Passes a default touch method's call from `sender` to `receiver`: at once below the limit,
    /// queued past it (or after a call queued before it in the same call, to keep their order).
    @inline(__always)
    func forward(_ method: TouchMethod, _ touches: Set<Touch>, from sender: Responder, to receiver: Responder,
                 with event: Event?) {
        let depth = touchForwarding.depth
        guard depth != 0, depth < TouchForwarding.directLimit,
              touchForwarding.pending.count == touchForwarding.segmentStart else {
            return forwardOutermostOrQueue(method, touches, from: sender, to: receiver, with: event)
        }
        touchForwarding.depth = depth + 1
        receiver.receive(method, touches, with: event)
        touchForwarding.depth = depth
    }

    /// The outermost forwarding call makes its call, then the calls queued under it; any other
    /// call here is queued.
    @inline(never)
    private func forwardOutermostOrQueue(_ method: TouchMethod, _ touches: Set<Touch>, from sender: Responder,
                                         to receiver: Responder, with event: Event?) {
        guard touchForwarding.depth == 0 else {
            touchForwarding.pending.append(.init(sender: sender, receiver: receiver, method: method,
                                                 touches: touches, event: event))
            return
        }
        // Calls queued by a delivery this one is nested in stay below `base`, for it to make.
        let base = touchForwarding.pending.count
        touchForwarding.segmentStart = base
        touchForwarding.depth = 1
        receiver.receive(method, touches, with: event)
        if touchForwarding.pending.count > base { makePendingCalls(downTo: base) }
        touchForwarding.depth = 0
    }

    /// Makes the calls queued above `base`, at depth 1, in the order plain recursion would have
    /// made them: each call's own queued calls (they continue its chain) before the calls queued
    /// beside it. Leaves the depth at 0.
    private func makePendingCalls(downTo base: Int) {
        // Queued in call order; as a stack, the first made must be last.
        touchForwarding.pending[base...].reverse()
        while touchForwarding.pending.count > base {
            let call = touchForwarding.pending.removeLast()
            let start = touchForwarding.pending.count
            touchForwarding.segmentStart = start
            touchForwarding.depth = 1
            call.make()
            touchForwarding.pending[start...].reverse()
        }
        touchForwarding.depth = 0
    }

    /// Runs `body`, the dispatcher's cancellation of touches in their views, as if no forwarding
    /// were under way. One started from inside a forwarding call (a view removed from inside a
    /// touch method) first makes the calls queued before it — recursion would have made them
    /// already — and its own calls reach the top of their chains before it returns, as with
    /// recursion: the touches show `cancelled` throughout, and the removal cancels at once. (A
    /// frame is never delivered from inside another delivery: Behaviour A3, bad input.)
    @inline(__always)
    func deliveringAfresh(_ body: () -> Void) {
        guard touchForwarding.depth != 0 else { return body() }
        deliverNested(body)
    }

    @inline(never)
    private func deliverNested(_ body: () -> Void) {
        let depth = touchForwarding.depth
        let segmentStart = touchForwarding.segmentStart
        touchForwarding.depth = 0
        if touchForwarding.pending.count > segmentStart { makePendingCalls(downTo: segmentStart) }
        body()
        touchForwarding.depth = depth
        touchForwarding.segmentStart = segmentStart
    }
}

extension Touch {
    /// The forwarding state of the touch's application; `nil` for a touch that never had a view
    /// (one no responder is ever sent).
    var forwardingContext: ViewContext? { life.viewLink?.viewContext }
}
