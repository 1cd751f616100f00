import Testing
import HitTestCore

/// Behaviour A2 steps 1, 4 and 5: hidden, non-interactive and transparent subtrees, passThrough and
/// redirectsToSuperview.
@Suite("Hit-test flags")
struct FlagHitTestTests {
    /// window > root (0, 0, 320, 480) > [behind (0, 0, 200, 200), front (50, 50, 100, 100) > child (10, 10, 20, 20)]
    /// The child spans screen 60..<80; front spans 50..<150, over behind.
    struct Scene {
        let stage: Stage
        let root: ViewID, behind: ViewID, front: ViewID, child: ViewID

        init() throws {
            stage = try Stage()
            root = try stage.add(Rect(0, 0, 320, 480), to: stage.window)
            behind = try stage.add(Rect(0, 0, 200, 200), to: root)
            front = try stage.add(Rect(50, 50, 100, 100), to: root)
            child = try stage.add(Rect(10, 10, 20, 20), to: front)
        }
    }

    @Test("a hidden view and its subtree are skipped; what is behind answers")
    func hidden() throws {
        let s = try Scene()
        #expect(s.stage.hit(65, 65) == s.child)
        try s.stage.store.setFlag(.hidden, true, of: s.front)
        #expect(s.stage.hit(65, 65) == s.behind)
        #expect(s.stage.hit(100, 100) == s.behind)
        try s.stage.store.setFlag(.hidden, false, of: s.front)
        #expect(s.stage.hit(65, 65) == s.child)
        try s.stage.store.setFlag(.hidden, true, of: s.child)
        #expect(s.stage.hit(65, 65) == s.front)
    }

