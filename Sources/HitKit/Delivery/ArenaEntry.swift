/// A recognizer's place in the ``GestureArena`` while it takes part in a sequence of touches
/// (Flutter's `GestureArenaEntry`): the arbitration state of Behaviour A4 lives here, not on the
/// recognizer. The arena owns its entries; a recognizer holds the handle of its entry and resolves
/// through it (``request(_:)``).
///
/// An entry exists from the recognizer's first touch (or first request) of a sequence to its
/// reset; the arena then keeps it for the next recognizer that joins, so entries are not
/// allocated per sequence once the arena is warm.
final class ArenaEntry {
    /// The arena that owns this entry.
    unowned let arena: GestureArena
    /// The recognizer taking part, kept alive while it does; `nil` once it left the arena.
    private(set) var recognizer: GestureRecognizer?

    // `@exclusivity(unchecked)` on the fields below: only the arena's code mutates them, and no
    // mutation of one of them calls out to user code while it is under way, so two accesses to
    // the same field never overlap; the dynamic check cost more than the arena's own work.
    /// Requested transitions not yet resolved (step 3 resolves them), oldest first.
    @exclusivity(unchecked) var requests: [GestureRecognizer.State] = []
    /// Every touch of the sequence the recognizer did not ignore, ended ones included.
    @exclusivity(unchecked) var sequenceTouches: [Touch] = []
    /// Depth of the recognizer's view below its window when it joined (Behaviour A4 d).
    @exclusivity(unchecked) var priorityDepth = 0
    /// Whether a request waits in the arena's dirty list.
    @exclusivity(unchecked) var isDirty = false
    /// Whether the recognizer waits for others to fail (in the arena's pending list).
    @exclusivity(unchecked) var isPending = false
    /// Marks the entry while step 2 lists the frame's recognizers.
    @exclusivity(unchecked) var isCollected = false
    /// When the recognizer joined, against the arena's other entries (a later one is greater):
    /// the order of the arena's list, which the work list keeps.
    @exclusivity(unchecked) var joinOrder = 0
    /// Whether the entry is on the arena's work list.
    @exclusivity(unchecked) var hasWork = false
    /// How many times a per-frame pass visited the entry while it belonged to this recognizer
    /// (for the tests: an idle entry is not visited).
    @exclusivity(unchecked) var timesVisited = 0

    /// The last set handed to the recognizer's touch methods, and its touches in frame order:
    /// the next call with the same touches (a pan's fingers, frame after frame) gets the same
    /// set without hashing them again. Only touches of ``sequenceTouches`` are in it, which the
    /// entry holds anyway; an ignored touch empties it (``forgetBatch()``).
    @exclusivity(unchecked) private var lastBatch: Set<Touch> = []
    @exclusivity(unchecked) private var lastBatchTouches: [Touch] = []

    init(arena: GestureArena) {
        self.arena = arena
    }

    /// Whether the entry still belongs to a recognizer taking part.
    var isInArena: Bool { recognizer != nil }

    /// Asks for a transition; step 3 resolves it (Behaviour A4 a–d). Moves while waiting to
    /// begin collapse into one change.
    func request(_ next: GestureRecognizer.State) {
        if next == .changed && requests.last == .changed { return }
        requests.append(next)
        arena.markDirty(self)
    }

    /// Binds the entry to `recognizer` as it joins.
    func bind(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }

    /// The set of the touches of `touches` in `phase` (at least one), for a touch call. A set
    /// is a value: a recognizer that keeps it keeps its own, whatever the entry does next.
    func batch(of touches: [Touch], in phase: Touch.Phase) -> Set<Touch> {
        var count = 0
        var isLast = true
        for touch in touches where touch.phase == phase {
            guard count < lastBatchTouches.count, lastBatchTouches[count] === touch else {
                isLast = false
                break
            }
            count += 1
        }
        if isLast && count == lastBatchTouches.count { return lastBatch }
        forgetBatch()
        for touch in touches where touch.phase == phase {
            lastBatchTouches.append(touch)
            lastBatch.insert(touch)
        }
        return lastBatch
    }

    /// Lets go of the last batch (its buffers keep their capacity).
    func forgetBatch() {
        lastBatch.empty()
        lastBatchTouches.empty()
    }

    /// Empties the entry as its recognizer leaves, keeping the buffers' capacity for the next.
    func unbind() {
        forgetBatch()
        recognizer = nil
        requests.empty()
        sequenceTouches.empty()
        priorityDepth = 0
        isDirty = false
        isPending = false
        isCollected = false
        joinOrder = 0
        hasWork = false
        timesVisited = 0
    }
}
