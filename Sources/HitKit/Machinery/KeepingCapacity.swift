// Emptying a reused buffer: `removeAll(keepingCapacity: true)` goes through the standard
// library's general range replacement even when there is nothing to remove, and the delivery
// empties its scratch buffers many times per frame, most of them already empty.

extension Array {
    /// Removes every element, keeping the capacity; nothing to do when already empty.
    mutating func empty() {
        guard !isEmpty else { return }
        // A frame's lists hold a touch or two: popping them costs a few instructions each,
        // where the range replacement costs about 170 however short the list.
        if count <= Self.poppedCount {
            repeat { _ = popLast() } while !isEmpty
        } else {
            removeAll(keepingCapacity: true)
        }
    }

    /// Up to this many elements, ``empty()`` pops them one by one.
    private static var poppedCount: Int { 8 }
}

extension Set {
    /// Removes every element, keeping the capacity; nothing to do when already empty.
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

extension Dictionary {
    /// Removes every entry, keeping the capacity; nothing to do when already empty.
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
