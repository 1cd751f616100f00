/// The geometry the hit test reads for every visited view: 32 bytes, two rows to a cache line.
///
/// A point `p` in the superview maps to `q = T⁻¹·(p − center) + anchorOffset` (Behaviour A1), with
/// `anchorOffset = (bounds.minX + anchorPoint.x · width, bounds.minY + anchorPoint.y · height)`.
/// Most views have their bounds at the origin and the default anchor point (0.5, 0.5): their
/// anchor offset is `0.5 · size` (the reference's `0 + 0.5 · width`, the same rounding) and their
/// hit area is `[0, width) × [0, height)`, so the row keeps only the center and the size. A view
/// that differs (a bounds origin, another anchor point, hit-area modifiers, a negative or
/// non-finite size) is flagged ``RowFlags/customShape`` and keeps its anchor offset and hit area
/// in a ``SideUnit``; a non-identity transform's inverse lives there too. Keeping `center` and the
/// anchor offset apart (rather than folding them into one affine) makes the engine do the
/// reference's arithmetic in the reference's order, so the two agree to the bit.
@usableFromInline
struct RowGeometry: BitwiseCopyable {
    @usableFromInline var centerX: Double
    @usableFromInline var centerY: Double
    /// `bounds.size` as set.
    @usableFromInline var width: Double
    @usableFromInline var height: Double
}

/// One 48-byte unit of the side table, read as a transform, a shape or a shape's inputs.
///
/// A row's units start at its `extrasIndex`: with a non-identity transform, the inverse (identity
/// when the transform is singular: such a row is never entered) and then the forward transform;
/// with ``RowFlags/customShape``, then its shape and the two units of ``ShapeInputs`` it was made
/// from; with ``RowFlags/subviewReach``, last, the box its subviews can be hit in. A view pays for
/// what it uses, in one table indexed by one column.
@usableFromInline
struct SideUnit: BitwiseCopyable {
    @usableFromInline var transform: AffineTransform

    @inline(__always)
    init(_ transform: AffineTransform) { self.transform = transform }

    @inline(__always)
    init(anchorOffset: Point, hitArea: Rect) {
        transform = AffineTransform(a: anchorOffset.x, b: anchorOffset.y, c: hitArea.origin.x,
                                    d: hitArea.origin.y, tx: hitArea.size.width, ty: hitArea.size.height)
    }

    /// A shape unit's anchor offset.
    @inline(__always)
    var anchorOffset: Point { Point(x: transform.a, y: transform.b) }

    /// A shape unit's hit area (``Rect/hitArea(bounds:insets:minimumSize:)``), standardized.
    @inline(__always)
    var hitArea: Rect { Rect(x: transform.c, y: transform.d, width: transform.tx, height: transform.ty) }

    /// The first inputs unit's bounds origin (see ``ShapeInputs/units``).
    @inline(__always)
    var boundsOrigin: Point { Point(x: transform.a, y: transform.b) }

    /// A reach unit: a box kept as its least corner (`a`, `b`) and its greatest (`c`, `d`), so
    /// that a query tests it as two vectors. With the least corner at +∞ it holds no point.
    @inline(__always)
    init(reachFrom least: Point, to greatest: Point) {
        transform = AffineTransform(a: least.x, b: least.y, c: greatest.x, d: greatest.y, tx: 0, ty: 0)
    }

    /// A reach unit that holds no point: the start of a union.
    static var emptyReach: SideUnit {
        SideUnit(reachFrom: Point(x: .infinity, y: .infinity), to: Point(x: -.infinity, y: -.infinity))
    }

    /// Whether the reach unit holds `box` away from all four of its edges.
    func reachHoldsStrictly(_ box: Rect) -> Bool {
        transform.a < box.minX && transform.b < box.minY && box.maxX < transform.c && box.maxY < transform.d
    }

