/// 64 consecutive elements of a column, shared by the store's
/// ``ChunkedColumn`` and every snapshot taken while it was current.
///
/// A `ManagedBuffer`: the elements live in the object itself, so their address is fixed for its
/// lifetime and a snapshot's flat table can point at them. The header is the epoch the chunk was
/// made in: a chunk made before the store's current epoch belongs to a snapshot too and is never
/// written again (the store writes a copy).
final class ColumnChunk<Element: BitwiseCopyable>: ManagedBuffer<Int, Element> {
    static var elementCount: Int { 64 }

    static func make(epoch: Int) -> ColumnChunk {
        // `create` returns the dynamic type it was called on.
        unsafeDowncast(create(minimumCapacity: elementCount) { _ in epoch }, to: ColumnChunk.self)
    }

    /// The first element. Valid while the chunk lives: a `ManagedBuffer`'s elements never move.
    var elements: UnsafeMutablePointer<Element> {
        withUnsafeMutablePointerToElements { $0 }
    }

    /// A chunk of `epoch` with the same elements.
    func copy(epoch: Int) -> ColumnChunk {
        let fresh = Self.make(epoch: epoch)
        fresh.elements.initialize(from: elements, count: Self.elementCount)
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
