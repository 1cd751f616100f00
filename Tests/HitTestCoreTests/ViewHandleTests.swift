import Testing
@testable import HitTestCore

/// The store's rows and their generation-checked handles.
@Suite("View handles")
struct ViewHandleTests {
    @Test("a new view has UIKit's defaults and the frame it was made with")
    func newViewDefaults() throws {
        let store = ViewStore()
        let v = try store.makeView(frame: Rect(10, 20, 30, 40))
        #expect(store.contains(v))
        #expect(store.liveViewCount == 1)
        #expect(try store.center(of: v) == Point(25, 40))
        #expect(try store.bounds(of: v) == Rect(0, 0, 30, 40))
        #expect(try store.frame(of: v) == Rect(10, 20, 30, 40))
        #expect(try store.transform(of: v) == .identity)
        #expect(try store.anchorPoint(of: v) == Point(0.5, 0.5))
        #expect(try store.alpha(of: v) == 1)
        #expect(try store.hitTestInsets(of: v) == .zero)
        #expect(try store.minimumHitSize(of: v) == .zero)
        #expect(try store.superview(of: v) == nil)
        #expect(try store.subviews(of: v).isEmpty)
        #expect(try store.window(of: v) == nil)
        #expect(try !store.isWindow(v))
        #expect(store.windows.isEmpty)
    }

    @Test("views get distinct handles")
    func distinctHandles() throws {
        let store = ViewStore(capacity: 1)  // forces the rows to grow
        let views = try (0..<100).map { _ in try store.makeView() }
        #expect(Set(views).count == 100)
        #expect(store.liveViewCount == 100)
        #expect(views.allSatisfy(store.contains))
    }

    @Test("a store's view limit is the engine's most unless its creator asks for fewer, and is kept within 0 and that most")
    func viewLimitIsClamped() throws {
        #expect(ViewStore().viewLimit == ViewStore.maximumViewCount)
        #expect(ViewStore(viewLimit: .max).viewLimit == ViewStore.maximumViewCount)
        let none = ViewStore(viewLimit: -5)
        #expect(none.viewLimit == 0 && none.isFull)
        #expect(throws: ViewStoreError.tooManyViews(limit: 0)) { try none.makeView() }
        #expect(none.liveViewCount == 0)
    }

    @Test("past its most views the store refuses a new view or window, loses nothing, and makes room when one is destroyed")
    func tooManyViews() throws {
        let store = ViewStore(viewLimit: 3)
        #expect(store.viewLimit == 3)
        let w = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let a = try store.makeView(frame: Rect(0, 0, 50, 50))
        let b = try store.makeView(frame: Rect(50, 50, 50, 50))
        try store.addSubview(a, to: w)
        try store.addSubview(b, to: w)
        #expect(store.isFull)
        #expect(throws: ViewStoreError.tooManyViews(limit: 3)) { try store.makeView() }
        #expect(throws: ViewStoreError.tooManyViews(limit: 3)) { try store.makeWindow() }
        #expect(store.liveViewCount == 3)
        #expect(store.windows == [w])
        #expect(store.hitTest(screenPoint: Point(75, 75)) == b)
        try store.destroy(b)
        #expect(!store.isFull)
        let c = try store.makeView(frame: Rect(50, 50, 50, 50))
        #expect(c.index == b.index, "the freed row, not a fourth: no row reaches the limit")
        try store.addSubview(c, to: w)
        #expect(store.hitTest(screenPoint: Point(75, 75)) == c)
        #expect(store.hitTest(screenPoint: Point(25, 25)) == a)
    }

    @Test("the most views a store holds is the most rows whose links fit in 32 bits")
    func maximumViewCount() {
        #expect(ViewStore.maximumViewCount == 1 << 25)
        let lastRow = Int32(ViewStore.maximumViewCount - 1)
        #expect(RowLink.link(lastRow) == Int32.max - 63)
        #expect(RowLink.row(RowLink.link(lastRow)) == lastRow)
        #expect(RowLink.none < 0 && RowLink.row(RowLink.none) == noRow)
    }

    @Test("a window is a root that is its own window and is listed in `windows`")
    func makeWindow() throws {
        let store = ViewStore()
        let w = try store.makeWindow(frame: Rect(0, 0, 320, 480), level: 2)
        let v = try store.add(Rect(0, 0, 10, 10), to: w)
        #expect(try store.isWindow(w))
        #expect(try store.window(of: w) == w)
        #expect(try store.window(of: v) == w)
        #expect(try store.windowLevel(of: w) == 2)
        #expect(try store.superview(of: w) == nil)
        #expect(store.windows == [w])
        #expect(try store.frame(of: w) == Rect(0, 0, 320, 480))
    }

