// The per-row maps from a row's geometry, flags word and side units: Behaviour A1's
// superview-to-view map and its inverse, and the hit test's plain step, which maps and tests a
// plain rectangle at once.

enum RowMaps {
    /// Behaviour A1's superview-to-view map: `q = T⁻¹·(p − center) + anchorOffset`. `units` is
    /// read only when the row has side units.
    @inline(__always)
    static func into(_ p: Point, _ g: RowGeometry, _ f: UInt32, _ units: @autoclosure () -> UnitPointer) -> Point {
        let v = Point(x: p.x - g.centerX, y: p.y - g.centerY)
        if f & (RowFlags.transformed.rawValue | RowFlags.customShape.rawValue) == 0 {
            // The plain shape: the anchor offset is half the size (see `RowGeometry`).
            return Point(x: v.x + 0.5 * g.width, y: v.y + 0.5 * g.height)
        }
        return intoSlowly(v, g, f, units())
    }

    /// ``into(_:_:_:_:)`` for a row with side units (`units`), from `v = p − center`. Static,
    /// with its inputs as values: as a method on a reader it made the compiler copy the reader's
    /// tables to memory at every level of the caller.
    @inline(__always)
    static func intoSlowly(_ v: Point, _ g: RowGeometry, _ f: UInt32, _ units: UnitPointer) -> Point {
        if f & RowFlags.singularTransform.rawValue != 0 { return Point(x: .nan, y: .nan) }
        var v = v
        var unit = units
        if f & RowFlags.generalTransform.rawValue != 0 {
            v = unit.load(AffineTransform.self).apply(to: v)
            unit = unit.advanced(by: 2)
        }
        let offset = f & RowFlags.customShape.rawValue != 0
            ? unit.load(ShapeUnit.self).anchorOffset : Point(x: 0.5 * g.width, y: 0.5 * g.height)
        return Point(x: v.x + offset.x, y: v.y + offset.y)
    }

    /// The view-to-superview map, the inverse of ``into(_:_:_:_:)``: `p = T·(q − anchorOffset) + center`.
    static func outOf(_ q: Point, _ g: RowGeometry, _ f: UInt32, _ units: @autoclosure () -> UnitPointer) -> Point {
        let transformed = f & RowFlags.transformed.rawValue != 0
        let offset = f & RowFlags.customShape.rawValue != 0
            ? units().advanced(by: transformed ? 2 : 0).load(ShapeUnit.self).anchorOffset
            : Point(x: 0.5 * g.width, y: 0.5 * g.height)
        var v = Point(x: q.x - offset.x, y: q.y - offset.y)
        // Only a transform that is not the identity is applied: the identity's 0·y would turn an
        // infinite coordinate into NaN, where the reference (and the inverse map) keep it.
        if transformed { v = units().advanced(by: 1).load(AffineTransform.self).apply(to: v) }
        return Point(x: v.x + g.centerX, y: v.y + g.centerY)
    }

    @inline(__always)
    static func boundsContain(_ g: RowGeometry, _ p: Point) -> Bool {
        // The reference's `origin + width` with the origin at +0. Taking the origin as `0 · size`
        // (exactly +0 for a finite size) rather than a literal keeps the compiler's two lane-wise
        // comparisons and single branch; with a literal it emits a branch per comparison, and a
        // sibling's x and y outcomes are hard to predict.
        let x0 = 0 * g.width, y0 = 0 * g.height
        return x0 <= p.x && p.x < x0 + g.width && y0 <= p.y && p.y < y0 + g.height
    }

    /// The plain map (see ``RowGeometry``: the anchor offset is half the size) of `outer` into
    /// the plain rectangle `record`, and whether its bounds contain the result:
    /// ``boundsContain(_:_:)`` after `outer − center + 0.5 · size`. Both lanes at once: the scalar
    /// form moved each coordinate in and out of a vector register. The same arithmetic lane by
    /// lane, so the same bits as the reference.
    @inline(__always)
    static func enterPlainly(_ outer: Point, _ record: RowPointer) -> (Point, Bool) {
        enter(fromCenter: fromCenter(outer, record), record)
    }

    /// The first step of the plain map: `outer − center`, both lanes at once.
    @inline(__always)
    static func fromCenter(_ outer: Point, _ record: RowPointer) -> SIMD2<Double> {
        SIMD2(outer.x, outer.y) - plainGeometry(record).center
    }

    /// The inverse transform at `unit` applied to `v`, by ``AffineTransform/apply(to:)``: the
    /// same operations as the general step's, so the same bits.
    @inline(__always)
    static func inverseTransformed(_ v: SIMD2<Double>, _ unit: UnitPointer) -> SIMD2<Double> {
        let q = unit.load(AffineTransform.self).apply(to: Point(x: v.x, y: v.y))
        return SIMD2(q.x, q.y)
    }

    /// The last step of the plain map, `v + 0.5 · size` from `v = outer − center` (transformed
    /// when the row is), and the bounds test: the point in the row's coordinates, and whether
    /// the row's bounds contain it.
    @inline(__always)
    static func enter(fromCenter v: SIMD2<Double>, _ record: RowPointer) -> (Point, Bool) {
        let size = plainGeometry(record).size
        let p = v + 0.5 * size
        // The size is finite and non-negative off ``RowFlags/customShape``: the bounds test is
        // `0 ≤ p < size`, and a NaN lane fails it. `p < size` is written `!(size ≤ p)`, true for
        // a NaN lane, which `0 ≤ p` already fails: the comparison then writes over the size's
        // register, which nothing reads after it, instead of a copy of `p`. Each lane of the mask
        // is all ones or zero: both lanes' AND is nonzero exactly when both hold, which compiles
        // to `movmskpd` and a compare, where `all()` took five instructions.
        let inside = unsafeBitCast((p .>= SIMD2<Double>()) .& .!(size .<= p), to: SIMD2<Int64>.self)
        return (Point(x: p.x, y: p.y), inside.x & inside.y != 0)
    }

    /// The record's center and size as two vectors, read with the vectors' 16-byte alignment (a
    /// record starts a cache line and its geometry's four doubles come first; the checked build
    /// asserts both). Read as `Double` fields, the compiler knows only 8-byte alignment and must
    /// load each pair into a register first; aligned, it folds them into the arithmetic's operands.
    @inline(__always)
    static func plainGeometry(_ record: RowPointer) -> (center: SIMD2<Double>, size: SIMD2<Double>) {
        (record.load(fromByteOffset: RowRecord.Offset.geometry, as: SIMD2<Double>.self),
         record.load(fromByteOffset: RowRecord.Offset.size, as: SIMD2<Double>.self))
    }
}
