// Emptying a reused buffer: `removeAll(keepingCapacity: true)` goes through the standard
// library's general range replacement even when there is nothing to remove, and the delivery
// empties its scratch buffers many times per frame, most of them already empty.

extension Array {
    /// Removes every element, keeping the capacity; nothing to do when already empty. Inlinable,
    /// so the C library's frames get it specialised for their element types.
    @inlinable
    package mutating func removeAllKeepingCapacity() {
        guard !isEmpty else { return }
        // A frame's lists hold a touch or two: popping them costs a few instructions each,
        // where the range replacement costs about 170 however short the list.
        if count <= Self.poppedCount {
            repeat { _ = popLast() } while !isEmpty
        } else {
            removeAll(keepingCapacity: true)
        }
    }

    /// Up to this many elements, ``removeAllKeepingCapacity()`` pops them one by one.
    @usableFromInline static var poppedCount: Int { 8 }

    /// Makes the array `newCount` elements, `element(i)` at index `i`, keeping the capacity. An
    /// array that already holds `newCount` elements (a device's frames carry as many samples
    /// frame after frame) is overwritten in place: one uniqueness check, where emptying it and
    /// appending checks once per element.
    @inlinable
    package mutating func replaceAllKeepingCapacity(count newCount: Int, _ element: (Int) -> Element) {
        guard newCount != count else {
            // An empty array may be the shared empty one: asking for its buffer would allocate.
            guard newCount > 0 else { return }
            withUnsafeMutableBufferPointer { elements in
                for index in elements.indices { elements[index] = element(index) }
            }
            return
        }
        removeAllKeepingCapacity()
        reserveCapacity(newCount)
        for index in 0..<newCount { append(element(index)) }
    }
}

extension Set {
    /// Removes every element, keeping the capacity; nothing to do when already empty.
    mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

extension Dictionary {
    /// Removes every entry, keeping the capacity; nothing to do when already empty.
    mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

/// Lists kept with their capacity from frame to frame, so a frame's working lists allocate
/// nothing once warm. A list is taken out while in use — a nested frame started from a
/// responder takes another — and given back emptied.
struct ScratchPool<Element> {
    private var spare: [[Element]] = []

    /// An empty list, with the capacity an earlier frame gave it.
    mutating func take() -> [Element] {
        spare.popLast() ?? []
    }

    /// Gives `list` back for a later frame; `list` is left empty. It is emptied while it is the
    /// only reference to its buffer, so its capacity is kept rather than copied.
    mutating func give(_ list: inout [Element]) {
        list.removeAllKeepingCapacity()
        spare.append(list)
        list = []
    }
}
