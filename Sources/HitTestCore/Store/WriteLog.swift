/// The rows (or side units) written since the last snapshot, each listed once.
///
/// Every tracked ``Column`` records its writes here once the store has taken a snapshot, so the
/// next ``ViewStore/snapshot()`` copies k written rows in O(k) instead of comparing n.
@usableFromInline
final class WriteLog {
    // Not `private`: ``record(_:)`` is inlined into every column write.
    // `@exclusivity(unchecked)`: every edit of a store that has taken a snapshot records here,
    // and the dynamic exclusivity check of a class's stored `var` doubled an edit's cost. The log
    // is used from the store's thread only, and no access overlaps another.
    /// One bit per index: set while the index is listed in `indices`.
    @exclusivity(unchecked) @usableFromInline var listed: [UInt64] = []
    /// The indices written since ``drain(_:)``, in first-write order.
    @exclusivity(unchecked) private(set) var indices: [Int32] = []

    init() {}

    /// Lists `index` unless it is listed already (the usual case: one bit test, inlined).
    @inlinable @inline(__always)
    func record(_ index: Int32) {
        let word = Int(index) >> 6
        if word < listed.count && listed[word] & (UInt64(1) << UInt64(Int(index) & 63)) != 0 { return }
        list(index)
    }

    @usableFromInline
    func list(_ index: Int32) {
        let word = Int(index) >> 6, bit = UInt64(1) << UInt64(Int(index) & 63)
        if word >= listed.count { listed.append(contentsOf: repeatElement(0, count: word - listed.count + 1)) }
        listed[word] |= bit
        indices.append(index)
    }

    /// Calls `body` with every index written since the last drain, then forgets them.
    func drain(_ body: (Int32) -> Void) {
        for index in indices {
            body(index)
            listed[Int(index) >> 6] = 0
        }
        indices.removeAll(keepingCapacity: true)
    }
}
