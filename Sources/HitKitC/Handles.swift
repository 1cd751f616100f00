// The opaque handles C holds, and the checks every call makes on them before touching anything:
// - `hk_store *`, `hk_app *` and `hk_snapshot *` are tokens naming a slot and its generation
//   (HandleTable.swift): a destroyed handle stays stale even when the next app reuses its slot
//   or its memory, and a freed or made-up pointer is refused, never dereferenced.
// - Each app or store belongs to the thread that created it: any other thread gets
//   HK_ERR_WRONG_THREAD (HitKit's objects are not thread-safe; this makes misuse an error), and
//   so does every thread once that one has ended, even one given the ended thread's identity.
// - Each store (an app's included) has an owner tag, carried in the bits of every `hk_view.index`
//   above the row (see ViewHandles.swift): a view of another app or store is HK_ERR_FOREIGN_HANDLE.
//
// Entry points find their store or app through the lock-free lookups of EntryPoints.swift; the
// registry below makes and frees handles under its lock, and explains a lookup that failed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHitKit
import HitKit
import HitTestCore

/// A box C reaches through a handle: a store, an app or a snapshot, with its owner tag.
protocol HandleBox: AnyObject, ViewHandleOwner {
    static var kind: HandleKind { get }
}

extension HandleBox {
    static var table: HandleTable { kind == .snapshot ? .snapshots : .objects }
}

/// Makes and frees handles, hands out owner tags, and says why a handle is refused.
final class HandleRegistry: @unchecked Sendable {
    private let lock = Lock()
    /// Per table: slots never used yet start at `slotsUsed`; freed ones wait in `freeSlots`.
    /// Slot 0 is never used (``HandleTable/reservedToken``).
    private var slotsUsed: [HandleTable: Int] = [.objects: 1, .snapshots: 1]
    private var freeSlots: [HandleTable: [Int]] = [.objects: [], .snapshots: []]
    /// How many boxes hold each owner tag (1...maxTag): a new store takes a free one. A store's
    /// box holds it from ``newTag()`` until it is unregistered; an app's, and a snapshot's, which
    /// answers with its store's view handles after the store is gone, while registered.
    private var tagUse = [Int](repeating: 0, count: Int(ViewHandles.maxTag) + 1)
    private var lastTag: Int32 = 0

    /// An owner tag for a new store, held from now on: the next one nothing holds (round robin),
    /// or, with every tag taken, the least used. Chosen and counted under one lock, so that two
    /// stores made at once on two threads never take the same free tag. The store's box keeps
    /// it registered (``register(_:)``) and gives it back when unregistered or refused.
    func newTag() -> Int32 {
        lock.withLock {
            var best = lastTag % ViewHandles.maxTag + 1
            for step in 0..<ViewHandles.maxTag {
                let tag = (lastTag + step) % ViewHandles.maxTag + 1
                if tagUse[Int(tag)] == 0 { best = tag; break }
                if tagUse[Int(tag)] < tagUse[Int(best)] { best = tag }
            }
            lastTag = best
            tagUse[Int(best)] += 1
            return best
        }
    }

    /// The owner a store or app takes when the thread that made it ends: no thread's identity
    /// (a thread pointer is a control block's address, never 8). The C library reuses an ended
    /// thread's control block, and so its identity, for a later thread, which would otherwise
    /// pass the owner-thread check.
    static let endedThread: UInt = 8
    /// The key whose destructor tells the registry that a thread which made stores or apps has
    /// ended (``threadIsEnding(round:)``); nil until the first one is made, or if no key was left.
    private var threadEndKey: pthread_key_t?

    /// The highest slot a handle may take in each table: a token has room for slots up to
    /// `slotMask`. Lowered by a test (in a process of its own) to reach the limit without
    /// 16.7 million live objects.
    var lastSlot = HandleTable.slotMask

