/// The store's rows (or side units) in 64-element chunks shared copy-on-write with its snapshots.
///
/// Queries read an element through a flat table of chunk addresses (``ChunkTable``): one load
/// more than a flat array, and no copy of the elements is ever needed for a snapshot.
/// Copy-on-write by epoch: ``freeze(count:)`` ends an epoch, and every chunk or page made before
/// the current epoch is shared with a snapshot, so ``writable(_:)`` copies it (once per epoch)
/// before writing. A snapshot thus costs the table of chunk addresses (8 bytes per 64 elements)
/// and one reference per page, and an edit after it copies the one chunk (and page) it writes.
/// Deciding by epoch, not by reference counts, keeps the owner from ever reading a count another
/// thread is changing.
///
/// The chunks are carved in order from one allocation, the slab (``ChunkSlab``), which grows
/// geometrically. While every chunk is where it was carved, element `i` is at `slab + i`
/// (``homeBase``): a query then skips the table (``SlabRows``), and the load it saves was on the
/// critical path from one sibling to the next. A chunk written after a snapshot shared it is
/// copied out of the slab (the snapshot may still be reading it) and stays out until the slab is
/// made again, when the array grows past it or is cut to size; until then queries use the table.
///
/// It cannot be copied: the store holds it in place, so reading it costs no reference counting.
@usableFromInline
struct ChunkedArray<Element: ChunkElement>: ~Copyable {
    @inlinable static var chunkShift: Int { 6 }
    @inlinable static var chunkSize: Int { 1 << chunkShift }
    @inlinable static var chunkMask: Int { chunkSize - 1 }
    private static var pageShift: Int { ChunkPage<Element>.chunkShift }

    /// Each chunk's first element, by chunk number, biased by the chunk's first index (entry `c`
    /// is the address element 0 would have if every chunk were chunk `c`): the table queries read
    /// and snapshots copy. Element `i` is then `table[i >> 6] + i`, without masking `i`; a chunk
    /// in the slab has the slab's first element as its entry.
    @usableFromInline private(set) var table: OwnedBuffer<UnsafeMutablePointer<Element>>
    /// Each chunk's epoch, beside its address: a write to a chunk already copied in this epoch
    /// is one comparison.
    @usableFromInline private(set) var epochs: OwnedBuffer<Int>
    @usableFromInline private(set) var chunkCount = 0
    /// Elements the chunks have room for: 64 a chunk, but the last may have been cut to size
    /// (``shrink(toFit:)``).
    @usableFromInline private(set) var capacity = 0
    @usableFromInline private(set) var epoch = 0
    /// Calls of ``writable(_:)`` so far: anything derived from the elements (a window's hit map)
    /// is still valid while this has not moved.
    @usableFromInline private(set) var writes: UInt64 = 0
    /// The slab's first element while every chunk is in the slab (element `i` is at
    /// `homeBase + i`), else `nil`. Derivable (`chunksAway == 0` and the slab's base), but every
    /// query reads it: kept beside the table, it is one load of the store.
    @usableFromInline private(set) var homeBase: UnsafeMutablePointer<Element>?
    /// Chunks copied out of the slab since it was made.
    private var chunksAway = 0
    /// The owners of the chunks, 16 to a page: a snapshot retains the pages, not each chunk.
    private var pages: [ChunkPage<Element>] = []
    /// The allocation the chunks are carved from.
    private var slab: ChunkSlab<Element>?
    /// What the last ``freeze(count:)`` returned, while nothing has been written since: the next
    /// snapshot shares it instead of copying the address table again.
    private var unchangedSinceFreeze: FrozenChunks<Element>?

    init() {
        table = OwnedBuffer(capacity: 16)
        epochs = OwnedBuffer(capacity: 16)
    }

    /// Bytes of the slab, the chunks copied out of it, and their tables.
    var allocatedBytes: Int {
        ((slab?.capacity ?? 0) + (chunksAway << Self.chunkShift)) * MemoryLayout<Element>.stride
            + table.capacity * (MemoryLayout<UnsafeMutablePointer<Element>>.stride + MemoryLayout<Int>.stride)
            + pages.capacity * MemoryLayout<ChunkPage<Element>>.stride
    }

    /// The flat table of chunk addresses with `count` elements in use, valid until the next edit.
    @inlinable @inline(__always)
    func chunkTable(count: Int) -> ChunkTable<Element> {
        ChunkTable(entries: UnsafePointer(table.base), count: count)
    }

    /// Element `index`, for reading.
    @inlinable @inline(__always)
    func element(_ index: Int) -> CheckedPointer<Element> {
        pointer(index, table.base[index >> Self.chunkShift] + index)
    }

