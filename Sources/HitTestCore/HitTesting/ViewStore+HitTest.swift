// SPEC A2's hit test, iteratively: no recursion (a chain a million views deep works) and no
// allocation once the scratch stack has grown to the tree's depth.

/// One level of the current path: the point in that view's coordinates, whether the view itself
/// may be the answer once its subviews have all missed, and how its subviews are being visited —
/// by sibling links (`cursor == nil`), or through a ``ContainerGrid`` cell's candidate list.
@usableFromInline
struct HitFrame: BitwiseCopyable {
    @usableFromInline var point: Point
    /// The next grid candidate to try, up to `end`; `nil` when walking sibling links.
    @usableFromInline var cursor: UnsafePointer<Int32>?
    @usableFromInline var end: UnsafePointer<Int32>?
    /// Siblings walked so far by links: at ``ViewStore/wideContainerThreshold`` the container
    /// is marked for a grid.
    @usableFromInline var siblingsWalked: Int32
    @usableFromInline var isAnswerable: Bool
}

extension ViewStore {
    /// The front-most view under a screen point: windows front to back (higher level first,
    /// then the one shown last), each tested in its own coordinates; the first that answers wins.
    public func hitTest(screenPoint: Point) -> ViewID? {
        guard screenPoint.isFinite else { return nil }
        let columns = HitTestColumns(self)
        for window in windowOrder {
            let local = columns.convert(screenPoint, into: window)
            let answer = hitTestRow(window, local, honoringRootOverride: true)
            if answer != noRow { return handle(answer) }
        }
        return nil
    }

    /// SPEC A2's `hitTest(p)` of `id` (a window or any view) with `point` in its own coordinates,
    /// using the view's own custom hit test if it has one.
    public func hitTest(_ point: Point, in id: ViewID) throws(ViewStoreError) -> ViewID? {
        handle(ifAny: hitTestRow(try row(id), point, honoringRootOverride: true))
    }

    /// The default hit test of `id` ("super.hitTest" for a custom hit test): SPEC A2's steps 1–5
    /// for `id` itself, custom hit tests of its descendants included.
    public func defaultHitTest(_ id: ViewID, at point: Point) throws(ViewStoreError) -> ViewID? {
        handle(ifAny: hitTestRow(try row(id), point, honoringRootOverride: false))
    }

    /// The default `point(inside:)` of `id`: whether its hit area contains `point`.
    public func defaultPointInside(_ id: ViewID, _ point: Point) throws(ViewStoreError) -> Bool {
        try hitArea(of: id).contains(point)
    }

    /// `point(inside:)` of `id`, its override included.
    public func pointInside(_ id: ViewID, _ point: Point) throws(ViewStoreError) -> Bool {
        let r = try row(id)
        return pointInsideRow(r, point, flags[r], HitTestColumns(self))
    }

    // MARK: The traversal

    /// Hit-tests the subtree of `root` with `point` in `root`'s coordinates; returns a row or `noRow`.
    ///
    /// Depth-first, front to back: enter a view (step 1's unhittable bits, step 2's hit area),
    /// descend into its last subview, and on a miss move to the previous sibling, or back up to
    /// the parent, which answers itself (step 4) if it contained the point and is not
    /// `passThrough`. Step 5 is tracked on the way down: the top-most `redirectsToSuperview` view
    /// on the current path turns any answer below it into its superview.
    @usableFromInline
    func hitTestRow(_ root: Int32, _ point: Point, honoringRootOverride: Bool) -> Int32 {
        let answer = traverse(root, point, honoringRootOverride: honoringRootOverride)
        if activeQueries == 0 && !pendingGridRows.isEmpty { processPendingGrids() }
        return answer
    }

