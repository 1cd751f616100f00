/// The dispatcher's and the arena's bookkeeping on one touch: where step 5 is with it, the
/// registry's and the admission counters' marks, the steps' scratch marks and the route its
/// began took. None of it is public; it is kept on the touch (reached without a lookup on every
/// step) but as one value, which a touch's life starts afresh (``Touch/Life``).
struct TouchBookkeeping {
    /// Began order across the application's touches: views are served in this order.
    let beganSequence: Int
    /// What step 5 has done with the touch so far; changes only through ``Touch/transition(to:)``.
    fileprivate(set) var delivery = Touch.Delivery.awaitingBegan
    /// Whether the touch is in its application's registry of fingers down.
    var isRegistered = false
    /// Whether the touch counts in its view's and window's admission counters.
    var isCountedForAdmission = false
    /// Marks the touch while step 1 sets the unchanged fingers stationary.
    var isChangedThisFrame = false
    /// Marks the touch as one of a recognizer's while step 2 picks that recognizer's touches of
    /// the frame (the arena's counter: a stamp never needs clearing).
    var arenaStamp = 0
    /// Marks the touch while step 4's list is made, so it is cancelled once.
    var isQueuedForCancel = false
    /// The finger moved while a recognizer withheld its began: one `touchesMoved` follows the
    /// began when it is released (Behaviour A4 g).
    var movedWhileWithheld = false
    /// The route its began took through default touch methods.
    var route: TouchRoute

    /// A new life's bookkeeping; `route` is an emptied route whose storage is reused.
    init(sequence: Int, route: TouchRoute) {
        beganSequence = sequence
        self.route = route
    }
}

extension Touch {
    /// What step 5 of the delivery has done with this touch so far. It changes only through
    /// ``transition(to:)``.
    enum Delivery {
        /// Not yet offered to its view.
        case awaitingBegan
        /// Accepted by its view's multiple- and exclusive-touch rules; `touchesBegan` is on its way.
        case admitted
        /// Its view received `touchesBegan`; it will receive exactly one end or cancel.
        case tracking
        /// Never delivered to a view (no view, or refused by the multiple- or exclusive-touch rules).
        case refused
        /// Its view received the end or cancel; nothing more goes to views.
        case finished

        /// Whether a touch may go from this state to `next`.
        func allows(_ next: Delivery) -> Bool {
            switch (self, next) {
            case (.awaitingBegan, .admitted), (.awaitingBegan, .refused): true
            case (.admitted, .tracking), (.admitted, .refused): true
            case (.tracking, .tracking), (.tracking, .finished): true
            default: false
            }
        }

        /// Whether a touch in this state holds its view (the multiple- and exclusive-touch rules).
        var holdsItsView: Bool { self == .admitted || self == .tracking }

        /// Whether step 5 may still deliver something of the touch to its view.
        var isOpen: Bool { self != .refused && self != .finished }
    }

    // The bookkeeping's fields under the names the delivery code uses. `_modify` lends the
    // stored field itself, so an in-place change copies nothing.
    var beganSequence: Int { life.bookkeeping.beganSequence }
    var delivery: Delivery { life.bookkeeping.delivery }
    var isRegistered: Bool {
        get { life.bookkeeping.isRegistered }
        _modify { yield &life.bookkeeping.isRegistered }
    }
    var isCountedForAdmission: Bool {
        get { life.bookkeeping.isCountedForAdmission }
        _modify { yield &life.bookkeeping.isCountedForAdmission }
    }
    var isChangedThisFrame: Bool {
        get { life.bookkeeping.isChangedThisFrame }
        _modify { yield &life.bookkeeping.isChangedThisFrame }
    }
    var arenaStamp: Int {
        get { life.bookkeeping.arenaStamp }
        _modify { yield &life.bookkeeping.arenaStamp }
    }
    var isQueuedForCancel: Bool {
        get { life.bookkeeping.isQueuedForCancel }
        _modify { yield &life.bookkeeping.isQueuedForCancel }
    }
    var movedWhileWithheld: Bool {
        get { life.bookkeeping.movedWhileWithheld }
        _modify { yield &life.bookkeeping.movedWhileWithheld }
    }

    /// The one place ``delivery`` changes: checks the transition and keeps the admission
    /// counters (``TouchAdmission``) in step.
    func transition(to next: Delivery) {
        let current = life.bookkeeping.delivery
        assert(current.allows(next), "HitKit: touch delivery cannot go from \(current) to \(next)")
        guard current != next else { return }
        life.bookkeeping.delivery = next
        if next == .admitted && isRegistered {
            TouchAdmission.count(self)
        } else if !next.holdsItsView && isCountedForAdmission {
            TouchAdmission.uncount(self)
        }
    }

    func recordRoute(from responder: Responder, to next: Responder?) {
        life.bookkeeping.route.record(from: responder, to: next)
    }

    /// Where `responder` passed this touch's began, if it did (see ``TouchRoute/target(from:ending:)``).
    func routeTarget(from responder: Responder, ending: Bool) -> Responder? {
        life.bookkeeping.route.target(from: responder, ending: ending)
    }
}
