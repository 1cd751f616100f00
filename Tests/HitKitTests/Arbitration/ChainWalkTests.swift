import Testing
@testable import HitKit

/// A began's one walk up the responder chain (`GestureArena.listRecognizers(from:into:)`): step
/// 1's list, the priority depths step 2's join uses (Behaviour A4 d), and the scroll view a
/// touch stops (Behaviour A6.1), all from the same walk.
struct ChainWalkTests {
    /// Notes the window of each touch it is given at its began, by identity: holding the window
    /// would make a cycle (window → view → recognizer → window) and leak the application.
    final class WindowRecorder: GestureRecognizer {
        var windows: [ObjectIdentifier?] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            windows += touches.map { $0.window.map(ObjectIdentifier.init) }
        }
    }

    /// A window, then views `a` ⊃ `b` ⊃ `c`, each 300 × 300 at the origin.
    struct Chain {
        let app = Application()
        let window: Window
        let a: View, b: View, c: View
        init() {
            window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
            a = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), in: app)
            b = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), in: app)
            c = View(frame: Rect(x: 0, y: 0, width: 300, height: 300), in: app)
            window.addSubview(a)
            a.addSubview(b)
            b.addSubview(c)
        }
    }

    @Test func theWalkListsTheChainsRecognizersInPriorityOrderWithTheirViewsDepths() throws {
        let chain = Chain()
        let older = GestureRecognizer(), newer = GestureRecognizer(), onA = GestureRecognizer()
        let disabled = GestureRecognizer()
        disabled.isEnabled = false
        chain.c.addGestureRecognizer(older)
        chain.c.addGestureRecognizer(newer)
        chain.b.addGestureRecognizer(disabled)
        chain.a.addGestureRecognizer(onA)
        var list: [GestureRecognizer] = []
        GestureArena.listRecognizers(from: chain.c, into: &list)
        #expect(list.map(ObjectIdentifier.init) == [newer, older, onA].map(ObjectIdentifier.init))
        // Depth below the window (the window is 0): c is 3, a is 1.
        #expect([newer.lastPriorityDepth, older.lastPriorityDepth, onA.lastPriorityDepth] == [3, 3, 1])
        // Step 2's join takes those depths.
        try chain.app.frame(0, began(1, 10, 10))
        #expect([newer.entry?.priorityDepth, older.entry?.priorityDepth, onA.entry?.priorityDepth] == [3, 3, 1])
        try chain.app.frame(0.1, ended(1, 10, 10))
    }

    @Test func aListAppendedToKeepsWhatWasThere() {
        let chain = Chain()
        let onB = GestureRecognizer()
        chain.b.addGestureRecognizer(onB)
        let first = GestureRecognizer()
        var list = [first]
        GestureArena.listRecognizers(from: chain.b, into: &list)
        #expect(list.map(ObjectIdentifier.init) == [first, onB].map(ObjectIdentifier.init))
        #expect(onB.lastPriorityDepth == 2)
    }

    /// The walk returns the touch's window from the chain's end: the same as ``View/window`` for a
    /// view in a window, the window itself, a tree with no window at its root, and a touch over a
    /// moving scroll view (whose walk stops listing at the pan); a touch then reads that window.
    @Test func theWalkReturnsTheWindowTheChainEndsIn() throws {
        let chain = Chain()
        var list: [GestureRecognizer] = []
        #expect(GestureArena.listRecognizers(from: chain.c, into: &list) === chain.window)
        #expect(GestureArena.listRecognizers(from: chain.window, into: &list) === chain.window)

        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: chain.app)
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50), in: chain.app)
        root.addSubview(child)
        #expect(GestureArena.listRecognizers(from: child, into: &list) == nil)
        #expect(GestureArena.listRecognizers(from: root, into: &list) == nil)

        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 300), in: chain.app)
        scrollView.contentSize = Size(width: 300, height: 3000)
        let content = View(frame: Rect(x: 0, y: 0, width: 300, height: 3000), in: chain.app)
        chain.c.addSubview(scrollView)
        scrollView.addSubview(content)
        scrollView.setContentOffset(Point(0, 1000), animated: true)
        #expect(GestureArena.listRecognizers(from: content, into: &list) === chain.window)
        chain.app.scrollMotion.stoppedByBegan = nil

        let seen = WindowRecorder()
        chain.c.addGestureRecognizer(seen)
        scrollView.stopMotion()
        scrollView.removeFromSuperview()
        try chain.app.frame(0, began(1, 10, 10))
        #expect(seen.windows == [ObjectIdentifier(chain.window)])
        try chain.app.frame(0.1, ended(1, 10, 10))
    }

    @Test func overAMovingScrollViewTheWalkKeepsOnlyItsPanAndNamesIt() {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let outer = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        outer.contentSize = Size(width: 400, height: 4000)
        let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200), in: app)
        inner.contentSize = Size(width: 4000, height: 200)
        let content = View(frame: Rect(x: 0, y: 0, width: 4000, height: 200), in: app)
        window.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(content)
        let contentTap = TapGestureRecognizer(), outerTap = TapGestureRecognizer(), windowTap = TapGestureRecognizer()
        content.addGestureRecognizer(contentTap)
        outer.addGestureRecognizer(outerTap)
        window.addGestureRecognizer(windowTap)
        var list: [GestureRecognizer] = []
        // Nothing moves: every recognizer, and no scroll view to stop.
        GestureArena.listRecognizers(from: content, into: &list)
        #expect(list.contains { $0 === contentTap } && list.contains { $0 === windowTap })
        #expect(app.scrollMotion.stoppedByBegan == nil)
        // The outer one moves, the inner one does not: the outer one's pan alone.
        outer.setContentOffset(Point(0, 1000), animated: true)
        list = []
        GestureArena.listRecognizers(from: content, into: &list)
        #expect(list.map(ObjectIdentifier.init) == [ObjectIdentifier(outer.panGestureRecognizer)])
        #expect(app.scrollMotion.stoppedByBegan === outer)
        #expect(outer.panGestureRecognizer.lastPriorityDepth == 1)
        app.scrollMotion.stoppedByBegan = nil
        // Its pan disabled: nothing, but the scroll view is still the one to stop.
        outer.panGestureRecognizer.isEnabled = false
        list = []
        GestureArena.listRecognizers(from: content, into: &list)
        #expect(list.isEmpty)
        #expect(app.scrollMotion.stoppedByBegan === outer)
        app.scrollMotion.stoppedByBegan = nil
    }

    @Test func aFingerOnAMovingScrollViewWithItsPanDisabledStillStopsIt() throws {
        let stage = MotionStage()
        stage.scrollView.panGestureRecognizer.isEnabled = false
        stage.scrollView.setContentOffset(Point(0, 1000), animated: true)
        try stage.app.frame(0.1, began(2, 200, 200))
        #expect(!stage.scrollView.isMoving)
        #expect(stage.app.scrollMotion.stoppedByBegan == nil, "the dispatcher took it at once")
        try stage.app.frame(0.15, ended(2, 200, 200))
        #expect(stage.log.lines.isEmpty)                            // the content never hears of it
    }
    /// Reads the coalesced touches of every touch it is sent as it moves (as a drawing view does).
    final class CoalescedReader: GestureRecognizer {
        private(set) var snapshotsRead = 0
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            for touch in touches { snapshotsRead += event?.coalescedTouches(for: touch)?.count ?? 0 }
        }
    }

    /// A touch's snapshots (`Event.coalescedTouches(for:)`) are copies, not began touches: taking
    /// one over a scroll view in motion must not leave that scroll view to be stopped by the next
    /// finger to begin anywhere else.
    @Test func aSnapshotOverAMovingScrollViewDoesNotStopItForTheNextBeganElsewhere() throws {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200), in: app)
        scrollView.contentSize = Size(width: 400, height: 4000)
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 4000), in: app)
        let reader = CoalescedReader()
        content.addGestureRecognizer(reader)
        let button = View(frame: Rect(x: 0, y: 200, width: 400, height: 200), in: app)
        let buttonTap = TapGestureRecognizer()
        var taps = 0
        buttonTap.addTarget { (recognizer: GestureRecognizer) in if recognizer.state == .ended { taps += 1 } }
        button.addGestureRecognizer(buttonTap)
        window.addSubview(scrollView)
        scrollView.addSubview(content)
        window.addSubview(button)

        try app.frame(0, began(1, 100, 100))                    // a finger rests on the content
        scrollView.setContentOffset(Point(0, 1000), animated: true)
        try app.frame(0.05, moved(1, 101, 100))                 // its snapshots are read mid-motion
        #expect(reader.snapshotsRead > 0)
        #expect(scrollView.isMoving)
        try app.frame(0.06, began(2, 100, 300))                 // a tap elsewhere
        try app.frame(0.08, ended(2, 100, 300))
        #expect(scrollView.isMoving, "a began outside the scroll view does not stop it")
        #expect(taps == 1, "and is delivered as usual")
        try app.frame(0.1, ended(1, 101, 100))
    }
    /// A scroll view's pan is on its scroll view or on none (moving it to another view traps, as
    /// UIKit raises: BuiltInRecognizerOwnershipTests). Removed, it is not listed by a tap to
    /// stop, which still stops the motion; given back, it is listed with its scroll view's depth.
    @Test func aRemovedPanIsNotListedByATapToStopAndGivenBackItIs() {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let holder = View(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        scrollView.contentSize = Size(width: 400, height: 4000)
        let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 4000), in: app)
        let leaf = View(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: app)
        window.addSubview(holder)
        holder.addSubview(scrollView)
        scrollView.addSubview(content)
        content.addSubview(leaf)
        let pan = scrollView.panGestureRecognizer
        scrollView.setContentOffset(Point(0, 1000), animated: true)

        scrollView.removeGestureRecognizer(pan)
        var list: [GestureRecognizer] = []
        GestureArena.listRecognizers(from: leaf, into: &list)
        #expect(list.isEmpty)
        #expect(app.scrollMotion.stoppedByBegan === scrollView)

        scrollView.addGestureRecognizer(pan)                   // depth 2 (the window is 0)
        list = []
        GestureArena.listRecognizers(from: leaf, into: &list)
        #expect(list.map(ObjectIdentifier.init) == [ObjectIdentifier(pan)])
        #expect(pan.lastPriorityDepth == 2)
        #expect(app.scrollMotion.stoppedByBegan === scrollView)
        app.scrollMotion.stoppedByBegan = nil
    }
}