    /// Keeps `object` alive, owned by the calling thread, and returns its C handle; with every
    /// slot of its table live, refuses it (HK_ERR_LIMIT) and keeps nothing.
    func register<Box: HandleBox>(_ object: Box) throws(CFailure) -> UnsafeMutableRawPointer {
        let token: UInt? = lock.withLock {
            let table = Box.table
            let index: Int
            if let free = freeSlots[table]!.popLast() {
                index = free
            } else {
                index = slotsUsed[table]!
                guard index <= lastSlot else {
                    // A store's box held its tag since it was made (newTag): refused, it lets go.
                    if Box.kind == .store { tagUse[Int(object.tag)] -= 1 }
                    return nil
                }
                slotsUsed[table] = index + 1
            }
            let slot = table.slot(at: index)
            slot.setAccess(owner: currentThread(), kind: Box.kind)
            slot.object = Unmanaged.passRetained(object as AnyObject)
            slot.pointee.callbacksRunning.store(0, ordering: .relaxed)
            let token = table.token(slot: index, generation: slot.generation)
            slot.pointee.token.store(token, ordering: .releasing)
            if Box.kind != .snapshot { watchThreadEnd() }
            if Box.kind != .store { tagUse[Int(object.tag)] += 1 }
            return token
        }
        guard let token else { throw tableFull(Box.kind) }
        return UnsafeMutableRawPointer(bitPattern: token)!
    }

    /// Arranges for ``threadEnded()`` to run when the calling thread ends. Under the lock.
    private func watchThreadEnd() {
        if threadEndKey == nil {
            var key = pthread_key_t()
            // With every key of the process taken (1,024), an ended thread's stores stay its.
            guard pthread_key_create(&key, { value in handles.threadIsEnding(round: Int(bitPattern: value)) }) == 0 else { return }
            threadEndKey = key
        }
        if let key = threadEndKey, pthread_getspecific(key) == nil {
            pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        }
    }

    /// The destructor of ``threadEndKey``, in the C library's `round` of a thread's destructors
    /// (1 to 4, POSIX's PTHREAD_DESTRUCTOR_ITERATIONS on glibc and musl). Other keys' destructors
    /// may still destroy the thread's apps and stores, on the thread that owns them, in the same
    /// round or a later one (glibc runs a round's destructors in the order the keys were made,
    /// and a host's key may be younger than HitKit's): the key sets itself again, so the hand-off
    /// waits for the third round. Not the fourth: the sanitizers' runtimes finish a thread in
    /// the last round, under a key older than this one, and instrumented code run after that
    /// crashes (ThreadSanitizer's did).
    private func threadIsEnding(round: Int) {
        guard let key = threadEndKey else { return }
        if round < 3 {
            pthread_setspecific(key, UnsafeRawPointer(bitPattern: round + 1))
        } else {
            threadEnded()
        }
    }

    /// The calling thread is ending: the stores and apps it made, leaked with it, go to no
    /// thread (``endedThread``). Its handles are few and its end rare, so every slot is looked at.
    private func threadEnded() {
        let thread = currentThread()
        lock.withLock {
            let table = HandleTable.objects
            for index in 1..<slotsUsed[table]! {
                let slot = table.slot(at: index)
                guard slot.pointee.token.load(ordering: .relaxed) != 0, slot.owner == thread, let kind = slot.kind else { continue }
                slot.setAccess(owner: Self.endedThread, kind: kind)
            }
        }
    }

    /// Why a handle of `kind` was refused: its table has no slot left.
    private func tableFull(_ kind: HandleKind) -> CFailure {
        kind == .snapshot
            ? CFailure(.limit, "\(lastSlot) snapshots are live, the most C handles can name: release one to make room")
            : CFailure(.limit, "\(lastSlot) stores and apps are live (an app counts with its store), the most C handles can name: destroy one to make room")
    }

    /// Lets go of a store's or app's handle; refused while its callbacks run. The box is released
    /// after the lock is dropped (its teardown may run Swift code that looks handles up).
    func unregister(_ pointer: UnsafeRawPointer) throws(CFailure) {
        let token = UInt(bitPattern: pointer)
        let removed: Unmanaged<AnyObject>?? = lock.withLock {
            guard let slot = HandleTable.objects.slot(named: token),
                  slot.pointee.token.load(ordering: .relaxed) == token else { return .some(nil) }
            if slot.pointee.callbacksRunning.load(ordering: .relaxed) > 0 { return nil }
            let object = withdraw(slot)
            tagUse[Int((object.takeUnretainedValue() as! any HandleBox).tag)] -= 1
            free(slot, of: .objects, token: token)
            return object
        }
        guard let removed else {
            throw CFailure(.busy, "\(pointer) cannot be destroyed from inside one of its own callbacks")
        }
        removed?.release()
    }

