// State that one thread alone reads and writes: a thread's own call bookkeeping (CurrentCall),
// and the C-side state of an app, which only its owner thread reaches (Handles.swift refuses
// every other thread before a call touches anything).
//
// The promise that lets such state skip Swift's dynamic exclusivity checks, written here once:
// only the thread that made the cell touches it, and each access is a read, a write or a short
// read-modify-write of the value that never calls out (to C, to the façade or to code that could
// reach the same cell) while it lasts, so no two accesses ever overlap. Under
// HITKIT_INTERNAL_CHECKS the checks are back on, and every access also checks the thread.
//
// An app's tables of C handles (its recognizers, controllers, key commands and interactions)
// keep the same promise as plain stored properties marked `@exclusivity(unchecked)` (checked
// again under HITKIT_INTERNAL_CHECKS): a read such as hk_gesture_state_of is a lookup in one of
// them and little else, and a run-time check would be a quarter of its cost.

final class ThreadConfined<Value> {
    #if HITKIT_INTERNAL_CHECKS
    private var storage: Value
    private let thread = currentThread()

    var value: Value {
        _read {
            checkThread()
            yield storage
        }
        _modify {
            checkThread()
            yield &storage
        }
    }

    private func checkThread() {
        precondition(thread == currentThread(), "thread-confined state touched from another thread")
    }
    #else
    @exclusivity(unchecked) var value: Value
    #endif

    init(_ value: Value) {
        #if HITKIT_INTERNAL_CHECKS
        storage = value
        #else
        self.value = value
        #endif
    }
}
