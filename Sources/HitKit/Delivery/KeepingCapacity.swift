// Emptying a reused buffer: `removeAll(keepingCapacity: true)` goes through the standard
// library's general range replacement even when there is nothing to remove, and the delivery
// empties its scratch buffers many times per frame, most of them already empty.

extension Array {
    /// Removes every element, keeping the capacity; nothing to do when already empty.
    mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
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
