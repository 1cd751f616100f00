/// A window's hit map: the window's area cut into square cells, each holding what every point
/// of the cell has in common on its way down the tree, so that a query of a window nobody edits
/// starts where the answers of its cell part and not at the window.
///
/// A cell holds either **the answer** (every point of the cell hits the same view: the cell lies
/// inside that view and inside nothing in front of it) or **a start**: the deepest view every
/// point of the cell enters, with nothing in front of it on the way. A query of a cell with a
/// start maps the point down the start's ancestors (the plain walk's arithmetic, so the same
/// bits) and walks on from the start as the plain walk would.
///
/// It is built by painting (``ViewStore/buildHitMap(window:policy:)``): Behaviour A2's answer is
/// the last view in painter's order (a view before its subviews, subviews back to front) whose
/// hit area and whose ancestors' hit areas all hold the point. A view that covers a whole cell
/// makes it the cell's answer; one that covers part of it, or one the map cannot see into (a
/// transform, a custom shape, an override, a flag that changes step 5), leaves the cell a start
/// above it. Unhittable views paint nothing.
///
/// **Exact.** The engine's answers are the reference's to the bit, and rounding puts the
/// reference's edges a little off the painted ones. A map is only used for points farther than
/// its guard band from their cell's edges, where the band (``guardBand``) is far wider than the
/// rounding of every map along the deepest path (see ``ViewStore/hitMapTolerance(depth:magnitude:)``);
/// other points take the plain walk from the window. Pixel centres never come near an edge.
///
/// **Kept honest by the rows' write count.** The store's maps belong to its write count
/// (``ChunkedArray/writes``, of the rows and the side units) when they were built, and are used
/// only while it has not moved: the first query after any edit anywhere (of a geometry, a flag,
/// a link or a generation) retires every map. Queries of an unedited store are counted; after
/// ``HitMapPolicy/queriesBeforeBuild`` of them the store builds the maps of its front-most
/// windows. A map that would not pay (too few views, too many cells painted, a band wider than a
/// cell) is not made; the window walks until the next edit.
final class WindowHitMap {
    /// The cells, row-major: ``HitMapCell``. Room for at least `columns · cellRows`; a map that
    /// is built again over a retired one keeps its room when it is large enough.
    private(set) var cells = OwnedBuffer<HitMapCell>()
    /// Room for the deepest start's ancestors, filled by a query on its way down.
    private(set) var path = OwnedBuffer<Int32>()
    private(set) var columns: Int32 = 0
    private(set) var cellRows: Int32 = 0
    /// The window's top-left corner on the screen, where cell (0, 0) starts.
    private(set) var origin = SIMD2<Double>()
    /// Cells per point (a power of two, so `p · scale` is exact).
    private(set) var scale: Double = 0
    /// How close to its cell's edge a point may be, in cells, and still be answered by the map.
    private(set) var guardBand: Double = 0

    /// Sets the layout and fills every cell with `fill`, growing the rooms only when they are
    /// too small.
    func prepare(columns: Int, cellRows: Int, pathRoom: Int, origin: SIMD2<Double>, scale: Double,
                 guardBand: Double, fill: HitMapCell) {
        let count = columns * cellRows
        if cells.capacity < count { cells = OwnedBuffer(capacity: count) }
        cells.base.initialize(repeating: fill, count: count)
        if path.capacity < pathRoom { path = OwnedBuffer(capacity: pathRoom) }
        self.columns = Int32(columns)
        self.cellRows = Int32(cellRows)
        self.origin = origin
        self.scale = scale
        self.guardBand = guardBand
    }

    var allocatedBytes: Int {
        cells.capacity * MemoryLayout<HitMapCell>.stride + path.capacity * MemoryLayout<Int32>.stride
    }
}

/// One cell of a ``WindowHitMap``.
struct HitMapCell: BitwiseCopyable {
    /// The answer's row when it is not negative; otherwise `~start`, the row a query walks on from.
    var row: Int32
    /// The answer's generation (its handle's), when ``row`` is an answer.
    var generation: UInt32

    @inline(__always) var isAnswer: Bool { row >= 0 }
    @inline(__always) var start: Int32 { row >= 0 ? row : ~row }
}

extension HitMapCell {
    /// The cell whose memory holds `bits`: one load of the two fields, where loading the struct
    /// takes two and joins them.
    @inline(__always)
    init(_ bits: UInt64) {
        #if _endian(little)
        self.init(row: Int32(truncatingIfNeeded: bits), generation: UInt32(truncatingIfNeeded: bits >> 32))
        #else
        self.init(row: Int32(truncatingIfNeeded: bits >> 32), generation: UInt32(truncatingIfNeeded: bits))
        #endif
    }
}

