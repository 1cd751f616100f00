/// One field of every row, read and written like a column: `flags[row]`, `geometry[row] = g`.
///
/// The rows are records in shared chunks (``RowRecord``, ``ChunkedColumn``); this view keeps the
/// store's edits written column by column. A write goes through ``ChunkedColumn/writable(_:)``,
/// which copies the row's chunk first if a snapshot shares it.
@usableFromInline
struct RowField<Value: BitwiseCopyable> {
    /// Unmanaged, used as a guaranteed reference: an `unowned(unsafe)` store was retained and
    /// released around every field written (9 pairs per new row).
    @usableFromInline let store: Unmanaged<ViewStore>
    /// The field's offset in ``RowRecord``.
    @usableFromInline let offset: Int

    @inlinable
    init(_ store: ViewStore, offset: Int) {
        self.store = .passUnretained(store)
        self.offset = offset
    }

    @inlinable
    subscript(row: Int32) -> Value {
        @inline(__always) get {
            store._withUnsafeGuaranteedRef {
                UnsafeRawPointer($0.rows.element(Int(row))).load(fromByteOffset: offset, as: Value.self)
            }
        }
        @inline(__always) nonmutating set {
            store._withUnsafeGuaranteedRef {
                UnsafeMutableRawPointer($0.rows.writable(Int(row))).storeBytes(of: newValue, toByteOffset: offset, as: Value.self)
            }
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
    @inlinable var extrasIndex: RowField<Int32> { RowField(self, offset: RowRecord.Offset.extrasIndex) }
}

extension RowRecord {
    /// The fields' byte offsets, as constants: `MemoryLayout.offset(of:)` with a key path is
    /// not folded by the optimizer, and cost a key path and a runtime call per field read or
    /// written. `RowRecordTests` checks them against it.
    @usableFromInline
    enum Offset {
        @inlinable static var geometry: Int { 0 }
        @inlinable static var flags: Int { 32 }
        @inlinable static var parent: Int { 36 }
        @inlinable static var firstChild: Int { 40 }
        @inlinable static var lastChild: Int { 44 }
        @inlinable static var nextSibling: Int { 48 }
        @inlinable static var previousSibling: Int { 52 }
        @inlinable static var generation: Int { 56 }
        @inlinable static var extrasIndex: Int { 60 }
    }
}
