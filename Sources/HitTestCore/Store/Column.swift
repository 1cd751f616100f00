/// One column of the view store: a manually managed buffer of plain values.
///
/// This is the only place the engine allocates, moves or frees raw memory. A column never
/// initializes or deinitializes elements one by one: every element type is `BitwiseCopyable`,
/// so growing is a `memcpy` and freeing is a single `deallocate`. The owner (``ViewStore``)
/// keeps every column at the same capacity and frees them in its `deinit`.
@usableFromInline
struct Column<Element: BitwiseCopyable> {
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        self.base = .allocate(capacity: self.capacity)
    }

    /// Reallocates to `newCapacity` (larger, or as small as `count`), keeping the first `count` elements. The elements past
    /// `count` are uninitialized; callers write a row before they read it.
    mutating func grow(to newCapacity: Int, keeping count: Int) {
        precondition(newCapacity >= count, "a column cannot shrink below its row count")
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    func deallocate() {
        base.deallocate()
    }

    @inlinable
    subscript(row: Int32) -> Element {
        get { base[Int(row)] }
        nonmutating set { base[Int(row)] = newValue }
    }
}