    /// The reach unit grown to hold `box` (finite).
    func reach(including box: Rect) -> SideUnit {
        SideUnit(reachFrom: Point(x: Swift.min(transform.a, box.minX), y: Swift.min(transform.b, box.minY)),
                 to: Point(x: Swift.max(transform.c, box.maxX), y: Swift.max(transform.d, box.maxY)))
    }
}

/// What a row's shape is made from besides its size: its bounds origin, anchor point and hit-area
/// modifiers. A row whose inputs are all these defaults (and whose size is finite and not
/// negative) has the plain shape and keeps none; a ``RowFlags/customShape`` row keeps them in the
/// two side units after its shape unit, so reading or writing them (a scroll view's bounds origin
/// on every move) is an indexed load or store, never a hashed lookup.
struct ShapeInputs: BitwiseCopyable {
    var boundsOrigin = Point(x: 0, y: 0)
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var hitTestInsets: EdgeInsets = .zero
    var minimumHitSize: Size = .zero

    init() {}

    /// Reads the two inputs units written by ``units``.
    @inline(__always)
    init(_ first: SideUnit, _ second: SideUnit) {
        let a = first.transform, b = second.transform
        boundsOrigin = Point(x: a.a, y: a.b)
        anchorPoint = Point(x: a.c, y: a.d)
        minimumHitSize = Size(width: a.tx, height: a.ty)
        hitTestInsets = EdgeInsets(top: b.a, left: b.b, bottom: b.c, right: b.d)
    }

    /// The two side units that hold these inputs: the origin, the anchor point and the minimum
    /// size, then the insets (the second unit's last two fields are unused).
    @inline(__always)
    var units: (SideUnit, SideUnit) {
        (SideUnit(AffineTransform(a: boundsOrigin.x, b: boundsOrigin.y, c: anchorPoint.x, d: anchorPoint.y,
                                  tx: minimumHitSize.width, ty: minimumHitSize.height)),
         SideUnit(AffineTransform(a: hitTestInsets.top, b: hitTestInsets.left, c: hitTestInsets.bottom,
                                  d: hitTestInsets.right, tx: 0, ty: 0)))
    }

    /// Whether these inputs give the plain shape (see ``RowGeometry``): `+0.0` exactly for the
    /// origin, as `-0.0` is kept as set.
    @inline(__always)
    var arePlain: Bool {
        boundsOrigin.x.bitPattern == 0 && boundsOrigin.y.bitPattern == 0
            && anchorPoint == Point(x: 0.5, y: 0.5) && hitTestInsets == .zero && minimumHitSize == .zero
    }
}

/// A row's rarely set state that the shape does not use: read by getters and by the calls to
/// overrides, never by the hit test's inner loop. Kept by row in a dictionary, only for rows that
/// set some of it, so that a transformed view's side units hold no closures.
struct RareExtras {
    var alpha: Double = 1
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
    /// Any of these gives the row side units (see ``SideUnit``).
    @usableFromInline static let transformed: RowFlags = [.generalTransform, .singularTransform]
    /// A row with none of these is a plain rectangle mapped by its center and half its size
    /// alone: the hit test maps and tests it in one step (``HitTestColumns/enterPlainly(_:_:)``).
    @usableFromInline static let offPlainPath: RowFlags = offFastPath.union(transformed)

    /// How many ``SideUnit``s the row holds: two for a transform, three for a shape (the shape
    /// and its ``ShapeInputs``), one for a subview reach.
    @inline(__always)
    var sideUnitCount: Int {
        reachUnitOffset + (rawValue & RowFlags.subviewReach.rawValue != 0 ? 1 : 0)
    }

    /// Where the reach unit is in the row's run: after the transform's and the shape's units.
    @inline(__always)
    var reachUnitOffset: Int {
        (rawValue & RowFlags.transformed.rawValue != 0 ? 2 : 0) + (rawValue & RowFlags.customShape.rawValue != 0 ? 3 : 0)
    }
}

/// "No row" in a link column.
@usableFromInline let noRow: Int32 = -1
