// Behaviour A2's hit test as a loop over the store's rows: no recursion (a chain a million
// views deep works) and no allocation once the scratch stacks have grown to the tree's depth.

/// One hit-test query: the current path and Behaviour A2's steps over it.
///
/// The path is kept as parent links plus one 16-byte entry per level, the point in that level's
/// coordinates, which the next subview to try is converted from. A plain view (no flag that
/// changes step 2, 4 or 5) needs nothing else: having been entered, it answers itself when its
/// subviews all miss. The few other views on the path add a ``SlowFrame`` on a second stack.
///
/// Both stacks live in room the host gives (``HitHost``): the live store's scratch, shared by
/// nested queries (a custom hit test calling back into the engine stacks its query above the
/// caller's), or a snapshot query's thread stack. The host moves them (``HitScratch``) when it
/// grows them or calls out. Unsafe pointer code stays inside this type and ``HitScratch``.
struct HitStack<Host: HitHost> {
    // Only what the steps change is stored here. The row reader, the root and whether its
    // override counts are the query's inputs, passed to the steps that read them: a stored copy
    // was written to memory on every query (the steps off the loop take `self` inout), for
    // nothing on most.
    var host: Host
    /// The query's stacks; its host reads where they ended up (``SnapshotHitHost/release(_:)``).
    private(set) var scratch: HitScratch
    /// Step 5: the top-most `redirectsToSuperview` view on the path, or `noRow`.
    private var redirectRow = noRow

    @inline(__always)
    init(_ host: Host) {
        self.host = host
        let (bottom, limit) = host.pointRoom()
        scratch = HitScratch(points: bottom, limit: limit)
    }

    /// The answer a query gives when `row` needs a closure its host cannot call: below `noRow`,
    /// so no row and no miss (``askedRow(_:)`` reads it back). It never wraps: `rowCount` is an
    /// `Int32`, so a row is at most `Int32.max - 1` and its code at least `Int32.min`.
    static func asking(_ row: Int32) -> Int32 { -2 &- row }

    /// The row an answer asks about, or `nil` for a row or `noRow`.
    static func askedRow(_ answer: Int32) -> Int32? { answer < noRow ? -2 &- answer : nil }

    /// Points the slow-frame stack at the host's room, once.
    private mutating func setUpSlowFrames() {
        guard !scratch.slowFramesAreSetUp else { return }
        let (bottom, limit) = host.slowFrameRoom()
        scratch.setUpSlowFrames(bottom, limit: limit)
    }

    /// The answer for `point` in the root's coordinates, the root not a plain rectangle (a plain
    /// one starts with a plain walk: ``RowReader/walkPlainly(root:at:)``): a row, or `noRow`. A
    /// non-finite point misses: the general step tests it before any hit area.
    /// `honorsRootOverride`: false for "super.hitTest" of the root, whose own override is then
    /// not called.
    @inline(__always)
    mutating func run<Reader: RowReader>(_ point: Point, _ rows: Reader, root: Int32, honorsRootOverride: Bool) -> Int32 {
        // The row whose override the query does not call, if any.
        let overrideSkipped = honorsRootOverride ? noRow : root
        // The root's point is given in its own coordinates: steps 1 to 3 for it, unconverted.
        switch enterSlowly(root, point, rows.row(root).pointee.flags, rows, overrideSkipped) {
        case .descend(let child):
            // The loop keeps the path's top, its end and the slow entry in locals (registers): a
            // slow step, which takes `self` inout, gets `top` written back first and reloads them
            // after (``HitScratch`` may have moved).
            var top = scratch.top, limit = scratch.limit, slowEntry = scratch.slowEntry
            push(point, &top, &limit, &slowEntry)
            return walk(child, point, rows, overrideSkipped, &top, &limit, &slowEntry)
        case .answer(let answer): return answer
        case .miss: return noRow
        }
    }

    /// Goes on from a plain walk's hand-over (``PlainWalkEnd/handOver(row:parentPoint:)``): steps
    /// 1 to 4 for `row` and then its previous siblings, with `parentPoint` in their superview's
    /// coordinates. The superview, a plain rectangle the point is in, answers if they all miss.
    @inline(__always)
    mutating func resume<Reader: RowReader>(at row: Int32, parentPoint: Point, _ rows: Reader) -> Int32 {
        var top = scratch.top, limit = scratch.limit, slowEntry = scratch.slowEntry
        push(parentPoint, &top, &limit, &slowEntry)
        return walk(row, parentPoint, rows, noRow, &top, &limit, &slowEntry)
    }

