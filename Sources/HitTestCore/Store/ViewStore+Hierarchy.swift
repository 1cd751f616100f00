// Hierarchy edits and queries: the parent and sibling links of the rows.

extension ViewStore {
    // MARK: Reading the hierarchy

    /// The superview of `id`, or `nil` for a window or a detached view.
    public func superview(of id: ViewID) throws(ViewStoreError) -> ViewID? {
        handle(ifAny: parent[try row(id)])
    }

    /// The superviews of `id`, nearest first, up to its root, read one parent link at a time as
    /// the walk goes: a walk up the chain that checks the handle once and allocates nothing.
    /// Each step reads the superview of the view the walk is at when it moves on, so a walk that
    /// edits the store meanwhile follows the edit, as a walk by ``superview(of:)`` would, and
    /// a view destroyed meanwhile ends the walk there.
    @inlinable
    public func superviews(of id: ViewID) throws(ViewStoreError) -> Superviews {
        _ = try row(id)
        return Superviews(store: self, from: id)
    }

    /// Appends the superviews of `id` to `list`, nearest first, up to its root: the chain a
    /// caller walks in one call, where ``superview(of:)`` checks the handle again at each level.
    /// Allocates nothing once `list` has room for them.
    public func appendSuperviews(of id: ViewID, to list: inout [ViewID]) throws(ViewStoreError) {
        // The chain as it is now, so each level's record is read once (its generation and its
        // parent link), where the lazy walk (``superviews(of:)``) reads two.
        var r = parent[try row(id)]
        while r != noRow {
            let record = storage.rows.element(Int(r))
            list.append(ViewID(index: r, generation: record.load(fromByteOffset: RowRecord.Offset.generation, as: UInt32.self)))
            r = RowLink.row(record.load(fromByteOffset: RowRecord.Offset.parent, as: Int32.self))
        }
    }

    /// The subviews of `id`, back-most first (UIKit's `subviews` order).
    public func subviews(of id: ViewID) throws(ViewStoreError) -> [ViewID] {
        var result: [ViewID] = []
        var child = firstChild[try row(id)]
        while child != noRow {
            result.append(handle(child))
            child = nextSibling[child]
        }
        return result
    }

    /// How many subviews `id` has: the count of ``subviews(of:)``, without building the list.
    /// Asked again of the same view with no edit of the store between, it is not counted again.
    public func subviewCount(of id: ViewID) throws(ViewStoreError) -> Int {
        let parentRow = try row(id)
        var cursor = subviewCursor(of: parentRow)
        if cursor.count < 0 {
            var count = 0, child = firstChild[parentRow]
            while child != noRow {
                count += 1
                child = nextSibling[child]
            }
            cursor.count = count
        }
        lookups.subviewCursor = cursor
        return cursor.count
    }

    /// The subview of `id` at `index`, back-most first (the element of ``subviews(of:)``), or
    /// `nil` when `index` is not below the count: found without building the list. The store
    /// keeps where the last such read stopped, so reading a view's subviews in order, with no
    /// edit between, costs one step each (as ``nextSibling(of:)`` does), not a walk from the
    /// back-most.
    public func subview(of id: ViewID, at index: Int) throws(ViewStoreError) -> ViewID? {
        let parentRow = try row(id)
        guard index >= 0 else { return nil }
        var cursor = subviewCursor(of: parentRow)
        if cursor.index > index || cursor.child == noRow {
            // Behind the index, or past the end: back to the back-most, keeping the count.
            cursor.index = 0
            cursor.child = firstChild[parentRow]
        }
        while cursor.child != noRow && cursor.index < index {
            cursor.child = nextSibling[cursor.child]
            cursor.index += 1
        }
        guard cursor.child != noRow else { return nil }
        lookups.subviewCursor = cursor
        return handle(cursor.child)
    }

    /// The cursor the last read left if it is on `parentRow` and no edit came since, else a new
    /// one at the back-most subview.
    private func subviewCursor(of parentRow: Int32) -> SubviewCursor {
        let cursor = lookups.subviewCursor, writes = rowWrites
        if cursor.parent == parentRow && cursor.writes == writes { return cursor }
        return SubviewCursor(parent: parentRow, writes: writes, index: 0, child: firstChild[parentRow])
    }

