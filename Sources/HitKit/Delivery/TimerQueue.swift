/// A scheduled timer, to cancel it.
public struct TimerHandle: Hashable, Sendable {
    let sequence: Int
}

/// The application's one queue of timers (long press, multi-tap timeouts, delayed delivery),
/// ordered by due time, then by the order they were scheduled.
final class TimerQueue {
    private struct Entry {
        let due: Double
        let sequence: Int
        let action: () -> Void
    }

    /// Kept sorted by (due, sequence); timers are few, so an insertion is a short shift.
    private var entries: [Entry] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    /// When the earliest timer is due.
    var nextDue: Double? { entries.first?.due }

    @discardableResult
    func schedule(at due: Double, _ action: @escaping () -> Void) -> TimerHandle {
        let entry = Entry(due: due, sequence: nextSequence, action: action)
        nextSequence += 1
        // After every entry due at or before `due`: equal times fire in scheduling order.
        let index = entries.firstIndex { $0.due > due } ?? entries.endIndex
        entries.insert(entry, at: index)
        return TimerHandle(sequence: entry.sequence)
    }

    /// Returns whether the timer was still pending.
    @discardableResult
    func cancel(_ handle: TimerHandle) -> Bool {
        guard let index = entries.firstIndex(where: { $0.sequence == handle.sequence }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Removes and returns the earliest timer due at or before `time`.
    func popDue(atOrBefore time: Double) -> (due: Double, action: () -> Void)? {
        guard let first = entries.first, first.due <= time else { return nil }
        entries.removeFirst()
        return (first.due, first.action)
    }
}