    /// The traversal from `node`, with `outer` the point of its superview, which is on the stack.
    ///
    /// The loop keeps `node` with the point in its superview's coordinates (`outer`) and converts
    /// at the top, so that one flag test serves both the conversion and steps 1 and 2: a plain
    /// rectangle (no flag off the fast path, no transform, no custom shape) goes straight to its
    /// bounds test. A sibling step then needs no conversion of its own. `outer` is always the
    /// point of `node`'s parent (`top[-1]`): siblings share it, so only a pop reloads it.
    @inline(__always)
    private mutating func walk<Reader: RowReader>(
        _ node: Int32, _ outer: Point, _ rows: Reader, _ overrideSkipped: Int32,
        _ top: inout UnsafeMutablePointer<Point>, _ limit: inout UnsafeMutablePointer<Point>,
        _ slowEntry: inout UnsafeMutablePointer<Point>
    ) -> Int32 {
        var node = node, outer = outer
        while true {
            var record = rows.row(node)
            var f = record.pointee.flags.rawValue
            // Whether the level's subviews all missed in the plain loop: step 4 for the parent.
            var exhausted = false
            if top - 1 != slowEntry || scratch.slowTop[-1].cursor == nil {
                // The plain loop: plain rectangles, transformed or not, whose parent's subviews
                // are walked by their links (no grid cursor), so a miss steps to the previous
                // sibling at once. It stays here through plain descents (a plain parent has no
                // slow frame) and leaves for a row off the fast path, or when the level's
                // subviews all missed.
                // The loop follows links (``RowLink``), not rows: the record a link names is one
                // add away. `node` is brought up to date where the loop leaves.
                var nodeLink = RowLink.link(node)
                while true {
                    var v = RowMaps.fromCenter(outer, record)
                    if _slowPath(f & Self.offPlainPath != 0) {
                        // A rotated or scaled plain rectangle costs its transform here, not a
                        // trip through the general step (a random tree's deep query meets one or two).
                        guard f & Self.offFastPath == 0 else {
                            node = RowLink.row(rows.link(of: record, nodeLink))
                            break
                        }
                        v = RowMaps.inverseTransformed(v, rows.inverseTransformUnit(record))
                    }
                    let (p, entered) = RowMaps.enter(fromCenter: v, record)
                    if _fastPath(!entered) {
                        let next = record.pointee.previousSiblingLink
                        if _slowPath(next < 0) {
                            // Step 4 for the parent: a plain one (no slow frame) answers itself,
                            // here, where the loop's values are still in registers.
                            if top - 1 != slowEntry { return onPath(record.pointee.parent, rows) }
                            node = RowLink.row(rows.link(of: record, nodeLink))
                            exhausted = true
                            break
                        }
                        nodeLink = next
                    } else {
                        guard let child = descend(record, f, p, rows, &outer, &top, &limit, &slowEntry) else {
                            return onPath(RowLink.row(rows.link(of: record, nodeLink)), rows)
                        }
                        nodeLink = child
                    }
                    record = rows.row(link: nodeLink)
                    f = record.pointee.flags.rawValue
                }
            }
            if !exhausted {
                // Steps 1 and 2 for `node` at its point, then step 3's first subview or step 4.
                let g = record.pointee.geometry
                let p: Point
                let entered: Bool
                if f & Self.offPlainPath == 0 {
                    (p, entered) = RowMaps.enterPlainly(outer, record)
                } else {
                    p = RowMaps.into(outer, g, f, rows.sideUnits(record))
                    if f & RowFlags.offFastPath.rawValue == 0 {
                        entered = RowMaps.boundsContain(g, p)
                    } else {
                        scratch.top = top
                        let entry = enterSlowly(node, p, RowFlags(rawValue: f), rows, overrideSkipped)
                        top = scratch.top; limit = scratch.limit; slowEntry = scratch.slowEntry
                        switch entry {
                        case .descend(let child):
                            push(p, &top, &limit, &slowEntry)
                            node = child
                            outer = p
                            continue
                        case .answer(let answer): return answer
                        case .miss: entered = false
                        }
                    }
                }
                if entered {
                    guard let child = descend(record, f, p, rows, &outer, &top, &limit, &slowEntry) else {
                        return onPath(node, rows)
                    }
                    node = RowLink.row(child)
                    continue
                }
            }
            // `node`'s subtree answered nothing: its previous sibling, else step 4 for the parent.
            while true {
                var next = noRow
                if exhausted {
                    exhausted = false
                } else if top - 1 == slowEntry, let cursor = scratch.slowTop[-1].cursor {
                    // The parent's next grid candidate.
                    next = cursor < scratch.slowTop[-1].end.unsafelyUnwrapped ? cursor.pointee : noRow
                    if next != noRow { scratch.slowTop[-1].cursor = cursor + 1 }
                } else {
                    next = record.pointee.previousSibling
                }
                if next != noRow {
                    node = next
                    break
                }
                internalCheck(top > scratch.bottom, "a point popped from an empty stack")
                top -= 1
                node = record.pointee.parent
                if top != slowEntry { return onPath(node, rows) }
                if popSlowFrame(node) { return onPath(node, rows) }
                slowEntry = scratch.slowEntry
                if top == scratch.bottom { return noRow }
                outer = top[-1]
                record = rows.row(node)
            }
        }
    }