    /// Element `index`, for writing: its chunk is copied first if a snapshot shares it.
    @inlinable @inline(__always)
    mutating func writable(_ index: Int) -> CheckedPointer<Element> {
        let chunk = index >> Self.chunkShift
        writes &+= 1
        if epochs.base[chunk] != epoch { makeWritable(chunk) }
        return pointer(index, table.base[chunk] + index)
    }

    /// Element `index` of `run` (a row's side units), for reading: the checked build makes the
    /// run its room.
    @inlinable @inline(__always)
    func element(_ index: Int, inRun run: @autoclosure () -> Range<Int>) -> CheckedPointer<Element> {
        #if HITKIT_INTERNAL_CHECKS
        return element(index).confined(to: run(), at: index)
        #else
        return element(index)
        #endif
    }

    /// Element `index` of `run`, for writing (see ``element(_:inRun:)``).
    @inlinable @inline(__always)
    mutating func writable(_ index: Int, inRun run: @autoclosure () -> Range<Int>) -> CheckedPointer<Element> {
        #if HITKIT_INTERNAL_CHECKS
        return writable(index).confined(to: run(), at: index)
        #else
        return writable(index)
        #endif
    }

    /// `address`, element `index`'s, as a checked pointer whose room is its chunk.
    @inlinable @inline(__always)
    func pointer(_ index: Int, _ address: UnsafeMutablePointer<Element>) -> CheckedPointer<Element> {
        #if HITKIT_INTERNAL_CHECKS
        internalCheck(index >= 0 && index < capacity, "\(Element.self) \(index) outside 0..<\(capacity)")
        let first = index & ~Self.chunkMask
        let chunkStart = address - (index - first)
        return CheckedPointer(address, room: chunkStart..<chunkStart + Swift.min(Self.chunkSize, capacity - first))
        #else
        return CheckedPointer(address)
        #endif
    }

    @inlinable
    subscript(index: Int32) -> Element {
        get { element(Int(index)).pointee }
        set { writable(Int(index)).pointee = newValue }
    }

    /// Adds chunks until there is room for `count` elements. The slab grows geometrically (at
    /// least doubling), so growing a row at a time copies each element a bounded number of times.
    mutating func reserve(_ count: Int) {
        guard capacity < count else { return }
        let needed = (count + Self.chunkMask) >> Self.chunkShift
        // Whole chunks the slab has room for: a cut last chunk is the slab's end, so it counts
        // as none and the slab is made again, the cut chunk whole.
        let slabChunks = (slab?.capacity ?? 0) >> Self.chunkShift
        if needed > slabChunks { remakeSlab(capacity: Swift.max(needed, 2 * slabChunks) << Self.chunkShift) }
        while chunkCount < needed { appendChunk() }
    }

    /// Drops the chunks past the first `count` elements, cuts the slab (and so the last chunk)
    /// to size, and drops the tables' slack: a 1,000-row store keeps 1,000 rows, not 1,024.
    /// Chunks copied out of the slab come back into the new one.
    mutating func shrink(toFit count: Int) {
        let needed = (count + Self.chunkMask) >> Self.chunkShift
        guard needed < chunkCount || table.capacity > Swift.max(needed, 1) || (slab?.capacity ?? 0) > count
                || chunksAway > 0
        else { return }
        chunkCount = Swift.min(chunkCount, needed)
        table.grow(to: Swift.max(chunkCount, 1), keeping: chunkCount)
        epochs.grow(to: Swift.max(chunkCount, 1), keeping: chunkCount)
        remakeSlab(capacity: count)
    }

    /// Moves the first ``chunkCount`` chunks into a new slab of room for `newCapacity` elements,
    /// each at its place (the last one cut when the room ends inside it), in new pages of the
    /// current epoch. Snapshots keep the old chunks, and through them the old slab. An empty
    /// array's slab has room for one element (``OwnedBuffer``'s least), and no chunk.
    private mutating func remakeSlab(capacity newCapacity: Int) {
        unchangedSinceFreeze = nil
        let fresh = ChunkSlab<Element>(capacity: newCapacity)
        var freshPages: [ChunkPage<Element>] = []
        freshPages.reserveCapacity((chunkCount + ChunkPage<Element>.chunkCount - 1) >> Self.pageShift)
        for chunk in 0..<chunkCount {
            let count = Swift.min(Self.chunkSize, newCapacity - (chunk << Self.chunkShift))
            let moved = Chunk(number: chunk, of: fresh, count: count)
            let source = pages[chunk >> Self.pageShift].chunks[chunk & (ChunkPage<Element>.chunkCount - 1)]
            moved.elements.initialize(from: source.elements, count: Swift.min(source.count, count))
            if chunk & (ChunkPage<Element>.chunkCount - 1) == 0 { freshPages.append(ChunkPage(epoch: epoch, chunks: [])) }
            freshPages[freshPages.count - 1].chunks.append(moved)
            table[chunk] = Self.biased(moved, chunk)
            epochs[chunk] = epoch
        }
        pages = freshPages
        slab = fresh
        homeBase = fresh.base
        chunksAway = 0
        capacity = Swift.min(chunkCount << Self.chunkShift, newCapacity)
    }