    @Test("after destroy, every operation on the old handle throws staleHandle")
    func destroyedHandleIsStale() throws {
        let store = ViewStore()
        let other = try store.makeView(frame: Rect(0, 0, 10, 10))
        let v = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.destroy(v)
        #expect(!store.contains(v))
        #expect(store.liveViewCount == 1)
        let stale = ViewStoreError.staleHandle(v)
        #expect(throws: stale) { try store.center(of: v) }
        #expect(throws: stale) { try store.setCenter(.zero, of: v) }
        #expect(throws: stale) { try store.bounds(of: v) }
        #expect(throws: stale) { try store.setFrame(.zero, of: v) }
        #expect(throws: stale) { try store.frame(of: v) }
        #expect(throws: stale) { try store.setTransform(.identity, of: v) }
        #expect(throws: stale) { try store.setAnchorPoint(.zero, of: v) }
        #expect(throws: stale) { try store.flag(.hidden, of: v) }
        #expect(throws: stale) { try store.setFlag(.hidden, true, of: v) }
        #expect(throws: stale) { try store.setAlpha(0.5, of: v) }
        #expect(throws: stale) { try store.setMinimumHitSize(Size(44, 44), of: v) }
        #expect(throws: stale) { try store.superview(of: v) }
        #expect(throws: stale) { try store.subviews(of: v) }
        #expect(throws: stale) { try store.addSubview(v, to: other) }
        #expect(throws: stale) { try store.addSubview(other, to: v) }
        #expect(throws: stale) { try store.removeFromSuperview(v) }
        #expect(throws: stale) { try store.hitTest(Point(5, 5), in: v) }
        #expect(throws: stale) { try store.convert(Point(5, 5), from: .view(v), to: .view(other)) }
        #expect(throws: stale) { try store.destroy(v) }
        #expect(try store.subviews(of: other).isEmpty)
    }

    @Test("a recycled row gets a different handle; the old one stays stale")
    func recycledRow() throws {
        let store = ViewStore()
        let old = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.destroy(old)
        let new = try store.makeView(frame: Rect(0, 0, 99, 99))
        #expect(new.index == old.index, "the free row is reused")
        #expect(new != old)
        #expect(!store.contains(old))
        #expect(store.contains(new))
        #expect(throws: ViewStoreError.staleHandle(old)) { try store.bounds(of: old) }
        #expect(try store.bounds(of: new) == Rect(0, 0, 99, 99))
        // And again: a third generation is distinct from both.
        try store.destroy(new)
        let third = try store.makeView()
        #expect(third.index == old.index && third != old && third != new)
        #expect(!store.contains(new))
    }

    @Test("a recycled row starts with default state, not its previous owner's")
    func recycledRowIsReset() throws {
        let stage = try Stage()
        let parent = try stage.add(Rect(0, 0, 100, 100), to: stage.window)
        let old = try stage.add(Rect(0, 0, 10, 10), to: parent)
        try stage.store.add(Rect(0, 0, 5, 5), to: old)
        try stage.store.setTransform(AffineTransform(scaleX: 0, y: 0), of: old)
        try stage.store.setAlpha(0, of: old)
        try stage.store.setFlag(.hidden, true, of: old)
        try stage.store.setMinimumHitSize(Size(44, 44), of: old)
        try stage.store.destroy(old)
        let new = try stage.store.makeView(frame: Rect(0, 0, 10, 10))
        #expect(try stage.store.transform(of: new) == .identity)
        #expect(try stage.store.alpha(of: new) == 1)
        #expect(try !stage.store.flag(.hidden, of: new))
        #expect(try stage.store.minimumHitSize(of: new) == .zero)
        #expect(try stage.store.subviews(of: new).isEmpty)
        #expect(try stage.store.superview(of: new) == nil)
        try stage.store.addSubview(new, to: parent)
        #expect(stage.hit(5, 5) == new)
    }

    @Test("destroying a view frees its whole subtree and detaches it from its superview")
    func destroySubtree() throws {
        let store = ViewStore()
        let root = try store.makeView(frame: Rect(0, 0, 100, 100))
        let keep = try store.add(Rect(0, 0, 10, 10), to: root)
        let doomed = try store.add(Rect(0, 0, 50, 50), to: root)
        let child = try store.add(Rect(0, 0, 10, 10), to: doomed)
        let grandchild1 = try store.add(Rect(0, 0, 5, 5), to: child)
        let grandchild2 = try store.add(Rect(0, 0, 5, 5), to: child)
        let sibling = try store.add(Rect(0, 0, 10, 10), to: doomed)
        #expect(store.liveViewCount == 7)
        try store.destroy(doomed)
        #expect(store.liveViewCount == 2)
        for gone in [doomed, child, grandchild1, grandchild2, sibling] {
            #expect(!store.contains(gone))
        }
        #expect(try store.subviews(of: root) == [keep])
        #expect(try store.linksAreConsistent(under: root))
        // The freed rows are all reusable.
        let fresh = try (0..<5).map { _ in try store.makeView() }
        #expect(Set(fresh.map(\.index)) == Set([doomed, child, grandchild1, grandchild2, sibling].map(\.index)))
    }

    @Test("destroying a window removes it from the window list and from hit testing")
    func destroyWindow() throws {
        let store = ViewStore()
        let back = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let front = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let content = try store.add(Rect(0, 0, 100, 100), to: front)
        #expect(store.hitTest(screenPoint: Point(5, 5)) == content)
        try store.destroy(front)
        #expect(store.windows == [back])
        #expect(!store.contains(content))
        #expect(store.hitTest(screenPoint: Point(5, 5)) == back)
    }

    @Test("a row whose generation would wrap is retired, never handed out again")
    func generationWrapRetiresRow() throws {
        let store = ViewStore()
        let v = try store.makeView()
        // Reaching the last generation takes four billion reuses; set it directly instead.
        store.generation[v.index] = .max
        let last = ViewID(index: v.index, generation: .max)
        #expect(store.contains(last) && !store.contains(v))
        try store.destroy(last)
        let next = try store.makeView()
        #expect(next.index != v.index)
        #expect(!store.contains(last))
        #expect(!store.contains(ViewID(index: v.index, generation: 0)))
    }
}
