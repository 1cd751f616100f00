import Testing
import HitTestCore

/// Custom `point(inside:)` and `hitTest` overrides: the answer equals Behaviour A2's recursion with
/// the override in place.
@Suite("Overrides")
struct OverrideTests {
    /// window > root (0, 0, 320, 480) > [behind (0, 0, 200, 200), view (50, 50, 100, 100) > child (10, 10, 20, 20)]
    struct Scene {
        let stage: Stage
        let root: ViewID, behind: ViewID, view: ViewID, child: ViewID

        init() throws {
            stage = try Stage()
            root = try stage.add(Rect(0, 0, 320, 480), to: stage.window)
            behind = try stage.add(Rect(0, 0, 200, 200), to: root)
            view = try stage.add(Rect(50, 50, 100, 100), to: root)
            child = try stage.add(Rect(10, 10, 20, 20), to: view)
        }

        var store: ViewStore { stage.store }
    }

    // MARK: point(inside:)

    @Test("a pointInside override replaces the hit area and receives the point in the view's coordinates")
    func pointInsideReplacesArea() throws {
        let s = try Scene()
        var received: [Point] = []
        // A band 300 wide and 10 high, starting 40 to the left of the view.
        try s.store.setPointInsideOverride({ p in
            received.append(p)
            return p.x >= -40 && p.x < 260 && p.y >= 0 && p.y < 10
        }, of: s.view)
        #expect(s.stage.hit(20, 55) == s.view)
        #expect(received == [Point(-30, 5)])
        #expect(s.stage.hit(250, 55) == s.view)
        #expect(s.stage.hit(100, 100) == s.behind, "inside the bounds but outside the override's area")
        #expect(s.stage.hit(65, 65) == s.behind, "its subviews are not reached either")
        #expect(try s.store.pointInside(s.view, Point(-30, 5)))
        #expect(try !s.store.defaultPointInside(s.view, Point(-30, 5)))
    }

    @Test("a pointInside override answering false hides the subtree, unless the view hits outside its bounds")
    func pointInsideFalse() throws {
        let s = try Scene()
        try s.store.setPointInsideOverride({ _ in false }, of: s.view)
        #expect(s.stage.hit(65, 65) == s.behind)
        try s.store.setFlag(.hitsOutsideBounds, true, of: s.view)
        #expect(s.stage.hit(65, 65) == s.child)
        #expect(s.stage.hit(100, 100) == s.behind)
    }

    @Test("removing the override restores the default")
    func removePointInside() throws {
        let s = try Scene()
        try s.store.setPointInsideOverride({ _ in false }, of: s.view)
        try s.store.setPointInsideOverride(nil, of: s.view)
        #expect(s.stage.hit(100, 100) == s.view)
        #expect(try s.store.pointInside(s.view, Point(50, 50)))
    }

    @Test("a pointInside override is not asked for a hidden view")
    func pointInsideAfterStepOne() throws {
        let s = try Scene()
        var asked = false
        try s.store.setPointInsideOverride({ _ in asked = true; return true }, of: s.view)
        try s.store.setFlag(.hidden, true, of: s.view)
        #expect(s.stage.hit(100, 100) == s.behind)
        #expect(!asked)
    }

    // MARK: hitTest

    @Test("a hitTest override replaces the whole recursion for the view")
    func hitTestReplaces() throws {
        let s = try Scene()
        var received: [Point] = []
        try s.store.setHitTestOverride({ p in received.append(p); return nil }, of: s.view)
        #expect(s.stage.hit(65, 65) == s.behind, "the child is not reached")
        #expect(received == [Point(15, 15)])
        #expect(s.stage.hit(300, 300) == s.root)
        #expect(received.count == 2, "asked even outside its bounds: the override replaces step 2")
        #expect(try s.store.hitTest(Point(15, 15), in: s.view) == nil)
        #expect(try s.store.defaultHitTest(s.view, at: Point(15, 15)) == s.child)
    }

