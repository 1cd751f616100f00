// Behaviour A2 on a snapshot: the same steps as ``HitStack``, without closures (a view that needs
// one makes the answer `.ask`), without grids, and with its path on the querying thread's stack.

/// One entered view on the current path.
struct SnapshotFrame: BitwiseCopyable {
    /// The point in the view's coordinates, which its subviews' points are converted from.
    var point: Point
    var row: Int32
    /// Whether the view answers itself once its subviews have all missed (step 4).
    var isAnswerable: Bool
}

extension SnapshotReader {
    /// The answer for `point` in `root`'s coordinates, `root`'s own custom hit test included.
    func hitTest(_ root: Int32, _ point: Point) -> SnapshotAnswer {
        withUnsafeTemporaryAllocation(of: SnapshotFrame.self, capacity: ViewStoreSnapshot.inlineDepth) { inline in
            var path = SnapshotPath(inline.baseAddress.unsafelyUnwrapped, capacity: inline.count)
            defer { path.release() }
            return hitTest(root, point, &path)
        }
    }

    private enum Entry {
        case entered(isAnswerable: Bool)
        case miss
        case ask
    }

    /// Steps 1 and 2 for `record` at `p` (a row off the fast path); a closure it would need
    /// makes the query ask.
    @inline(__always)
    private func enter(_ record: UnsafeMutablePointer<RowRecord>, _ p: Point) -> Entry {
        guard p.isFinite else { return .miss }
        let f = record.pointee.flags
        // An override replaces all of Behaviour A2 for this view, step 1 included (as in UIKit).
        if f.contains(.customHitTest) { return .ask }
        if f.rawValue & RowFlags.unhittable.rawValue != 0 { return .miss }
        if f.contains(.customPointInside) { return .ask }
        let inside = tables.hitAreaContains(record, p)
        guard inside || f.contains(.hitsOutsideBounds) else { return .miss }
        return .entered(isAnswerable: inside && !f.contains(.passThrough))
    }

    private func hitTest(_ root: Int32, _ point: Point, _ path: inout SnapshotPath) -> SnapshotAnswer {
        // Step 5: the level of the top-most `redirectsToSuperview` view on the path, or -1.
        var redirectLevel = -1
        var node = root, p = point
        while true {
            // Steps 1 to 3 for `node`: descend into its front-most subview when it is entered.
            var subviewsDone = true
            let record = row(node)
            // A plain rectangle (most rows) is entered when its bounds contain `p`, as in
            // ``HitStack``: one flag test, and a non-finite point fails the comparisons.
            let entry = record.pointee.flags.rawValue & RowFlags.offFastPath.rawValue == 0
                ? (HitTestColumns.boundsContain(record.pointee.geometry, p) ? .entered(isAnswerable: true) : .miss)
                : enter(record, p)
            switch entry {
            case .ask: return .ask(handle(node))
            case .entered(let answerable):
                if redirectLevel < 0 && record.pointee.flags.contains(.redirectsToSuperview) {
                    redirectLevel = path.depth
                }
                path.push(SnapshotFrame(point: p, row: node, isAnswerable: answerable))
                let child = record.pointee.lastChild
                if child != noRow {
                    node = child
                    p = mapIntoRow(p, child)
                    continue
                }
            case .miss:
                if path.depth == 0 { return .miss }
                subviewsDone = false
            }
            // `node` is done: its previous sibling, else step 4 for the view on top of the path.
            while true {
                if subviewsDone {
                    let frame = path.pop()
                    if frame.isAnswerable {
                        let answer = redirectLevel < 0 ? frame.row : parentRow(path.frame(at: redirectLevel).row)
                        return answer == noRow ? .miss : .hit(handle(answer))
                    }
                    if redirectLevel == path.depth { redirectLevel = -1 }
                    if path.depth == 0 { return .miss }
                    node = frame.row
                }
                let sibling = row(node).pointee.previousSibling
                if sibling != noRow {
                    node = sibling
                    p = mapIntoRow(path.top.point, sibling)
                    break
                }
                subviewsDone = true
            }
        }
    }

    private func handle(_ r: Int32) -> ViewID {
        ViewID(index: r, generation: row(r).pointee.generation)
    }
}

/// A query's path: on the caller's stack up to its capacity, then in a heap buffer that doubles.
struct SnapshotPath {
    private var frames: UnsafeMutablePointer<SnapshotFrame>
    private var capacity: Int
    private var heap: Column<SnapshotFrame>?
    private(set) var depth = 0

    init(_ inline: UnsafeMutablePointer<SnapshotFrame>, capacity: Int) {
        frames = inline
        self.capacity = capacity
    }

    @inline(__always)
    mutating func push(_ frame: SnapshotFrame) {
        if depth == capacity { grow() }
        frames[depth] = frame
        depth += 1
    }

    @inline(__always)
    mutating func pop() -> SnapshotFrame {
        depth -= 1
        return frames[depth]
    }

    var top: SnapshotFrame { frames[depth - 1] }

    func frame(at level: Int) -> SnapshotFrame { frames[level] }

    private mutating func grow() {
        let bigger = Column<SnapshotFrame>(capacity: capacity * 2)
        bigger.base.initialize(from: frames, count: depth)
        heap?.deallocate()
        heap = bigger
        frames = bigger.base
        capacity *= 2
    }

    func release() { heap?.deallocate() }
}
