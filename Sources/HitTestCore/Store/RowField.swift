/// One field of every row, read and written by row: `flags[row]`, `geometry[row] = g`.
///
/// The rows are records in shared chunks (``RowRecord``, ``ChunkedArray``); this view keeps the
/// store's edits written field by field. A write goes through ``ChunkedArray/writable(_:)``,
/// which copies the row's chunk first if a snapshot shares it.
@usableFromInline
struct RowField<Value: BitwiseCopyable> {
    @usableFromInline let store: StoreLink
    /// The field's offset in ``RowRecord``.
    @usableFromInline let offset: Int

    @inlinable
    init(_ store: ViewStore, offset: Int) {
        self.store = StoreLink(store)
        self.offset = offset
    }

    @inlinable
    subscript(row: Int32) -> Value {
        @inline(__always) get {
            store.with { $0.storage.rows.element(Int(row)).load(fromByteOffset: offset, as: Value.self) }
        }
        @inline(__always) nonmutating set {
            store.with { $0.storage.rows.writable(Int(row)).storeBytes(of: newValue, toByteOffset: offset, as: Value.self) }
        }
    }
}

/// A link field of every row (``RowRecord``'s parent, child and sibling links), read and written
/// as rows like a ``RowField``, stored as ``RowLink``s.
@usableFromInline
struct RowLinkField {
    @usableFromInline let field: RowField<Int32>

    @inlinable
    init(_ store: ViewStore, offset: Int) { field = RowField(store, offset: offset) }

    @inlinable
    subscript(row: Int32) -> Int32 {
        @inline(__always) get { RowLink.row(field[row]) }
        @inline(__always) nonmutating set { field[row] = RowLink.link(newValue) }
    }
}

extension ViewStore {
    @inlinable var geometry: RowField<RowGeometry> { RowField(self, offset: RowRecord.Offset.geometry) }
    @inlinable var flags: RowField<RowFlags> { RowField(self, offset: RowRecord.Offset.flags) }
    @inlinable var parent: RowLinkField { RowLinkField(self, offset: RowRecord.Offset.parent) }
    @inlinable var firstChild: RowLinkField { RowLinkField(self, offset: RowRecord.Offset.firstChild) }
    @inlinable var lastChild: RowLinkField { RowLinkField(self, offset: RowRecord.Offset.lastChild) }
    @inlinable var nextSibling: RowLinkField { RowLinkField(self, offset: RowRecord.Offset.nextSibling) }
    @inlinable var previousSibling: RowLinkField { RowLinkField(self, offset: RowRecord.Offset.previousSibling) }
    @inlinable var generation: RowField<UInt32> { RowField(self, offset: RowRecord.Offset.generation) }
    @inlinable var firstSideUnit: RowField<Int32> { RowField(self, offset: RowRecord.Offset.firstSideUnit) }
}
