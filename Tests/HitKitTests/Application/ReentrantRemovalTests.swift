import Testing
@testable import HitKit

/// Structural changes requested from a `touchesCancelled` that another removal sends are applied
/// once that removal has finished (Application.performStructuralChange): the removal never works
/// on an index or a hierarchy that changed under it.
@Suite struct ReentrantRemovalTests {
    /// A view that runs `onCancelled` from inside its `touchesCancelled`.
    final class CancelHookView: View {
        var onCancelled: (() -> Void)?
        var cancelledCalls = 0
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            cancelledCalls += 1
            onCancelled?()
        }
    }

    @Test func removingTheWindowFromTheCancelItSendsRemovesOnlyThatWindow() throws {
        let app = Application()
        let doomed = Window(frame: Rect(0, 0, 100, 100), in: app)
        let other = Window(frame: Rect(200, 0, 100, 100), in: app)
        let view = CancelHookView(frame: Rect(0, 0, 100, 100), in: app)
        doomed.addSubview(view)
        view.onCancelled = { [unowned app, unowned doomed] in app.removeWindow(doomed) }
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 50, 50)]))

        app.removeWindow(doomed)

        // Without the deferral the inner call removes `doomed` and the outer one then removes
        // the window at `doomed`'s old index: `other` (or traps when it was the last).
        #expect(app.windows.map(\.id) == [other.id])
        #expect(view.cancelledCalls == 1)
    }

    /// Adds are made at once, even from a removal's `touchesCancelled`: a view its own removal's
    /// cancel places anew — under another view, in another window, or back under the superview
    /// it is leaving — stays where that placed it, the later request.
    @Test(arguments: ["sibling", "other window", "same superview"])
    func aViewPlacedAnewByItsOwnRemovalsCancelStaysThere(_ destination: String) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 300, 300), in: app)
        let otherWindow = Window(frame: Rect(400, 0, 300, 300), in: app)
        let parent = View(frame: Rect(0, 0, 300, 300), in: app)
        let sibling = View(frame: Rect(0, 150, 300, 150), in: app)
        window.addSubview(parent)
        parent.addSubview(sibling)
        let view = CancelHookView(frame: Rect(0, 0, 100, 100), in: app)
        parent.addSubview(view)
        let target = switch destination {
        case "sibling": sibling
        case "other window": otherWindow as View
        default: parent
        }
        view.onCancelled = { [unowned view, unowned target] in target.addSubview(view) }
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 50, 50)]))

        view.removeFromSuperview()

        #expect(view.cancelledCalls == 1)
        #expect(view.superview === target && target.subviews.contains { $0 === view })
        #expect(destination == "same superview" || !parent.subviews.contains { $0 === view })
    }

    /// A removal requested from a cancel waits for the outer removal; an add of the same view
    /// requested after it is made at once. The add is the later request, so it stands.
    @Test func aRemovalThenAnAddRequestedFromACancelLeaveTheViewAdded() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let first = CancelHookView(frame: Rect(0, 0, 50, 100), in: app)
        let second = View(frame: Rect(50, 0, 50, 100), in: app)
        let shelf = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(shelf)  // behind the others: the finger is on `first`
        window.addSubview(first)
        window.addSubview(second)
        first.onCancelled = { [unowned second, unowned shelf] in
            second.removeFromSuperview()
            shelf.addSubview(second)
        }
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 25, 50)]))

        first.removeFromSuperview()

        #expect(first.cancelledCalls == 1)
        #expect(first.superview == nil && second.superview === shelf)
    }

    @Test func removingAnotherViewFromTheCancelHappensAfterTheOuterRemoval() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let first = CancelHookView(frame: Rect(0, 0, 50, 100), in: app)
        let second = CancelHookView(frame: Rect(50, 0, 50, 100), in: app)
        window.addSubview(first)
        window.addSubview(second)
        var order: [String] = []
        first.onCancelled = {
            order.append("first cancelled, second in window: \(second.window != nil)")
            second.removeFromSuperview()
            order.append("after the request, second in window: \(second.window != nil)")
        }
        second.onCancelled = { order.append("second cancelled") }
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 25, 50), began(2, 75, 50)]))

        first.removeFromSuperview()

        #expect(order == ["first cancelled, second in window: true",
                          "after the request, second in window: true",
                          "second cancelled"])
        #expect(first.superview == nil && second.superview == nil)
        #expect(window.subviews.isEmpty)
    }

    /// A view that removes itself from inside its touchesMoved, then calls `super` (as a handler
    /// that closes a panel and passes the touch on would).
    final class SelfRemovingView: View {
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            removeFromSuperview()
            super.touchesMoved(touches, with: event)
        }
    }

    /// Found by the dispatch fuzzer: the removal cancels the touch up the chain, and the call
    /// under way then went on to pass a moved to the window after its cancel (and nothing else
    /// reached it, so the window saw moved outside began…end).
    @Test func aMovedResumingAfterItsViewsRemovalPassesNothingOnAfterTheCancel() throws {
        let app = Application()
        let log = TouchLog()
        let window = RecordingWindow("window", frame: Rect(0, 0, 100, 100), in: app, log: log)
        let view = SelfRemovingView(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 50, 50)]))
        try app.send(InputFrame(timestamp: 0.1, touches: [moved(1, 60, 60)]))
        try app.send(InputFrame(timestamp: 0.2, touches: [ended(1, 60, 60)]))

        #expect(log.lines == ["window touchesBegan 1", "window touchesCancelled 1"])
        #expect(view.superview == nil)
    }

    /// Records its touch calls and removes `victim` from inside its touchesMoved.
    final class RemovingView: View {
        var victim: View?
        var log: TouchLog?
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { log?.record("remover", "touchesBegan", t) }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) {
            log?.record("remover", "touchesMoved", t)
            victim?.removeFromSuperview()
        }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { log?.record("remover", "touchesEnded", t) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { log?.record("remover", "touchesCancelled", t) }
    }

    /// Found by the dispatch fuzzer: one call passes two touches on to two receivers; the first
    /// receiver removes the view, which cancels both; the second receiver then got its touch's
    /// moved after that touch's cancel.
    @Test func aMovedPassedToTwoReceiversStopsForTheTouchesTheFirstOneCancelled() throws {
        let app = Application()
        let log = TouchLog()
        let window = RecordingWindow("window", frame: Rect(0, 0, 100, 100), in: app, log: log)
        let remover = RemovingView(frame: Rect(0, 0, 100, 100), in: app)
        let view = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(remover)
        remover.addSubview(view)
        view.isMultipleTouchEnabled = true
        remover.log = log
        try app.send(InputFrame(timestamp: 0, touches: [began(1, 50, 50)]))  // view → remover
        window.addSubview(view)
        try app.send(InputFrame(timestamp: 0.1, touches: [began(2, 50, 50)]))  // view → window
        remover.victim = view
        try app.send(InputFrame(timestamp: 0.2, touches: [moved(1, 60, 60), moved(2, 60, 60)]))

        #expect(log.lines.filter { $0.hasPrefix("window") } == ["window touchesBegan 2", "window touchesCancelled 2"])
        #expect(log.lines.filter { $0.hasPrefix("remover") }
            == ["remover touchesBegan 1", "remover touchesMoved 1", "remover touchesCancelled 1"])
    }
}
