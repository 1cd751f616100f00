/// One field of every row, read and written like a column: `flags[row]`, `geometry[row] = g`.
///
/// The rows are records in shared chunks (``RowRecord``, ``ChunkedColumn``); this view keeps the
/// store's edits written column by column. A write goes through ``ChunkedColumn/writable(_:)``,
/// which copies the row's chunk first if a snapshot shares it.
@usableFromInline
struct RowField<Value: BitwiseCopyable> {
    @usableFromInline unowned(unsafe) let store: ViewStore
    /// The field's offset in ``RowRecord``.
    @usableFromInline let offset: Int

    @inlinable
    init(_ store: ViewStore, _ field: KeyPath<RowRecord, Value>) {
        self.store = store
        // A stored property of a frozen layout: the optimizer folds this to a constant.
        offset = MemoryLayout<RowRecord>.offset(of: field).unsafelyUnwrapped
    }

    @inlinable
    subscript(row: Int32) -> Value {
        @inline(__always) get {
            UnsafeRawPointer(store.rows.element(Int(row))).load(fromByteOffset: offset, as: Value.self)
        }
        @inline(__always) nonmutating set {
            UnsafeMutableRawPointer(store.rows.writable(Int(row))).storeBytes(of: newValue, toByteOffset: offset, as: Value.self)
        }
    }
}

extension ViewStore {
    @inlinable var geometry: RowField<RowGeometry> { RowField(self, \.geometry) }
    @inlinable var flags: RowField<RowFlags> { RowField(self, \.flags) }
    @inlinable var parent: RowField<Int32> { RowField(self, \.parent) }
    @inlinable var firstChild: RowField<Int32> { RowField(self, \.firstChild) }
    @inlinable var lastChild: RowField<Int32> { RowField(self, \.lastChild) }
    @inlinable var nextSibling: RowField<Int32> { RowField(self, \.nextSibling) }
    @inlinable var previousSibling: RowField<Int32> { RowField(self, \.previousSibling) }
    @inlinable var generation: RowField<UInt32> { RowField(self, \.generation) }
    @inlinable var extrasIndex: RowField<Int32> { RowField(self, \.extrasIndex) }
}
