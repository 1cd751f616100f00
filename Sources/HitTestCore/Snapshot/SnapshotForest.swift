/// A snapshot's rows as a query reads them: its frozen chunk tables, read as the live store
/// reads its own (``HitTestColumns``).
struct SnapshotReader: RowForest {
    let tables: HitTestColumns
    /// The rows' slab, when the snapshot's queries may read rows there (``SlabColumns``).
    let homeBase: UnsafeMutablePointer<RowRecord>?
    let rowCount: Int32
    /// Keeps the tables alive for the reader's lifetime.
    let owner: ViewStoreSnapshot

    @inline(__always)
    func row(_ r: Int32) -> UnsafeMutablePointer<RowRecord> { tables.row(r) }

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
