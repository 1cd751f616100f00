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
    // The five links are stored as ``RowLink``s (a row's byte offset in the slab), read as rows
    // through the properties below; the store writes them through ``RowLinkField``.
    @usableFromInline var parentLink: Int32
    @usableFromInline var firstChildLink: Int32
    @usableFromInline var lastChildLink: Int32
    @usableFromInline var nextSiblingLink: Int32
    @usableFromInline var previousSiblingLink: Int32
    @usableFromInline var generation: UInt32
    @usableFromInline var extrasIndex: Int32

    @inlinable var parent: Int32 { RowLink.row(parentLink) }
    @inlinable var lastChild: Int32 { RowLink.row(lastChildLink) }
    @inlinable var previousSibling: Int32 { RowLink.row(previousSiblingLink) }
}

/// How a record stores a link to another row: the row's byte offset from the slab's base,
/// `row · 64`, so that a query finds the linked record with one add, where an index needs a
/// shift first (the shift was on the critical path from one sibling to the next). No row is
/// `noRow · 64`, negative like `noRow`. A row is below ``ViewStore/maximumViewCount``, so its link fits.
@usableFromInline
enum RowLink {
    @inlinable static var shift: Int32 { 6 }
    /// No row's link: negative, as every valid link is not.
    @inlinable static var none: Int32 { noRow &<< shift }

    @inline(__always) @inlinable
    static func link(_ row: Int32) -> Int32 { row &<< shift }

    @inline(__always) @inlinable
    static func row(_ link: Int32) -> Int32 { link &>> shift }
}
