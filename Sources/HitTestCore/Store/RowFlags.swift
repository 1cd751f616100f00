/// The flags word of a row.
@usableFromInline
struct RowFlags: OptionSet, Sendable, BitwiseCopyable {
    @usableFromInline var rawValue: UInt32
    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    // Any of these makes the view and its whole subtree unhittable (Behaviour A2 step 1).
    @usableFromInline static let hidden = RowFlags(rawValue: 1 << 0)
    @usableFromInline static let interactionDisabled = RowFlags(rawValue: 1 << 1)
    @usableFromInline static let transparent = RowFlags(rawValue: 1 << 2)  // alpha < 0.01
    @usableFromInline static let singularTransform = RowFlags(rawValue: 1 << 3)

    // Hit-test behaviour that takes the inner loop off its fast path.
    @usableFromInline static let passThrough = RowFlags(rawValue: 1 << 4)
    @usableFromInline static let hitsOutsideBounds = RowFlags(rawValue: 1 << 5)
    @usableFromInline static let redirectsToSuperview = RowFlags(rawValue: 1 << 6)
    /// The anchor offset or the hit area is not the plain one (see ``RowGeometry``): both are in
    /// the row's shape unit.
    @usableFromInline static let customShape = RowFlags(rawValue: 1 << 7)
    @usableFromInline static let generalTransform = RowFlags(rawValue: 1 << 8)
    @usableFromInline static let customPointInside = RowFlags(rawValue: 1 << 9)
    @usableFromInline static let customHitTest = RowFlags(rawValue: 1 << 10)

    // Bookkeeping and flags the façade keeps here; no effect on hit testing.
    @usableFromInline static let window = RowFlags(rawValue: 1 << 11)
    @usableFromInline static let clipsToBounds = RowFlags(rawValue: 1 << 12)
    @usableFromInline static let multipleTouchEnabled = RowFlags(rawValue: 1 << 13)
    @usableFromInline static let exclusiveTouch = RowFlags(rawValue: 1 << 14)
    @usableFromInline static let live = RowFlags(rawValue: 1 << 15)
    /// The row has at least ``ViewStore/wideContainerThreshold`` subviews (set when the last of
    /// them is added, and kept): a query that enters it asks for a grid and then uses it.
    @usableFromInline static let wideContainer = RowFlags(rawValue: 1 << 16)
    /// The row has from ``ViewStore/subviewReachThreshold`` to fewer than
    /// ``ViewStore/wideContainerThreshold`` subviews, none of which can be hit anywhere: its last
    /// side unit is a box outside which none of them can be entered (ViewStore+SubviewReach.swift).
    /// Not off the fast path: the plain loop tests the box before it walks the subviews.
    @usableFromInline static let subviewReach = RowFlags(rawValue: 1 << 17)

    /// Bits 24 to 31 count the row's subviews until it becomes a ``wideContainer`` (then they
    /// stay 0): edits keep the count where the 64-byte record has no room for another field, and
    /// the hit test never reads it (every mask it tests leaves these bits out).
    @usableFromInline static let subviewCount = RowFlags(rawValue: 0xFF << subviewCountShift)
    @usableFromInline static var subviewCountShift: UInt32 { 24 }

    @usableFromInline static let unhittable: RowFlags = [.hidden, .interactionDisabled, .transparent, .singularTransform]
    @usableFromInline static let slowPath: RowFlags = [
        .passThrough, .hitsOutsideBounds, .redirectsToSuperview, .customShape,
        .customPointInside, .customHitTest,
    ]
    /// A row with none of these is a plain rectangle to the hit test: entered when its bounds
    /// contain the point, and then the answer if no subview is.
    @usableFromInline static let offFastPath: RowFlags = unhittable.union(slowPath).union(.wideContainer)
    /// Any of these gives the row two side units: the inverse transform and the transform.
    @usableFromInline static let transformed: RowFlags = [.generalTransform, .singularTransform]
    /// A row with none of these is a plain rectangle mapped by its center and half its size
    /// alone: the hit test maps and tests it in one step (``RowMaps/enterPlainly(_:_:)``).
    @usableFromInline static let offPlainPath: RowFlags = offFastPath.union(transformed)

    /// How many ``SideUnit``s the row holds: two for a transform, three for a shape (the shape
    /// and its ``ShapeInputs``), one for a subview reach.
    @inline(__always)
    var sideUnitCount: Int {
        reachUnitOffset + (rawValue & RowFlags.subviewReach.rawValue != 0 ? 1 : 0)
    }

    /// Where the shape unit is in the row's run: after the transform's units.
    @inline(__always)
    var shapeUnitOffset: Int {
        rawValue & RowFlags.transformed.rawValue != 0 ? 2 : 0
    }

    /// Where the reach unit is in the row's run: after the transform's and the shape's units.
    @inline(__always)
    var reachUnitOffset: Int {
        (rawValue & RowFlags.transformed.rawValue != 0 ? 2 : 0) + (rawValue & RowFlags.customShape.rawValue != 0 ? 3 : 0)
    }
}
