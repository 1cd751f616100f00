/// Every view of an application as one 64-byte row record: the data-oriented heart of HitKit.
///
/// A row holds the view's links (parent, first and last child, next and previous sibling, as
/// 32-bit ``RowLink``s), a flags word, the geometry the hit test reads (``RowGeometry``: 32 bytes),
/// a generation for its handles and the index of its first side unit, if any. Views that are
/// rotated, scaled, offset, inset or overridden keep their extra state in side units, so plain
/// rectangles pay nothing for it. Docs/Engine.md describes the layout and the traversal.
///
/// Edits cost O(1) (plus a walk to the root when a view is re-parented, to refuse cycles) and
/// update only the edited row's precomputed data; queries never invert a matrix and never
/// allocate once their scratch stack has grown to the tree's depth.
///
/// A store is a non-`Sendable` reference type, used from one thread. Handles (``ViewID``) are
/// `Sendable` values; a handle outlives its view only as a ``ViewStoreError/staleHandle(_:)``.
public final class ViewStore {
    /// Replaces Behaviour A2's "the hit area contains p" for one view; receives the point in the
    /// view's own coordinates.
    public typealias PointInsideOverride = (Point) -> Bool
    /// Replaces Behaviour A2's whole recursion for one view (as an override of UIKit's
    /// `hitTest(_:with:)`); receives the point in the view's own coordinates. It may call
    /// ``ViewStore/defaultHitTest(_:at:)`` to run the default ("super") behaviour.
    public typealias HitTestOverride = (Point) -> ViewID?

    // MARK: State
    // The three groups skip the dynamic exclusivity check in the normal build (the exclusivity
    // promise, Promises.swift, promise 2); the checked build keeps it.
    #if HITKIT_INTERNAL_CHECKS
    @usableFromInline var storage = RowStorage()
    @usableFromInline var query = QueryState()
    var lookups = StoreLookups()
    #else
    // Fence: the exclusivity promise (Promises.swift, promise 2), for the next three.
    /// The rows and side units (``RowStorage``).
    @exclusivity(unchecked) @usableFromInline var storage = RowStorage()
    /// The query's scratch stacks and pending work (``QueryState``).
    @exclusivity(unchecked) @usableFromInline var query = QueryState()
    /// The rare state, the window order and the grids (``StoreLookups``).
    @exclusivity(unchecked) var lookups = StoreLookups()
    #endif

    /// Free rows, linked through `nextSibling`.
    var freeRowHead: Int32 = noRow
    /// How many views the store holds: made and not yet destroyed, windows included.
    public private(set) var liveViewCount = 0

    /// The most views a store holds at once: 2²⁵ (33,554,432). A row's links hold the linked
    /// row's byte offset (`row · 64`, ``RowLink``) in 32 bits. Past it, ``makeView(frame:)`` and
    /// ``makeWindow(frame:level:)`` throw ``ViewStoreError/tooManyViews(limit:)``; destroying a
    /// view makes room again.
    public static let maximumViewCount = Int(Int32.max >> RowLink.shift) + 1
    /// The most views this store holds at once: ``maximumViewCount`` unless its creator asked
    /// for fewer (the C library's stores stop at the most its view handles can name). Past it,
    /// ``makeView(frame:)`` and ``makeWindow(frame:level:)`` throw
    /// ``ViewStoreError/tooManyViews(limit:)``. A freed row is always reused before a new one is
    /// added, so no view's row index reaches the limit.
    public internal(set) var viewLimit: Int

    /// Whether the store holds ``viewLimit`` views, so that making one more would throw.
    public var isFull: Bool { freeRowHead == noRow && Int(storage.rowCount) >= viewLimit }

    // MARK: Side units
    /// Freed runs of side units by length: `freeSideUnitRuns[n - 1]` holds runs of `n` units.
    /// A row holds 0, 2 (a transform), 3 (a shape) or 5 units, and one more with a subview reach.
    var freeSideUnitRuns: [[Int32]] = [[], [], [], [], [], []]

    // MARK: Windows
    /// Monotonic counter recording when each window was last shown.
    var showCounter: UInt64 = 0
    var shownAt: [Int32: UInt64] = [:]

    // MARK: Queries' bookkeeping
    /// Views whose own row was destroyed during a query (``destroyDetachingSubviews(_:)``).
    var pendingDestroys: [ViewID] = []
    /// Grid builds and rebuilds so far (tests check that an edit did not cause one).
    var gridRebuilds = 0
    /// Windows' hit maps built so far.
    var hitMapBuilds = 0

    /// When the store gives a window a hit map (``HitMapPolicy``): a cache of its queries'
    /// answers by cell, built after repeated queries of an unchanged window and retired by any
    /// edit (its room kept for the next build; ``shrinkToFit()`` frees it). Answers are the same
    /// with or without one. Setting it drops every map and its room.
    public var hitMapPolicy: HitMapPolicy = .standard {
        didSet {
            let count = hitMapPolicy.queriesBeforeBuild
            query.hitMapThreshold = count >= Int(Int32.max) ? .max : Int32(Swift.max(count, 1))
            retireHitMaps()
            lookups.retiredHitMaps.release()
        }
    }
    static let pendingGridCapacity = 32