    /// The back-most subview of `id` (the first of ``subviews(of:)``), or `nil` when it has none:
    /// with ``nextSibling(of:)``, the subviews one at a time, without building the list.
    public func firstSubview(of id: ViewID) throws(ViewStoreError) -> ViewID? {
        handle(ifAny: firstChild[try row(id)])
    }

    /// The subview of `id`'s superview just in front of `id` (the next in ``subviews(of:)``), or
    /// `nil` when `id` is the front-most or has no superview.
    public func nextSibling(of id: ViewID) throws(ViewStoreError) -> ViewID? {
        handle(ifAny: nextSibling[try row(id)])
    }

    /// The top of `id`'s tree: its window, or the top-most ancestor of a tree in no window
    /// (itself when it has no superview). Coordinates "in the window" of a view are in this view's.
    public func root(of id: ViewID) throws(ViewStoreError) -> ViewID {
        handle(chunkTableReader.rootRow(of: try row(id)))
    }

    /// The window `id` is in (itself for a window), or `nil` when its tree has no window at its root.
    public func window(of id: ViewID) throws(ViewStoreError) -> ViewID? {
        let root = chunkTableReader.rootRow(of: try row(id))
        return flags[root].contains(.window) ? handle(root) : nil
    }

    /// Whether `id` is a window.
    public func isWindow(_ id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].contains(.window)
    }

    /// Whether `id` is `ancestor` or one of its descendants (UIKit's `isDescendant(of:)`).
    public func isDescendant(_ id: ViewID, of ancestor: ViewID) throws(ViewStoreError) -> Bool {
        let r = try row(id), a = try row(ancestor)
        // A childless ancestor has only itself below it: no walk to the root, so a host that asks
        // before each insertion (the C API does) still builds a deep chain leaf by leaf in linear time.
        return firstChild[a] == noRow ? r == a : isDescendantOrSelf(r, of: a)
    }

    @usableFromInline
    func isDescendantOrSelf(_ row: Int32, of ancestor: Int32) -> Bool {
        chunkTableReader.isDescendantOrSelf(row, of: ancestor)
    }

    // MARK: Editing the hierarchy

    /// Adds `child` as the front-most subview of `parent`, first removing it from its current
    /// superview (so this also moves a view to another parent).
    public func addSubview(_ child: ViewID, to parent: ViewID) throws(ViewStoreError) {
        let (c, p) = try checkedPair(child, parent)
        unlink(c)
        link(c, under: p, before: noRow)
    }

    /// Inserts `child` among the subviews of `parent` at `index` (0 is the back-most; `count`
    /// appends).
    public func insertSubview(_ child: ViewID, into parent: ViewID, at index: Int) throws(ViewStoreError) {
        let (c, p) = try checkedPair(child, parent)
        // Count the siblings without `child`, which moves even when it is already under `parent`,
        // noting the one at `index`: one pass over the links, no list.
        var count = 0, atIndex = noRow, s = firstChild[p]
        while s != noRow {
            if s != c {
                if count == index { atIndex = s }
                count += 1
            }
            s = nextSibling[s]
        }
        guard index >= 0, index <= count else {
            throw .indexOutOfRange(index: index, count: count)
        }
        unlink(c)
        link(c, under: p, before: atIndex)
    }

    /// Inserts `child` just in front of `sibling`, under `sibling`'s superview.
    public func insertSubview(_ child: ViewID, above sibling: ViewID) throws(ViewStoreError) {
        try insert(child, nextTo: sibling, above: true)
    }

    /// Inserts `child` just behind `sibling`, under `sibling`'s superview.
    public func insertSubview(_ child: ViewID, below sibling: ViewID) throws(ViewStoreError) {
        try insert(child, nextTo: sibling, above: false)
    }

    /// Detaches `id` from its superview (nothing happens for a view that has none).
    public func removeFromSuperview(_ id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        unlink(r)
    }

    /// Moves `id` in front of its siblings.
    public func bringToFront(_ id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        let p = parent[r]
        guard p != noRow else { throw .notASubview(view: id, parent: nil) }
        unlink(r)
        link(r, under: p, before: noRow)
    }

    /// Moves `id` behind its siblings.
    public func sendToBack(_ id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        let p = parent[r]
        guard p != noRow else { throw .notASubview(view: id, parent: nil) }
        unlink(r)
        link(r, under: p, before: firstChild[p])
    }

    /// Swaps the subviews of `parent` at two indices (UIKit's `exchangeSubview(at:withSubviewAt:)`).
    public func exchangeSubviews(of parent: ViewID, at first: Int, _ second: Int) throws(ViewStoreError) {
        let p = try row(parent)
        try checkNotQuerying()
        var children: [Int32] = []
        var s = firstChild[p]
        while s != noRow { children.append(s); s = nextSibling[s] }
        for i in [first, second] where !(0..<children.count).contains(i) {
            throw .indexOutOfRange(index: i, count: children.count)
        }
        guard first != second else { return }
        children.swapAt(first, second)
        let low = Swift.min(first, second), high = Swift.max(first, second)
        unlink(children[low])
        unlink(children[high])
        // Re-link the back-most position last: its successor is then already in place.
        link(children[high], under: p, before: high + 1 < children.count ? children[high + 1] : noRow)
        link(children[low], under: p, before: children[low + 1])
    }

    // MARK: Windows

    /// The live windows, front-most first: higher `level` first, and among equal levels the one
    /// shown last first.
    public var windows: [ViewID] { lookups.windowOrder.map(handle) }

    /// The level of a window (UIKit's `windowLevel`).
    public func windowLevel(of window: ViewID) throws(ViewStoreError) -> Double {
        let r = try row(window)
        guard flags[r].contains(.window) else { throw .notAWindow(window) }
        return rare(r).windowLevel
    }

    /// Changes a window's level, keeping its place among the windows of its new level by when it
    /// was shown. A NaN is ignored: it has no place in the order.
    public func setWindowLevel(_ level: Double, of window: ViewID) throws(ViewStoreError) {
        let r = try row(window)
        try checkNotQuerying()
        guard flags[r].contains(.window) else { throw .notAWindow(window) }
        guard !level.isNaN else { return }
        lookups.rareExtras[r, default: RareExtras()].windowLevel = level
        removeFromWindowOrder(r)
        insertIntoWindowOrder(r)
    }

    /// Shows a window again, in front of the other windows of its level (as `makeKeyAndVisible`
    /// or `orderFront` does).
    public func orderFront(_ window: ViewID) throws(ViewStoreError) {
        let r = try row(window)
        try checkNotQuerying()
        guard flags[r].contains(.window) else { throw .notAWindow(window) }
        showCounter += 1
        shownAt[r] = showCounter
        removeFromWindowOrder(r)
        insertIntoWindowOrder(r)
    }

    func insertIntoWindowOrder(_ r: Int32) {
        let level = rare(r).windowLevel, shown = shownAt[r] ?? 0
        let position = lookups.windowOrder.firstIndex { other in
            let otherLevel = rare(other).windowLevel
            return otherLevel < level || (otherLevel == level && (shownAt[other] ?? 0) < shown)
        } ?? lookups.windowOrder.count
        lookups.windowOrder.insert(r, at: position)
        retireHitMaps()
    }

    func removeFromWindowOrder(_ r: Int32) {
        // One compare a window, not a closure call: an app may hold many windows.
        if let index = lookups.windowOrder.firstIndex(of: r) { lookups.windowOrder.remove(at: index) }
        retireHitMaps()
    }

    // MARK: Links

    /// Validates a (child, parent) pair for an insertion: both live, the child not a window, and
    /// the parent not the child or one of its descendants.
    private func checkedPair(_ child: ViewID, _ parent: ViewID) throws(ViewStoreError) -> (Int32, Int32) {
        let c = try row(child), p = try row(parent)
        try checkNotQuerying()
        if flags[c].contains(.window) { throw .windowCannotBeSubview(child) }
        // A childless view can only be its own ancestor: skip the walk to the root, so building
        // a deep chain leaf by leaf stays linear.
        let wouldCycle = firstChild[c] == noRow ? p == c : isDescendantOrSelf(p, of: c)
        if wouldCycle { throw .cycle(view: child, parent: parent) }
        return (c, p)
    }

    private func insert(_ child: ViewID, nextTo sibling: ViewID, above: Bool) throws(ViewStoreError) {
        let s = try row(sibling)
        let p = parent[s]
        guard p != noRow else { throw .notASubview(view: sibling, parent: nil) }
        let (c, _) = try checkedPair(child, handle(p))
        guard c != s else { return }
        unlink(c)
        link(c, under: p, before: above ? nextSibling[s] : s)
    }

    /// Takes `row` out of its parent's child list (nothing for a root).
    func unlink(_ row: Int32) {
        let p = parent[row]
        guard p != noRow else { return }
        subviewLeaving(row)
        let prev = previousSibling[row], next = nextSibling[row]
        if prev != noRow { nextSibling[prev] = next } else { firstChild[p] = next }
        if next != noRow { previousSibling[next] = prev } else { lastChild[p] = prev }
        parent[row] = noRow
        previousSibling[row] = noRow
        nextSibling[row] = noRow
    }

    /// Puts a detached `row` under `p`, just behind `before` (or in front of all when `noRow`).
    func link(_ row: Int32, under p: Int32, before: Int32) {
        parent[row] = p
        if before == noRow {
            let last = lastChild[p]
            previousSibling[row] = last
            nextSibling[row] = noRow
            if last != noRow { nextSibling[last] = row } else { firstChild[p] = row }
            lastChild[p] = row
        } else {
            let prev = previousSibling[before]
            previousSibling[row] = prev
            nextSibling[row] = before
            previousSibling[before] = row
            if prev != noRow { nextSibling[prev] = row } else { firstChild[p] = row }
        }
        subviewJoined(row)
    }
}