    @Test("a hitTest override replaces step 1 too: a hidden, transparent or disabled view's override answers")
    func hitTestOverrideOnHiddenView() throws {
        let s = try Scene()
        try s.store.setHitTestOverride({ [view = s.view] _ in view }, of: s.view)
        try s.store.setFlag(.hidden, true, of: s.view)
        #expect(s.stage.hit(300, 300) == s.view)
        try s.store.setFlag(.hidden, false, of: s.view)
        try s.store.setAlpha(0, of: s.view)
        try s.store.setFlag(.userInteractionEnabled, false, of: s.view)
        #expect(s.stage.hit(300, 300) == s.view)
        // But its ancestors' step 1 still applies.
        try s.store.setFlag(.hidden, true, of: s.root)
        #expect(s.stage.hit(300, 300) == s.stage.window)
    }

    @Test("an override calling defaultHitTest behaves as the default")
    func callsSuper() throws {
        let s = try Scene()
        let store = s.store, view = s.view
        try store.setHitTestOverride({ [unowned store] p in try? store.defaultHitTest(view, at: p) }, of: view)
        #expect(s.stage.hit(65, 65) == s.child)
        #expect(s.stage.hit(100, 100) == s.view)
        #expect(s.stage.hit(160, 160) == s.behind)
        #expect(s.stage.hit(300, 300) == s.root)
    }

    @Test("an override can filter super's answer: here the view lets touches through itself")
    func filtersSuper() throws {
        let s = try Scene()
        let store = s.store, view = s.view
        try store.setHitTestOverride({ [unowned store] p in
            let answer = try? store.defaultHitTest(view, at: p)
            return answer == view ? nil : answer
        }, of: view)
        #expect(s.stage.hit(65, 65) == s.child)
        #expect(s.stage.hit(100, 100) == s.behind)
    }

    @Test("an override can answer another view")
    func answersAnotherView() throws {
        let s = try Scene()
        try s.store.setHitTestOverride({ [child = s.child] p in p.x < 50 ? child : nil }, of: s.view)
        #expect(s.stage.hit(60, 140) == s.child)
        #expect(s.stage.hit(120, 140) == s.behind)
        try s.store.setHitTestOverride({ [root = s.root] _ in root }, of: s.child)
        try s.store.setHitTestOverride(nil, of: s.view)
        #expect(s.stage.hit(65, 65) == s.root, "a subview's override answering an ancestor")
        #expect(s.stage.hit(100, 100) == s.root, "the child is asked wherever its parent contains the point")
    }

    @Test("an override answering a destroyed view's handle counts as no answer")
    func staleAnswer() throws {
        let s = try Scene()
        let ghost = try s.store.makeView()
        try s.store.destroy(ghost)
        try s.store.setHitTestOverride({ _ in ghost }, of: s.view)
        #expect(s.stage.hit(100, 100) == s.behind)
    }

    @Test("an override on a window is asked by the screen hit test")
    func windowOverride() throws {
        let s = try Scene()
        let back = try s.store.makeWindow(frame: Rect(0, 0, 320, 480))
        try s.store.orderFront(s.stage.window)
        try s.store.setHitTestOverride({ _ in nil }, of: s.stage.window)
        #expect(s.stage.hit(10, 10) == back)
        try s.store.setHitTestOverride({ [child = s.child] _ in child }, of: s.stage.window)
        #expect(s.stage.hit(10, 10) == s.child)
    }

    // MARK: Redirects

    @Test("an override's answer below a redirecting ancestor is redirected")
    func overrideUnderRedirect() throws {
        let s = try Scene()
        try s.store.setFlag(.redirectsToSuperview, true, of: s.view)
        try s.store.setHitTestOverride({ [child = s.child] _ in child }, of: s.child)
        #expect(s.stage.hit(65, 65) == s.root)
    }

    @Test("an override's answer outside the redirecting ancestor is not redirected")
    func overrideEscapingRedirect() throws {
        let s = try Scene()
        try s.store.setFlag(.redirectsToSuperview, true, of: s.view)
        try s.store.setHitTestOverride({ [behind = s.behind] _ in behind }, of: s.child)
        #expect(s.stage.hit(65, 65) == s.behind)
    }