    /// Creates an empty store with room for `capacity` views (at most `viewLimit`) before its
    /// rows grow, holding at most `viewLimit` views at once (clamped to `0...maximumViewCount`).
    public init(capacity: Int = 64, viewLimit: Int = ViewStore.maximumViewCount) {
        self.viewLimit = Swift.min(Swift.max(viewLimit, 0), Self.maximumViewCount)
        // Room past the limit would never be used.
        storage.rows.reserve(Swift.max(Swift.min(capacity, self.viewLimit), 1))
        query.pendingGridRows.reserveCapacity(Self.pendingGridCapacity)
    }

    /// Bytes the store's rows use per view slot (side tables and scratch not included).
    public static let bytesPerRow = MemoryLayout<RowRecord>.stride

    /// The rows the store has room for before it adds a chunk of 64 (or makes a cut one whole).
    var capacity: Int { storage.rows.capacity }

    /// An estimate of every byte the store holds: rows at capacity, side tables and scratch.
    public var allocatedBytes: Int {
        storage.rows.allocatedBytes
            + storage.sideUnits.allocatedBytes
            + freeSideUnitRuns.reduce(0) { $0 + $1.capacity * MemoryLayout<Int32>.stride }
            // A dictionary slot holds a key and a value (plus about one bit of metadata).
            + lookups.rareExtras.capacity * (MemoryLayout<Int32>.stride + MemoryLayout<RareExtras>.stride)
            + query.points.capacity * MemoryLayout<Point>.stride
            + query.slowFrames.capacity * MemoryLayout<SlowFrame>.stride
            + lookups.windowOrder.capacity * MemoryLayout<Int32>.stride
            + hitMapBytes
    }

    // MARK: Handles

    /// Whether `id` names a live view of this store.
    @inlinable
    public func contains(_ id: ViewID) -> Bool {
        id.index >= 0 && id.index < storage.rowCount && generation[id.index] == id.generation
            && flags[id.index].contains(.live)
    }

    /// The row of a live view, or a ``ViewStoreError/staleHandle(_:)``.
    @inlinable
    func row(_ id: ViewID) throws(ViewStoreError) -> Int32 {
        guard contains(id) else { throw .staleHandle(id) }
        return id.index
    }

    /// The handle of a live row.
    @inlinable
    func handle(_ row: Int32) -> ViewID {
        ViewID(index: row, generation: generation[row])
    }

    @inlinable
    func handle(ifAny row: Int32) -> ViewID? {
        row == noRow ? nil : handle(row)
    }

    func checkNotQuerying() throws(ViewStoreError) {
        if isRunningHitTestOverride { throw .editDuringHitTest }
    }

    /// Whether a query is under way that has called one of its views' hit-test or point-inside
    /// overrides, which has not returned: code running now runs inside the override, and the
    /// store refuses every edit (``ViewStoreError/editDuringHitTest``) until it returns.
    public var isRunningHitTestOverride: Bool {
        query.queriesCallingOut != 0
    }

    // MARK: Creating and destroying rows

    /// Creates a detached view with the given frame (identity transform, anchor point (0.5, 0.5),
    /// every flag at its UIKit default). Throws ``ViewStoreError/tooManyViews(limit:)`` when the
    /// store already holds ``viewLimit`` views, and ``ViewStoreError/editDuringHitTest``
    /// from a custom hit test.
    public func makeView(frame: Rect = .zero) throws(ViewStoreError) -> ViewID {
        try checkNotQuerying()
        guard !isFull else { throw .tooManyViews(limit: viewLimit) }
        let row = allocateRow()
        try! setFrame(frame, of: handle(row))
        return handle(row)
    }

    /// Creates a window: a root view that is shown in front of the windows of its level shown
    /// before it, and hit-tested by ``hitTest(screenPoint:)``. A NaN level is taken as 0: it has
    /// no place in the order.
    public func makeWindow(frame: Rect = .zero, level: Double = 0) throws(ViewStoreError) -> ViewID {
        let id = try makeView(frame: frame)
        flags[id.index].insert(.window)
        if level != 0 && !level.isNaN { lookups.rareExtras[id.index, default: RareExtras()].windowLevel = level }
        showCounter += 1
        shownAt[id.index] = showCounter
        insertIntoWindowOrder(id.index)
        return id
    }

    /// Destroys `id` and every view under it: their handles become stale and their rows are
    /// recycled.
    public func destroy(_ id: ViewID) throws(ViewStoreError) {
        let root = try row(id)
        try checkNotQuerying()
        unlink(root)
        if flags[root].contains(.window) { removeFromWindowOrder(root) }
        var pending: [Int32] = [root]
        while let r = pending.popLast() {
            var child = firstChild[r]
            while child != noRow {
                pending.append(child)
                child = nextSibling[child]
            }
            freeRow(r)
        }
    }

