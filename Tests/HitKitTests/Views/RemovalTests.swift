import Testing
@testable import HitKit

/// Behaviour A3: a view removed while it owns touches gets `touchesCancelled` at once, along the chain
/// its `touchesBegan` took; the touches then go nowhere until they end.
@Suite struct RemovalTests {
    let app = RecordingApplication()
    var log: TouchLog { app.log }
    let window: RecordingWindow
    let parent: RecordingView
    let child: RecordingView

    init() {
        window = RecordingWindow("window", frame: Rect(0, 0, 200, 200), in: app, log: app.log, behaviour: .forward)
        parent = RecordingView("parent", frame: Rect(0, 0, 100, 100), in: app, log: app.log, behaviour: .interceptAndPassOn)
        child = RecordingView("child", frame: Rect(10, 10, 50, 50), in: app, log: app.log, behaviour: .interceptAndPassOn)
        window.addSubview(parent)
        parent.addSubview(child)
    }

    /// A removed window is out of its application for good (as a window taken out of its scene
    /// in UIKit): showing it or making it key changes nothing, so the key window keeps its
    /// keyboard and no touch reaches the removed one.
    @Test func aRemovedWindowStaysHiddenAndNeverBecomesKey() throws {
        window.makeKey()
        let removed = RecordingWindow("removed", frame: Rect(0, 0, 200, 200), in: app, log: app.log, behaviour: .forward)
        app.removeWindow(removed)
        removed.makeKey()
        #expect(app.keyWindow === window)
        removed.makeKeyAndVisible()
        removed.isHidden = false
        #expect(removed.isHidden && app.keyWindow === window && !app.windows.contains { $0 === removed })
        try app.frame(0, began(1, 150, 150))
        #expect(app.activeTouches.first?.view === window, "the removed window, in front, is not hit")
        try app.frame(0.1, ended(1, 150, 150))
        removed.windowLevel = .nan
        #expect(window.windowLevel == 0 && removed.windowLevel == 0, "a NaN level is ignored")
    }

    @Test func removingTheViewCancelsAtOnceAlongTheOriginalChain() throws {
        try app.frame(0, began(1, 20, 20))
        log.clear()
        child.removeFromSuperview()
        #expect(log.lines == ["child touchesCancelled 1", "parent touchesCancelled 1", "app touchesCancelled 1"])
        log.clear()
        try app.frame(0.1, moved(1, 25, 25))
        try app.frame(0.2, ended(1, 25, 25))
        #expect(log.lines.isEmpty, "the touch goes nowhere until it ends")
        #expect(app.activeTouches.isEmpty)
    }

    @Test func removingAnAncestorCancelsTheDescendantsTouches() throws {
        let sibling = RecordingView("sibling", frame: Rect(120, 0, 50, 50), in: app, log: log)
        window.addSubview(sibling)
        try app.frame(0, began(1, 20, 20), began(2, 130, 10))
        log.clear()
        parent.removeFromSuperview()
        #expect(log.lines == ["child touchesCancelled 1", "parent touchesCancelled 1", "app touchesCancelled 1"])
        log.clear()
        try app.frame(0.1, moved(1, 21, 20), moved(2, 131, 10))
        #expect(log.lines == ["sibling touchesMoved 2"], "other touches go on")
    }

