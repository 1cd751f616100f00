/// The geometry the hit test reads for every visited view: 64 bytes, one cache line.
///
/// A point `p` in the superview maps to `q = T⁻¹·(p − center) + anchorOffset` (Behaviour A1), with
/// `anchorOffset = (bounds.minX + anchorPoint.x · width, bounds.minY + anchorPoint.y · height)`
/// precomputed on write. The affine part `T⁻¹` lives in ``HotExtras`` for the few views whose
/// transform is not the identity. Keeping `center` and `anchorOffset` apart (rather than folding
/// them into one affine) makes the engine do the reference's arithmetic in the reference's
/// order, so the two agree to the bit.
@usableFromInline
struct RowGeometry: BitwiseCopyable {
    @usableFromInline var centerX: Double
    @usableFromInline var centerY: Double
    @usableFromInline var anchorOffsetX: Double
    @usableFromInline var anchorOffsetY: Double
    /// `bounds` as set. Unless the row has ``RowFlags/customHitArea`` it is also the hit area,
    /// already standardized and finite.
    @usableFromInline var boundsX: Double
    @usableFromInline var boundsY: Double
    @usableFromInline var boundsWidth: Double
    @usableFromInline var boundsHeight: Double
}

/// Per-row data needed only by views that are not plain rectangles: a non-identity transform's
/// inverse and a hit area that differs from `bounds`.
@usableFromInline
struct HotExtras: BitwiseCopyable {
    /// `transform.inverted()`, or identity when the transform is identity or singular (a singular
    /// transform sets ``RowFlags/singularTransform`` and the row is never entered).
    @usableFromInline var inverse: AffineTransform
    /// Behaviour A2's hit area (``Rect/hitArea(bounds:insets:minimumSize:)``), standardized.
    @usableFromInline var hitArea: Rect
}

/// A row's rarely set state: read by getters, by the code that refreshes ``HotExtras`` and by
/// the calls to overrides, never by the hit test's inner loop. Kept by row in a dictionary, only
/// for rows that set some of it, so that a transformed view's side-table slot holds no closures
/// and no fields it does not use.
struct RareExtras {
    var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    var alpha: Double = 1
    var hitTestInsets: EdgeInsets = .zero
    var minimumHitSize: Size = .zero
    var pointInsideOverride: ViewStore.PointInsideOverride?
    var hitTestOverride: ViewStore.HitTestOverride?
    var windowLevel: Double = 0
}

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
    @usableFromInline static let customHitArea = RowFlags(rawValue: 1 << 7)
    @usableFromInline static let generalTransform = RowFlags(rawValue: 1 << 8)
    @usableFromInline static let customPointInside = RowFlags(rawValue: 1 << 9)
    @usableFromInline static let customHitTest = RowFlags(rawValue: 1 << 10)

    // Bookkeeping and flags the façade keeps here; no effect on hit testing.
    @usableFromInline static let window = RowFlags(rawValue: 1 << 11)
    @usableFromInline static let clipsToBounds = RowFlags(rawValue: 1 << 12)
    @usableFromInline static let multipleTouchEnabled = RowFlags(rawValue: 1 << 13)
    @usableFromInline static let exclusiveTouch = RowFlags(rawValue: 1 << 14)
    @usableFromInline static let live = RowFlags(rawValue: 1 << 15)
    /// The row has an entry in the store's wide-container grids.
    @usableFromInline static let wideContainer = RowFlags(rawValue: 1 << 16)

    @usableFromInline static let unhittable: RowFlags = [.hidden, .interactionDisabled, .transparent, .singularTransform]
    @usableFromInline static let slowPath: RowFlags = [
        .passThrough, .hitsOutsideBounds, .redirectsToSuperview, .customHitArea,
        .customPointInside, .customHitTest,
    ]
    /// A row with none of these is a plain rectangle to the hit test: entered when its bounds
    /// contain the point, and then the answer if no subview is.
    @usableFromInline static let offFastPath: RowFlags = unhittable.union(slowPath).union(.wideContainer)
}

/// "No row" in a link column.
@usableFromInline let noRow: Int32 = -1
