// The handles C holds for an app's recognizers, controllers, key commands and interactions: an
// entry found from its handle, and a handle from its object, each in one step. C names these
// objects often (a delegate's questions, a responder chain's reads, an action performed), and an
// app may hold thousands of them, so neither direction may search the table.

/// An app's objects of one kind by C handle (1 and up, never given twice), both ways.
///
/// Its promise: an entry keeps its object alive while it is in the table, so the object's
/// identifier names that object alone until its entry is removed.
struct ObjectHandles<Entry> {
    private var entries: [Int32: (entry: Entry, object: ObjectIdentifier)] = [:]
    private var handles: [ObjectIdentifier: Int32] = [:]
    /// The handle the next ``insert(_:for:)`` gives. Set near the end only by a test, to reach
    /// the last handle without two billion objects.
    var nextHandle: Int32 = 1
    /// What the table holds, as an error message names it ("gesture recognizer").
    let kind: String

    init(of kind: String) {
        self.kind = kind
    }

    /// The handle the next ``insert(_:for:)`` gives; with none left, HK_ERR_LIMIT. Asked before
    /// an object is made or attached, so that a refused one leaves nothing behind.
    func nextFreeHandle() throws(CFailure) -> Int32 {
        // A handle is never given twice, so that a stale one can never name a newer object: an
        // app that has made 2^31 - 2 of one kind in its life can make no more of it.
        guard nextHandle < Int32.max else {
            throw CFailure(.limit, "this app has given out every \(kind) handle (\(Int32.max - 1)); handles are never reused")
        }
        return nextHandle
    }

    /// The entry of a live handle.
    subscript(handle: Int32) -> Entry? { entries[handle]?.entry }

    /// The handle of an object in the table.
    func handle(of object: AnyObject) -> Int32? { handles[ObjectIdentifier(object)] }

    /// Keeps `entry`, which holds `object`, under ``nextHandle``; returns that handle, or
    /// HK_ERR_LIMIT with none left (``nextFreeHandle()``).
    mutating func insert(_ entry: Entry, for object: AnyObject) throws(CFailure) -> Int32 {
        let handle = try nextFreeHandle()
        nextHandle += 1
        entries[handle] = (entry, ObjectIdentifier(object))
        handles[ObjectIdentifier(object)] = handle
        return handle
    }

    /// Forgets `handle` and its object; returns its entry, which the caller lets go of (a C
    /// destroy notification may run then, and read the table).
    @discardableResult
    mutating func remove(_ handle: Int32) -> Entry? {
        guard let (entry, object) = entries.removeValue(forKey: handle) else { return nil }
        handles[object] = nil
        return entry
    }
}
