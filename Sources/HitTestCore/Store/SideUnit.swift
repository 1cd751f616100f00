// The side table: what a row needs besides its record only when it is not a plain rectangle,
// in 48-byte units, each read through a typed view.

/// One 48-byte unit of the side table: room that is only ever read and written as one of its
/// typed views (``SideUnitView``).
///
/// A row's units start at its ``RowRecord/firstSideUnit``, in this order, each present only when
/// the row's flags say so:
///
/// | units | view | when |
/// | --- | --- | --- |
/// | 2 | the inverse transform (identity when the transform is singular: such a row is never entered), then the transform (``AffineTransform``) | ``RowFlags/transformed`` |
/// | 1 + 2 | the shape (``ShapeUnit``), then what it was made from (``ShapeInputs``, two units) | ``RowFlags/customShape`` |
/// | 1 | the box the row's subviews can be hit in (``ReachUnit``) | ``RowFlags/subviewReach`` |
///
/// A view pays for what it uses, in one table indexed by one field; a run never straddles a chunk
/// (``ViewStore/resizeSideUnitRun(_:from:to:)``), so a query reads it from one base.
@usableFromInline
struct SideUnit: ChunkElement {
    private var storage: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)

    /// A unit holds vectors: a reach unit's corners are read as aligned 16-byte vectors.
    @inlinable static var alignmentInChunk: Int { 16 }
}

/// A typed view of one side unit, or of a run of them: at most 16-byte aligned (the checked
/// build asserts that a view stays inside its row's chunk).
@usableFromInline
protocol SideUnitView: BitwiseCopyable {}

extension AffineTransform: SideUnitView {}

/// A ``RowFlags/customShape`` row's shape: its anchor offset (see ``RowGeometry``) and its hit
/// area (``Rect/hitArea(bounds:insets:minimumSize:)``, standardized), as the query reads them.
@usableFromInline
struct ShapeUnit: SideUnitView {
    @usableFromInline var anchorOffset: Point
    @usableFromInline var hitArea: Rect
}

/// What a row's shape is made from besides its size: its bounds origin, anchor point and hit-area
/// modifiers (two units). A row whose inputs are all these defaults (and whose size is finite and
/// not negative) has the plain shape and keeps none; a ``RowFlags/customShape`` row keeps them
/// after its ``ShapeUnit``, so reading or writing them (a scroll view's bounds origin on every
/// move) is an indexed load or store, never a hashed lookup.
struct ShapeInputs: SideUnitView {
    var boundsOrigin = Point(x: 0, y: 0)
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var hitTestInsets: EdgeInsets = .zero
    var minimumHitSize: Size = .zero

    init() {}

    /// The units the inputs span.
    static var unitCount: Int { 2 }

    /// Whether these inputs give the plain shape (see ``RowGeometry``): `+0.0` exactly for the
    /// origin, as `-0.0` is kept as set.
    @inline(__always)
    var arePlain: Bool {
        boundsOrigin.x.bitPattern == 0 && boundsOrigin.y.bitPattern == 0
            && anchorPoint == Point(x: 0.5, y: 0.5) && hitTestInsets == .zero && minimumHitSize == .zero
    }
}

/// The box, in a container's coordinates, outside which none of its subviews can be entered
/// (ViewStore+SubviewReach.swift): its least corner and its greatest, as vectors, so that a query
/// tests a point against both at once. With the least corner at +∞ it holds no point.
@usableFromInline
struct ReachUnit: SideUnitView {
    @usableFromInline var least: SIMD2<Double>
    @usableFromInline var greatest: SIMD2<Double>

    init(least: SIMD2<Double>, greatest: SIMD2<Double>) {
        self.least = least
        self.greatest = greatest
    }

    /// A box that holds no point: the start of a union.
    static var empty: ReachUnit {
        ReachUnit(least: SIMD2(repeating: .infinity), greatest: SIMD2(repeating: -.infinity))
    }

    /// Whether the box holds `p`, its edges included. Each lane of a comparison's mask is all
    /// ones or zero: both lanes' AND is nonzero exactly when both hold, which compiles to
    /// `movmskpd` and a compare, where `all()` took five instructions.
    @inlinable @inline(__always)
    func holds(_ p: Point) -> Bool {
        let v = SIMD2(p.x, p.y)
        let holds = unsafeBitCast((v .>= least) .& (v .<= greatest), to: SIMD2<Int64>.self)
        return holds.x & holds.y != 0
    }

    /// Whether the box holds `box` away from all four of its edges.
    func holdsStrictly(_ box: Rect) -> Bool {
        least.x < box.minX && least.y < box.minY && box.maxX < greatest.x && box.maxY < greatest.y
    }

    /// The box grown to hold `box` (finite).
    func including(_ box: Rect) -> ReachUnit {
        ReachUnit(least: SIMD2(Swift.min(least.x, box.minX), Swift.min(least.y, box.minY)),
                  greatest: SIMD2(Swift.max(greatest.x, box.maxX), Swift.max(greatest.y, box.maxY)))
    }
}

extension ViewStore {
    /// Unit `offset` of `row`'s run (and the units after it, for a view that spans several) as
    /// `View`: the checked build asserts that the view lies inside the run the row's flags give it.
    subscript<View: SideUnitView>(sideUnitOf row: Int32, at offset: Int, as _: View.Type) -> View {
        get {
            let first = Int(firstSideUnit[row])
            return storage.sideUnits.element(first + offset, inRun: first..<first + flags[row].sideUnitCount)
                .load(View.self)
        }
        set {
            let first = Int(firstSideUnit[row])
            #if HITKIT_INTERNAL_CHECKS
            // The run is read before the write begins: reading the row's flags during the write's
            // access to the store's storage would overlap it (which this build traps on).
            let run = first..<first + flags[row].sideUnitCount
            storage.sideUnits.writable(first + offset, inRun: run).storeBytes(of: newValue, as: View.self)
            #else
            storage.sideUnits.writable(first + offset).storeBytes(of: newValue, as: View.self)
            #endif
        }
    }

    /// Writes `view` at unit `offset` of the run that starts at `first` and holds what the flags
    /// `f` give it: one read of the row's first unit for several writes (the store's flags are
    /// not read, so nothing overlaps the write).
    func writeSideUnit<View: SideUnitView>(_ view: View, at offset: Int, ofRunAt first: Int, flags f: RowFlags) {
        storage.sideUnits.writable(first + offset, inRun: first..<first + f.sideUnitCount).storeBytes(of: view, as: View.self)
    }
}

extension CheckedPointer where Element == SideUnit {
    /// The unit (and the units after it, for a view that spans several) as `View`.
    @inlinable @inline(__always)
    func load<View: SideUnitView>(_: View.Type) -> View { load(as: View.self) }
}
