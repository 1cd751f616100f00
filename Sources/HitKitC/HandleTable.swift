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
//   token at all reads only memory that exists; a directory, and each chunk's entry in it, is
//   published with release once the memory it names is initialised and read with acquire, since
//   a lookup reads them before the slot's token (a token may reach another thread by no
//   synchronisation of its own: Tests/CClient's `test_snapshots_handed_over_without_a_lock`);
// - a slot's `access`, `fastPath` and `object` are written under the registry's lock
//   (Handles.swift) while its token is 0, and read by a lookup that found its token (acquire,
//   after the writer's release); `fastPath` alone is written again, under the lock by the owner
//   thread, when its store's views start calling C. Another thread's lookup may read `access` and
//   `fastPath` while the owner rewrites them (a call on the wrong thread, or with a token its
//   owner is destroying meanwhile, whose slot a new handle then takes): read relaxed, they are
//   compared with its own thread and it fails whatever it reads. Every field of a slot is an
//   atomic word (``HandleSlot`` says why);
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

/// One handle's slot. Every field is an atomic word: other threads' lock-free lookups read a
/// slot at any time, and a change of a plain field would be a formal write of the whole slot
/// (Swift's access to `pointee`), which ThreadSanitizer reports against those reads
/// (Tests/CClient/run.sh --sanitize thread). Words written under the lock or by the owner thread
/// alone are read and written relaxed: the lock, or the token's release and acquire, orders them.
struct HandleSlot: ~Copyable {
    /// The live token, or 0: published with release, read with acquire.
    let token = Atomic<UInt>(0)
    /// Lookups of a snapshot under way (any thread); its release waits for them to finish.
    let readers = Atomic<Int>(0)
    /// The thread that made the store or app (its `currentThread`), the only one its calls may
    /// come from, with the kind in the low bits (``fastPathKey(owner:kind:callsOut:)``).
    let access = Atomic<UInt>(0)
    /// What the lock-free path compares in one load: `access`, or 0 for a store one of whose
    /// views has had a C hit-test or point-inside callback (its hit tests may call C, so they
    /// count themselves in, EntryPoints.swift).
    let fastPath = Atomic<UInt>(0)
    /// The box (StoreBox, AppBox or SnapshotBox), retained: its address, or 0.
    let object = Atomic<UInt>(0)
    /// The generation of the slot's next token.
    let generation = Atomic<UInt32>(1)
    /// Hit-test and point-inside callbacks of this store running now: it cannot be destroyed
    /// meanwhile. Its owner thread's alone (see the promise above), so it takes no lock.
    let callbacksRunning = Atomic<Int>(0)
    /// Makes the slot 64 bytes, a cache line (``HandleTable/slotStride``): a lookup then finds a
    /// slot by a shift of its index rather than a multiply (two instructions fewer a call), and no
    /// two slots share a line.
    private let padding: UInt = 0
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

    /// A table's chunks by index: each entry a chunk's address, or 0 until the chunk is made.
    typealias Directory = UnsafeMutablePointer<Atomic<UInt>>

    /// The table's directory of chunks, nil until its first handle.
    @inline(__always)
    var directory: Directory? {
        let address = switch self {
        case .objects: objectDirectory.load(ordering: .acquiring)
        case .snapshots: snapshotDirectory.load(ordering: .acquiring)
        }
        return Directory(bitPattern: address)
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
        let chunkAddress = directory[index >> Self.chunkShift].load(ordering: .acquiring)
        guard let chunk = UnsafeMutablePointer<HandleSlot>(bitPattern: chunkAddress) else { return nil }
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
        if let existing = UnsafeMutablePointer<HandleSlot>(bitPattern: directory[chunkIndex].load(ordering: .relaxed)) {
            chunk = existing
        } else {
            chunk = .allocate(capacity: 1 << Self.chunkShift)
            for offset in 0..<(1 << Self.chunkShift) { (chunk + offset).initialize(to: HandleSlot()) }
            if chunkIndex == 0 { chunk.pointee.token.store(Self.reservedToken, ordering: .relaxed) }
            directory[chunkIndex].store(UInt(bitPattern: chunk), ordering: .releasing)
        }
        return chunk + (index & Self.chunkMask)
    }

    /// A slot's size (``HandleSlot/padding``).
    static let slotStride = 64

    private func makeDirectory() -> Directory {
        precondition(MemoryLayout<HandleSlot>.stride == Self.slotStride, "a handle slot is one cache line")
        let directory = Directory.allocate(capacity: Self.directorySize)
        for index in 0..<Self.directorySize { (directory + index).initialize(to: Atomic(0)) }
        switch self {
        case .objects: objectDirectory.store(UInt(bitPattern: directory), ordering: .releasing)
        case .snapshots: snapshotDirectory.store(UInt(bitPattern: directory), ordering: .releasing)
        }
        return directory
    }
}

