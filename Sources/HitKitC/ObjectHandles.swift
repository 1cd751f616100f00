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
    /// The handles given and the next one. Moved near the end only by a test.
    var numbering: HandleSequence

    init(of kind: String) {
        numbering = HandleSequence(of: "\(kind) handle")
    }

    /// The handle the next ``insert(_:for:)`` gives; with none left, HK_ERR_LIMIT. Asked before
    /// an object is made or attached, so that a refused one leaves nothing behind.
    func nextFreeHandle() throws(CFailure) -> Int32 {
        try numbering.peek()
    }

    /// The entry of a live handle.
    subscript(handle: Int32) -> Entry? { entries[handle]?.entry }

    /// The handle of an object in the table.
    func handle(of object: AnyObject) -> Int32? { handles[ObjectIdentifier(object)] }

    /// Keeps `entry`, which holds `object`, under ``nextFreeHandle()``; returns that handle, or
    /// HK_ERR_LIMIT with none left.
    mutating func insert(_ entry: Entry, for object: AnyObject) throws(CFailure) -> Int32 {
        let handle = try numbering.take()
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
