import Synchronization

/// A scheduled timer, to cancel it.
public struct TimerHandle: Hashable, Sendable {
    /// The queue that gave it (``TimerQueue/serial``): a handle kept from one application never
    /// names another's timer, its recognizers' included.
    let queue: Int
    let sequence: Int
}

/// The application's one queue of timers (long press, multi-tap timeouts, delayed delivery),
/// ordered by due time, then by the order they were scheduled. Of timers due at one instant, a
/// recognizer's or an interaction's fire first, in their owners' priority order (Behaviour A3).
final class TimerQueue {
    private struct Entry {
        var due: Double
        var sequence: Int
        let action: TimerAction
        /// One of HitKit's own ticks (a discrete scroll's end), ordered after the recognizers'
        /// and interactions' timers due with it even when a recognizer set it.
        let isTick: Bool
        /// How many timers in a row, each set from the last one's frame for an instant already
        /// reached, led to this one (0: set otherwise). Past ``maximumChain`` it waits for the
        /// next frame or advance.
        var chain = 0

        /// The recognizer whose priority orders the timer among those due with it, if any.
        var owner: GestureRecognizer? { isTick ? nil : action.owner }
    }

    private static let queuesMade = Atomic<Int>(0)
    /// This queue's number among those the process made, in its handles.
    private let serial = TimerQueue.queuesMade.add(1, ordering: .relaxed).oldValue

    /// The queue (``Storage``).
    // Fenced (``ExclusivityFence``): only the queue's own methods touch it; a timer's action runs
    // after it was popped.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// The queue's state, in one place so that one fence covers it.
    private struct Storage {
        /// Kept sorted by (due, sequence); timers are few, so an insertion is a short shift.
        var entries: [Entry] = []
        var nextSequence = 0
        /// The frame of the timer firing now: its instant and its ``Entry/chain``.
        var firing: (instant: Double, chain: Int)?
        /// Whether an entry's chain is past ``maximumChain`` (so that a call's end looks at the
        /// entries only then).
        var holdsLongChains = false
    }

    /// How many timers in a row one frame's timer may lead to at the instant it fires, each set
    /// from the last one's frame for an instant already reached: a timer that sets itself again
    /// for now, or for a time that rounds to now on a huge clock, would otherwise keep one
    /// advance from ever returning. As many as the follow-ups of a delivery's end.
    static let maximumChain = DeferredWork.maximumFollowUps

    var isEmpty: Bool { fenced.entries.isEmpty }
    var count: Int { fenced.entries.count }
    /// When the earliest timer is due.
    var nextDue: Double? { fenced.entries.first?.due }

    @discardableResult
    func schedule(at due: Double, _ action: @escaping () -> Void) -> TimerHandle {
        schedule(at: due, .closure(action))
    }

    /// Schedules `action` at `due`; with `isTick`, as one of HitKit's own ticks.
    @discardableResult
    func schedule(at due: Double, _ action: TimerAction, isTick: Bool = false) -> TimerHandle {
        var entry = Entry(due: Self.orderable(due), sequence: fenced.nextSequence, action: action, isTick: isTick)
        entry.chain = chain(leadingTo: entry.due)
        if entry.chain > Self.maximumChain { fenced.holdsLongChains = true }
        fenced.nextSequence += 1
        // After every entry due at or before `due`: equal times fire in scheduling order. Most
        // timers are due after those waiting, so it is put last and swapped back into place.
        fenced.entries.append(entry)
        placeEntry(at: fenced.entries.count - 1)
        return TimerHandle(queue: serial, sequence: entry.sequence)
    }

    /// The ``Entry/chain`` of a timer due at `due` set now: one more than the firing timer's when
    /// set from its frame for an instant already reached.
    private func chain(leadingTo due: Double) -> Int {
        guard let firing = fenced.firing, Clock.hasReached(firing.instant, due) else { return 0 }
        return firing.chain + 1
    }

    /// A NaN time (a host's, or a duration set to NaN) is never due: it waits last, as +∞ does.
    /// Compared as NaN, it would stop the queue's order and every timer behind it.
    private static func orderable(_ due: Double) -> Double { due.isNaN ? .infinity : due }