    /// Step 3 for a plain row (`record`, flags `f`) entered at `p`: `nil` when no subview can be
    /// entered there (it has none, or `p` is outside their reach), and the row is the answer;
    /// otherwise `p` goes on the stack and the front-most subview's link is returned.
    @inline(__always)
    private mutating func descend<Reader: RowReader>(
        _ record: RowPointer, _ f: UInt32, _ p: Point, _ rows: Reader,
        _ outer: inout Point, _ top: inout UnsafeMutablePointer<Point>, _ limit: inout UnsafeMutablePointer<Point>,
        _ slowEntry: inout UnsafeMutablePointer<Point>
    ) -> Int32? {
        let child = record.pointee.lastChildLink
        if child < 0 || !rows.subviewsReach(record, f, p) { return nil }
        push(p, &top, &limit, &slowEntry)
        outer = p
        return child
    }

    /// Step 3 begins in the loop: `p`, the entered view's point, goes on the stack for its subviews.
    @inline(__always)
    private mutating func push(_ p: Point, _ top: inout UnsafeMutablePointer<Point>, _ limit: inout UnsafeMutablePointer<Point>,
                               _ slowEntry: inout UnsafeMutablePointer<Point>) {
        if top == limit { growPoints(&top, &limit, &slowEntry) }
        internalCheck(scratch.bottom <= top && top < limit, "a point pushed outside the stack's room")
        top.pointee = p
        top += 1
    }

    /// The point stack is full: grows it and reloads the loop's locals.
    private mutating func growPoints(_ top: inout UnsafeMutablePointer<Point>, _ limit: inout UnsafeMutablePointer<Point>,
                                     _ slowEntry: inout UnsafeMutablePointer<Point>) {
        scratch.top = top
        host.growPoints(&scratch)
        top = scratch.top; limit = scratch.limit; slowEntry = scratch.slowEntry
    }

    /// Flags that keep a row off the plain path: off the fast path, or converted by more than
    /// its center and half its size.
    private static var offPlainPath: UInt32 { RowFlags.offPlainPath.rawValue }

    /// Flags that need the general step: a row off the plain path with none of these is a plain
    /// rectangle under an invertible transform, which the plain loop takes too.
    private static var offFastPath: UInt32 { RowFlags.offFastPath.rawValue }

    // MARK: The steps

    /// Step 5 for an answer found on the current path.
    @inline(__always)
    private func onPath<Reader: RowReader>(_ answer: Int32, _ rows: Reader) -> Int32 {
        redirectRow == noRow ? answer : rows.row(redirectRow).pointee.parent
    }

    /// Step 5 for an override's answer, which may be anywhere (on the path, elsewhere in the
    /// window, or detached): the redirecting view's superview when the answer is inside it.
    private func redirected<Reader: RowReader>(_ answer: Int32, _ rows: Reader) -> Int32 {
        guard redirectRow != noRow, rows.isDescendantOrSelf(answer, of: redirectRow) else { return answer }
        return rows.row(redirectRow).pointee.parent
    }