    private func allocateRow() -> Int32 {
        let row: Int32
        if freeRowHead != noRow {
            row = freeRowHead
            freeRowHead = nextSibling[row]
        } else {
            if Int(storage.rowCount) == capacity { storage.rows.reserve(capacity + 1) }
            row = storage.rowCount
            storage.rowCount += 1
            generation[row] = 0
        }
        flags[row] = .live
        parent[row] = noRow
        firstChild[row] = noRow
        lastChild[row] = noRow
        nextSibling[row] = noRow
        previousSibling[row] = noRow
        firstSideUnit[row] = noRow
        geometry[row] = RowGeometry(centerX: 0, centerY: 0, width: 0, height: 0)
        liveViewCount += 1
        return row
    }

    private func freeRow(_ row: Int32) {
        resizeSideUnitRun(row, from: flags[row].sideUnitCount, to: 0)
        lookups.rareExtras[row] = nil  // drops override closures now
        shownAt[row] = nil
        if flags[row].contains(.wideContainer) { lookups.grids[row] = nil }
        flags[row] = []
        liveViewCount -= 1
        // A row whose generation would wrap is retired rather than risk a handle naming two views.
        guard generation[row] != .max else { return }
        generation[row] &+= 1
        nextSibling[row] = freeRowHead
        freeRowHead = row
    }

    /// Gives `row` a run of `count` side units in place of its run of `oldCount` (their contents
    /// are not kept: the caller writes them). Freed runs are reused by runs of the same length.
    func resizeSideUnitRun(_ row: Int32, from oldCount: Int, to count: Int) {
        guard count != oldCount else { return }
        if oldCount != 0 { freeSideUnitRuns[oldCount - 1].append(firstSideUnit[row]) }
        guard count != 0 else {
            firstSideUnit[row] = noRow
            return
        }
        if let recycled = freeSideUnitRuns[count - 1].popLast() {
            firstSideUnit[row] = recycled
            return
        }
        // A run never straddles 64 units: the units live in chunks of 64 and a query reads a
        // row's run from one chunk (``Chunk``).
        let chunk = ChunkedArray<SideUnit>.chunkSize, inUse = storage.sideUnitsInUse
        let start = inUse % chunk + count > chunk ? inUse + chunk - inUse % chunk : inUse
        storage.sideUnits.reserve(start + count)
        firstSideUnit[row] = Int32(start)
        storage.sideUnitsInUse = start + count
    }

    /// The inputs of `row`'s shape (the plain ones unless it has ``RowFlags/customShape``): they
    /// follow its ``ShapeUnit``.
    func shapeInputs(_ row: Int32) -> ShapeInputs {
        let f = flags[row]
        guard f.contains(.customShape) else { return ShapeInputs() }
        return self[sideUnitOf: row, at: f.shapeUnitOffset + 1, as: ShapeInputs.self]
    }

    /// The anchor offset of `row` (see ``RowGeometry``).
    func anchorOffset(_ row: Int32) -> Point {
        let f = flags[row]
        if f.contains(.customShape) { return self[sideUnitOf: row, at: f.shapeUnitOffset, as: ShapeUnit.self].anchorOffset }
        let g = geometry[row]
        return Point(x: 0.5 * g.width, y: 0.5 * g.height)
    }

    /// Makes room for `count` more views than are alive now (freed rows are used first), so
    /// that creating them grows no chunked array in doubling steps: for building a tree whose size is
    /// known (a scene).
    public func reserveCapacity(forViews count: Int) {
        // Never past the limit (nor overflowing on the way there); a negative count asks for none.
        let needed = Swift.min(liveViewCount + Swift.min(count, viewLimit), viewLimit)
        // Not during a query, which reads the rows in place (room is only an optimization).
        guard needed > capacity, query.queriesCallingOut == 0 else { return }
        storage.rows.reserve(needed)
    }

    /// Gives the rows and side units exactly the room they use: after building a large tree,
    /// this drops the chunks reserved beyond it, cuts the last chunk to size and drops the slack
    /// of the chunk lookups. Later additions grow them again as usual (the cut chunk first
    /// becomes a whole one of 64). It also brings every row back into one slab, where queries
    /// find a row without the chunk table (chunks copied after a ``snapshot()`` sit outside it).
    public func shrinkToFit() throws(ViewStoreError) {
        try checkNotQuerying()
        storage.rows.shrink(toFit: Int(storage.rowCount))
        storage.sideUnits.shrink(toFit: storage.sideUnitsInUse)
        lookups.retiredHitMaps.release()
    }

    /// The rarely set state of `row`, or the defaults when it has none.
    func rare(_ row: Int32) -> RareExtras {
        lookups.rareExtras[row] ?? RareExtras()
    }

    /// The transform of `row` (identity when it has no transform units).
    func storedTransform(_ row: Int32) -> AffineTransform {
        flags[row].rawValue & RowFlags.transformed.rawValue == 0
            ? .identity : self[sideUnitOf: row, at: 1, as: AffineTransform.self]
    }
}