    /// Swaps the entry at `index` to its place in the sorted queue, the others being sorted:
    /// after every other entry due at or before it, before every one due later.
    private func placeEntry(at index: Int) {
        // Already in place (a timer pushed back alone, or due after every other): nothing moves.
        let due = fenced.entries[index].due
        if (index + 1 == fenced.entries.count || fenced.entries[index + 1].due > due)
            && (index == 0 || fenced.entries[index - 1].due <= due) { return }
        // Swapped through the buffer: the array's `swapAt` copies the entries, each action's
        // closure context and recognizer anchor retained and released at every step.
        fenced.entries.withUnsafeMutableBufferPointer { entries in
            var index = index
            while index + 1 < entries.count && entries[index + 1].due <= due {
                entries.swapAt(index, index + 1)
                index += 1
            }
            while index > 0 && entries[index - 1].due > due {
                entries.swapAt(index, index - 1)
                index -= 1
            }
        }
    }

    /// Moves the pending timer `handle` to `due`, keeping its action, as cancelling it and
    /// scheduling the same action then would (it fires after the timers already due at `due`),
    /// in one step and without copying the action: its new handle, or `nil` when it was not pending.
    func postpone(_ handle: TimerHandle, to due: Double) -> TimerHandle? {
        guard handle.queue == serial,
              let index = fenced.entries.firstIndex(where: { $0.sequence == handle.sequence }) else { return nil }
        let sequence = fenced.nextSequence
        fenced.nextSequence += 1
        fenced.entries[index].due = Self.orderable(due)
        fenced.entries[index].chain = chain(leadingTo: fenced.entries[index].due)
        if fenced.entries[index].chain > Self.maximumChain { fenced.holdsLongChains = true }
        fenced.entries[index].sequence = sequence
        placeEntry(at: index)
        return TimerHandle(queue: serial, sequence: sequence)
    }

    /// Returns whether the timer was still pending.
    @discardableResult
    func cancel(_ handle: TimerHandle) -> Bool {
        guard handle.queue == serial,
              let index = fenced.entries.firstIndex(where: { $0.sequence == handle.sequence }) else { return false }
        fenced.entries.remove(at: index)
        return true
    }

    /// Removes and returns the earliest timer due at or before `time` (``Clock/hasReached(_:_:)``),
    /// passing over those whose chain is too long to fire before the next frame or advance: the
    /// timers due after them still fire in this call, so a runaway chain starves none.
    func popDueTimer(atOrBefore time: Double) -> (due: Double, handle: TimerHandle, action: TimerAction, chain: Int)? {
        var start = 0
        while start < fenced.entries.count && fenced.entries[start].chain > Self.maximumChain { start += 1 }
        guard start < fenced.entries.count, Clock.hasReached(time, fenced.entries[start].due) else { return nil }
        let entry = fenced.entries.remove(at: firstToFire(amongDueAt: fenced.entries[start].due, from: start))
        return (entry.due, TimerHandle(queue: serial, sequence: entry.sequence), entry.action, entry.chain)
    }

    /// Runs `frame`, the frame of a timer whose ``Entry/chain`` is `chain`, at `instant`: the
    /// timers it sets for an instant already reached count as led to by it.
    func firing(at instant: Double, chain: Int, _ frame: () -> Void) {
        let outer = fenced.firing
        fenced.firing = (instant, chain)
        defer { fenced.firing = outer }
        frame()
    }

    /// The end of a call's timers: those whose chain was too long fire at the next frame or
    /// advance, as timers set then.
    // Inlined: every frame and advance asks, and one holds a long chain almost never (a call
    // costs about 13 instructions to read one flag).
    @inline(__always)
    func releaseLongChains() {
        if fenced.holdsLongChains { forgetChains() }
    }

    @inline(never)
    private func forgetChains() {
        fenced.holdsLongChains = false
        for index in fenced.entries.indices where fenced.entries[index].chain != 0 { fenced.entries[index].chain = 0 }
    }

