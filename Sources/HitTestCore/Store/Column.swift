/// A manually managed buffer of plain values.
///
/// This is the only place the engine allocates, moves or frees raw memory (the rows' slabs and
/// chunks, ``ChunkSlab`` and ``ColumnChunk``, hold columns). A column never initializes or deinitializes elements one
/// by one: every element type is `BitwiseCopyable`, so growing is a `memcpy` and freeing is a
/// single `deallocate`; its owner frees it. The store's chunk tables (``ChunkedColumn``), its
/// snapshots' (``FrozenColumn``), the query scratch stacks and the wide-container grids'
/// arrays are columns.
@usableFromInline
struct Column<Element: BitwiseCopyable> {
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        self.base = .allocate(capacity: self.capacity)
    }

    /// The column another column allocated at `base` with `capacity` elements, taken back to be
    /// freed by whoever kept only its pointers (a snapshot query's stacks, ``SnapshotHitHost``).
    init(allocatedAt base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// A column whose first element is aligned to `alignment` bytes (a power of two).
    init(capacity: Int, alignment: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity * MemoryLayout<Element>.stride,
                                                alignment: Swift.max(alignment, MemoryLayout<Element>.alignment))
            .bindMemory(to: Element.self, capacity: self.capacity)
    }

    /// A column holding a copy of `elements` (its capacity is their count, at least one).
    init(copying elements: UnsafeBufferPointer<Element>) {
        self.init(capacity: elements.count)
        if let source = elements.baseAddress { base.initialize(from: source, count: elements.count) }
    }

    /// A column of `count` elements, all `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: capacity)
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
