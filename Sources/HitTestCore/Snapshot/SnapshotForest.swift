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

    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32 {
        guard owner.contains(id) else { throw owner.refusal(of: id) }
        return id.index
    }
}