    /// The current contents with `count` elements in use, shared: later writes go to copies.
    mutating func freeze(count: Int) -> FrozenChunks<Element> {
        // Every chunk is older than the current epoch (a write would have made a newer one and
        // dropped the frozen array): the same contents, already shared.
        if let unchanged = unchangedSinceFreeze, unchanged.count == count { return unchanged }
        epoch += 1
        let frozen = FrozenChunks(pages: pages, chunkAddresses: UnsafeBufferPointer(start: table.base, count: chunkCount),
                                  homeBase: homeBase, count: count)
        unchangedSinceFreeze = frozen
        return frozen
    }

    /// Copies `chunk` (and its page) out of the snapshots sharing it, and so out of the slab.
    @usableFromInline
    mutating func makeWritable(_ chunk: Int) {
        unchangedSinceFreeze = nil
        let page = writablePage(chunk >> Self.pageShift)
        let slot = chunk & (ChunkPage<Element>.chunkCount - 1)
        let shared = page.chunks[slot]
        if shared.isCarved(from: slab) {
            chunksAway += 1
            homeBase = nil
        }
        let fresh = shared.copy()
        page.chunks[slot] = fresh
        table[chunk] = Self.biased(fresh, chunk)
        epochs[chunk] = epoch
    }

    /// Page `index`, copied first if a snapshot shares it.
    private mutating func writablePage(_ index: Int) -> ChunkPage<Element> {
        if pages[index].epoch != epoch { pages[index] = ChunkPage(epoch: epoch, chunks: pages[index].chunks) }
        return pages[index]
    }

    /// Carves the next chunk from the slab, which ``reserve(_:)`` made room in.
    private mutating func appendChunk() {
        // A snapshot frozen before holds fewer chunks: the next freeze must copy the table.
        unchangedSinceFreeze = nil
        let chunk = Chunk(number: chunkCount, of: slab.unsafelyUnwrapped)
        if chunkCount & (ChunkPage<Element>.chunkCount - 1) == 0 {
            pages.append(ChunkPage(epoch: epoch, chunks: []))
        }
        writablePage(pages.count - 1).chunks.append(chunk)
        if chunkCount == table.capacity {
            table.grow(to: table.capacity * 2, keeping: chunkCount)
            epochs.grow(to: epochs.capacity * 2, keeping: chunkCount)
        }
        table[chunkCount] = Self.biased(chunk, chunkCount)
        epochs[chunkCount] = epoch
        chunkCount += 1
        capacity = chunkCount << Self.chunkShift
    }

    /// Chunk number `number`'s table entry: its first element's address, less the chunk's first
    /// index (never dereferenced as such).
    private static func biased(_ chunk: Chunk<Element>, _ number: Int) -> UnsafeMutablePointer<Element> {
        chunk.elements - (number << chunkShift)
    }

    /// The address of the chunk holding element `index` (tests check which chunks an edit copied).
    func chunkAddress(of index: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(element(index & ~Self.chunkMask).address)
    }
}

extension ChunkedArray where Element == RowRecord {
    /// The rows at the slab's base, `count` of them in use, while every chunk is in the slab.
    @inlinable @inline(__always)
    func slabRows(count: Int) -> SlabRows? {
        homeBase.map { SlabRows(base: $0, count: count) }
    }
}

/// One chunked array as a snapshot holds it: the shared pages (which keep the chunks alive) and its
/// own flat table of chunk addresses, which queries read.
final class FrozenChunks<Element: ChunkElement> {
    private let pages: [ChunkPage<Element>]
    private let table: OwnedBuffer<UnsafeMutablePointer<Element>>
    /// The slab's first element when every chunk was in it at the freeze (element `i` is at
    /// `homeBase + i` for good: frozen chunks never move), else `nil`. The pages keep the slab.
    let homeBase: UnsafeMutablePointer<Element>?
    /// Elements in use at the freeze.
    let count: Int

    init(pages: [ChunkPage<Element>], chunkAddresses: UnsafeBufferPointer<UnsafeMutablePointer<Element>>,
         homeBase: UnsafeMutablePointer<Element>?, count: Int) {
        self.pages = pages
        table = OwnedBuffer(copying: chunkAddresses)
        self.homeBase = homeBase
        self.count = count
    }

    /// The chunk address table, valid while this object lives.
    var chunkTable: ChunkTable<Element> { ChunkTable(entries: UnsafePointer(table.base), count: count) }
}

extension FrozenChunks where Element == RowRecord {
    /// The rows at the slab's base, valid while this object lives, when every chunk was in the
    /// slab at the freeze.
    var slabRows: SlabRows? { homeBase.map { SlabRows(base: $0, count: count) } }
}