    private enum SlowEntry {
        case descend(Int32)
        case answer(Int32)
        case miss
    }

    /// Steps 1 to 3 for a view that is not a plain rectangle: unhittable, overridden, with a hit
    /// area other than its bounds, pass-through, hitting outside its bounds, redirecting, or a
    /// wide container. Pushes what the view's subviews need; the caller descends.
    private mutating func enterSlowly<Reader: RowReader>(_ node: Int32, _ p: Point, _ f: RowFlags, _ rows: Reader,
                                      _ overrideSkipped: Int32) -> SlowEntry {
        if f.contains(.customHitTest) && node != overrideSkipped {
            // An override replaces all of Behaviour A2 for this view, step 1 included (as in UIKit).
            setUpSlowFrames()
            guard let answer = host.hitTestOverride(node, p, &scratch) else {
                return .answer(Self.asking(node))
            }
            // A miss lets the siblings try; an answer is final, even one that step 5 turns into
            // no view (redirected to a window's missing superview).
            return answer == noRow ? .miss : .answer(redirected(answer, rows))
        }
        if f.rawValue & RowFlags.unhittable.rawValue != 0 { return .miss }
        let inside: Bool
        if f.contains(.customPointInside) {
            setUpSlowFrames()
            guard let answer = host.pointInsideOverride(node, p, &scratch) else { return .answer(Self.asking(node)) }
            inside = answer
        } else {
            inside = p.isFinite && rows.hitAreaContains(node, p)
        }
        guard inside || (f.contains(.hitsOutsideBounds) && p.isFinite) else { return .miss }
        let answerable = inside && !f.contains(.passThrough)
        let redirectsHere = f.contains(.redirectsToSuperview) && redirectRow == noRow

        // Step 3: the front-most subview — the last child, or a grid cell's first candidate.
        var first = rows.row(node).pointee.lastChild
        var cursor: UnsafePointer<Int32>?, end: UnsafePointer<Int32>?
        if first != noRow && f.contains(.wideContainer) {
            if let (start, stop) = host.gridCandidates(of: node, at: p) {
                first = start < stop ? start.pointee : noRow
                cursor = start + 1
                end = stop
            } else {
                // No ready grid yet (or a stale one): walk the subviews, and ask for one.
                host.noteWideContainer(node)
            }
        }
        if first == noRow {
            // Step 4 for a view with no subview to try.
            guard answerable else { return .miss }
            return .answer(redirectsHere ? rows.row(node).pointee.parent : onPath(node, rows))
        }
        if !answerable || redirectsHere || cursor != nil {
            setUpSlowFrames()
            if scratch.slowTop == scratch.slowLimit { host.growSlowFrames(&scratch) }
            internalCheck(scratch.slowBottom <= scratch.slowTop && scratch.slowTop < scratch.slowLimit,
                          "a slow frame pushed outside the stack's room")
            scratch.slowTop.pointee = SlowFrame(cursor: cursor, end: end, level: Int32(scratch.top - scratch.bottom),
                                                isAnswerable: answerable)
            scratch.slowTop += 1
            scratch.slowEntry = scratch.top
        }
        if redirectsHere { redirectRow = node }
        return .descend(first)
    }

    /// Step 4 for `node`, whose subviews all missed and whose slow frame is on top: pops the
    /// frame and says whether `node` answers itself.
    private mutating func popSlowFrame(_ node: Int32) -> Bool {
        internalCheck(scratch.slowTop > scratch.slowBottom, "a slow frame popped from an empty stack")
        scratch.slowTop -= 1
        let answerable = scratch.slowTop.pointee.isAnswerable
        scratch.slowEntry = scratch.slowTop == scratch.slowBottom
            ? HitScratch.noSlowEntry : scratch.bottom + Int(scratch.slowTop[-1].level)
        if answerable { return true }
        // Hinted rare, so it compiles to a branch: as a conditional move, its `noRow` was kept
        // in a register for the whole query, which the plain loop then lacked.
        if _slowPath(redirectRow == node) { redirectRow = noRow }
        return false
    }
}
