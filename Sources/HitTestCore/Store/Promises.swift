// The engine's promises: what its unsafe code relies on, written once. Each fence in the code
// names the promise it keeps; a build with `-Xswiftc -DHITKIT_INTERNAL_CHECKS` checks them all
// (Scripts/checked-build.sh runs the tests and the engine's fuzz target that way).
//
// 1. Memory. Raw memory is allocated, grown and freed only by ``OwnedBuffer``, which frees itself
//    (it cannot be copied, so it is freed exactly once). Every row record and side unit is read
//    and written through a ``CheckedPointer``, made by ``ChunkTable``, ``SlabRows`` or
//    ``ChunkedArray``: the checked build asserts that its index is in range, that it is aligned
//    (a record to 64 bytes, a side unit to 16) and that every load stays inside its room: a row's
//    side units are its run, a record its chunk or the slab's rows. A query's two stacks (``HitScratch``) stay inside the room their
//    host gives for the whole query, moving only when the host grows it: the checked build
//    asserts it at every push and pop.
//
// 2. Exclusivity. A ``ViewStore`` is used from one thread (it is not `Sendable`), and no access
//    to its state outlives the expression that makes it: the store's three groups of state
//    (``ViewStore/storage``, ``ViewStore/query``, ``ViewStore/lookups``) and a chunk page's list
//    (``ChunkPage/chunks``) are read and written one expression at a time, and no method holds an
//    `inout` to them across a call out (an override closure or a nested query reads and writes
//    them only between the caller's accesses; ``LiveHitHost`` saves and restores the scratch
//    counters around such a call). Edits are refused while a query calls out
//    (``QueryState/queriesCallingOut``), so a closure a query calls cannot change the rows under
//    it. Snapshots read frozen chunks (``FrozenChunks``), never this state. So the dynamic
//    exclusivity check, which a class's stored `var` otherwise pays on every access (it dominated
//    edits and queries in profiles), is skipped there; the checked build keeps it.
//
// 3. Lifetime. A ``StoreLink`` reaches the store without retaining it, and lives no longer than
//    the call of one of the store's own methods (a query's host) or than an expression of the
//    store's own code (a row field): during it, the store is `self` and alive. Retaining it cost
//    a retain and a release per field written. The checked build makes the link `unowned`, which
//    traps instead of reading a freed store.

/// Checks an engine promise in the checked build (`HITKIT_INTERNAL_CHECKS`); compiles to nothing
/// otherwise.
@inlinable @inline(__always)
func internalCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    #if HITKIT_INTERNAL_CHECKS
    precondition(condition(), message())
    #endif
}
