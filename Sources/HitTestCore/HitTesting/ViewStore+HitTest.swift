// SPEC A2's hit test, iteratively: no recursion (a chain a million views deep works) and no
// allocation once the scratch stack has grown to the tree's depth.

/// One level of the current path: the point in that view's coordinates, and whether the view
/// itself may be the answer once its subviews have all missed.
@usableFromInline
struct HitFrame: BitwiseCopyable {
    @usableFromInline var point: Point
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
        return pointInsideRow(r, point, flags[r])
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
        guard point.isFinite else { return noRow }
        activeQueries += 1
        defer { activeQueries -= 1 }
        let base = framesInUse
        defer { framesInUse = base }

        // Raw column pointers for the loop; reloaded after any callback (a nested query may grow
        // the frame stack; edits are refused while we run, so the row columns cannot move).
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

        /// Step 5 applied to an answer found on the current path.
        func resolve(_ answer: Int32, onPath: Bool) -> Int32 {
            guard redirectDepth >= 0 else { return answer }
            if onPath || isDescendantOrSelf(answer, of: redirectRow) { return parentOf[Int(redirectRow)] }
            return answer
        }

        while true {
            // Enter `node` with `p` in its coordinates.
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
                let inside = f.contains(.customPointInside)
                    ? callPointInsideOverride(node, p) : (p.isFinite && columns.hitAreaContains(node, p))
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
                let last = lastChildOf[Int(node)]
                if last != noRow {
                    if base + depth >= stackCapacity {
                        growFrames()
                        stack = frames.base
                        stackCapacity = frames.capacity
                    }
                    stack[base + depth] = HitFrame(point: p, isAnswerable: answerable)
                    depth += 1
                    node = last
                    p = columns.convert(p, into: last)
                    continue
                }
                if answerable { return resolve(node, onPath: true) }
            }
            // `node`'s subtree answered nothing: try its previous sibling, else back up.
            while true {
                if redirectDepth >= depth { redirectDepth = -1 }
                if depth == 0 { return noRow }
                let previous = previousOf[Int(node)]
                if previous != noRow {
                    node = previous
                    p = columns.convert(stack[base + depth - 1].point, into: previous)
                    break
                }
                depth -= 1
                node = parentOf[Int(node)]
                if stack[base + depth].isAnswerable { return resolve(node, onPath: true) }
            }
        }
    }

    /// SPEC A1's superview-to-view map for one row (see ``HitTestColumns/convert(_:into:)``).
    func convertIntoRow(_ p: Point, _ row: Int32) -> Point {
        HitTestColumns(self).convert(p, into: row)
    }

    /// SPEC A2's `pointInside`, override included. A non-finite point is never inside.
    func pointInsideRow(_ row: Int32, _ p: Point, _ f: RowFlags) -> Bool {
        if f.contains(.customPointInside) { return callPointInsideOverride(row, p) }
        return p.isFinite && HitTestColumns(self).hitAreaContains(row, p)
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