// The directories' addresses: statically initialised (no lazy global set-up on the lookup path),
// written once under the registry's lock.
private let objectDirectory = Atomic<UInt>(0)
private let snapshotDirectory = Atomic<UInt>(0)

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
        pointee.fastPath.load(ordering: .relaxed) == fastPathKey(owner: currentThread(), kind: kind)
    }

    /// The store or app of a live slot for a call on its owner thread, if it is of `kind`,
    /// whether or not its queries call C: the lookup of a call that counts itself in, or of one
    /// that calls no C whatever the store's views do.
    @inline(__always)
    func isOwnedByThisThread(as kind: HandleKind) -> Bool {
        pointee.access.load(ordering: .relaxed) == fastPathKey(owner: currentThread(), kind: kind)
    }

    /// The thread that made the slot's store, app or snapshot.
    var owner: UInt { pointee.access.load(ordering: .relaxed) & ~7 }

    /// The slot's box, retained, or nil. Set under the lock.
    var object: Unmanaged<AnyObject>? {
        get { UnsafeRawPointer(bitPattern: pointee.object.load(ordering: .relaxed)).map { Unmanaged.fromOpaque($0) } }
        nonmutating set { pointee.object.store(UInt(bitPattern: newValue?.toOpaque()), ordering: .relaxed) }
    }

    /// The generation of the slot's next token. Set under the lock.
    var generation: UInt32 {
        get { pointee.generation.load(ordering: .relaxed) }
        nonmutating set { pointee.generation.store(newValue, ordering: .relaxed) }
    }

    /// What the slot holds; nil for a slot no handle has had yet (its `access` is still 0).
    var kind: HandleKind? { HandleKind(rawValue: UInt8(pointee.access.load(ordering: .relaxed) & 7)) }

    /// Marks a live store's slot as one whose queries may call C, leaving its owner and kind as
    /// they are. Under the lock.
    func markCallsOut() {
        pointee.fastPath.store(fastPathKey(owner: owner, kind: .store, callsOut: true), ordering: .relaxed)
    }

    /// Runs callbacks of the slot's store on its owner thread: the store cannot be destroyed
    /// until they return (HK_ERR_BUSY).
    @inline(__always)
    func runningCallbacks<T>(_ body: () -> T) -> T {
        let running = pointee.callbacksRunning.load(ordering: .relaxed)
        pointee.callbacksRunning.store(running + 1, ordering: .relaxed)
        defer { pointee.callbacksRunning.store(running, ordering: .relaxed) }
        return body()
    }

    /// Sets a new handle's owner and kind, and the lock-free path's word (no calls out yet).
    /// Under the lock, while the token is 0.
    func setAccess(owner: UInt, kind: HandleKind) {
        precondition(owner & 7 == 0 && owner != 0, "a thread's identity is an aligned pointer")
        let word = fastPathKey(owner: owner, kind: kind)
        pointee.access.store(word, ordering: .relaxed)
        pointee.fastPath.store(word, ordering: .relaxed)
    }

    /// Runs `body` with the slot's object, which the slot keeps alive meanwhile (see the promise
    /// above): no retain, no release.
    @inline(__always)
    func withObject<T: AnyObject, R>(as type: T.Type, _ body: (T) -> R) -> R {
        #if HITKIT_INTERNAL_CHECKS
        return body(object!.takeUnretainedValue() as! T)
        #else
        let address = UnsafeRawPointer(bitPattern: pointee.object.load(ordering: .relaxed)).unsafelyUnwrapped
        return Unmanaged<T>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
        #endif
    }

    /// Counts a snapshot lookup in, if the slot still holds `token` once counted. In this order:
    /// a release withdraws the token and then waits for the readers counted in, so a lookup that
    /// checked the token before counting itself in could read the object the release lets go of
    /// (ReaderPause.swift's pause lets Tests/CClient show that the release waits).
    @inline(__always)
    func enterReader(_ token: UInt) -> Bool {
        // Wrapping: the count is bounded by the threads, so the overflow check `add` makes
        // (a compare-and-swap loop) would buy nothing; this is one locked add.
        pointee.readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        #if HITKIT_INTERNAL_CHECKS
        ReaderPause.point()
        #endif
        if pointee.token.load(ordering: .sequentiallyConsistent) == token { return true }
        leaveReader()
        return false
    }

    @inline(__always)
    func leaveReader() {
        pointee.readers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }
}
