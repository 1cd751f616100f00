/// A recognizer's place in the ``GestureArena`` while it takes part in a sequence of touches
/// (Flutter's `GestureArenaEntry`): the arbitration state of Behaviour A4 lives here, not on the
/// recognizer. The arena owns its entries; a recognizer holds the handle of its entry and resolves
/// through it (``request(_:)``).
///
/// An entry exists from the recognizer's first touch (or first request) of a sequence to its
/// reset; the arena then keeps it for the next recognizer that joins, so entries are not
/// allocated per sequence once the arena is warm.
final class ArenaEntry {
    // An owner's back link (Links.swift): checked with the internal checks, a bare pointer otherwise.
    /// The arena that owns this entry.
    #if HITKIT_INTERNAL_CHECKS
    unowned let arena: GestureArena
    #else
    unowned(unsafe) let arena: GestureArena
    #endif
    /// The recognizer taking part, kept alive while it does; `nil` once it left the arena.
    private(set) var recognizer: GestureRecognizer?

    /// The entry's arbitration state (``Storage``).
    // Fenced (``ExclusivityFence``): only the arena's code changes it (the entry's own methods,
    // `GestureArena*.swift`, and a recognizer dropping one of its touches or requests).
    #if HITKIT_INTERNAL_CHECKS
    var fenced = Storage()
    #else
    @exclusivity(unchecked) var fenced = Storage()
    #endif

    /// Everything the arena changes on an entry, in one place so that one fence covers it: the
    /// recognizer's arbitration state, then the machinery around it.
    struct Storage {
        /// Requested transitions not yet resolved (step 3 resolves them), oldest first.
        var requests = TransitionRequests()
        /// Every touch of the sequence the recognizer did not ignore, ended ones included.
        var sequenceTouches: [Touch] = []
        /// Depth of the recognizer's view below its window when it joined (Behaviour A4 d).
        var priorityDepth = 0
        /// Whether a request waits in the arena's dirty list.
        var isDirty = false
        /// Whether the recognizer waits for others to fail (in the arena's pending list).
        var isPending = false

        /// The entry's place on the arena's work list (``ArenaWorkList``).
        var workListPlace = ArenaWorkList.Place()
        /// The stamp of the last step 2 that listed the entry (``ArenaScratch/nextStamp()``).
        var listedStamp = 0
        /// The last set handed to the recognizer's touch methods (``TouchSetCache``). Only
        /// touches of ``sequenceTouches`` are in it, which the entry holds anyway; an ignored
        /// touch empties it (``ArenaEntry/forgetBatch()``).
        var lastBatch = TouchSetCache()
    }

    // The storage's single values, read and written whole (the lists are changed in place,
    // through ``fenced``, never through a copy).
    var priorityDepth: Int { get { fenced.priorityDepth } set { fenced.priorityDepth = newValue } }
    var isDirty: Bool { get { fenced.isDirty } set { fenced.isDirty = newValue } }
    var isPending: Bool { get { fenced.isPending } set { fenced.isPending = newValue } }
    var listedStamp: Int { get { fenced.listedStamp } set { fenced.listedStamp = newValue } }
    /// When the recognizer joined, against the arena's other entries (a later one is greater):
    /// the order of the arena's list, which the work list keeps.
    var joinOrder: Int { get { fenced.workListPlace.joinOrder } set { fenced.workListPlace.joinOrder = newValue } }
    /// Whether the entry is on the arena's work list.
    var hasWork: Bool { get { fenced.workListPlace.isListed } set { fenced.workListPlace.isListed = newValue } }
    /// How many times a per-frame pass visited the entry while it belonged to this recognizer
    /// (for the tests: an idle entry is not visited).
    var timesVisited: Int { get { fenced.workListPlace.visits } set { fenced.workListPlace.visits = newValue } }

    init(arena: GestureArena) {
        self.arena = arena
    }

    /// Whether the entry still belongs to a recognizer taking part.
    var isInArena: Bool { recognizer != nil }

    /// Asks for a transition; step 3 resolves it (Behaviour A4 a–d). Moves while waiting to
    /// begin collapse into one change.
    func request(_ next: GestureRecognizer.State) {
        if next == .changed && fenced.requests.last == .changed { return }
        fenced.requests.append(next)
        arena.markDirty(self)
    }

    /// Binds the entry to `recognizer` as it joins.
    func bind(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }

    /// The set of the touches of `touches` in `phase` (at least one), lent to one touch call
    /// until ``endLendingBatch()``: the last one again when the touches are the same.
    func beginLendingBatch(of touches: [Touch], in phase: Touch.Phase) -> Set<Touch> {
        fenced.lastBatch.beginLending(of: touches, in: phase)
    }

    /// The touch call that borrowed the set is over.
    func endLendingBatch() {
        fenced.lastBatch.endLending()
    }

    /// Lets go of the last batch (its buffers keep their capacity): at once, or when the call
    /// it is lent to is over.
    func forgetBatch() {
        fenced.lastBatch.forget()
    }

    /// Empties the entry as its recognizer leaves, keeping the buffers' capacity for the next.
    func unbind() {
        forgetBatch()
        recognizer = nil
        fenced.requests.removeAll()
        fenced.sequenceTouches.removeAllKeepingCapacity()
        fenced.priorityDepth = 0
        fenced.isDirty = false
        fenced.isPending = false
        fenced.listedStamp = 0
        fenced.workListPlace = ArenaWorkList.Place()
    }
}

/// A recognizer's requested transitions that step 3 has not resolved yet, oldest first.
///
/// The newest is kept apart from the list: ``GestureRecognizer/requestedState`` reads it on every
/// step of every recognizer, and reading an array's last element through the entry retains and
/// releases the array's buffer around the read.
struct TransitionRequests {
    private var queue: [GestureRecognizer.State] = []
    /// The newest request; `nil` when none waits.
    private(set) var last: GestureRecognizer.State?

    /// The oldest request, the next step 3 resolves.
    var first: GestureRecognizer.State? { queue.first }
    var isEmpty: Bool { last == nil }

    mutating func append(_ state: GestureRecognizer.State) {
        queue.append(state)
        last = state
    }

    mutating func removeFirst() {
        queue.removeFirst()
        if queue.isEmpty { last = nil }
    }

    /// Withdraws the newest request.
    mutating func removeLast() {
        queue.removeLast()
        last = queue.last
    }

    /// Drops every request, keeping the list's capacity for the next sequence.
    mutating func removeAll() {
        queue.removeAllKeepingCapacity()
        last = nil
    }
}
