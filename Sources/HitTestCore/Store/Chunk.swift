/// 64 consecutive elements of a ``ChunkedArray``, shared by the live array and every snapshot
/// taken while it was current. A chunk made before the array's current epoch belongs to a
/// snapshot too and is never written again (the array writes a copy).
///
/// The elements sit in the live array's slab (``ChunkSlab``) or in a buffer of their own (a chunk
/// copied out of the slab), aligned to a cache line, and never move while the chunk lives, so a
/// flat table can point at them. The alignment is load-bearing: a row record is 64 bytes, so
/// each starts a cache line, and the hit test reads a record's center and size, and a reach
/// unit's corners, as aligned 16-byte vectors, which the compiler folds into SSE instructions that
/// fault on a misaligned address.
///
/// An array's last chunk may hold fewer elements (``ChunkedArray/shrink(toFit:)`` cuts it to
/// size); the array never reads or writes past a chunk's ``count``.
final class Chunk<Element: ChunkElement> {
    /// The first element.
    let elements: UnsafeMutablePointer<Element>
    /// The elements it has room for.
    let count: Int
    /// The slab the chunk was carved from, kept alive by it; `nil` when it owns its elements.
    private let slab: ChunkSlab<Element>?
    /// Its own elements, when it is not carved from a slab.
    private let buffer: OwnedBuffer<Element>?

    /// A chunk with room for `count` elements (64, or fewer for an array's cut last chunk), in a
    /// buffer of its own.
    init(count: Int = ChunkedArray<Element>.chunkSize) {
        let buffer = OwnedBuffer<Element>(capacity: count, alignment: 64)
        elements = buffer.base
        self.count = buffer.capacity
        self.buffer = consume buffer
        slab = nil
    }

    /// Chunk number `number` of `slab`: its elements `number · 64 ..< number · 64 + count`.
    init(number: Int, of slab: ChunkSlab<Element>, count: Int = ChunkedArray<Element>.chunkSize) {
        elements = slab.base + (number << ChunkedArray<Element>.chunkShift)
        self.count = count
        self.slab = slab
        buffer = nil
    }

    /// Whether the chunk was carved from `slab`.
    func isCarved(from slab: ChunkSlab<Element>?) -> Bool { slab != nil && self.slab === slab }

    /// A copy in a buffer of its own, of the same size.
    func copy() -> Chunk {
        let fresh = Chunk(count: count)
        fresh.elements.initialize(from: elements, count: count)
        return fresh
    }
}

/// One allocation a live array carves its chunks from, chunk `c` at element `c · 64`, so that
/// while every chunk is where it was carved, element `i` is at `base + i` and a query needs no
/// chunk table (``SlabRows``). Chunks carved from it keep it alive: a snapshot holding them
/// outlives the array's move to a bigger slab.
final class ChunkSlab<Element: ChunkElement> {
    private let buffer: OwnedBuffer<Element>

    init(capacity: Int) { buffer = OwnedBuffer(capacity: capacity, alignment: 64) }

    var base: UnsafeMutablePointer<Element> { buffer.base }

    /// Elements it has room for.
    var capacity: Int { buffer.capacity }
}

/// 16 chunks: the unit a snapshot shares above the chunks, so that taking one after k edited
/// rows retains n / 1024 pages plus 16 chunks per edited page, not n / 64 chunks.
final class ChunkPage<Element: ChunkElement> {
    static var chunkShift: Int { 4 }
    static var chunkCount: Int { 1 << chunkShift }

    /// The epoch the page was made in; an older page belongs to a snapshot too.
    let epoch: Int
    /// Only the store's thread writes a page, and only one made in the current epoch, which no
    /// snapshot holds yet.
    #if HITKIT_INTERNAL_CHECKS
    var chunks: [Chunk<Element>]
    #else
    // Fence: the exclusivity promise (Promises.swift, promise 2). The dynamic check cost five
    // checks per edited row in a snapshot's profile.
    @exclusivity(unchecked) var chunks: [Chunk<Element>]
    #endif

    init(epoch: Int, chunks: [Chunk<Element>]) {
        self.epoch = epoch
        self.chunks = chunks
    }
}
