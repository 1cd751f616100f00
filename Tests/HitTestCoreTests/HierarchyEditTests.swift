import Testing
import HitTestCore

/// Hierarchy edits: each checks the resulting order through `subviews(of:)`, the links the hit
/// test walks, and the superview links.
@Suite("Hierarchy edits")
struct HierarchyEditTests {
    /// A parent with subviews a, b, c (back to front), plus a detached view x.
    struct Family {
        let store = ViewStore()
        let parent: ViewID, a: ViewID, b: ViewID, c: ViewID, x: ViewID

        init() throws {
            parent = try store.makeView(frame: Rect(0, 0, 100, 100))
            a = try store.add(Rect(0, 0, 10, 10), to: parent)
            b = try store.add(Rect(0, 0, 10, 10), to: parent)
            c = try store.add(Rect(0, 0, 10, 10), to: parent)
            x = try store.makeView(frame: Rect(0, 0, 10, 10))
        }

        var order: [ViewID] { get throws { try store.subviews(of: parent) } }
        var consistent: Bool { get throws { try store.linksAreConsistent(under: parent) } }
    }

    @Test("addSubview appends in front; subviews(of:) lists back-most first")
    func addOrder() throws {
        let f = try Family()
        #expect(try f.order == [f.a, f.b, f.c])
        #expect(try f.consistent)
        #expect(try f.store.superview(of: f.b) == f.parent)
    }

    @Test("adding an existing subview again moves it to the front")
    func reAdd() throws {
        let f = try Family()
        try f.store.addSubview(f.a, to: f.parent)
        #expect(try f.order == [f.b, f.c, f.a])
        #expect(try f.consistent)
    }

    @Test("addSubview moves a view from another parent, with its subtree")
    func moveBetweenParents() throws {
        let f = try Family()
        let other = try f.store.makeView(frame: Rect(0, 0, 50, 50))
        let y = try f.store.add(Rect(0, 0, 5, 5), to: other)
        let grandchild = try f.store.add(Rect(0, 0, 5, 5), to: f.b)
        try f.store.addSubview(f.b, to: other)
        #expect(try f.order == [f.a, f.c])
        #expect(try f.store.subviews(of: other) == [y, f.b])
        #expect(try f.store.superview(of: f.b) == other)
        #expect(try f.store.subviews(of: f.b) == [grandchild])
        #expect(try f.consistent)
        #expect(try f.store.linksAreConsistent(under: other))
    }

    @Test("firstSubview and nextSibling, subviewCount and subview(of:at:) give subviews(of:)'s order, and follow edits")
    func siblingLinksFollowEdits() throws {
        let f = try Family()
        func walked(_ parent: ViewID) throws -> [ViewID] {
            var list: [ViewID] = [], next = try f.store.firstSubview(of: parent)
            while let id = next { list.append(id); next = try f.store.nextSibling(of: id) }
            return list
        }
        func indexed(_ parent: ViewID) throws -> [ViewID] {
            try (0..<f.store.subviewCount(of: parent)).map { try #require(try f.store.subview(of: parent, at: $0)) }
        }
        #expect(try walked(f.parent) == [f.a, f.b, f.c] && indexed(f.parent) == [f.a, f.b, f.c])
        #expect(try f.store.subview(of: f.parent, at: 3) == nil && f.store.subview(of: f.parent, at: -1) == nil)
        #expect(try f.store.nextSibling(of: f.x) == nil && f.store.subviewCount(of: f.x) == 0)
        try f.store.bringToFront(f.a)
        #expect(try walked(f.parent) == [f.b, f.c, f.a] && indexed(f.parent) == [f.b, f.c, f.a])
        let other = try f.store.makeView(frame: Rect(0, 0, 50, 50))
        #expect(try f.store.firstSubview(of: other) == nil)
        try f.store.addSubview(f.c, to: other)
        #expect(try walked(f.parent) == [f.b, f.a] && walked(other) == [f.c])
        try f.store.destroy(f.b)
        try f.store.removeFromSuperview(f.a)
        #expect(try f.store.firstSubview(of: f.parent) == nil && f.store.subviewCount(of: f.parent) == 0)
        #expect(try f.store.nextSibling(of: f.a) == nil)
        #expect(throws: ViewStoreError.self) { try f.store.firstSubview(of: f.b) }
        #expect(throws: ViewStoreError.self) { try f.store.nextSibling(of: f.b) }
        #expect(throws: ViewStoreError.self) { try f.store.subviewCount(of: f.b) }
        #expect(throws: ViewStoreError.self) { try f.store.subview(of: f.b, at: 0) }
    }

    @Test("insertSubview(at:) at 0, in the middle and at count", arguments: [
        (0, ["x", "a", "b", "c"]), (1, ["a", "x", "b", "c"]), (2, ["a", "b", "x", "c"]), (3, ["a", "b", "c", "x"]),
    ])
    func insertAtIndex(index: Int, expected: [String]) throws {
        let f = try Family()
        try f.store.insertSubview(f.x, into: f.parent, at: index)
        let names = [f.a: "a", f.b: "b", f.c: "c", f.x: "x"]
        #expect(try f.order.map { names[$0]! } == expected)
        #expect(try f.consistent)
        #expect(try f.store.superview(of: f.x) == f.parent)
    }

    @Test("insertSubview(at:) into an empty parent")
    func insertIntoEmpty() throws {
        let store = ViewStore()
        let parent = try store.makeView(), child = try store.makeView()
        #expect(throws: ViewStoreError.indexOutOfRange(index: 1, count: 0)) {
            try store.insertSubview(child, into: parent, at: 1)
        }
        try store.insertSubview(child, into: parent, at: 0)
        #expect(try store.subviews(of: parent) == [child])
        #expect(try store.linksAreConsistent(under: parent))
    }

