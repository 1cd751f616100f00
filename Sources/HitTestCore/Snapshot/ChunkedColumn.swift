/// The store's copy of one column in shared chunks: what its snapshots are made of.
///
/// Copy-on-write by epoch: ``freeze()`` ends an epoch, and every chunk or page made before the
/// current epoch is shared with a snapshot, so ``write(_:at:)`` copies it (once per epoch) before
/// writing. Writing k rows after a snapshot thus copies at most k chunks and k pages, and the
/// next ``freeze()`` copies the flat table of chunk addresses (8 bytes per 64 rows). Deciding
/// by epoch, not by reference counts, keeps the owner from ever reading a count another thread
/// is changing.
struct ChunkedColumn<Element: BitwiseCopyable> {
    private static var chunkShift: Int { 6 }
    private static var chunkMask: Int { ColumnChunk<Element>.elementCount - 1 }
    private static var pageShift: Int { ChunkPage<Element>.chunkShift }

    private var pages: [ChunkPage<Element>] = []
    /// Each chunk's first element, by chunk number: the table a snapshot copies and queries read.
    private var chunkAddresses: [UnsafeMutablePointer<Element>] = []
    /// Each chunk's epoch, beside its address: a write to a chunk already copied in this epoch
    /// touches no reference count.
    private var chunkEpochs: [Int] = []
    private var epoch = 0
    /// What the last ``freeze()`` returned, while nothing has been written since: the next
    /// snapshot shares it instead of copying the address table again.
    private var unchangedSinceFreeze: FrozenColumn<Element>?

    /// Elements the chunks have room for.
    var capacity: Int { chunkAddresses.count << Self.chunkShift }

    mutating func write(_ value: Element, at index: Int) {
        unchangedSinceFreeze = nil
        let chunk = index >> Self.chunkShift
        if chunk >= chunkAddresses.count || chunkEpochs[chunk] != epoch { makeWritable(chunk) }
        chunkAddresses[chunk][index & Self.chunkMask] = value
    }

    /// Writes elements `0..<count` chunk by chunk, `element(i)` at `i`: the first snapshot's
    /// copy, one writability check per 64 elements instead of one per element.
    @inline(__always)
    mutating func writeAll(count: Int, _ element: (Int) -> Element) {
        unchangedSinceFreeze = nil
        var start = 0
        while start < count {
            let chunk = start >> Self.chunkShift
            if chunk >= chunkAddresses.count || chunkEpochs[chunk] != epoch { makeWritable(chunk) }
            let elements = chunkAddresses[chunk], end = Swift.min(start + ColumnChunk<Element>.elementCount, count)
            for index in start..<end { elements[index - start] = element(index) }
            start = end
        }
    }

    /// Appends chunks up to `chunk`, or copies it (and its page) out of the snapshots sharing it.
    private mutating func makeWritable(_ chunk: Int) {
        while chunk >= chunkAddresses.count { appendChunk() }
        let page = writablePage(chunk >> Self.pageShift)
        let slot = chunk & (ChunkPage<Element>.chunkCount - 1)
        if page.chunks[slot].header != epoch {
            let fresh = page.chunks[slot].copy(epoch: epoch)
            page.chunks[slot] = fresh
            chunkAddresses[chunk] = fresh.elements
        }
        chunkEpochs[chunk] = epoch
    }

    /// The current contents, shared: later writes go to copies.
    mutating func freeze() -> FrozenColumn<Element> {
        // Every chunk is older than the current epoch (a write would have made a newer one and
        // dropped the frozen column): the same contents, already shared.
        if let unchanged = unchangedSinceFreeze { return unchanged }
        epoch += 1
        let frozen = chunkAddresses.withUnsafeBufferPointer { FrozenColumn(pages: pages, chunkAddresses: $0) }
        unchangedSinceFreeze = frozen
        return frozen
    }

    /// Page `index`, copied first if a snapshot shares it.
    private mutating func writablePage(_ index: Int) -> ChunkPage<Element> {
        if pages[index].epoch != epoch { pages[index] = ChunkPage(epoch: epoch, chunks: pages[index].chunks) }
        return pages[index]
    }

    private mutating func appendChunk() {
        let chunk = ColumnChunk<Element>.make(epoch: epoch)
        if chunkAddresses.count & (ChunkPage<Element>.chunkCount - 1) == 0 {
            pages.append(ChunkPage(epoch: epoch, chunks: []))
        }
        writablePage(pages.count - 1).chunks.append(chunk)
        chunkAddresses.append(chunk.elements)
        chunkEpochs.append(epoch)
    }
}

/// One column as a snapshot holds it: the shared pages (which keep the chunks alive) and its
/// own flat table of chunk addresses, which queries read.
final class FrozenColumn<Element: BitwiseCopyable> {
    private let pages: [ChunkPage<Element>]
    private let table: Column<UnsafeMutablePointer<Element>>

    init(pages: [ChunkPage<Element>], chunkAddresses: UnsafeBufferPointer<UnsafeMutablePointer<Element>>) {
        self.pages = pages
        table = Column(copying: chunkAddresses)
    }

    deinit { table.deallocate() }

    /// The chunk address table, valid while this object lives.
    var chunks: UnsafePointer<UnsafeMutablePointer<Element>> { UnsafePointer(table.base) }
}
