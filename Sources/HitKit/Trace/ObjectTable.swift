/// Values kept for objects without keeping the objects alive (the trace's names and numbers).
///
/// Keyed by identity, checked by a weak reference: an object allocated where a freed one was is
/// not taken for it, and the entries of freed objects are dropped as the table grows.
struct ObjectTable<Value> {
    private var entries: [ObjectIdentifier: (object: WeakReference<AnyObject>, value: Value)] = [:]
    /// The count at which the next insertion first drops the entries of freed objects.
    private var pruneAt = 16

    subscript(object: AnyObject) -> Value? {
        get {
            guard let entry = entries[ObjectIdentifier(object)], entry.object.object === object else { return nil }
            return entry.value
        }
        set {
            let key = ObjectIdentifier(object)
            guard let newValue else {
                entries.removeValue(forKey: key)
                return
            }
            if entries[key] == nil, entries.count >= pruneAt {
                entries = entries.filter { $0.value.object.object != nil }
                // Doubling the live count keeps the pruning's cost constant per insertion.
                pruneAt = max(16, 2 * entries.count)
            }
            entries[key] = (WeakReference(object), newValue)
        }
    }

    /// How many entries are kept, freed objects' included until the next pruning.
    var count: Int { entries.count }
}
