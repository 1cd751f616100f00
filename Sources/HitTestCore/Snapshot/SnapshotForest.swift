/// A snapshot's rows as a forest (``RowForest``): its frozen chunk tables, read as the live store
/// reads its own (``ChunkTableReader``).
struct SnapshotForest: RowForest {
    let tables: ChunkTableReader
    /// The rows at the slab's base, when the snapshot's queries may read rows there.
    let slabRows: SlabRows?
    /// Keeps the tables alive for the forest's lifetime.
    let owner: ViewStoreSnapshot

    @inline(__always)
    func row(_ r: Int32) -> RowPointer { tables.row(r) }

    // MARK: RowForest

    func parentRow(_ r: Int32) -> Int32 { row(r).pointee.parent }
    func isWindowRow(_ r: Int32) -> Bool { row(r).pointee.flags.contains(.window) }

    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32 {
        guard owner.contains(id) else { throw .staleHandle(id) }
        return id.index
    }

    @inline(__always)
    func mapIntoRow(_ p: Point, _ r: Int32) -> Point { tables.convert(p, into: r) }

    func mapOutOfRow(_ q: Point, _ r: Int32) -> Point { tables.convert(q, outOf: r) }
}
