/// 64 consecutive elements of a column, shared by the store's ``ChunkedColumn`` and every
/// snapshot taken while it was current. A chunk made before the store's current epoch belongs to
/// a snapshot too and is never written again (the store writes a copy).
///
/// The elements sit in their own buffer, aligned to a cache line, and never move while the chunk
/// lives, so a flat table can point at them. In a `ManagedBuffer` they followed the object's
/// header, 8 bytes past a 16-byte boundary: every 64-byte row straddled two cache lines.
/// The alignment is also load-bearing: the hit test's plain step reads a row's center and size as
/// aligned 16-byte vectors (`HitTestColumns.plainGeometry`), which the compiler folds into SSE
/// instructions that fault on a misaligned address.
///
/// A column's last chunk may hold fewer elements (``ChunkedColumn/shrink(toFit:)`` cuts it to
/// size); the column never reads or writes past a chunk's ``count``.
final class ColumnChunk<Element: BitwiseCopyable> {
    static var elementCount: Int { 64 }

    private let buffer: Column<Element>

    /// A chunk with room for `count` elements (64, or fewer for a column's cut last chunk).
    init(count: Int = ColumnChunk.elementCount) {
        buffer = Column(capacity: count, alignment: 64)
    }

    deinit { buffer.deallocate() }

    /// The first element.
    var elements: UnsafeMutablePointer<Element> { buffer.base }

    /// The elements it has room for.
    var count: Int { buffer.capacity }

    /// A chunk with room for `count` elements holding this one's first `count` (or all of
    /// them, when it has fewer; the rest are uninitialized, as a new chunk's are).
    func copy(count newCount: Int? = nil) -> ColumnChunk {
        let fresh = ColumnChunk(count: newCount ?? count)
        fresh.elements.initialize(from: elements, count: Swift.min(count, fresh.count))
        return fresh
    }
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
