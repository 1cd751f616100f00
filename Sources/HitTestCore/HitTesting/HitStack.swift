// Behaviour A2's hit test as a loop over the store's columns: no recursion (a chain a million
// views deep works) and no allocation once the scratch stacks have grown to the tree's depth.

/// The per-level state of a view on the current path that is not a plain rectangle: one that
/// may not answer itself (pass-through, or hit outside its hit area), the top-most
/// `redirectsToSuperview` view, or a wide container whose subviews come from a grid cell.
@usableFromInline
struct SlowFrame: BitwiseCopyable {
    /// Where the view's point sits in the point stack (counted from the query's first entry).
    var level: Int
    /// The next grid candidate to try, up to `end`; `nil` when walking sibling links.
    var cursor: UnsafePointer<Int32>?
    var end: UnsafePointer<Int32>?
    /// Whether the view answers itself once its subviews have all missed (step 4).
    var isAnswerable: Bool
}

/// One hit-test query: the current path and Behaviour A2's steps over it.
///
/// The path is kept as parent links plus one 16-byte entry per level, the point in that level's
/// coordinates, which the next subview to try is converted from. A plain view (no flag that
/// changes step 2, 4 or 5) needs nothing else: having been entered, it answers itself when its
/// subviews all miss. The few other views on the path add a ``SlowFrame`` on a second stack.
///
/// Both stacks live in store columns shared by nested queries (a custom hit test calling back
/// into the engine stacks its query above the caller's), so the pointers are reloaded after every
/// call out. Unsafe pointer code stays inside this type.
struct HitStack {
    unowned(unsafe) let store: ViewStore
    let columns: HitTestColumns
    let root: Int32
    /// False for "super.hitTest" of the root: its own override is not called.
    let honorsRootOverride: Bool

