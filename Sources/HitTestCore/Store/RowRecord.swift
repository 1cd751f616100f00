/// One row of the store: every column a query, a conversion or an edit reads, side by side in one
/// 64-byte record, so that a visited row costs one cache line (and a chunk lookup, when the rows
/// are not all in their slab: ``ChunkedColumn/homeBase``).
///
/// Rows live in 64-row chunks (``ChunkedColumn``) that the store shares with its snapshots: the
/// live store and a snapshot read a row the same way.
@usableFromInline
struct RowRecord: BitwiseCopyable {
    @usableFromInline var geometry: RowGeometry
    @usableFromInline var flags: RowFlags
    @usableFromInline var parent: Int32
    @usableFromInline var firstChild: Int32
    @usableFromInline var lastChild: Int32
    @usableFromInline var nextSibling: Int32
    @usableFromInline var previousSibling: Int32
    @usableFromInline var generation: UInt32
    @usableFromInline var extrasIndex: Int32
}