    @Test("a view with user interaction disabled and its subtree are skipped")
    func interactionDisabled() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.userInteractionEnabled, false, of: s.front)
        #expect(s.stage.hit(65, 65) == s.behind)
        #expect(s.stage.hit(100, 100) == s.behind)
        try s.stage.store.setFlag(.userInteractionEnabled, false, of: s.root)
        #expect(s.stage.hit(65, 65) == s.stage.window)
    }

    @Test("alpha below 0.01 makes a view and its subtree unhittable; exactly 0.01 does not", arguments: [
        (1.0, true), (0.5, true), (0.0100001, true), (0.01, true),
        (0.0099999, false), (0.009, false), (0.0, false), (-1.0, false), (Double.nan, false),
    ])
    func alpha(alpha: Double, hittable: Bool) throws {
        let s = try Scene()
        try s.stage.store.setAlpha(alpha, of: s.front)
        #expect(s.stage.hit(65, 65) == (hittable ? s.child : s.behind))
        #expect(s.stage.hit(100, 100) == (hittable ? s.front : s.behind))
    }

    @Test("alpha is each view's own, not multiplied down the tree")
    func alphaNotCompounded() throws {
        let s = try Scene()
        try s.stage.store.setAlpha(0.05, of: s.front)
        try s.stage.store.setAlpha(0.05, of: s.child)
        #expect(s.stage.hit(65, 65) == s.child)
        try s.stage.store.setAlpha(1, of: s.front)
        try s.stage.store.setAlpha(0, of: s.front)
        #expect(s.stage.hit(65, 65) == s.behind)
        try s.stage.store.setAlpha(1, of: s.front)
        #expect(s.stage.hit(65, 65) == s.child, "restoring alpha restores the hit")
    }

    @Test("clipsToBounds, multipleTouchEnabled and exclusiveTouch do not change hit testing")
    func inertFlags() throws {
        let s = try Scene()
        for flag in [ViewStore.Flag.clipsToBounds, .multipleTouchEnabled, .exclusiveTouch] {
            try s.stage.store.setFlag(flag, true, of: s.front)
            try s.stage.store.setFlag(flag, true, of: s.child)
        }
        #expect(s.stage.hit(65, 65) == s.child)
        #expect(s.stage.hit(100, 100) == s.front)
        #expect(s.stage.hit(160, 160) == s.behind)
    }

    @Test("passThrough: the view is never the answer, its subviews still are")
    func passThrough() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.passThrough, true, of: s.front)
        #expect(s.stage.hit(65, 65) == s.child)
        #expect(s.stage.hit(100, 100) == s.behind, "the sibling behind gets the touch")
        #expect(s.stage.hit(170, 220) == s.root)
        try s.stage.store.setFlag(.passThrough, true, of: s.child)
        #expect(s.stage.hit(65, 65) == s.behind)
    }

    @Test("a passThrough window answers nothing itself; the next window is tried")
    func passThroughWindow() throws {
        let store = ViewStore()
        let back = try store.makeWindow(frame: Rect(0, 0, 320, 480))
        let overlay = try store.makeWindow(frame: Rect(0, 0, 320, 480))
        let badge = try store.add(Rect(0, 0, 40, 40), to: overlay)
        try store.setFlag(.passThrough, true, of: overlay)
        #expect(store.hitTest(screenPoint: Point(10, 10)) == badge)
        #expect(store.hitTest(screenPoint: Point(100, 100)) == back)
    }

    @Test("redirectsToSuperview: a hit on the view or below it answers its superview")
    func redirect() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.child)
        #expect(s.stage.hit(65, 65) == s.front, "tap the child, the parent responds")
        let grandchild = try s.stage.add(Rect(0, 0, 5, 5), to: s.child)
        #expect(s.stage.hit(61, 61) == s.front)
        #expect(s.stage.hit(100, 100) == s.front)
        #expect(try s.stage.store.hitTest(Point(1, 1), in: grandchild) == grandchild)
    }

    @Test("a redirecting view that misses changes nothing")
    func redirectMiss() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.front)
        #expect(s.stage.hit(160, 160) == s.behind)
        #expect(s.stage.hit(100, 100) == s.root)
        #expect(s.stage.hit(65, 65) == s.root)
    }

    @Test("nested redirects answer the top-most redirecting view's superview")
    func nestedRedirects() throws {
        let s = try Scene()
        let grandchild = try s.stage.add(Rect(0, 0, 10, 10), to: s.child)  // screen 60..<70
        let leaf = try s.stage.add(Rect(0, 0, 5, 5), to: grandchild)      // screen 60..<65
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.child)
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: grandchild)
        #expect(s.stage.hit(61, 61) == s.front, "not the child, the inner redirect's answer")
        #expect(s.stage.hit(67, 67) == s.front)
        #expect(s.stage.hit(75, 75) == s.front)
        try s.stage.store.setFlag(.redirectsToSuperview, false, of: s.child)
        #expect(s.stage.hit(61, 61) == s.child)
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: leaf)
        #expect(s.stage.hit(61, 61) == s.child)
    }

    @Test("a redirect whose subtree's answer is a passThrough miss does not redirect")
    func redirectOverPassThrough() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.child)
        try s.stage.store.setFlag(.passThrough, true, of: s.child)
        #expect(s.stage.hit(65, 65) == s.front, "the child is not an answer: front answers for itself")
        try s.stage.store.setFlag(.passThrough, true, of: s.front)
        #expect(s.stage.hit(65, 65) == s.behind)
    }

    @Test("a redirecting window answers nil, and the next window is tried")
    func redirectingWindow() throws {
        let store = ViewStore()
        let back = try store.makeWindow(frame: Rect(0, 0, 320, 480))
        let backContent = try store.add(Rect(0, 0, 100, 100), to: back)
        let front = try store.makeWindow(frame: Rect(0, 0, 320, 480))
        let frontContent = try store.add(Rect(0, 0, 100, 100), to: front)
        #expect(store.hitTest(screenPoint: Point(10, 10)) == frontContent)
        try store.setFlag(.redirectsToSuperview, true, of: front)
        #expect(store.hitTest(screenPoint: Point(10, 10)) == backContent)
        #expect(store.hitTest(screenPoint: Point(200, 200)) == back)
        #expect(try store.hitTest(Point(10, 10), in: front) == nil)
    }

    @Test("a redirecting direct subview of a window answers the window")
    func redirectToWindow() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.root)
        #expect(s.stage.hit(65, 65) == s.stage.window)
        #expect(s.stage.hit(300, 300) == s.stage.window)
    }

    @Test("a redirecting view queried on its own answers its superview, outside the subtree asked")
    func redirectAtQueryRoot() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.redirectsToSuperview, true, of: s.front)
        #expect(try s.stage.store.hitTest(Point(15, 15), in: s.front) == s.root)
        #expect(try s.stage.store.hitTest(Point(90, 90), in: s.front) == s.root)
        #expect(try s.stage.store.hitTest(Point(150, 150), in: s.front) == nil)
    }

    @Test("a subtree queried on its own ignores its ancestors' flags, as UIKit's hitTest on a subview does")
    func subtreeIgnoresAncestors() throws {
        let s = try Scene()
        try s.stage.store.setFlag(.hidden, true, of: s.front)
        #expect(try s.stage.store.hitTest(Point(5, 5), in: s.child) == s.child)
        #expect(try s.stage.store.hitTest(Point(15, 15), in: s.front) == nil)
        #expect(s.stage.hit(65, 65) == s.behind)
    }
}