    // The point stack: `bottom..<top` holds this query's path, `limit` is the column's end.
    private var bottom: UnsafeMutablePointer<Point>
    private var top: UnsafeMutablePointer<Point>
    private var limit: UnsafeMutablePointer<Point>
    // The slow-frame stack, likewise; all three are ``slowFramesNotSetUp`` until the first push
    // (most queries never push one, and loading them cost a sixth of a small query's setup).
    private var slowBottom: UnsafeMutablePointer<SlowFrame>
    private var slowTop: UnsafeMutablePointer<SlowFrame>
    private var slowLimit: UnsafeMutablePointer<SlowFrame>
    /// The point entry of the view owning the top slow frame: a sibling step or a pop at that
    /// entry consults the frame. ``noSlowEntry`` when there is no slow frame: a plain pointer
    /// compare per sibling step, where an optional cost a nil test on top of it.
    private var slowEntry = Self.noSlowEntry
    /// An address no point entry has (the first page is never mapped).
    private static var noSlowEntry: UnsafeMutablePointer<Point> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Point>.alignment).unsafelyUnwrapped
    }
    /// Step 5: the top-most `redirectsToSuperview` view on the path, or `noRow`.
    private var redirectRow = noRow
    /// Siblings tried in a row by links since the last descent: at
    /// ``ViewStore/wideContainerThreshold`` the container is marked for a grid.
    private var siblingRun: Int32 = 0

    @inline(__always)
    init(_ store: ViewStore, _ columns: HitTestColumns, root: Int32, honorsRootOverride: Bool) {
        self.store = store
        self.columns = columns
        self.root = root
        self.honorsRootOverride = honorsRootOverride
        bottom = store.frames.base + store.framesInUse
        top = bottom
        limit = store.frames.base + store.frames.capacity
        slowBottom = Self.slowFramesNotSetUp
        slowTop = Self.slowFramesNotSetUp
        slowLimit = Self.slowFramesNotSetUp
    }

    /// An address no slow frame has (the first page is never mapped).
    private static var slowFramesNotSetUp: UnsafeMutablePointer<SlowFrame> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<SlowFrame>.alignment).unsafelyUnwrapped
    }

    /// Points the slow-frame stack at the store's column, above the frames in use.
    private mutating func setUpSlowFrames() {
        guard slowLimit == Self.slowFramesNotSetUp else { return }
        slowBottom = store.slowFrames.base + store.slowFramesInUse
        slowTop = slowBottom
        slowLimit = store.slowFrames.base + store.slowFrames.capacity
    }

    /// The answer for `point` (finite, in the root's coordinates): a row, or `noRow`.
    /// `rootIsInside`: the caller found the root a plain view whose bounds contain `point`.
    ///
    /// The loop keeps `node` with the point in its superview's coordinates (`outer`) and converts
    /// at the top, so that one flag test serves both the conversion and steps 1 and 2: a plain
    /// rectangle (no flag off the fast path, no transform, no custom shape) goes straight to its
    /// bounds test. A sibling step then needs no conversion of its own.
    @inline(__always)
    mutating func run(_ point: Point, rootIsInside: Bool) -> Int32 {
        var node = root
        var outer = point
        // The root's point is given in its own coordinates: steps 1 to 3 for it, unconverted.
        let rootRecord = columns.row(root)
        let rootFlags = rootRecord.pointee.flags
        if rootIsInside || (rootFlags.rawValue & RowFlags.offFastPath.rawValue == 0
                            && HitTestColumns.boundsContain(rootRecord.pointee.geometry, point)) {
            let child = rootRecord.pointee.lastChild
            if child == noRow { return onPath(root) }
            push(point)
            node = child
        } else if rootFlags.rawValue & RowFlags.offFastPath.rawValue == 0 {
            return noRow
        } else {
            switch enterSlowly(root, point, rootFlags) {
            case .descend(let child):
                push(point)
                node = child
            case .answer(let answer): return answer
            case .miss: return noRow
            }
        }
        while true {
            // Steps 1 and 2 for `node` at its point, then step 3's first subview or step 4.
            var record = columns.row(node)
            let f = record.pointee.flags.rawValue
            let g = record.pointee.geometry
            let p: Point
            let entered: Bool
            if f & Self.offPlainPath == 0 {
                (p, entered) = HitTestColumns.enterPlainly(outer, g)
            } else {
                p = RowMaps.into(outer, g, f, columns.sideUnits(record))
                if f & RowFlags.offFastPath.rawValue == 0 {
                    entered = HitTestColumns.boundsContain(g, p)
                } else {
                    switch enterSlowly(node, p, RowFlags(rawValue: f)) {
                    case .descend(let child):
                        push(p)
                        node = child
                        outer = p
                        continue
                    case .answer(let answer): return answer
                    case .miss: entered = false
                    }
                }
            }
            if entered {
                let child = record.pointee.lastChild
                if child == noRow { return onPath(node) }
                push(p)
                node = child
                outer = p
                continue
            }
            // `node`'s subtree answered nothing: its previous sibling, else step 4 for the parent.
            while true {
                let next = nextSubview(after: record)
                if next != noRow {
                    node = next
                    outer = top[-1]
                    break
                }
                top -= 1
                siblingRun = 0
                node = record.pointee.parent
                if top != slowEntry { return onPath(node) }
                if popSlowFrame(node) { return onPath(node) }
                if top == bottom { return noRow }
                record = columns.row(node)
            }
        }
    }

    /// Flags that keep a row off the plain path: off the fast path, or converted by more than
    /// its center and half its size.
    private static var offPlainPath: UInt32 {
        RowFlags.offFastPath.rawValue | RowFlags.transformed.rawValue | RowFlags.customShape.rawValue
    }

    // MARK: The steps

    /// Step 3 begins: remember `p`, the entered view's point, for its subviews.
    @inline(__always)
    private mutating func push(_ p: Point) {
        if top == limit { growPoints() }
        top.pointee = p
        top += 1
        siblingRun = 0
    }

    /// Step 3 goes on: the subview to try after `node` missed — its previous sibling, or the
    /// parent's next grid candidate — or `noRow` when every subview has been tried.
    @inline(__always)
    private mutating func nextSubview(after node: UnsafeMutablePointer<RowRecord>) -> Int32 {
        if top - 1 == slowEntry, let cursor = slowTop[-1].cursor {
            guard cursor < slowTop[-1].end.unsafelyUnwrapped else { return noRow }
            slowTop[-1].cursor = cursor + 1
            return cursor.pointee
        }
        siblingRun &+= 1
        if siblingRun == ViewStore.wideContainerThreshold { store.noteWideContainer(node.pointee.parent) }
        return node.pointee.previousSibling
    }

    /// Step 5 for an answer found on the current path.
    @inline(__always)
    private func onPath(_ answer: Int32) -> Int32 {
        redirectRow == noRow ? answer : columns.row(redirectRow).pointee.parent
    }

    /// Step 5 for an override's answer, which may be anywhere.
    private func fromOverride(_ answer: Int32) -> Int32 {
        if redirectRow != noRow && store.isDescendantOrSelf(answer, of: redirectRow) {
            return columns.row(redirectRow).pointee.parent
        }
        return answer
    }

    private enum SlowEntry {
        case descend(Int32)
        case answer(Int32)
        case miss
    }

    /// Steps 1 to 3 for a view that is not a plain rectangle: unhittable, overridden, with a hit
    /// area other than its bounds, pass-through, hitting outside its bounds, redirecting, or a
    /// wide container. Pushes what the view's subviews need; the caller descends.
    private mutating func enterSlowly(_ node: Int32, _ p: Point, _ f: RowFlags) -> SlowEntry {
        if f.contains(.customHitTest) && (honorsRootOverride || node != root) {
            // An override replaces all of Behaviour A2 for this view, step 1 included (as in UIKit).
            let answer = callingOut { $0.callHitTestOverride(node, p) }
            return answer == noRow ? .miss : .answer(fromOverride(answer))
        }
        if f.rawValue & RowFlags.unhittable.rawValue != 0 { return .miss }
        let inside = f.contains(.customPointInside)
            ? callingOut { $0.callPointInsideOverride(node, p) }
            : p.isFinite && columns.hitAreaContains(node, p)
        guard inside || (f.contains(.hitsOutsideBounds) && p.isFinite) else { return .miss }
        let answerable = inside && !f.contains(.passThrough)
        let redirectsHere = f.contains(.redirectsToSuperview) && redirectRow == noRow

        // Step 3: the front-most subview — the last child, or a grid cell's first candidate.
        var first = columns.row(node).pointee.lastChild
        var cursor: UnsafePointer<Int32>?, end: UnsafePointer<Int32>?
        if first != noRow && f.contains(.wideContainer), let grid = store.grids[node], grid.state == .ready {
            let (start, stop) = grid.candidates(at: p)
            first = start < stop ? start.pointee : noRow
            cursor = start + 1
            end = stop
        }
        if first == noRow {
            // Step 4 for a view with no subview to try.
            guard answerable else { return .miss }
            return .answer(redirectsHere ? columns.row(node).pointee.parent : onPath(node))
        }
        if !answerable || redirectsHere || cursor != nil {
            if slowTop == slowLimit { growSlowFrames() }
            slowTop.pointee = SlowFrame(level: top - bottom, cursor: cursor, end: end, isAnswerable: answerable)
            slowTop += 1
            slowEntry = top
        }
        if redirectsHere { redirectRow = node }
        return .descend(first)
    }

    /// Step 4 for `node`, whose subviews all missed and whose slow frame is on top: pops the
    /// frame and says whether `node` answers itself.
    private mutating func popSlowFrame(_ node: Int32) -> Bool {
        slowTop -= 1
        let answerable = slowTop.pointee.isAnswerable
        slowEntry = slowTop == slowBottom ? Self.noSlowEntry : bottom + slowTop[-1].level
        if answerable { return true }
        if redirectRow == node { redirectRow = noRow }
        return false
    }

    // MARK: Calling out and growing

    /// Runs a callback that may query the store again: nested queries stack above this one's
    /// entries, and may grow (move) the columns, so the pointers are reloaded afterwards.
    private mutating func callingOut<Result>(_ body: (ViewStore) -> Result) -> Result {
        setUpSlowFrames()
        let depth = top - bottom, slowDepth = slowTop - slowBottom
        let savedPoints = store.framesInUse, savedSlow = store.slowFramesInUse
        let pointBase = bottom - store.frames.base, slowBase = slowBottom - store.slowFrames.base
        let entryLevel = slowEntry == Self.noSlowEntry ? nil : slowEntry - bottom
        store.framesInUse = pointBase + depth
        store.slowFramesInUse = slowBase + slowDepth
        let result = body(store)
        store.framesInUse = savedPoints
        store.slowFramesInUse = savedSlow
        bottom = store.frames.base + pointBase
        top = bottom + depth
        limit = store.frames.base + store.frames.capacity
        slowBottom = store.slowFrames.base + slowBase
        slowTop = slowBottom + slowDepth
        slowLimit = store.slowFrames.base + store.slowFrames.capacity
        slowEntry = entryLevel.map { bottom + $0 } ?? Self.noSlowEntry
        return result
    }

    private mutating func growPoints() {
        let depth = top - bottom, base = bottom - store.frames.base
        let entryLevel = slowEntry == Self.noSlowEntry ? nil : slowEntry - bottom
        store.frames.grow(to: store.frames.capacity * 2, keeping: store.frames.capacity)
        bottom = store.frames.base + base
        top = bottom + depth
        limit = store.frames.base + store.frames.capacity
        slowEntry = entryLevel.map { bottom + $0 } ?? Self.noSlowEntry
    }

    private mutating func growSlowFrames() {
        setUpSlowFrames()
        if slowTop != slowLimit { return }
        let depth = slowTop - slowBottom, base = slowBottom - store.slowFrames.base
        store.slowFrames.grow(to: store.slowFrames.capacity * 2, keeping: store.slowFrames.capacity)
        slowBottom = store.slowFrames.base + base
        slowTop = slowBottom + depth
        slowLimit = store.slowFrames.base + store.slowFrames.capacity
    }
}