/// What a query reads of a window's map, kept where the query finds it in one load: the store's
/// ``QueryState/hitMapSlots`` hold one for each of the front-most windows, by place in the window
/// order. The pointers are into the ``WindowHitMap`` the store keeps for the window
/// (``StoreLookups/hitMaps``); the slot is emptied whenever that map goes.
struct HitMapSlot: BitwiseCopyable {
    /// The window whose map this is (`noRow`: none).
    var window: Int32 = noRow
    /// The store's write count the map was built at (`.max`: no map).
    var validAt: UInt64 = .max
    /// The map's cells (`nil`: no map).
    var cells: UnsafePointer<HitMapCell>?
    var path: UnsafeMutablePointer<Int32>?
    var columns: Int32 = 0
    var cellRows: Int32 = 0
    /// The window's top-left corner on the screen (its center less half its size).
    var origin = SIMD2<Double>()
    /// `(columns, cellRows)`.
    var extent = SIMD2<Double>()
    var scale: Double = 0
    var guardLow: Double = 0
    var guardHigh: Double = 0

    /// `cells` less the bias the cell index carries (``cell(at:)``), as a bit pattern:
    /// a query adds the biased index to it, where it would subtract the bias from the index and
    /// add a 64-bit displacement.
    var biasedCells: UInt = 0

    /// The windows that get a slot, front-most first.
    static let count = 8
}

extension HitMapSlot {
    /// The slot of `window`'s `map`, built at the write count `validAt`.
    init(window: Int32, validAt: UInt64, map: WindowHitMap) {
        let cells = UnsafePointer(map.cells.base)
        self.init(window: window, validAt: validAt, cells: cells, path: map.path.base,
                  columns: map.columns, cellRows: map.cellRows, origin: map.origin,
                  extent: SIMD2(Double(map.columns), Double(map.cellRows)), scale: map.scale,
                  guardLow: map.guardBand, guardHigh: 1 - map.guardBand)
        // Cell (i, j) is at `cells + (j · columns + i) · stride`; a query has `i + bias` and
        // `j + bias` (the bits of ``cellIndexMagic``), so it adds `(j + bias) · columns + i + bias`
        // to `cells` less `bias · (columns + 1) · stride`, wrapping.
        let bias = UInt(cellIndexMagic.bitPattern)
        biasedCells = UInt(bitPattern: cells) &- bias &* (UInt(map.columns) &+ 1) &* UInt(MemoryLayout<HitMapCell>.stride)
    }
}

/// What ``HitMapSlot/cell(at:)`` adds to `u − ½` to round it to a whole number held in the sum's
/// low bits: 1.5 · 2⁵².
let cellIndexMagic = 0x1.8p52

/// When a ``ViewStore`` builds a window's hit map: after how many queries of an unchanged window,
/// for how many views, at how many cells a view.
///
/// A hit map answers a query of a window no one has edited since it was built in about the time
/// of one array read, where the walk tests a few subviews on each level; it costs memory (8 bytes
/// a cell, ``cellsPerView`` cells a view at most) and a build (a pass over the window's views and
/// cells, a few milliseconds at 100,000 views). Any edit retires it, so a window edited between
/// most of its queries never builds one.
public struct HitMapPolicy: Sendable, Equatable {
    /// Queries of a window, with no edit of the store between them, before it gets a map; a value
    /// below 1 counts as 1.
    public var queriesBeforeBuild: Int
    /// Windows with fewer views than this (the window included) are only ever walked.
    public var minimumViews: Int
    /// The cells a map may have for each of its window's views, at most 2²⁰ cells in all; a value
    /// below 1 counts as 1.
    public var cellsPerView: Int

    /// A policy with these fields, kept as given: a ``queriesBeforeBuild`` or ``cellsPerView`` below 1
    /// counts as 1 where the store reads it.
    public init(queriesBeforeBuild: Int, minimumViews: Int, cellsPerView: Int) {
        self.queriesBeforeBuild = queriesBeforeBuild
        self.minimumViews = minimumViews
        self.cellsPerView = cellsPerView
    }

    /// The default: a map after 64 queries of an unchanged window of 256 views or more, 8
    /// cells a view.
    public static let standard = HitMapPolicy(queriesBeforeBuild: 64, minimumViews: 256, cellsPerView: 8)
    /// Maps for every window from its first query after an edit (tests that compare answers
    /// with and without one use it).
    public static let eager = HitMapPolicy(queriesBeforeBuild: 1, minimumViews: 1, cellsPerView: 8)
    /// No maps: every query walks. Its fields are the least the C API accepts
    /// (`hk_hit_map_policy_never`), so a policy read from a store can always be set again.
    public static let never = HitMapPolicy(queriesBeforeBuild: .max, minimumViews: .max, cellsPerView: 1)

    /// The most cells one map may have.
    static let maximumCells = 1 << 20
}
