// How the engine reaches one row record or side unit: a pointer whose index, alignment and room
// the checked build asserts (promise 1 in Promises.swift), made from the three ways the rows
// are laid out: the live store's chunks (``ChunkedArray``), a chunk table as queries read it
// (``ChunkTable``), or the slab, where row `r` is at its base plus `r` (``SlabRows``).

/// What a ``ChunkedArray`` holds: row records and side units, each kept at an alignment its
/// readers rely on.
@usableFromInline
protocol ChunkElement: BitwiseCopyable {
    /// The alignment every element has in its chunk (chunks start a cache line, and the stride
    /// keeps it): a record starts a cache line, a side unit is read as 16-byte vectors.
    static var alignmentInChunk: Int { get }
}

/// One row record or side unit: the only way the engine reads or writes one.
///
/// In the normal build it is the address and nothing else. In the checked build it also keeps
/// its room (its chunk's elements in use, or the slab's rows), and every step and load asserts
/// that it stays inside and is aligned for what it loads.
@usableFromInline
struct CheckedPointer<Element: ChunkElement> {
    @usableFromInline let address: UnsafeMutablePointer<Element>
    #if HITKIT_INTERNAL_CHECKS
    @usableFromInline let room: Range<UnsafeMutablePointer<Element>>

    /// A pointer into `room`, or to its end (which steps may reach, and loads may not read).
    @inlinable @inline(__always)
    init(_ address: UnsafeMutablePointer<Element>, room: Range<UnsafeMutablePointer<Element>>) {
        internalCheck(room.lowerBound <= address && address <= room.upperBound,
                      "\(Element.self) at \(address) outside its room \(room)")
        internalCheck(Int(bitPattern: address) & (Element.alignmentInChunk - 1) == 0,
                      "\(Element.self) at \(address) not aligned to \(Element.alignmentInChunk)")
        self.address = address
        self.room = room
    }
    #else
    @inlinable @inline(__always)
    init(_ address: UnsafeMutablePointer<Element>) { self.address = address }
    #endif

    /// The element, addressed in place: reading one field loads that field alone.
    @inlinable
    var pointee: Element {
        @inline(__always) unsafeAddress {
            checkAccess(0, Element.self)
            return UnsafePointer(address)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            checkAccess(0, Element.self)
            return address
        }
    }

    /// The element `n` places on, in the same room or at its end (a row's run of side units).
    @inlinable @inline(__always)
    func advanced(by n: Int) -> CheckedPointer {
        #if HITKIT_INTERNAL_CHECKS
        return CheckedPointer(address + n, room: room)
        #else
        return CheckedPointer(address + n)
        #endif
    }

    #if HITKIT_INTERNAL_CHECKS
    /// The same pointer, element `index` of `run`, with the run as its room (a run never straddles
    /// a chunk).
    @inlinable @inline(__always)
    func confined(to run: Range<Int>, at index: Int) -> CheckedPointer {
        internalCheck(run.contains(index), "\(Element.self) \(index) outside its run \(run)")
        let start = address - (index - run.lowerBound)
        internalCheck(room.lowerBound <= start && start + run.count <= room.upperBound,
                      "the run \(run) straddles its chunk")
        return CheckedPointer(address, room: start..<start + run.count)
    }
    #endif

    /// A value of type `T` read `offset` bytes in: a field of a record, two of its doubles as one
    /// vector, a typed view of one side unit or of a run of them.
    @inlinable @inline(__always)
    func load<T: BitwiseCopyable>(fromByteOffset offset: Int = 0, as type: T.Type) -> T {
        checkAccess(offset, T.self)
        return UnsafeRawPointer(address).load(fromByteOffset: offset, as: T.self)
    }

    /// Writes `value` `offset` bytes in.
    @inlinable @inline(__always)
    func storeBytes<T: BitwiseCopyable>(of value: T, toByteOffset offset: Int = 0, as type: T.Type) {
        checkAccess(offset, T.self)
        UnsafeMutableRawPointer(address).storeBytes(of: value, toByteOffset: offset, as: T.self)
    }

    /// In the checked build: `T` at `offset` is aligned and ends inside the room.
    @inlinable @inline(__always)
    func checkAccess<T>(_ offset: Int, _: T.Type) {
        #if HITKIT_INTERNAL_CHECKS
        let start = UnsafeRawPointer(address) + offset
        internalCheck(offset >= 0 && Int(bitPattern: start) & (MemoryLayout<T>.alignment - 1) == 0,
                      "\(T.self) at \(start) not aligned to \(MemoryLayout<T>.alignment)")
        internalCheck(start + MemoryLayout<T>.size <= UnsafeRawPointer(room.upperBound),
                      "\(T.self) at \(start) runs past its room's end \(room.upperBound)")
        #endif
    }
}

