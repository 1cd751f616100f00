// A pause a test can put inside a snapshot lookup, between its two steps (counting itself in,
// checking the token), where a release on another thread must find it. Without it the window is
// a few instructions wide and no test can land a release in it; with it Tests/CClient's
// `test_snapshot_release_waits_for_a_paused_reader` shows that the release waits for a reader
// caught there, and so that the steps come in the order HandleSlot.enterReader says.
//
// Under HITKIT_INTERNAL_CHECKS only: the release library has neither the pause nor its symbols,
// and its lookups stay as they are.

#if HITKIT_INTERNAL_CHECKS
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// One pause at a time: armed by the test, taken by the next lookup, ended by the test.
enum ReaderPause {
    static let idle = 0, armed = 1, paused = 2

    static let state = Atomic<Int>(idle)

    /// Where a lookup stops if the pause is armed, until the test ends the pause; every other
    /// lookup, meanwhile, goes straight on.
    static func point() {
        guard state.compareExchange(expected: armed, desired: paused, ordering: .sequentiallyConsistent).exchanged
        else { return }
        while state.load(ordering: .sequentiallyConsistent) == paused { sched_yield() }
    }
}

/// The next snapshot lookup, on any thread, stops between its two steps.
@_cdecl("hk_checks_arm_reader_pause")
public func hk_checks_arm_reader_pause() {
    ReaderPause.state.store(ReaderPause.armed, ordering: .sequentiallyConsistent)
}

/// 1 while a lookup is stopped at the pause.
@_cdecl("hk_checks_reader_paused")
public func hk_checks_reader_paused() -> Int32 {
    ReaderPause.state.load(ordering: .sequentiallyConsistent) == ReaderPause.paused ? 1 : 0
}

/// Lets the stopped lookup go on (or disarms a pause no lookup took).
@_cdecl("hk_checks_end_reader_pause")
public func hk_checks_end_reader_pause() {
    ReaderPause.state.store(ReaderPause.idle, ordering: .sequentiallyConsistent)
}
#endif
