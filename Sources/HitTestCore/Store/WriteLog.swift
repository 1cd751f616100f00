/// The rows (or side units) written since the last snapshot, each listed once.
///
/// Every tracked ``Column`` records its writes here once the store has taken a snapshot, so the
/// next ``ViewStore/snapshot()`` copies k written rows in O(k) instead of comparing n.
@usableFromInline
final class WriteLog {
    /// One bit per index: set while the index is listed in `indices`.
    private var listed: [UInt64] = []
    /// The indices written since ``drain(_:)``, in first-write order.
    private(set) var indices: [Int32] = []

    init() {}

    @usableFromInline
    func record(_ index: Int32) {
        let word = Int(index) >> 6, bit = UInt64(1) << UInt64(Int(index) & 63)
        if word >= listed.count { listed.append(contentsOf: repeatElement(0, count: word - listed.count + 1)) }
        guard listed[word] & bit == 0 else { return }
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