    @Test("a redirecting view's own override replaces its redirect; super keeps it")
    func overrideOnRedirectingView() throws {
        let s = try Scene()
        let store = s.store, view = s.view
        try store.setFlag(.redirectsToSuperview, true, of: view)
        try store.setHitTestOverride({ _ in view }, of: view)
        #expect(s.stage.hit(100, 100) == s.view)
        try store.setHitTestOverride({ [unowned store] p in try? store.defaultHitTest(view, at: p) }, of: view)
        #expect(s.stage.hit(100, 100) == s.root)
        #expect(s.stage.hit(65, 65) == s.root)
    }

    // MARK: Editing during a query

    @Test("an override that edits the store gets editDuringHitTest and the store is unchanged")
    func editDuringHitTest() throws {
        let s = try Scene()
        let store = s.store
        var errors: [ViewStoreError?] = []
        func attempt(_ edit: () throws -> Void) {
            do { try edit() } catch { errors.append(error as? ViewStoreError) }
        }
        let liveBefore = store.liveViewCount
        try store.setHitTestOverride({ [unowned store, behind = s.behind, child = s.child, root = s.root] _ in
            attempt { try store.setFlag(.hidden, true, of: behind) }
            attempt { _ = try store.makeView() }
            attempt { try store.addSubview(child, to: root) }
            attempt { try store.removeFromSuperview(child) }
            attempt { try store.destroy(behind) }
            attempt { try store.setFrame(.zero, of: behind) }
            attempt { try store.setTransform(AffineTransform(scaleX: 2, y: 2), of: behind) }
            attempt { try store.bringToFront(behind) }
            attempt { try store.setHitTestOverride(nil, of: child) }
            return nil
        }, of: s.child)
        #expect(s.stage.hit(65, 65) == s.view)
        #expect(errors == Array(repeating: .editDuringHitTest, count: 9))
        #expect(store.liveViewCount == liveBefore)
        #expect(try !store.flag(.hidden, of: s.behind))
        #expect(try store.frame(of: s.behind) == Rect(0, 0, 200, 200))
        #expect(try store.subviews(of: s.view) == [s.child])
        #expect(try store.subviews(of: s.root) == [s.behind, s.view])
        #expect(s.stage.hit(160, 160) == s.behind)
        // Once the query is over, edits work again.
        try store.setFlag(.hidden, true, of: s.behind)
        #expect(s.stage.hit(160, 160) == s.root)
    }

    @Test("a pointInside override that edits is refused as well")
    func editDuringPointInside() throws {
        let s = try Scene()
        var refusal: ViewStoreError?
        try s.store.setPointInsideOverride({ [unowned store = s.store, view = s.view] _ in
            do throws(ViewStoreError) { try store.setCenter(.zero, of: view) } catch { refusal = error }
            return true
        }, of: s.view)
        #expect(s.stage.hit(100, 100) == s.view)
        #expect(refusal == .editDuringHitTest)
        #expect(try s.store.center(of: s.view) == Point(100, 100))
    }

    @Test("queries nested in an override work, and the outer search goes on correctly after them")
    func nestedQueries() throws {
        let s = try Scene()
        let store = s.store
        // A chain 200 deep under the child: the nested query needs more scratch than the outer one.
        var tip = s.child
        for _ in 0..<200 { tip = try store.add(Rect(0, 0, 20, 20), to: tip) }
        var nested: ViewID?
        try store.setHitTestOverride({ [unowned store] _ in
            nested = store.hitTest(screenPoint: Point(65, 65))
            return nil
        }, of: s.behind)
        // The override of `behind` is reached only once `view`'s subtree has missed.
        #expect(s.stage.hit(160, 160) == s.root)
        #expect(nested == tip)
        // And a deep nested query from a view deep in the path, whose override then declines.
        let viewRef = s.view
        try store.setHitTestOverride(nil, of: s.behind)
        try store.setHitTestOverride({ [unowned store] p in
            _ = try? store.defaultHitTest(viewRef, at: p)
            return nil
        }, of: viewRef)
        #expect(s.stage.hit(65, 65) == s.behind)
        #expect(s.stage.hit(300, 300) == s.root)
    }
}
