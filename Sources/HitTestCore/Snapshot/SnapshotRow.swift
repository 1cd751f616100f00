/// A row as a snapshot keeps it: every column a query or conversion reads, side by side in one
/// 64-byte record, so that a visited row costs one chunk lookup and one cache line.
@usableFromInline
struct SnapshotRow: BitwiseCopyable {
    var geometry: RowGeometry
    var flags: RowFlags
    var parent: Int32
    var firstChild: Int32
    var lastChild: Int32
    var nextSibling: Int32
    var previousSibling: Int32
    var generation: UInt32
    var extrasIndex: Int32
}
