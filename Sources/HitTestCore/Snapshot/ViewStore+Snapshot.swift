extension ViewStore {
    /// An immutable copy of every view as it is now, for hit tests and conversions on any thread
    /// while this store goes on being edited (see ``ViewStoreSnapshot``).
    ///
    /// Cheap by sharing: the store keeps its rows in 64-row chunks, and a snapshot shares them
    /// all, copying only the table of their addresses (8 bytes per 64 rows); the store's next
    /// write to a chunk copies that chunk first. A snapshot copies no row.
    ///
    /// The copy is made outside the store's slab, the one allocation its rows otherwise sit in,
    /// so from then on the store's own queries find a row through the chunk table, one load
    /// more a row, until the slab is made again: when the store grows past it, or at
    /// ``shrinkToFit()``.
    public func snapshot() -> ViewStoreSnapshot {
        // The front window's hit map, if it describes the rows as they are: shared.
        let slot = query.hitMapSlots.base[0]
        let frontMap = slot.validAt == rowWrites ? lookups.hitMaps[0].map { (map: $0, slot: slot) } : nil
        return ViewStoreSnapshot(rows: storage.rows.freeze(count: Int(storage.rowCount)),
                                 units: storage.sideUnits.freeze(count: storage.sideUnitsInUse), rowCount: storage.rowCount,
                                 windowOrder: lookups.windowOrder, liveViewCount: liveViewCount, frontMap: frontMap)
    }

    /// The address of the chunk holding `row` (tests check that an edit copies only the chunk
    /// it writes).
    func chunkAddress(ofRow row: Int32) -> UnsafeRawPointer {
        storage.rows.chunkAddress(of: Int(row))
    }
}