    /// Of the timers due at `due` (within ``Clock/tolerance``), the queue's first ones from
    /// `start` (in the order set) whose chain may fire, the one that fires first: a recognizer's
    /// or an interaction's, in rule d's priority order of their owners (one owner's in the order
    /// set); then the others — HitKit's own ticks and the host's — in the order set.
    private func firstToFire(amongDueAt due: Double, from start: Int) -> Int {
        var first = start
        var index = start + 1
        while index < fenced.entries.count && Clock.hasReached(due, fenced.entries[index].due) {
            defer { index += 1 }
            guard fenced.entries[index].chain <= Self.maximumChain else { continue }
            if let owner = fenced.entries[index].owner {
                if let current = fenced.entries[first].owner {
                    if owner !== current && GestureArena.comesBefore(owner, current) { first = index }
                } else {
                    first = index
                }
            }
        }
        return first
    }

    /// The same as one closure to run.
    func popDue(atOrBefore time: Double) -> (due: Double, action: () -> Void)? {
        guard let (due, handle, action, _) = popDueTimer(atOrBefore: time) else { return nil }
        return (due, { action.run(handle) })
    }
}

/// What a timer runs: the host's closure, or a recognizer's timer (``GestureRecognizer/schedule(after:_:)``).
/// A recognizer's timer keeps the recognizer and its body apart rather than in one capturing
/// closure, so scheduling one allocates nothing (recognizers schedule on most touches).
enum TimerAction {
    case closure(() -> Void)
    /// The recognizer is not kept alive by a pending timer (``RecognizerLink``).
    case recognizer(RecognizerLink<GestureRecognizer>, (GestureRecognizer) -> Void)

    /// The recognizer (or interaction's participant) that set the timer, while it lives.
    var owner: GestureRecognizer? {
        guard case .recognizer(let link, _) = self else { return nil }
        return link.object
    }

    /// Runs the timer whose handle is `handle`.
    func run(_ handle: TimerHandle) {
        switch self {
        case .closure(let action):
            action()
        case .recognizer(let reference, let body):
            guard let recognizer = reference.object else { return }
            recognizer.fenced.timers.removeAll { $0 == handle }
            recognizer.noteArenaWork()  // its last timer may be gone
            body(recognizer)
        }
    }
}

/// The application's time: moved only by input frames and `advance(to:)`, never by a wall clock.
final class Clock {
    /// Times closer than this are one instant. A deadline is worked out in binary (a touch-down at
    /// 1.1 plus 0.35 is 1.4500000000000002), while a scenario or a host writes the instant as a
    /// decimal (1.45): without the tolerance, which side of a deadline a frame falls on would
    /// depend on rounding (Behaviour A3).
    static let tolerance = 1e-9

    /// How close to `deadline` a time is one instant with it: ``tolerance``, or two of a double's
    /// steps where those pass it (from about 2·10⁶ s; an epoch clock's 1.7·10⁹ s has steps of
    /// 2.4·10⁻⁷ s), so that an instant written in decimals still lands on a deadline worked out
    /// in binary at any time.
    static func tolerance(at deadline: Double) -> Double { Swift.max(tolerance, 2 * deadline.ulp) }

    /// Whether `time` is at or after `deadline`, within ``tolerance(at:)``.
    static func hasReached(_ time: Double, _ deadline: Double) -> Bool { time >= deadline - tolerance(at: deadline) }

    /// Whether `time` is after `deadline` by more than ``tolerance(at:)``: "within" a time
    /// includes it.
    static func hasPassed(_ time: Double, _ deadline: Double) -> Bool { time > deadline + tolerance(at: deadline) }

    /// The earliest time a timer set at `time` may be due so that it is not one instant with
    /// `time` (``hasReached(_:_:)`` false there): at times so large that an interval rounds away
    /// (a monotonic clock's nanoseconds passed as seconds), a repeat due within the instant it
    /// was set from would fire again within the same advance, without end.
    static func instant(after time: Double) -> Double { time + 3 * tolerance(at: time) }

    /// Seconds; starts at 0.
    private(set) var now: Double = 0

    /// Why `time` cannot be the new time, or `nil` when it can.
    func problem(with time: Double) -> InputError.Reason? {
        if !time.isFinite { return .nonFiniteTime }
        if time < now { return .timeWentBackwards(now: now, received: time) }
        return nil
    }

    func move(to time: Double) {
        precondition(time >= now, "HitKit: the clock cannot go back")
        now = time
    }
}
