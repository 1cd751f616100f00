// The slots behind the C API's opaque handles, and the one place in HitKitC that reads shared
// memory without a lock: every entry point's first step, so it costs a few loads and compares.
//
// A handle is a token, not an address:  table (4 bits) | generation (32) | slot (24) | 0000.
// `hk_store *` and `hk_app *` live in one table, `hk_snapshot *` in another. A lookup reads the
// slot's chunk from its table's directory and compares the slot's live token with the whole
// token: table, slot and generation in one comparison, no hashing. A freed slot's generation
// moves on, so a destroyed handle stays stale when its slot is reused; no token repeats (a slot
// whose generation would wrap is retired), and no real address (all below 2^60) is a token.
//
// The promise that makes the lock-free reads sound, written here once:
// - chunks and directories are allocated once and never moved or freed, so a lookup given any
//   token at all reads only memory that exists;
// - a slot's `owner`, `kind`, `fastPath` and `object` are written under the registry's lock
//   (Handles.swift) while its token is 0, and read only by a lookup that found its token (acquire,
//   after the writer's release); `fastPath` alone is written again, under the lock by the owner
//   thread, when its store's views start calling C, and read only by that thread's lookups;
// - the object a slot holds is retained by the slot and let go under the lock after the token
//   was withdrawn: a store or app only by its owner thread (never during its own calls), a
//   snapshot only once no reader is left (`readers`);
// - a live slot's `callbacksRunning` is read and written by its owner thread alone, which runs
//   its store's callbacks and alone may destroy it (a destroy checks the thread first).
// Under HITKIT_INTERNAL_CHECKS every lookup is checked against the locked lookup of the
// registry, objects are cast with checked casts and held strongly while they are used.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHitKit
import Synchronization

#if !_pointerBitWidth(_64)
#error("C handles are 64-bit tokens")
#endif

/// What a slot holds.
enum HandleKind: UInt8 {
    case store = 1, app, snapshot
}

/// One handle's slot.
struct HandleSlot: ~Copyable {
    /// The generation of the slot's next token. First: ThreadSanitizer records a change of any of
    /// the fields below `readers` as a write at the slot's first byte (the formal access is to the
    /// whole `pointee`), and only lock holders touch this field, so that record cannot meet a
    /// lock-free reader's atomic load of `token` (Tests/CClient/run.sh --sanitize thread).
    var generation: UInt32 = 1
    /// The live token, or 0: published with release, read with acquire.
    let token = Atomic<UInt>(0)
    /// Lookups of a snapshot under way (any thread); its release waits for them to finish.
    let readers = Atomic<Int>(0)
    /// The thread that made the store or app (its `currentThread`): the only one its calls may
    /// come from.
    var owner: UInt = 0
    var kind = HandleKind.store
    /// What the lock-free path compares in one load (``fastPathKey(owner:kind:callsOut:)``): the
    /// owner, the kind, and for a store whether one of its views has had a C hit-test or
    /// point-inside callback (its hit tests may call C, so they count themselves in, EntryPoints.swift).
    var fastPath: UInt = 0
    /// The box (StoreBox, AppBox or SnapshotBox), retained.
    var object: Unmanaged<AnyObject>?
    /// Hit-test and point-inside callbacks of this store running now: it cannot be destroyed
    /// meanwhile. Its owner thread's alone (see the promise above), so it takes no lock.
    var callbacksRunning = 0
}

/// The calling thread's identity, one load: the thread pointer (Sources/CHitKit/thread_identity.h),
/// unique among live threads.
@inline(__always)
func currentThread() -> UInt {
    hk_internal_thread_identity()
}

/// The two tables (the token's top bits).
enum HandleTable: UInt {
    case objects = 1, snapshots = 2

    static let slotShift = 4, slotBits = 24, generationShift = 28, tableShift = 60
    static let slotMask = (1 << slotBits) - 1
    /// Slots per chunk, as a shift: chunks are allocated as slots are first used.
    static let chunkShift = 8
    static let chunkMask = (1 << chunkShift) - 1
    static let directorySize = 1 << (slotBits - chunkShift)

    typealias Directory = UnsafeMutablePointer<UnsafeMutablePointer<HandleSlot>?>

    /// The table's directory of chunks, nil until its first handle.
    @inline(__always)
    var directory: Directory? {
        switch self {
        case .objects: objectDirectory
        case .snapshots: snapshotDirectory
        }
    }

    func token(slot: Int, generation: UInt32) -> UInt {
        rawValue << Self.tableShift | UInt(generation) << Self.generationShift | UInt(slot) << Self.slotShift
    }

    static func slotIndex(_ token: UInt) -> Int { Int(truncatingIfNeeded: token >> slotShift) & slotMask }
    static func generation(_ token: UInt) -> UInt32 { UInt32(truncatingIfNeeded: token >> generationShift) }

    /// Whether `token` has this table's bits (a token of the table's kind, live or not).
    func owns(_ token: UInt) -> Bool { token >> Self.tableShift == rawValue && token & 15 == 0 }

    /// The token slot 0 of each table keeps, which is not 0 and which no lookup can match: it
    /// names slot 1 (and no table), so any value that lands on slot 0 differs from it. Slot 0 is
    /// never used, so NULL, which names it, finds no free slot's token (0) there, and a lookup
    /// needs no test of its own for NULL.
    static let reservedToken: UInt = 1 << slotShift

    /// The slot a token of this table names, if its chunk exists; neither its token nor its
    /// table bits are checked (a live slot's token has its table's bits). NULL names slot 0.
    @inline(__always)
    func slot(named token: UInt) -> UnsafeMutablePointer<HandleSlot>? {
        guard let directory else { return nil }
        let index = Self.slotIndex(token)
        guard let chunk = directory[index >> Self.chunkShift] else { return nil }
        return chunk + (index & Self.chunkMask)
    }

