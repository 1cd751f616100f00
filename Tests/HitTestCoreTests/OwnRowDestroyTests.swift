import Testing
import HitTestCore

/// `destroyDetachingSubviews`: what an object façade does when a view object is freed, possibly
/// in the middle of a hit test.
@Suite("Destroying a view's own row")
struct OwnRowDestroyTests {
    @Test("the row goes, its subviews stay alive and detached")
    func subviewsSurvive() throws {
        let stage = try Stage()
        let view = try stage.add(Rect(0, 0, 100, 100), to: stage.window)
        let child = try stage.add(Rect(10, 10, 20, 20), to: view)
        try stage.store.destroyDetachingSubviews(view)
        #expect(!stage.store.contains(view))
        #expect(stage.store.contains(child))
        #expect(try stage.store.superview(of: child) == nil)
        #expect(try stage.store.subviews(of: stage.window).isEmpty)
        #expect(stage.store.liveViewCount == 2)
    }

    @Test("freed during a hit test, the row is destroyed once the query is over, not leaked")
    func freedDuringQuery() throws {
        let stage = try Stage()
        let store = stage.store
        let doomed = try stage.add(Rect(0, 0, 100, 100), to: stage.window)
        let child = try stage.add(Rect(10, 10, 20, 20), to: doomed)
        let front = try stage.add(Rect(200, 200, 50, 50), to: stage.window)
        var stillLiveInside: Bool?
        // The front view's override frees `doomed`, as a façade override dropping the last
        // reference to a view object would.
        try store.setHitTestOverride({ [unowned store] _ in
            try? store.destroyDetachingSubviews(doomed)
            stillLiveInside = store.contains(doomed)
            return nil
        }, of: front)
        let liveBefore = store.liveViewCount
        _ = stage.hit(20, 20)
        #expect(stillLiveInside == true, "the query's rows stay in place while it runs")
        #expect(!store.contains(doomed), "destroyed after the query")
        #expect(store.liveViewCount == liveBefore - 1)
        #expect(try store.superview(of: child) == nil)
        #expect(store.contains(child))
        // The freed row is recycled by the next view made.
        let next = try store.makeView()
        #expect(next.index == doomed.index)
        #expect(store.liveViewCount == liveBefore)
    }

    @Test("a row freed in a nested query waits for the outermost one")
    func nestedQueries() throws {
        let stage = try Stage()
        let store = stage.store
        let doomed = try stage.add(Rect(0, 0, 50, 50), to: stage.window)
        let inner = try stage.add(Rect(100, 100, 50, 50), to: stage.window)
        let outer = try stage.add(Rect(200, 200, 50, 50), to: stage.window)
        var liveAfterInner: Bool?
        try store.setHitTestOverride({ [unowned store] _ in
            try? store.destroyDetachingSubviews(doomed)
            return nil
        }, of: inner)
        try store.setHitTestOverride({ [unowned store] _ in
            _ = try? store.hitTest(Point(0, 0), in: inner)
            liveAfterInner = store.contains(doomed)
            return nil
        }, of: outer)
        #expect(stage.hit(10, 10) == doomed, "found before it is destroyed (the handle is stale now)")
        #expect(liveAfterInner == true)
        #expect(!store.contains(doomed))
    }
}
