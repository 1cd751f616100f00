// Visiting a list of objects without counting references to each one.
//
// A loop over an array of objects retains and releases every element it visits, whatever the
// loop does with it: the compiler cannot tell that the array keeps its elements alive. It does,
// for as long as the loop holds the array: an array is a value, so a change to the list it was
// read from (a recognizer removed from a touch during the loop) copies that list first and
// leaves the held array, and every object in it, as it was. These loops read each element as an
// `Unmanaged` reference and lend it to the body for the call (`_withUnsafeGuaranteedRef`): a body
// that keeps an element retains it, as any stored reference does.
//
// Built with `HITKIT_INTERNAL_CHECKS` they are ordinary loops, so the checked tests run every
// caller with counted references.

extension Array where Element: AnyObject {
    /// Calls `body` with each element in order, lending it without a retain (the held array keeps
    /// it alive).
    @inline(__always)
    func forEachHeld(_ body: (Element) throws -> Void) rethrows {
        #if HITKIT_INTERNAL_CHECKS
        for element in self { try body(element) }
        #else
        try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references { try reference._withUnsafeGuaranteedRef(body) }
            }
        }
        #endif
    }

    /// Calls `body` with each element from the last to the first, lending it without a retain
    /// (the held array keeps it alive).
    @inline(__always)
    func forEachHeldFromLast(_ body: (Element) throws -> Void) rethrows {
        #if HITKIT_INTERNAL_CHECKS
        for element in reversed() { try body(element) }
        #else
        try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references.reversed() { try reference._withUnsafeGuaranteedRef(body) }
            }
        }
        #endif
    }

    /// Whether an element satisfies `predicate`, asked in order until one does; each element is
    /// lent without a retain (the held array keeps it alive).
    @inline(__always)
    func containsHeld(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        #if HITKIT_INTERNAL_CHECKS
        return try contains(where: predicate)
        #else
        return try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references where try reference._withUnsafeGuaranteedRef(predicate) { return true }
                return false
            }
        }
        #endif
    }

    /// The index of the first element that satisfies `predicate`, asked in order; each element
    /// is lent without a retain (the held array keeps it alive).
    @inline(__always)
    func firstIndexHeld(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        #if HITKIT_INTERNAL_CHECKS
        return try firstIndex(where: predicate)
        #else
        return try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for index in references.indices where try references[index]._withUnsafeGuaranteedRef(predicate) {
                    return index
                }
                return nil
            }
        }
        #endif
    }

    /// ``containsHeld(where:)`` asked from the last element to the first.
    @inline(__always)
    func containsHeldFromLast(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        #if HITKIT_INTERNAL_CHECKS
        return try reversed().contains(where: predicate)
        #else
        return try withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<Element>.self) { references in
                for reference in references.reversed() where try reference._withUnsafeGuaranteedRef(predicate) { return true }
                return false
            }
        }
        #endif
    }
}