    @Test("insertSubview(at:) of a view already there counts the other subviews")
    func insertExistingAtIndex() throws {
        let f = try Family()
        try f.store.insertSubview(f.a, into: f.parent, at: 2)
        #expect(try f.order == [f.b, f.c, f.a])
        try f.store.insertSubview(f.a, into: f.parent, at: 0)
        #expect(try f.order == [f.a, f.b, f.c])
        try f.store.insertSubview(f.c, into: f.parent, at: 1)
        #expect(try f.order == [f.a, f.c, f.b])
        #expect(throws: ViewStoreError.indexOutOfRange(index: 3, count: 2)) {
            try f.store.insertSubview(f.a, into: f.parent, at: 3)
        }
        #expect(try f.consistent)
    }

    @Test("insertSubview(at:) out of range throws and changes nothing", arguments: [-1, 4, 100])
    func insertOutOfRange(index: Int) throws {
        let f = try Family()
        #expect(throws: ViewStoreError.indexOutOfRange(index: index, count: 3)) {
            try f.store.insertSubview(f.x, into: f.parent, at: index)
        }
        #expect(try f.order == [f.a, f.b, f.c])
        #expect(try f.store.superview(of: f.x) == nil)
        #expect(try f.consistent)
    }

    @Test("insertSubview above and below a sibling")
    func insertAboveBelow() throws {
        let f = try Family()
        try f.store.insertSubview(f.x, above: f.a)
        #expect(try f.order == [f.a, f.x, f.b, f.c])
        let y = try f.store.makeView()
        try f.store.insertSubview(y, below: f.a)
        #expect(try f.order == [y, f.a, f.x, f.b, f.c])
        let z = try f.store.makeView()
        try f.store.insertSubview(z, above: f.c)
        #expect(try f.order == [y, f.a, f.x, f.b, f.c, z])
        // Moving an existing sibling.
        try f.store.insertSubview(f.c, below: f.a)
        #expect(try f.order == [y, f.c, f.a, f.x, f.b, z])
        try f.store.insertSubview(y, above: z)
        #expect(try f.order == [f.c, f.a, f.x, f.b, z, y])
        // Above or below itself: nothing moves.
        try f.store.insertSubview(f.x, above: f.x)
        try f.store.insertSubview(f.x, below: f.x)
        #expect(try f.order == [f.c, f.a, f.x, f.b, z, y])
        #expect(try f.consistent)
    }

    @Test("inserting next to a view with no superview throws notASubview")
    func insertNextToRoot() throws {
        let f = try Family()
        let y = try f.store.makeView()
        #expect(throws: ViewStoreError.notASubview(view: f.parent, parent: nil)) {
            try f.store.insertSubview(y, above: f.parent)
        }
        #expect(throws: ViewStoreError.notASubview(view: f.parent, parent: nil)) {
            try f.store.insertSubview(y, below: f.parent)
        }
        #expect(try f.store.superview(of: y) == nil)
    }

    @Test("removeFromSuperview detaches the view, keeping its own subtree")
    func remove() throws {
        let f = try Family()
        let child = try f.store.add(Rect(0, 0, 1, 1), to: f.b)
        try f.store.removeFromSuperview(f.b)
        #expect(try f.order == [f.a, f.c])
        #expect(try f.store.superview(of: f.b) == nil)
        #expect(try f.store.subviews(of: f.b) == [child])
        #expect(f.store.contains(f.b))
        #expect(try f.consistent)
        // Removing the front-most and the back-most keep the end links right.
        try f.store.removeFromSuperview(f.c)
        try f.store.removeFromSuperview(f.a)
        #expect(try f.order.isEmpty)
        #expect(try f.consistent)
        // A detached view: nothing happens.
        try f.store.removeFromSuperview(f.x)
        try f.store.addSubview(f.x, to: f.parent)
        #expect(try f.order == [f.x])
        #expect(try f.consistent)
    }

    @Test("bringToFront and sendToBack")
    func frontAndBack() throws {
        let f = try Family()
        try f.store.bringToFront(f.a)
        #expect(try f.order == [f.b, f.c, f.a])
        try f.store.bringToFront(f.a)
        #expect(try f.order == [f.b, f.c, f.a])
        try f.store.sendToBack(f.c)
        #expect(try f.order == [f.c, f.b, f.a])
        try f.store.sendToBack(f.c)
        #expect(try f.order == [f.c, f.b, f.a])
        try f.store.sendToBack(f.a)
        #expect(try f.order == [f.a, f.c, f.b])
        #expect(try f.consistent)
        #expect(throws: ViewStoreError.notASubview(view: f.x, parent: nil)) { try f.store.bringToFront(f.x) }
        #expect(throws: ViewStoreError.notASubview(view: f.x, parent: nil)) { try f.store.sendToBack(f.x) }
    }

    @Test("exchangeSubviews swaps two positions, adjacent or not, in either order", arguments: [
        (0, 2, ["c", "b", "a", "d"]), (2, 0, ["c", "b", "a", "d"]), (0, 3, ["d", "b", "c", "a"]),
        (1, 2, ["a", "c", "b", "d"]), (2, 1, ["a", "c", "b", "d"]), (0, 1, ["b", "a", "c", "d"]),
        (2, 3, ["a", "b", "d", "c"]), (3, 0, ["d", "b", "c", "a"]), (1, 1, ["a", "b", "c", "d"]),
    ])
    func exchange(first: Int, second: Int, expected: [String]) throws {
        let f = try Family()
        try f.store.addSubview(f.x, to: f.parent)  // d
        let names = [f.a: "a", f.b: "b", f.c: "c", f.x: "d"]
        try f.store.exchangeSubviews(of: f.parent, at: first, second)
        #expect(try f.order.map { names[$0]! } == expected)
        #expect(try f.consistent)
    }

    @Test("exchangeSubviews out of range throws and changes nothing", arguments: [(0, 3), (-1, 0), (1, 7)])
    func exchangeOutOfRange(first: Int, second: Int) throws {
        let f = try Family()
        let bad = (0..<3).contains(first) ? second : first
        #expect(throws: ViewStoreError.indexOutOfRange(index: bad, count: 3)) {
            try f.store.exchangeSubviews(of: f.parent, at: first, second)
        }
        #expect(try f.order == [f.a, f.b, f.c])
    }

    @Test("two views exchanged when they are the only subviews")
    func exchangeTwo() throws {
        let store = ViewStore()
        let p = try store.makeView(), a = try store.add(.zero, to: p), b = try store.add(.zero, to: p)
        try store.exchangeSubviews(of: p, at: 0, 1)
        #expect(try store.subviews(of: p) == [b, a])
        #expect(try store.linksAreConsistent(under: p))
    }
}

