/// A snapshot's rows as a query reads them: two flat tables of chunk addresses, so that a row
/// costs one table load and one record. Unsafe pointer code for snapshots stays in this file.
struct SnapshotReader: RowForest {
    let rows: UnsafePointer<UnsafeMutablePointer<SnapshotRow>>
    let units: UnsafePointer<UnsafeMutablePointer<SideUnit>>
    let rowCount: Int32
    /// Keeps the tables alive for the reader's lifetime.
    let owner: ViewStoreSnapshot

    private static var chunkShift: Int { 6 }
    private static var chunkMask: Int { ColumnChunk<SnapshotRow>.elementCount - 1 }

    @inline(__always)
    func row(_ r: Int32) -> UnsafeMutablePointer<SnapshotRow> {
        rows[Int(r) >> Self.chunkShift] + (Int(r) & Self.chunkMask)
    }

    /// The row's side units (a run never straddles a chunk); not to be read when it has none.
    @inline(__always)
    func sideUnits(_ record: UnsafeMutablePointer<SnapshotRow>) -> UnsafePointer<SideUnit> {
        let unit = Int(record.pointee.extrasIndex)
        guard unit >= 0 else { return UnsafePointer(bitPattern: MemoryLayout<SideUnit>.alignment).unsafelyUnwrapped }
        return UnsafePointer(units[unit >> Self.chunkShift] + (unit & Self.chunkMask))
    }

    // MARK: RowForest

    func parentRow(_ r: Int32) -> Int32 { row(r).pointee.parent }
    func isWindowRow(_ r: Int32) -> Bool { row(r).pointee.flags.contains(.window) }

    func liveRow(_ id: ViewID) throws(ViewStoreError) -> Int32 {
        guard owner.contains(id) else { throw .staleHandle(id) }
        return id.index
    }

    @inline(__always)
    func mapIntoRow(_ p: Point, _ r: Int32) -> Point {
        let record = row(r)
        return RowMaps.into(p, record.pointee.geometry, record.pointee.flags.rawValue, sideUnits(record))
    }

    func mapOutOfRow(_ q: Point, _ r: Int32) -> Point {
        let record = row(r)
        return RowMaps.outOf(q, record.pointee.geometry, record.pointee.flags.rawValue, sideUnits(record))
    }

    /// Whether the row's hit area contains `p` (finite), as ``HitTestColumns/hitAreaContains(_:_:)``.
    @inline(__always)
    func hitAreaContains(_ record: UnsafeMutablePointer<SnapshotRow>, _ p: Point) -> Bool {
        let f = record.pointee.flags.rawValue
        if f & RowFlags.customShape.rawValue != 0 {
            return sideUnits(record)[f & RowFlags.transformed.rawValue != 0 ? 2 : 0].hitArea.contains(p)
        }
        return HitTestColumns.boundsContain(record.pointee.geometry, p)
    }
}
