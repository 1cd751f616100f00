/// The scene ids of a scene's responders, by index, and the index of each id: the ids in one
/// array and, to find one, an open-addressing table of 4-byte indices into it.
///
/// A large scene has one entry per view. A `[String: Int32]` stores each key again beside its
/// value (20 bytes a bucket, at most three-quarters full in a power-of-two table: about 52 bytes
/// a view at 100,000 views); this table stores only the index (4 bytes a slot, at most seven
/// eighths full: 5 to 9 bytes a view) and compares against the ids array.
struct SceneIDTable {
    /// The ids, in the order added.
    private var ids: [String] = []
    /// Each slot -1 (empty) or an index into `ids`; a power of two long (or empty).
    private var slots: [Int32] = []

    /// Makes room for `count` ids, so that adding them rehashes nothing.
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        if Self.slotCount(for: count) > slots.count { rehash(slotCount: Self.slotCount(for: count)) }
    }

    /// Adds `id` at the next index (`ids.count`) and returns that index. An id added again now
    /// finds the later index (as assigning a dictionary's key again would).
    @discardableResult
    mutating func append(_ id: String) -> Int32 {
        let index = Int32(ids.count)
        ids.append(id)
        if Self.slotCount(for: ids.count) > slots.count { rehash(slotCount: Self.slotCount(for: ids.count)) }
        let slot = self.slot(of: id)
        slots[slot] = index
        return index
    }

    /// The id at `index`.
    subscript(index: Int) -> String { ids[index] }

    /// The index of `id`, or `nil`.
    func index(of id: String) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let found = slots[slot(of: id)]
        return found < 0 ? nil : found
    }

    /// The slot that holds `id`, or the empty slot where it would go (linear probing).
    private func slot(of id: String) -> Int {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] >= 0 && ids[Int(slots[slot])] != id { slot = (slot + 1) & mask }
        return slot
    }

    /// The smallest power-of-two slot count that holds `count` ids at most seven eighths full.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots / 8 * 7 < count { slots *= 2 }
        return slots
    }

    /// Rebuilds the slots at `slotCount` from the ids (the last of equal ids wins).
    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: -1, count: slotCount)
        for (index, id) in ids.enumerated() { slots[slot(of: id)] = Int32(index) }
    }
}