/// The superviews of a view, nearest first (``ViewStore/superviews(of:)``).
public struct Superviews: Sequence, IteratorProtocol {
    @usableFromInline let store: ViewStore
    /// The view the walk is at: its superview comes next. Its generation ends the walk once
    /// the view is destroyed, even when a new view has taken its row.
    @usableFromInline var at: ViewID

    @inlinable
    init(store: ViewStore, from id: ViewID) {
        self.store = store
        self.at = id
    }

    /// The next superview, read from the store now: `nil` after the root, or once the view the walk
    /// is at has been destroyed; an ended walk stays ended.
    @inlinable
    public mutating func next() -> ViewID? {
        let rows = UInt32(bitPattern: store.storage.rowCount)
        // An ended walk is at no row (-1), which the one unsigned compare also turns away.
        guard UInt32(bitPattern: at.index) < rows else { return nil }
        let record = store.storage.rows.element(Int(at.index))
        let parent = RowLink.row(record.load(fromByteOffset: RowRecord.Offset.parent, as: Int32.self))
        // Links name written rows; the bound keeps a walk that edits the store in them.
        guard record.load(fromByteOffset: RowRecord.Offset.generation, as: UInt32.self) == at.generation,
              UInt32(bitPattern: parent) < rows
        else {
            at = ViewID(index: noRow, generation: 0)
            return nil
        }
        at = ViewID(index: parent, generation: store.storage.rows.element(Int(parent)).load(fromByteOffset: RowRecord.Offset.generation, as: UInt32.self))
        return at
    }
}

/// Where the last ``ViewStore/subview(of:at:)`` stopped: the parent's row, the store's row
/// writes then (any edit moves them, so a cursor from before an edit is never followed), the
/// index and the subview's row at it; and the parent's subview count once it is known (-1
/// before). The C API's `hk_view_subview_at` reads a view's subviews by index, in order, in
/// the loop a C host writes first.
struct SubviewCursor {
    var parent: Int32 = noRow
    var writes: UInt64 = 0
    var index = 0
    var child: Int32 = noRow
    var count = -1
}
