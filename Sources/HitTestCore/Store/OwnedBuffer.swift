/// A buffer of plain values that owns its memory and frees it itself: the one place the engine
/// allocates, moves and frees raw memory (promise 1 in Promises.swift).
///
/// It cannot be copied, so its memory is freed exactly once, when it goes away. It never
/// initializes or deinitializes elements one by one: every element type is `BitwiseCopyable`, so
/// growing is a `memcpy` and freeing is one call. The rows' slabs and chunks, the chunk tables, a
/// snapshot's tables, the query's scratch stacks and the wide-container grids' lists are buffers.
@usableFromInline
struct OwnedBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// The first element. Elements the owner has not written are uninitialized.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// The elements it has room for (0 only for ``init()``, which allocates nothing).
    @usableFromInline private(set) var capacity: Int

    /// Room for `capacity` elements (at least one).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Room for `capacity` elements (at least one), the first aligned to `alignment` bytes (a
    /// power of two): a chunk's rows start a cache line.
    init(capacity: Int, alignment: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity * MemoryLayout<Element>.stride,
                                                alignment: Swift.max(alignment, MemoryLayout<Element>.alignment))
            .bindMemory(to: Element.self, capacity: self.capacity)
    }

    /// No room and no allocation: a grid's lists before it is built.
    init() {
        capacity = 0
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    }

    /// A copy of `elements` (its capacity is their count, at least one).
    init(copying elements: UnsafeBufferPointer<Element>) {
        self.init(capacity: elements.count)
        if let source = elements.baseAddress { base.initialize(from: source, count: elements.count) }
    }

    /// `count` elements, all `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: capacity)
    }

    /// Takes back the room ``handOver()`` gave away, to free it: a snapshot query keeps the room
    /// its stacks grew into as pointers only (``SnapshotHitHost``).
    init(reclaiming room: UnsafeMutableBufferPointer<Element>) {
        base = room.baseAddress.unsafelyUnwrapped
        capacity = room.count
    }

    /// Gives the room away without freeing it; ``init(reclaiming:)`` takes it back.
    consuming func handOver() -> UnsafeMutableBufferPointer<Element> {
        let room = UnsafeMutableBufferPointer(start: base, count: capacity)
        discard self
        return room
    }

    @inlinable
    deinit {
        if capacity > 0 { base.deallocate() }
    }

    /// Moves to room for `newCapacity` elements (larger, or as small as `count`), keeping the first
    /// `count`. The elements past `count` are uninitialized: callers write an element before they
    /// read it.
    mutating func grow(to newCapacity: Int, keeping count: Int) {
        precondition(newCapacity >= count && count <= capacity, "a buffer cannot shrink below what it keeps")
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(newCapacity, 1))
        fresh.moveInitialize(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = fresh
        capacity = Swift.max(newCapacity, 1)
    }

    /// Element `index`, checked against the room in the checked build.
    @inlinable
    subscript(index: Int) -> Element {
        @inline(__always) get {
            internalCheck(index >= 0 && index < capacity, "buffer index \(index) outside 0..<\(capacity)")
            return base[index]
        }
        @inline(__always) nonmutating set {
            internalCheck(index >= 0 && index < capacity, "buffer index \(index) outside 0..<\(capacity)")
            base[index] = newValue
        }
    }
}