/// Edits that would break the tree are refused and leave it as it was.
@Suite("Refused edits")
struct RefusedEditTests {
    /// root > child > grandchild
    struct Chain {
        let store = ViewStore()
        let root: ViewID, child: ViewID, grandchild: ViewID, sibling: ViewID

        init() throws {
            root = try store.makeView(frame: Rect(0, 0, 100, 100))
            child = try store.add(Rect(0, 0, 50, 50), to: root)
            grandchild = try store.add(Rect(0, 0, 10, 10), to: child)
            sibling = try store.add(Rect(0, 0, 10, 10), to: child)
        }

        func unchanged() throws -> Bool {
            try store.superview(of: root) == nil
                && store.subviews(of: root) == [child]
                && store.subviews(of: child) == [grandchild, sibling]
                && store.subviews(of: grandchild).isEmpty
                && store.linksAreConsistent(under: root) && store.linksAreConsistent(under: child)
        }
    }

    @Test("a view cannot be added under itself")
    func selfCycle() throws {
        let c = try Chain()
        #expect(throws: ViewStoreError.cycle(view: c.child, parent: c.child)) {
            try c.store.addSubview(c.child, to: c.child)
        }
        #expect(throws: ViewStoreError.cycle(view: c.grandchild, parent: c.grandchild)) {
            try c.store.insertSubview(c.grandchild, into: c.grandchild, at: 0)
        }
        #expect(try c.unchanged())
    }

    @Test("a view cannot be added under one of its descendants, by any edit")
    func descendantCycle() throws {
        let c = try Chain()
        #expect(throws: ViewStoreError.cycle(view: c.root, parent: c.grandchild)) {
            try c.store.addSubview(c.root, to: c.grandchild)
        }
        #expect(throws: ViewStoreError.cycle(view: c.root, parent: c.child)) {
            try c.store.addSubview(c.root, to: c.child)
        }
        #expect(throws: ViewStoreError.cycle(view: c.child, parent: c.grandchild)) {
            try c.store.insertSubview(c.child, into: c.grandchild, at: 0)
        }
        #expect(throws: ViewStoreError.cycle(view: c.root, parent: c.child)) {
            try c.store.insertSubview(c.root, above: c.grandchild)
        }
        #expect(throws: ViewStoreError.cycle(view: c.root, parent: c.child)) {
            try c.store.insertSubview(c.root, below: c.sibling)
        }
        #expect(try c.unchanged())
    }

    @Test("a window cannot become a subview")
    func windowAsSubview() throws {
        let c = try Chain()
        let window = try c.store.makeWindow(frame: Rect(0, 0, 10, 10))
        let refusal = ViewStoreError.windowCannotBeSubview(window)
        #expect(throws: refusal) { try c.store.addSubview(window, to: c.root) }
        #expect(throws: refusal) { try c.store.insertSubview(window, into: c.child, at: 0) }
        #expect(throws: refusal) { try c.store.insertSubview(window, above: c.grandchild) }
        #expect(throws: refusal) { try c.store.insertSubview(window, below: c.grandchild) }
        #expect(throws: refusal) { try c.store.addSubview(window, to: window) }
        #expect(try c.store.superview(of: window) == nil)
        #expect(c.store.windows == [window])
        #expect(try c.unchanged())
        // A window can have subviews, and a non-window tree can be put in it.
        try c.store.addSubview(c.root, to: window)
        #expect(try c.store.window(of: c.grandchild) == window)
    }

    @Test("window operations on a plain view throw notAWindow")
    func notAWindow() throws {
        let c = try Chain()
        #expect(throws: ViewStoreError.notAWindow(c.root)) { try c.store.windowLevel(of: c.root) }
        #expect(throws: ViewStoreError.notAWindow(c.root)) { try c.store.setWindowLevel(1, of: c.root) }
        #expect(throws: ViewStoreError.notAWindow(c.root)) { try c.store.orderFront(c.root) }
        #expect(c.store.windows.isEmpty)
    }

    @Test("isDescendant(of:) follows the superview links, a view being its own descendant")
    func descendants() throws {
        let c = try Chain()
        #expect(try c.store.isDescendant(c.grandchild, of: c.root))
        #expect(try c.store.isDescendant(c.child, of: c.child))
        #expect(try !c.store.isDescendant(c.root, of: c.child))
        #expect(try !c.store.isDescendant(c.sibling, of: c.grandchild))
        // A childless view (answered without a walk): only itself is below it.
        #expect(try c.store.isDescendant(c.grandchild, of: c.grandchild))
        #expect(try !c.store.isDescendant(c.root, of: c.grandchild))
    }

    @Test("appendSuperviews(of:to:) appends the chain above a view, nearest first, after what the list held")
    func superviewChain() throws {
        let c = try Chain()
        var list = [c.sibling]
        try c.store.appendSuperviews(of: c.grandchild, to: &list)
        #expect(list == [c.sibling, c.child, c.root])
        list = []
        try c.store.appendSuperviews(of: c.root, to: &list)
        #expect(list.isEmpty)
        try c.store.destroy(c.grandchild)
        #expect(throws: ViewStoreError.staleHandle(c.grandchild)) { try c.store.appendSuperviews(of: c.grandchild, to: &list) }
        #expect(list.isEmpty)
    }

    @Test("superviews(of:) walks the chain above a view nearest first, reading each superview as it moves on")
    func superviewWalk() throws {
        let c = try Chain()
        #expect(Array(try c.store.superviews(of: c.grandchild)) == [c.child, c.root])
        #expect(Array(try c.store.superviews(of: c.root)).isEmpty)
        // Moved while the walk is at it, `child` leads the walk to its new superview.
        let otherRoot = try c.store.makeView(frame: Rect(0, 0, 100, 100))
        var walk = try c.store.superviews(of: c.grandchild)
        #expect(walk.next() == c.child)
        try c.store.addSubview(c.child, to: otherRoot)
        #expect(walk.next() == otherRoot)
        #expect(walk.next() == nil)
        #expect(walk.next() == nil, "an ended walk stays ended")
        // Detached while the walk is at it, `child` ends the walk.
        walk = try c.store.superviews(of: c.grandchild)
        #expect(walk.next() == c.child)
        try c.store.removeFromSuperview(c.child)
        #expect(walk.next() == nil)
        // Destroyed while the walk is at it, `child` ends the walk, even when a new view in
        // another window takes its row.
        try c.store.addSubview(c.child, to: c.root)
        walk = try c.store.superviews(of: c.grandchild)
        #expect(walk.next() == c.child)
        try c.store.removeFromSuperview(c.grandchild)
        try c.store.destroy(c.sibling)
        try c.store.destroy(c.child)
        let newcomer = try c.store.makeView(frame: Rect(0, 0, 10, 10))
        #expect(newcomer.index == c.child.index, "the freed row is reused")
        try c.store.addSubview(newcomer, to: otherRoot)
        #expect(walk.next() == nil)
        try c.store.destroy(c.grandchild)
        #expect(throws: ViewStoreError.staleHandle(c.grandchild)) { try c.store.superviews(of: c.grandchild) }
    }
}

/// Edits that move a view between parents by index or by sibling.
@Suite("Moves between parents")
struct MoveTests {
    @Test("insertSubview(at:) and above/below take a view from its old parent")
    func moveByIndexAndSibling() throws {
        let store = ViewStore()
        let old = try store.makeView(), new = try store.makeView()
        let a = try store.add(.zero, to: old), b = try store.add(.zero, to: old), c = try store.add(.zero, to: old)
        let x = try store.add(.zero, to: new), y = try store.add(.zero, to: new)
        try store.insertSubview(b, into: new, at: 1)
        #expect(try store.subviews(of: new) == [x, b, y])
        #expect(try store.subviews(of: old) == [a, c])
        try store.insertSubview(c, below: x)
        #expect(try store.subviews(of: new) == [c, x, b, y])
        try store.insertSubview(a, above: y)
        #expect(try store.subviews(of: new) == [c, x, b, y, a])
        #expect(try store.subviews(of: old).isEmpty)
        #expect(try store.linksAreConsistent(under: old) && store.linksAreConsistent(under: new))
        #expect(throws: ViewStoreError.indexOutOfRange(index: 6, count: 5)) {
            try store.insertSubview(store.makeView(), into: new, at: 6)
        }
    }
}