    /// The slot of a live handle of this table.
    @inline(__always)
    func liveSlot(_ pointer: UnsafeRawPointer?) -> UnsafeMutablePointer<HandleSlot>? {
        let token = UInt(bitPattern: pointer)
        guard let slot = slot(named: token), slot.pointee.token.load(ordering: .acquiring) == token else { return nil }
        return slot
    }

    /// The slot at `index`, its chunk (and the directory) allocated if need be. Under the lock.
    func slot(at index: Int) -> UnsafeMutablePointer<HandleSlot> {
        let directory = self.directory ?? makeDirectory()
        let chunkIndex = index >> Self.chunkShift
        let chunk: UnsafeMutablePointer<HandleSlot>
        if let existing = directory[chunkIndex] {
            chunk = existing
        } else {
            chunk = .allocate(capacity: 1 << Self.chunkShift)
            for offset in 0..<(1 << Self.chunkShift) { (chunk + offset).initialize(to: HandleSlot()) }
            if chunkIndex == 0 { chunk.pointee.token.store(Self.reservedToken, ordering: .relaxed) }
            directory[chunkIndex] = chunk
        }
        return chunk + (index & Self.chunkMask)
    }

    private func makeDirectory() -> Directory {
        let directory = Directory.allocate(capacity: Self.directorySize)
        directory.initialize(repeating: nil, count: Self.directorySize)
        switch self {
        case .objects: objectDirectory = directory
        case .snapshots: snapshotDirectory = directory
        }
        return directory
    }
}

// The directories: statically initialised (no lazy global set-up on the lookup path), written
// once under the registry's lock.
#if HITKIT_INTERNAL_CHECKS
nonisolated(unsafe) private var objectDirectory: HandleTable.Directory? = nil
nonisolated(unsafe) private var snapshotDirectory: HandleTable.Directory? = nil
#else
@exclusivity(unchecked) nonisolated(unsafe) private var objectDirectory: HandleTable.Directory? = nil
@exclusivity(unchecked) nonisolated(unsafe) private var snapshotDirectory: HandleTable.Directory? = nil
#endif

/// The word a slot's lock-free lookup compares (``HandleSlot/fastPath``): the owner thread's
/// identity, which is at least 8-byte aligned (the thread's control block), with the kind in its
/// low bits; 0, which no lookup asks for, for a store whose queries may call C. One load and one
/// compare say "this thread's, of this kind, and a query may take the lock-free path".
@inline(__always)
func fastPathKey(owner: UInt, kind: HandleKind, callsOut: Bool = false) -> UInt {
    kind == .store && callsOut ? 0 : owner | UInt(kind.rawValue)
}

extension UnsafeMutablePointer where Pointee == HandleSlot {
    /// The store or app of a live slot for a call on its owner thread, if it is of `kind`; a
    /// store only if its queries call no C.
    @inline(__always)
    func isOwned(as kind: HandleKind) -> Bool {
        pointee.fastPath == fastPathKey(owner: currentThread(), kind: kind)
    }

    /// The store or app of a live slot for a call on its owner thread, if it is of `kind`,
    /// whether or not its queries call C: the lookup of a call that counts itself in, or of one
    /// that calls no C whatever the store's views do.
    @inline(__always)
    func isOwnedByThisThread(as kind: HandleKind) -> Bool {
        pointee.owner == currentThread() && pointee.kind == kind
    }

    /// Marks a live store's slot as one whose queries may call C, leaving its owner and kind as
    /// they are (other threads' lookups read those without the lock). Under the lock.
    func markCallsOut() {
        pointee.fastPath = fastPathKey(owner: pointee.owner, kind: pointee.kind, callsOut: true)
    }

    /// Runs callbacks of the slot's store on its owner thread: the store cannot be destroyed
    /// until they return (HK_ERR_BUSY).
    @inline(__always)
    func runningCallbacks<T>(_ body: () -> T) -> T {
        pointee.callbacksRunning += 1
        defer { pointee.callbacksRunning -= 1 }
        return body()
    }

    /// Sets a new handle's owner and kind, and the word that sums them up (no calls out yet).
    /// Under the lock, while the token is 0.
    func setAccess(owner: UInt, kind: HandleKind) {
        precondition(owner & 7 == 0 && owner != 0, "a thread's identity is an aligned pointer")
        pointee.owner = owner
        pointee.kind = kind
        pointee.fastPath = fastPathKey(owner: owner, kind: kind)
    }

    /// Runs `body` with the slot's object, which the slot keeps alive meanwhile (see the promise
    /// above): no retain, no release.
    @inline(__always)
    func withObject<T: AnyObject, R>(as type: T.Type, _ body: (T) -> R) -> R {
        #if HITKIT_INTERNAL_CHECKS
        return body(pointee.object!.takeUnretainedValue() as! T)
        #else
        return Unmanaged<T>.fromOpaque(pointee.object.unsafelyUnwrapped.toOpaque())._withUnsafeGuaranteedRef(body)
        #endif
    }

    /// Counts a snapshot lookup in, if the slot still holds `token` once counted.
    @inline(__always)
    func enterReader(_ token: UInt) -> Bool {
        // Wrapping: the count is bounded by the threads, so the overflow check `add` makes
        // (a compare-and-swap loop) would buy nothing; this is one locked add.
        pointee.readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if pointee.token.load(ordering: .sequentiallyConsistent) == token { return true }
        leaveReader()
        return false
    }

    @inline(__always)
    func leaveReader() {
        pointee.readers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
}
