/// One view's row: every field a query, a conversion or an edit reads, side by side in one
/// 64-byte record, so that a visited row costs one cache line (and a chunk lookup, when the rows
/// are not all in their slab: ``SlabRows``).
///
/// Records live in 64-row chunks (``ChunkedArray``) that the store shares with its snapshots: the
/// live store and a snapshot read a row the same way (``RowReader``). Docs/Engine.md draws it.
@usableFromInline
struct RowRecord: ChunkElement {
    @usableFromInline var geometry: RowGeometry
    @usableFromInline var flags: RowFlags
    // The five links are stored as ``RowLink``s (a row's byte offset in the slab), read as rows
    // through the properties below; the store writes them through ``RowLinkField``.
    @usableFromInline var parentLink: Int32
    @usableFromInline var firstChildLink: Int32
    @usableFromInline var lastChildLink: Int32
    @usableFromInline var nextSiblingLink: Int32
    @usableFromInline var previousSiblingLink: Int32
    /// The row's generation, which its handles (``ViewID``) carry.
    @usableFromInline var generation: UInt32
    /// The row's first side unit (``SideUnit``), or `noRow` when it has none.
    @usableFromInline var firstSideUnit: Int32

    @inlinable var parent: Int32 { RowLink.row(parentLink) }
    @inlinable var lastChild: Int32 { RowLink.row(lastChildLink) }
    @inlinable var previousSibling: Int32 { RowLink.row(previousSiblingLink) }

    /// A record starts a cache line: its chunk does, and the record is 64 bytes.
    @inlinable static var alignmentInChunk: Int { 64 }
}

/// How a record stores a link to another row: the row's byte offset from the slab's base,
/// `row · 64`, so that a query finds the linked record with one add, where an index needs a
/// shift first (the shift was on the critical path from one sibling to the next). No row is
/// `noRow · 64`, negative like `noRow`. A row is below ``ViewStore/maximumViewCount``, so its link
/// fits in 31 bits.
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

/// "No row" in a link, and "no side unit" in ``RowRecord/firstSideUnit``.
@usableFromInline let noRow: Int32 = -1

/// The geometry the hit test reads for every visited view: 32 bytes at the start of its record.
///
/// A point `p` in the superview maps to `q = T⁻¹·(p − center) + anchorOffset` (Behaviour A1), with
/// `anchorOffset = (bounds.minX + anchorPoint.x · width, bounds.minY + anchorPoint.y · height)`.
/// Most views have their bounds at the origin and the default anchor point (0.5, 0.5): their
/// anchor offset is `0.5 · size` (the reference's `0 + 0.5 · width`, the same rounding) and their
/// hit area is `[0, width) × [0, height)`, so the row keeps only the center and the size. A view
/// that differs (a bounds origin, another anchor point, hit-area modifiers, a negative or
/// non-finite size) is flagged ``RowFlags/customShape`` and keeps its anchor offset and hit area
/// in a ``ShapeUnit``; a non-identity transform's inverse lives in side units too. Keeping
/// `center` and the anchor offset apart (rather than folding them into one affine) makes the
/// engine do the reference's arithmetic in the reference's order, so the two agree to the bit.
@usableFromInline
struct RowGeometry: BitwiseCopyable {
    @usableFromInline var centerX: Double
    @usableFromInline var centerY: Double
    /// `bounds.size` as set.
    @usableFromInline var width: Double
    @usableFromInline var height: Double
}

extension RowRecord {
    /// The fields' byte offsets, as constants: `MemoryLayout.offset(of:)` with a key path is
    /// not folded by the optimizer, and cost a key path and a runtime call per field read or
    /// written. `RowRecordTests` checks them against it.
    @usableFromInline
    enum Offset {
        @inlinable static var geometry: Int { 0 }
        /// The size, the geometry's second vector (``RowMaps/plainGeometry(_:)``).
        @inlinable static var size: Int { 16 }
        @inlinable static var flags: Int { 32 }
        @inlinable static var parent: Int { 36 }
        @inlinable static var firstChild: Int { 40 }
        @inlinable static var lastChild: Int { 44 }
        @inlinable static var nextSibling: Int { 48 }
        @inlinable static var previousSibling: Int { 52 }
        @inlinable static var generation: Int { 56 }
        @inlinable static var firstSideUnit: Int { 60 }
    }
}
