/// What a store keeps once it has taken a snapshot: its rows and side units in shared chunks,
/// and the logs of what was written since the last one.
final class SnapshotSource {
    let rowWrites = WriteLog()
    let unitWrites = WriteLog()
    // `@exclusivity(unchecked)`: the dynamic check of a class's stored `var` ran once per copied
    // row. The source is used from the store's thread only, one access at a time.
    @exclusivity(unchecked) private var rows = ChunkedColumn<SnapshotRow>()
    @exclusivity(unchecked) private var units = ChunkedColumn<SideUnit>()

    /// Copies every row and side unit of `store` (its first snapshot).
    init(copying store: ViewStore) {
        rows.writeAll(count: Int(store.rowCount)) { store.snapshotRow(Int32($0)) }
        units.writeAll(count: store.sideUnitsInUse) { store.sideUnits[Int32($0)] }
    }

    /// Copies what `store` wrote since the last snapshot and freezes the result.
    func freeze(_ store: ViewStore) -> (rows: FrozenColumn<SnapshotRow>, units: FrozenColumn<SideUnit>) {
        rowWrites.drain { row in rows.write(store.snapshotRow(row), at: Int(row)) }
        unitWrites.drain { unit in units.write(store.sideUnits[unit], at: Int(unit)) }
        return (rows.freeze(), units.freeze())
    }
}

extension ViewStore {
    /// `row`'s columns in one record.
    func snapshotRow(_ row: Int32) -> SnapshotRow {
        SnapshotRow(geometry: geometry[row], flags: flags[row], parent: parent[row], firstChild: firstChild[row],
                    lastChild: lastChild[row], nextSibling: nextSibling[row], previousSibling: previousSibling[row],
                    generation: generation[row], extrasIndex: extrasIndex[row])
    }

    /// An immutable copy of every view as it is now, for hit tests and conversions on any thread
    /// while this store goes on being edited (see ``ViewStoreSnapshot``).
    ///
    /// Cheap by sharing: the copy is kept in 64-row chunks shared between snapshots, so a
    /// snapshot taken after k rows were edited copies O(k) rows. The first snapshot copies every
    /// row once, and from then on the store records which rows each edit writes.
    public func snapshot() -> ViewStoreSnapshot {
        let source: SnapshotSource
        if let existing = snapshotSource {
            source = existing
        } else {
            source = SnapshotSource(copying: self)
            snapshotSource = source
            startRecordingWrites(rows: source.rowWrites, units: source.unitWrites)
        }
        let (rows, units) = source.freeze(self)
        return ViewStoreSnapshot(rows: rows, units: units, rowCount: rowCount,
                                 windowOrder: windowOrder, liveViewCount: liveViewCount)
    }

    private func startRecordingWrites(rows: WriteLog, units: WriteLog) {
        geometry.writes = rows
        flags.writes = rows
        parent.writes = rows
        firstChild.writes = rows
        lastChild.writes = rows
        nextSibling.writes = rows
        previousSibling.writes = rows
        generation.writes = rows
        extrasIndex.writes = rows
        sideUnits.writes = units
    }
}