    /// Lets go of a snapshot (any thread); its memory goes when no other thread's query reads it.
    func releaseSnapshot(_ pointer: UnsafeRawPointer?) throws(CFailure) {
        let token = UInt(bitPattern: pointer)
        let withdrawn = lock.withLock { () -> Result<UnsafeMutablePointer<HandleSlot>, CFailure> in
            guard let slot = HandleTable.snapshots.slot(named: token),
                  slot.pointee.token.load(ordering: .relaxed) == token else { return .failure(snapshotFailure(pointer)) }
            withdrawToken(slot)
            return .success(slot)
        }
        let slot = try withdrawn.get()
        // A query that counted itself in before the token went finishes first, reading the slot's
        // object meanwhile: the object is taken only after it; later queries miss.
        while slot.pointee.readers.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
        let object = lock.withLock { () -> Unmanaged<AnyObject> in
            defer { free(slot, of: .snapshots, token: token) }
            let object = takeObject(slot)
            tagUse[Int((object.takeUnretainedValue() as! SnapshotBox).tag)] -= 1
            return object
        }
        object.release()
    }

    /// Withdraws a slot's token and takes its object, still retained: a store's or an app's,
    /// which only its owner thread reads. Under the lock.
    private func withdraw(_ slot: UnsafeMutablePointer<HandleSlot>) -> Unmanaged<AnyObject> {
        withdrawToken(slot)
        return takeObject(slot)
    }

    /// Withdraws a slot's token (lookups miss it from now on) and moves its generation on, so the
    /// token counts as issued before. Under the lock.
    private func withdrawToken(_ slot: UnsafeMutablePointer<HandleSlot>) {
        slot.pointee.token.store(0, ordering: .sequentiallyConsistent)
        slot.generation &+= 1
    }

    /// Takes a withdrawn slot's object, still retained. Under the lock.
    private func takeObject(_ slot: UnsafeMutablePointer<HandleSlot>) -> Unmanaged<AnyObject> {
        let object = slot.object!
        slot.object = nil
        return object
    }

    /// Makes a withdrawn slot reusable, unless its generation ran out. Under the lock.
    private func free(_ slot: UnsafeMutablePointer<HandleSlot>, of table: HandleTable, token: UInt) {
        if slot.generation != 0 { freeSlots[table]!.append(HandleTable.slotIndex(token)) }
    }

    /// The live store or app of type `T` behind `pointer`, owned by the calling thread, or the
    /// failure: NULL, stale, wrong thread, wrong kind, checked in that order.
    func object<T: HandleBox>(_ pointer: UnsafeRawPointer?, as type: T.Type, named name: String) throws(CFailure) -> T {
        guard let pointer else { throw CFailure(.invalidArgument, "the \(name) is NULL") }
        let token = UInt(bitPattern: pointer)
        let found: (owner: UInt, object: AnyObject)? = lock.withLock {
            guard let slot = HandleTable.objects.slot(named: token),
                  slot.pointee.token.load(ordering: .relaxed) == token else { return nil }
            return (slot.owner, slot.object!.takeUnretainedValue())
        }
        guard let found else { throw CFailure(.staleHandle, "the \(name) \(pointer) is not live (destroyed or never created)") }
        guard found.owner == currentThread() else {
            if found.owner == Self.endedThread {
                throw CFailure(.wrongThread, "the \(name) \(pointer) belonged to a thread that has ended (it was leaked with it)")
            }
            throw CFailure(.wrongThread, "the \(name) \(pointer) belongs to the thread that created it, not this thread")
        }
        guard let typed = found.object as? T else { throw CFailure(.invalidArgument, "\(pointer) is not an \(name)") }
        return typed
    }

    /// The live snapshot behind `pointer`, or why not.
    func snapshot(_ pointer: UnsafeRawPointer?) throws(CFailure) -> SnapshotBox {
        let token = UInt(bitPattern: pointer)
        let found: SnapshotBox? = lock.withLock {
            guard let slot = HandleTable.snapshots.slot(named: token),
                  slot.pointee.token.load(ordering: .relaxed) == token else { return nil }
            return (slot.object!.takeUnretainedValue() as! SnapshotBox)
        }
        guard let found else { throw lock.withLock { snapshotFailure(pointer) } }
        return found
    }