/// A chunked array's flat table of chunk addresses, as a query reads it: element `i` is at
/// `entries[i >> 6] + i` (each entry is biased by its chunk's first index, ``ChunkedArray``).
/// Valid while the array is not edited (the live store refuses edits during a query) or, for a
/// snapshot's, while the snapshot lives.
@usableFromInline
struct ChunkTable<Element: ChunkElement> {
    @usableFromInline let entries: UnsafePointer<UnsafeMutablePointer<Element>>
    #if HITKIT_INTERNAL_CHECKS
    /// Elements in use: the checked build refuses an index past them.
    @usableFromInline let count: Int
    #endif

    @inlinable @inline(__always)
    init(entries: UnsafePointer<UnsafeMutablePointer<Element>>, count: Int) {
        self.entries = entries
        #if HITKIT_INTERNAL_CHECKS
        self.count = count
        #endif
    }

    /// Element `index` (≥ 0, as 32 bits: widened without sign extension, which a 32-bit load
    /// has already done).
    @inlinable @inline(__always)
    func element(_ index: Int32) -> CheckedPointer<Element> {
        element(Int(UInt32(bitPattern: index)))
    }

    @inlinable @inline(__always)
    func element(_ index: Int) -> CheckedPointer<Element> {
        let address = entries[index &>> ChunkedArray<Element>.chunkShift] + index
        #if HITKIT_INTERNAL_CHECKS
        internalCheck(index >= 0 && index < count, "\(Element.self) \(index) outside 0..<\(count)")
        let first = index & ~ChunkedArray<Element>.chunkMask
        let chunkStart = address - (index - first)
        return CheckedPointer(address, room: chunkStart..<chunkStart + Swift.min(ChunkedArray<Element>.chunkSize, count - first))
        #else
        return CheckedPointer(address)
        #endif
    }

    /// Element `index` of `run`, a row's side units: the checked build makes the run its room.
    @inlinable @inline(__always)
    func element(_ index: Int, inRun run: @autoclosure () -> Range<Int>) -> CheckedPointer<Element> {
        #if HITKIT_INTERNAL_CHECKS
        let run = run()
        internalCheck(run.upperBound <= count, "the run \(run) past the \(count) \(Element.self)s in use")
        return element(index).confined(to: run, at: index)
        #else
        return element(index)
        #endif
    }
}

/// The rows as a query reads them while every chunk is in the slab: row `r` is at the slab's
/// base plus `r`, so a record's address depends on nothing but its row (or its link, a byte
/// offset from the base: ``RowLink``).
@usableFromInline
struct SlabRows {
    @usableFromInline let base: UnsafeMutablePointer<RowRecord>
    #if HITKIT_INTERNAL_CHECKS
    @usableFromInline let count: Int
    #endif

    @inlinable @inline(__always)
    init(base: UnsafeMutablePointer<RowRecord>, count: Int) {
        self.base = base
        #if HITKIT_INTERNAL_CHECKS
        self.count = count
        #endif
    }

    /// Row `r` (≥ 0).
    @inlinable @inline(__always)
    func row(_ r: Int32) -> RowPointer {
        let address = base + Int(UInt32(bitPattern: r))
        #if HITKIT_INTERNAL_CHECKS
        internalCheck(r >= 0 && Int(r) < count, "row \(r) outside 0..<\(count)")
        return RowPointer(address, room: base..<base + count)
        #else
        return RowPointer(address)
        #endif
    }

    /// The record a link names (not ``RowLink/none``): one add.
    @inlinable @inline(__always)
    func row(link: Int32) -> RowPointer {
        let address = (UnsafeMutableRawPointer(base) + Int(link)).assumingMemoryBound(to: RowRecord.self)
        #if HITKIT_INTERNAL_CHECKS
        internalCheck(link >= 0 && RowLink.row(link) < count, "link \(link) names no row of 0..<\(count)")
        return RowPointer(address, room: base..<base + count)
        #else
        return RowPointer(address)
        #endif
    }

    /// The link of `record`: its byte offset from the base.
    @inlinable @inline(__always)
    func link(of record: RowPointer) -> Int32 {
        Int32(truncatingIfNeeded: UnsafeMutableRawPointer(record.address) - UnsafeMutableRawPointer(base))
    }
}

/// A row's record (``RowRecord``).
@usableFromInline typealias RowPointer = CheckedPointer<RowRecord>
/// A side unit, the first of a row's run (``SideUnit``).
@usableFromInline typealias UnitPointer = CheckedPointer<SideUnit>
