// The opaque handles C holds, and the checks every call makes on them before touching anything:
// - `hk_store *` and `hk_app *` are tokens, not addresses: a counter that never repeats, so a
//   destroyed app's handle stays stale even when the next app reuses its memory. The registry
//   maps live tokens to their boxes; a freed or made-up pointer is refused, never dereferenced.
// - Each app or store belongs to the thread that created it: any other thread gets
//   HK_ERR_WRONG_THREAD (HitKit's objects are not thread-safe; this makes misuse an error).
// - Each store (an app's included) has an owner tag, carried in the bits of every `hk_view.index`
//   above the row (see ViewHandles.swift): a view of another app or store is HK_ERR_FOREIGN_HANDLE.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HitTestCore

/// A box C reaches through a token: a store or an app, with its owner tag.
protocol HandleBox: AnyObject {
    var tag: Int32 { get }
}

/// The live stores and apps, by token.
final class HandleRegistry: @unchecked Sendable {
    private struct Entry {
        let object: HandleBox
        let owner: pthread_t
        /// Callbacks of this store or app running now (a custom hit test): it cannot be destroyed.
        var callbacksRunning = 0
    }

    private let lock = Lock()
    private var entries: [UInt: Entry] = [:]
    /// Tokens step by 16 from an address no allocation has, and never repeat.
    private var nextToken: UInt = 0x1000_0000
    /// How many live boxes hold each owner tag (1...maxTag): a new store takes a free one.
    private var tagUse = [Int](repeating: 0, count: Int(ViewHandles.maxTag) + 1)
    private var lastTag: Int32 = 0


    /// An owner tag for a new store: the next one no live store holds (round robin), or, with
    /// every tag taken, the least used.
    func newTag() -> Int32 {
        lock.withLock {
            var best = lastTag % ViewHandles.maxTag + 1
            for step in 0..<ViewHandles.maxTag {
                let tag = (lastTag + step) % ViewHandles.maxTag + 1
                if tagUse[Int(tag)] == 0 { best = tag; break }
                if tagUse[Int(tag)] < tagUse[Int(best)] { best = tag }
            }
            lastTag = best
            return best
        }
    }

    /// Keeps `object` alive, owned by the calling thread, and returns its C handle.
    func register(_ object: HandleBox) -> UnsafeMutableRawPointer {
        lock.withLock {
            let token = nextToken
            nextToken += 16
            entries[token] = Entry(object: object, owner: pthread_self())
            tagUse[Int(object.tag)] += 1
            return UnsafeMutableRawPointer(bitPattern: token)!
        }
    }

    /// Lets go of a handle's box; refused while its callbacks run. The box is released after the
    /// lock is dropped (its teardown may run Swift code that looks handles up).
    func unregister(_ pointer: UnsafeRawPointer) throws(CFailure) {
        let token = UInt(bitPattern: pointer)
        let removed: Entry?? = lock.withLock {
            guard let entry = entries[token] else { return .some(nil) }
            if entry.callbacksRunning > 0 { return nil }
            tagUse[Int(entry.object.tag)] -= 1
            return entries.removeValue(forKey: token)
        }
        if removed == nil { throw CFailure(.busy, "\(pointer) cannot be destroyed from inside one of its own callbacks") }
    }

    /// The live object of type `T` behind `pointer`, owned by the calling thread, or the failure.
    func object<T: HandleBox>(_ pointer: UnsafeRawPointer?, as type: T.Type, named name: String) throws(CFailure) -> T {
        guard let pointer else { throw CFailure(.invalidArgument, "the \(name) is NULL") }
        let entry = lock.withLock { entries[UInt(bitPattern: pointer)] }
        guard let entry else { throw CFailure(.staleHandle, "the \(name) \(pointer) is not live (destroyed or never created)") }
        guard pthread_equal(entry.owner, pthread_self()) != 0 else {
            throw CFailure(.wrongThread, "the \(name) \(pointer) belongs to the thread that created it, not this thread")
        }
        guard let typed = entry.object as? T else { throw CFailure(.invalidArgument, "\(pointer) is not an \(name)") }
        ViewHandles.enter(tag: typed.tag)
        try ViewHandles.checkPending()
        return typed
    }

    /// Runs callbacks of the store or app behind `pointer` (it stays alive and undestroyable meanwhile).
    func runningCallbacks<T>(of pointer: UnsafeRawPointer, _ body: () -> T) -> T {
        let token = UInt(bitPattern: pointer)
        lock.withLock { entries[token]?.callbacksRunning += 1 }
        defer { lock.withLock { entries[token]?.callbacksRunning -= 1 } }
        return body()
    }
}

let handles = HandleRegistry()

/// What an `hk_store *` points at: a store owned by C, or an app's store lent to C.
final class StoreBox: HandleBox {
    let store: ViewStore
    /// Set for an app's store: its views' creation and hierarchy go through the app.
    let isBorrowed: Bool
    let tag: Int32

    init(store: ViewStore, isBorrowed: Bool, tag: Int32 = handles.newTag()) {
        self.store = store
        self.isBorrowed = isBorrowed
        self.tag = tag
    }

    /// Refuses structural edits on a borrowed store, which would bypass the app's objects.
    func checkOwned(_ operation: String) throws(CFailure) {
        if isBorrowed {
            throw CFailure(.invalidArgument, "\(operation) is refused on an app's store: use the hk_app_ function")
        }
    }
}

func storeBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> StoreBox {
    try handles.object(pointer, as: StoreBox.self, named: "hk_store")
}

func appBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> AppBox {
    try handles.object(pointer, as: AppBox.self, named: "hk_app")
}

// MARK: Values crossing the boundary

/// The view handle C passed as two scalars. A negative index is "no view".
func viewID(_ index: Int32, _ generation: UInt32) -> ViewID? {
    index < 0 ? nil : ViewHandles.decode(index, generation)
}

/// The view handle C passed, which must name a view.
func requiredViewID(_ index: Int32, _ generation: UInt32, _ role: String = "view") throws(CFailure) -> ViewID {
    guard let id = viewID(index, generation) else { throw CFailure(.invalidArgument, "the \(role) is hk_no_view()") }
    return id
}

/// Checks an out-pointer before the call does anything.
func required<P>(_ pointer: P?, _ name: String = "out") throws(CFailure) -> P {
    guard let pointer else { throw CFailure(.invalidArgument, "the \(name) pointer is NULL") }
    return pointer
}

func requireFinite(_ values: Double..., what: String) throws(CFailure) {
    if values.contains(where: { !$0.isFinite }) { throw CFailure(.invalidArgument, "the \(what) is not finite") }
}