    /// Why `pointer` is not a live snapshot: NULL, released (a token issued before) or never
    /// one. Under the lock.
    private func snapshotFailure(_ pointer: UnsafeRawPointer?) -> CFailure {
        guard let pointer else { return CFailure(.invalidArgument, "the hk_snapshot is NULL") }
        let token = UInt(bitPattern: pointer), table = HandleTable.snapshots
        let index = HandleTable.slotIndex(token)
        let generation = HandleTable.generation(token)
        if table.owns(token), index < slotsUsed[table]!, let slot = table.slot(named: token), generation > 0,
           generation < slot.generation || slot.generation == 0 {
            return CFailure(.staleHandle, "the hk_snapshot \(pointer) was released")
        }
        return CFailure(.foreignHandle, "\(pointer) is not an hk_snapshot (never returned by hk_store_snapshot)")
    }

    /// Whether `pointer` is a live store or app handle of `kind` owned by this thread: the locked
    /// lookup the lock-free one must agree with (checked under HITKIT_INTERNAL_CHECKS; a snapshot
    /// query's is ``isReadableSnapshot(_:)``).
    func isLive(_ pointer: UnsafeRawPointer?, as kind: HandleKind) -> Bool {
        precondition(kind != .snapshot, "a snapshot's lookup is checked by isReadableSnapshot")
        let token = UInt(bitPattern: pointer)
        return lock.withLock {
            guard let slot = HandleTable.objects.slot(named: token),
                  slot.pointee.token.load(ordering: .relaxed) == token else { return false }
            return slot.kind == kind && slot.owner == currentThread()
        }
    }

    /// Whether a snapshot query counted in on `pointer`'s slot may read its object: the handle is
    /// live, or its release has withdrawn the token and waits for the queries counted in, the
    /// object still in the slot (`releaseSnapshot`).
    func isReadableSnapshot(_ pointer: UnsafeRawPointer?) -> Bool {
        let token = UInt(bitPattern: pointer)
        return lock.withLock {
            guard let slot = HandleTable.snapshots.slot(named: token), slot.kind == .snapshot,
                  slot.object != nil else { return false }
            let live = slot.pointee.token.load(ordering: .relaxed)
            return live == token || (live == 0 && slot.generation == HandleTable.generation(token) &+ 1)
        }
    }

    /// Marks a store one of whose views got a C hit-test or point-inside callback: from now on
    /// its queries count themselves in on its owner thread's call state (EntryPoints.swift).
    func noteCallsOut(_ pointer: UnsafeRawPointer) {
        lock.withLock {
            guard let slot = HandleTable.objects.liveSlot(pointer) else { return }
            slot.markCallsOut()
        }
    }
}

let handles = HandleRegistry()

/// What an `hk_store *` points at: a store owned by C, or an app's store lent to C.
final class StoreBox: HandleBox {
    static let kind = HandleKind.store
    let store: ViewStore
    /// The app whose store this is (an app's store only): its façade follows the edits C makes
    /// to the store's views (Application.storeWasEdited). Strong, not weak: a weak reference
    /// gives the application a side table, and every retain and release of it then takes the
    /// runtime's slow path (about 940 instructions of a one-finger touch frame). The app's
    /// handle and this box go together (hk_app_destroy), and nothing the application holds
    /// refers to this box.
    let application: Application?
    /// An app's store: its views' creation and hierarchy go through the app.
    var isBorrowed: Bool { application != nil }
    let tag: Int32
    /// The call state of the thread that made the store, the only one its calls come from: a
    /// query that may call C counts itself in there without looking its thread up
    /// (EntryPoints.swift).
    let ownerCall = CurrentCall.onThisThread

    init(store: ViewStore, application: Application? = nil, tag: Int32 = handles.newTag()) {
        self.store = store
        self.application = application
        self.tag = tag
    }

    /// Refuses structural edits on a borrowed store, which would bypass the app's objects; the
    /// message names `counterpart`, the call that makes the edit through the app.
    func checkOwned(_ operation: String, use counterpart: String) throws(CFailure) {
        if isBorrowed {
            throw CFailure(.invalidArgument, "\(operation) is refused on an app's store: use \(counterpart), which keeps the app's objects in step")
        }
    }
}

func storeBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> StoreBox {
    try handles.object(pointer, as: StoreBox.self, named: "hk_store")
}

