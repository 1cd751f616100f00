/// 64 consecutive elements of a column, shared by the store's ``ChunkedColumn`` and every
/// snapshot taken while it was current. A chunk made before the store's current epoch belongs to
/// a snapshot too and is never written again (the store writes a copy).
///
/// The elements sit in the live column's slab (``ChunkSlab``) or in a buffer of their own (a
/// chunk copied out of the slab), aligned to a cache line, and never move while the chunk lives,
/// so a flat table can point at them. In a `ManagedBuffer` they followed the object's
/// header, 8 bytes past a 16-byte boundary: every 64-byte row straddled two cache lines.
/// The alignment is also load-bearing: the hit test's plain step reads a row's center and size as
/// aligned 16-byte vectors (`HitTestColumns.plainGeometry`), which the compiler folds into SSE
/// instructions that fault on a misaligned address.
///
/// A column's last chunk may hold fewer elements (``ChunkedColumn/shrink(toFit:)`` cuts it to
/// size); the column never reads or writes past a chunk's ``count``.
final class ColumnChunk<Element: BitwiseCopyable> {
    static var elementCount: Int { 64 }

    /// The first element.
    let elements: UnsafeMutablePointer<Element>
    /// The elements it has room for.
    let count: Int
    /// The slab the chunk was carved from, kept alive by it; `nil` when it owns its elements.
    private let slab: ChunkSlab<Element>?
    /// Its own elements' buffer, when it is not carved from a slab.
    private let buffer: Column<Element>?

    /// A chunk with room for `count` elements (64, or fewer for a column's cut last chunk), in a
    /// buffer of its own.
    init(count: Int = ColumnChunk.elementCount) {
        let buffer = Column<Element>(capacity: count, alignment: 64)
        elements = buffer.base
        self.count = buffer.capacity
        self.buffer = buffer
        slab = nil
    }

    /// Chunk number `number` of `slab`: its elements `number · 64 ..< number · 64 + count`.
    init(number: Int, of slab: ChunkSlab<Element>, count: Int = ColumnChunk.elementCount) {
        elements = slab.base + (number << ChunkedColumn<Element>.chunkShift)
        self.count = count
        self.slab = slab
        buffer = nil
    }

    deinit { buffer?.deallocate() }

    /// Whether the chunk was carved from `slab`.
    func isCarved(from slab: ChunkSlab<Element>?) -> Bool { slab != nil && self.slab === slab }

    /// A copy in a buffer of its own, of the same size.
    func copy() -> ColumnChunk {
        let fresh = ColumnChunk(count: count)
        fresh.elements.initialize(from: elements, count: count)
        return fresh
    }
}

/// One allocation a live column carves its chunks from, chunk `c` at element `c · 64`, so that
/// while every chunk is where it was carved, element `i` is at `base + i` and a query needs no
/// chunk table (``ChunkedColumn/homeBase``). Chunks carved from it keep it alive: a snapshot
/// holding them outlives the column's move to a bigger slab.
final class ChunkSlab<Element: BitwiseCopyable> {
    private let buffer: Column<Element>

    init(capacity: Int) { buffer = Column(capacity: capacity, alignment: 64) }

    deinit { buffer.deallocate() }

    var base: UnsafeMutablePointer<Element> { buffer.base }

    /// Elements it has room for.
    var capacity: Int { buffer.capacity }
}

/// 16 chunks: the unit a snapshot shares above the chunks, so that taking one after k edited
/// rows retains n / 1024 pages plus 16 chunks per edited page, not n / 64 chunks.
final class ChunkPage<Element: BitwiseCopyable> {
    static var chunkShift: Int { 4 }
    static var chunkCount: Int { 1 << chunkShift }

    /// The epoch the page was made in; an older page belongs to a snapshot too.
    let epoch: Int
    // `@exclusivity(unchecked)`: a class's stored `var` otherwise pays a dynamic exclusivity
    // check per access, five per edited row in a snapshot's profile. Only the store's thread
    // writes a page, and only one made in the current epoch, which no snapshot holds yet.
    @exclusivity(unchecked) var chunks: [ColumnChunk<Element>]

    init(epoch: Int, chunks: [ColumnChunk<Element>]) {
        self.epoch = epoch
        self.chunks = chunks
    }
}