    @Test func theCancelledTouchShowsTheCancelledPhaseThenItsInputPhase() throws {
        final class PhaseProbe: View {
            var phases: [Touch.Phase] = []
            override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
                phases += touches.map(\.phase)
            }
        }
        let probe = PhaseProbe(frame: Rect(150, 150, 50, 50), in: app)
        window.addSubview(probe)
        try app.frame(0, began(1, 160, 160))
        probe.removeFromSuperview()
        #expect(probe.phases == [.cancelled])
        #expect(app.activeTouches.first?.phase == .began, "the finger is still down")
    }

    @Test func removingAViewFromInsideItsOwnTouchesBeganCancelsItAfterTheBegan() throws {
        child.onTouchesBegan = { $0.removeFromSuperview() }
        try app.frame(0, began(1, 20, 20))
        #expect(log.lines == ["child touchesBegan 1", "parent touchesBegan 1", "app touchesBegan 1",
                              "child touchesCancelled 1", "parent touchesCancelled 1", "app touchesCancelled 1"])
        try app.frame(0.1, ended(1, 20, 20))
        #expect(log.lines.count == 6)
    }

    @Test func removingItselfBeforePassingOnTheBeganStopsTheTouchThere() throws {
        child.beforePassingOnBegan = { $0.removeFromSuperview() }
        try app.frame(0, began(1, 20, 20))
        #expect(log.lines == ["child touchesBegan 1", "child touchesCancelled 1"])
        try app.frame(0.1, ended(1, 20, 20))
        #expect(log.lines.count == 2)
    }

    @Test func aTouchRemovedBeforeItsBeganIsDeliveredIsNeverSeen() throws {
        // Two touches begin in one frame; the first one's handler removes the second one's view.
        let victim = RecordingView("victim", frame: Rect(150, 150, 40, 40), in: app, log: log)
        window.addSubview(victim)
        child.onTouchesBegan = { _ in victim.removeFromSuperview() }
        try app.frame(0, began(1, 20, 20), began(2, 160, 160))
        #expect(!log.lines.contains { $0.hasPrefix("victim") }, "neither began nor cancelled")
    }

    @Test func movingAViewToAnotherWindowCancelsItsTouches() throws {
        let other = Window(frame: Rect(300, 0, 100, 100), in: app)
        try app.frame(0, began(1, 20, 20))
        log.clear()
        other.addSubview(child)
        #expect(log.lines == ["child touchesCancelled 1", "parent touchesCancelled 1", "app touchesCancelled 1"])
    }

    @Test func movingAViewWithinItsWindowKeepsItsTouchesAndTheirRoute() throws {
        // As UIKit, the touch goes on; its end follows the route its began took, so `parent`,
        // no longer on the chain, still gets its end and the window's new subview order is moot.
        try app.frame(0, began(1, 20, 20))
        log.clear()
        window.addSubview(child)
        #expect(child.next === window)
        try app.frame(0.1, moved(1, 21, 20))
        try app.frame(0.2, ended(1, 21, 20))
        #expect(log.lines == ["child touchesMoved 1", "parent touchesMoved 1", "app touchesMoved 1",
                              "child touchesEnded 1", "parent touchesEnded 1", "app touchesEnded 1"])
    }

    @Test func aViewRemovedByAnAncestorInTheMiddleOfForwardingBalancesEveryResponder() throws {
        // `parent` removes `child` while handling the began `child` passed it, before passing it
        // on: the cancel reaches child and parent; those above never hear of the touch.
        parent.beforePassingOnBegan = { [child] _ in child.removeFromSuperview() }
        try app.frame(0, began(1, 20, 20))
        #expect(log.lines == ["child touchesBegan 1", "parent touchesBegan 1",
                              "child touchesCancelled 1", "parent touchesCancelled 1"])
    }

    /// `v` forwards one move of two touches whose begans took different routes (it moved from
    /// `first` into `second` between them): the call goes to `first`, then `second`. `first`
    /// removes `v` while handling its part, which cancels both touches along their routes; the
    /// touches then go nowhere (A3), so `second` gets its cancel and no move after it.
    @Test func aRemovalByAnEarlierReceiverOfASplitMoveStopsTheRestOfIt() throws {
        let first = RecordingView("first", frame: Rect(0, 100, 100, 100), in: app, log: log)
        let second = RecordingView("second", frame: Rect(100, 100, 100, 100), in: app, log: log)
        let v = RecordingView("v", frame: Rect(0, 0, 40, 40), in: app, log: log, behaviour: .forward)
        v.isMultipleTouchEnabled = true
        window.addSubview(first)
        window.addSubview(second)
        first.addSubview(v)
        try app.frame(0, began(1, 20, 120))
        second.addSubview(v)  // within the window: touch 1 stays, its calls go on to `first`
        try app.frame(0.1, began(2, 120, 120))
        #expect(log.lines == ["first touchesBegan 1", "second touchesBegan 2"])
        log.clear()
        first.beforePassingOnMoved = { [v] _ in v.removeFromSuperview() }
        try app.frame(0.2, moved(1, 22, 120), moved(2, 122, 120))
        #expect(log.lines == ["first touchesMoved 1", "first touchesCancelled 1", "second touchesCancelled 2"])
        log.clear()
        try app.frame(0.3, ended(1, 22, 120), ended(2, 122, 120))
        #expect(log.lines.isEmpty, "the touches go nowhere until they end")
    }

    @Test func reorderingAmongSiblingsKeepsTheTouches() throws {
        let sibling = View(frame: Rect(0, 0, 5, 5), in: app)
        parent.addSubview(sibling)
        try app.frame(0, began(1, 20, 20))
        log.clear()
        parent.bringSubviewToFront(child)
        parent.insertSubview(child, at: 0)
        parent.addSubview(child)
        try app.frame(0.1, ended(1, 20, 20))
        #expect(log.lines == ["child touchesEnded 1", "parent touchesEnded 1", "app touchesEnded 1"])
    }

    @Test func removingTheWindowCancelsItsTouches() throws {
        try app.frame(0, began(1, 20, 20))
        log.clear()
        app.removeWindow(window)
        #expect(log.lines == ["child touchesCancelled 1", "parent touchesCancelled 1", "app touchesCancelled 1"])
    }

    /// Found by the dispatch fuzzer: the began went child → parent → window → app; the child then
    /// moved straight into the window (no cancel: it stays in its window) and the parent was freed.
    /// The end must still reach the window and the application past the freed parent.
    @Test func anEndPassesAFreedResponderOfItsRouteOn() throws {
        var container: RecordingView? = RecordingView("container", frame: Rect(0, 0, 100, 100), in: app, log: log, behaviour: .forward)
        let inner = RecordingView("inner", frame: Rect(10, 10, 50, 50), in: app, log: log, behaviour: .interceptAndPassOn)
        let top = RecordingWindow("top", frame: Rect(0, 0, 200, 200), in: app, log: log, behaviour: .interceptAndPassOn)
        top.addSubview(container!)
        container!.addSubview(inner)
        try app.frame(0, began(1, 20, 20))
        top.addSubview(inner)
        container!.removeFromSuperview()
        container = nil
        try app.frame(0.1, ended(1, 20, 20))
        #expect(log.lines == ["inner touchesBegan 1", "top touchesBegan 1", "app touchesBegan 1",
                              "inner touchesEnded 1", "top touchesEnded 1", "app touchesEnded 1"])
    }
}