/// The app behind `pointer`, for a call that may change it. From inside a hit-test or
/// point-inside callback of one of its views such a call is refused (HK_ERR_BUSY): its store is
/// mid-query, and a change could edit it, which the façade cannot do then.
func appBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> AppBox {
    let box = try appBox(pointer, reading: true)
    if box.store.isRunningHitTestOverride {
        throw CFailure(.busy, "the app cannot be changed from inside a hit-test or point-inside callback of its views (only read)")
    }
    return box
}

/// The app behind `pointer`, for a call that only reads it (`reading` true), which works from
/// inside a hit-test callback too.
func appBox(_ pointer: UnsafeRawPointer?, reading: Bool) throws(CFailure) -> AppBox {
    reading ? try handles.object(pointer, as: AppBox.self, named: "hk_app") : try appBox(pointer)
}

// MARK: Values crossing the boundary

// The checks inline into every entry point; the failures they throw are made and thrown out of
// line, so an entry point keeps no error machinery on the path of its answer.

/// Checks an out-pointer before the call does anything.
@inline(__always)
func required<P>(_ pointer: P?, _ name: StaticString = "out") throws(CFailure) -> P {
    guard let pointer else { try throwNullPointer(name) }
    return pointer
}

// Values are all finite when `v - v` is 0 for each: an infinity or a NaN makes it NaN, which
// no comparison holds. A few floating-point instructions, where `isFinite` masks the bits of each.

@inline(__always)
func requireFinite(_ value: Double, what: StaticString) throws(CFailure) {
    guard value - value == 0 else { try throwNotFinite(what) }
}

@inline(__always)
func requireFinite(_ x: Double, _ y: Double, what: StaticString) throws(CFailure) {
    guard (x - x) + (y - y) == 0 else { try throwNotFinite(what) }
}

/// How many points at the start of a caller's array are finite: `count` when all are. The array
/// calls answer that many and name the next one in their failure.
///
/// One pass first adds each point to a sum and takes it away again, about three and a quarter
/// instructions a point: the sum stays zero while the points are finite, exactly and with no
/// floating-point flag raised (it never holds more than one point, so it cannot overflow), and an
/// infinity or a NaN turns it into NaN for good. So finite points leave the caller's flags as
/// `hk_hit_test_screen` leaves them, and the point-by-point search runs only when a point is not
/// finite. That keeps the check off the answers' loop, where each miss would pay seven
/// instructions for comparing its point.
@inline(__always)
func finitePrefix(_ points: UnsafePointer<hk_point>, _ count: Int) -> Int {
    var next = UnsafeRawPointer(points), even = SIMD2<Double>.zero, odd = SIMD2<Double>.zero
    @inline(__always) func addAndTakeAway(_ index: Int, _ sum: inout SIMD2<Double>) {
        let point = next.loadUnaligned(fromByteOffset: index &* MemoryLayout<hk_point>.stride, as: SIMD2<Double>.self)
        sum = (sum + point) - point
    }
    // Sixteen points a turn, so that the loop's own step and jump cost a fraction of one a point.
    let turnsEnd = next + (count & ~15) &* MemoryLayout<hk_point>.stride
    while next != turnsEnd {
        for index in stride(from: 0, to: 16, by: 2) {
            addAndTakeAway(index, &even)
            addAndTakeAway(index &+ 1, &odd)
        }
        next += 16 &* MemoryLayout<hk_point>.stride
    }
    for index in 0..<(count & 15) { addAndTakeAway(index, &even) }
    return even + odd == .zero ? count : firstNotFinite(points, count)
}

@inline(never)
private func firstNotFinite(_ points: UnsafePointer<hk_point>, _ count: Int) -> Int {
    (0..<count).first { index in
        let coordinates = SIMD2(points[index].x, points[index].y)
        return coordinates - coordinates != .zero
    } ?? count
}

@inline(__always)
func requireFinite(_ x: Double, _ y: Double, _ z: Double, _ w: Double, what: StaticString) throws(CFailure) {
    guard (x - x) + (y - y) + (z - z) + (w - w) == 0 else { try throwNotFinite(what) }
}

@inline(never)
private func throwNullPointer(_ name: StaticString) throws(CFailure) -> Never {
    throw CFailure(.invalidArgument, "the \(name) pointer is NULL")
}

@inline(never)
private func throwNotFinite(_ what: StaticString) throws(CFailure) -> Never {
    throw notFinite(what)
}

@inline(never)
func notFinite(_ what: StaticString) -> CFailure {
    CFailure(.invalidArgument, "the \(what) is not finite")
}