    private func traverse(_ root: Int32, _ point: Point, honoringRootOverride: Bool) -> Int32 {
        guard point.isFinite else { return noRow }
        activeQueries += 1
        defer { activeQueries -= 1 }
        let base = framesInUse
        defer { framesInUse = base }

        let columns = HitTestColumns(self)
        let flagsOf = columns.flags, parentOf = columns.parent
        let lastChildOf = columns.lastChild, previousOf = columns.previousSibling
        var stack = frames.base
        var stackCapacity = frames.capacity

        var node = root
        var p = point
        var depth = 0
        var redirectDepth = -1
        var redirectRow = noRow

        /// Step 5 applied to an answer: on the current path, or from an override (anywhere).
        func resolve(_ answer: Int32, onPath: Bool) -> Int32 {
            guard redirectDepth >= 0 else { return answer }
            if onPath || isDescendantOrSelf(answer, of: redirectRow) { return parentOf[Int(redirectRow)] }
            return answer
        }

        while true {
            // Enter `node` with `p` in its coordinates (steps 1 and 2).
            let f = flagsOf[Int(node)]
            var enters = false
            var answerable = false
            if f.rawValue & (RowFlags.unhittable.rawValue | RowFlags.slowPath.rawValue) == 0 {
                enters = columns.hitAreaContains(node, p)
                answerable = enters
            } else if f.contains(.customHitTest) && (honoringRootOverride || depth > 0) {
                // An override replaces all of SPEC A2 for this view, step 1 included (as in UIKit).
                framesInUse = base + depth
                let answer = callHitTestOverride(node, p)
                stack = frames.base
                stackCapacity = frames.capacity
                if answer != noRow { return resolve(answer, onPath: false) }
            } else if f.rawValue & RowFlags.unhittable.rawValue == 0 {
                framesInUse = base + depth
                let inside = pointInsideRow(node, p, f, columns)
                stack = frames.base
                stackCapacity = frames.capacity
                enters = inside || (f.contains(.hitsOutsideBounds) && p.isFinite)
                answerable = inside && !f.contains(.passThrough)
            }
            if enters {
                if f.contains(.redirectsToSuperview) && redirectDepth < 0 {
                    redirectDepth = depth
                    redirectRow = node
                }
                // Step 3: the front-most subview first — the last child, or a grid cell's first candidate.
                var frame = HitFrame(point: p, cursor: nil, end: nil, siblingsWalked: 0, isAnswerable: answerable)
                var first = lastChildOf[Int(node)]
                if first != noRow && f.contains(.wideContainer), let grid = grids[node], grid.state == .ready {
                    let (start, end) = grid.candidates(at: p)
                    first = start < end ? start.pointee : noRow
                    frame.cursor = start + 1
                    frame.end = end
                }
                if first != noRow {
                    if base + depth >= stackCapacity {
                        growFrames()
                        stack = frames.base
                        stackCapacity = frames.capacity
                    }
                    stack[base + depth] = frame
                    depth += 1
                    node = first
                    p = columns.convert(p, into: first)
                    continue
                }
                // Step 4 for a view with no subview to try.
                if answerable { return resolve(node, onPath: true) }
            }
            // `node`'s subtree answered nothing: try the next subview of its parent, else back up.
            while true {
                if redirectDepth >= depth { redirectDepth = -1 }
                if depth == 0 { return noRow }
                let parentFrame = stack + (base + depth - 1)
                var next = noRow
                if let cursor = parentFrame.pointee.cursor {
                    if cursor < parentFrame.pointee.end.unsafelyUnwrapped {
                        next = cursor.pointee
                        parentFrame.pointee.cursor = cursor + 1
                    }
                } else {
                    next = previousOf[Int(node)]
                    parentFrame.pointee.siblingsWalked &+= 1
                    if parentFrame.pointee.siblingsWalked == Self.wideContainerThreshold {
                        noteWideContainer(parentOf[Int(node)])
                    }
                }
                if next != noRow {
                    node = next
                    p = columns.convert(parentFrame.pointee.point, into: next)
                    break
                }
                depth -= 1
                node = parentOf[Int(node)]
                if stack[base + depth].isAnswerable { return resolve(node, onPath: true) }
            }
        }
    }

    /// Records a container the query walked widely, without allocating.
    private func noteWideContainer(_ container: Int32) {
        if pendingGridRows.count < Self.pendingGridCapacity && !pendingGridRows.contains(container) {
            pendingGridRows.append(container)
        }
    }

    /// SPEC A1's superview-to-view map for one row (see ``HitTestColumns/convert(_:into:)``).
    func convertIntoRow(_ p: Point, _ row: Int32) -> Point {
        HitTestColumns(self).convert(p, into: row)
    }

    /// SPEC A2's `pointInside`, override included. A non-finite point is never inside.
    func pointInsideRow(_ row: Int32, _ p: Point, _ f: RowFlags, _ columns: HitTestColumns) -> Bool {
        if f.contains(.customPointInside) { return callPointInsideOverride(row, p) }
        return p.isFinite && columns.hitAreaContains(row, p)
    }

    /// Calls a view's `pointInside` override; a non-finite point is never inside.
    func callPointInsideOverride(_ row: Int32, _ p: Point) -> Bool {
        guard p.isFinite, let override = coldExtras[Int(extrasIndex[row])].pointInsideOverride else { return false }
        return override(p)
    }

    /// Calls a view's hit-test override; a stale answer counts as no answer.
    func callHitTestOverride(_ row: Int32, _ p: Point) -> Int32 {
        guard p.isFinite, let override = coldExtras[Int(extrasIndex[row])].hitTestOverride,
              let answer = override(p), contains(answer) else { return noRow }
        return answer.index
    }

    private func growFrames() {
        frames.grow(to: frames.capacity * 2, keeping: frames.capacity)
    }
}
