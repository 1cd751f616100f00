import Testing
@testable import HitKit

/// The bound on follow-up passes, as ``DeferredWork`` documents it: work that a pass makes due is
/// followed again at most four times in a row (``DeferredWork/maximumFollowUps``), so actions that
/// undo each other cannot loop forever; what is still due after that waits for the next
/// delivery's end.
@Suite struct FollowUpLimitTests {
    let app = Application()
    let view: View
    let hover = HoverGestureRecognizer()
    let recorded = Recorded()

    final class Recorded { var states: [GestureRecognizer.State] = [] }

    /// A hover whose action fights itself: its began hides its view (so the hover ends), its end
    /// shows the view again (so the hover begins), for ever if nothing bounds it.
    init() {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        view = View(frame: Rect(0, 0, 200, 400), in: app)
        window.addSubview(view)
        window.makeKeyAndVisible()
        view.addGestureRecognizer(hover)
        hover.observeStateChanges { [recorded] _, state in recorded.states.append(state) }
        hover.addTarget { [unowned view] recognizer in view.isHidden = recognizer.state == .began }
    }

    func pointer(_ t: Double, _ x: Double) throws {
        try app.send(InputFrame(timestamp: t, pointer: PointerInput(id: 7, location: Point(x, 50))))
    }

    /// The frame's own hover pass delivers the began; then four follow-up passes: the first
    /// recomputes the hover the began's action changed, the next three each deliver what the
    /// previous one found (ended, began, ended) and recompute. The began the fourth one finds
    /// is left due, not dropped, and the frame returns.
    @Test func actionsThatUndoEachOtherAreFollowedFourPassesInARowAndTheRestIsLeftDue() throws {
        try pointer(0, 50)
        #expect(recorded.states == [.began, .ended, .began, .ended])
        #expect(!view.isHidden, "the last action delivered showed the view")
        #expect(hover.state == .possible)
        #expect(hover.requestedState == .began, "the transition the last pass found is still due")
    }

    /// "What is still due after that waits for the next delivery's end": the began the bound left
    /// is delivered at the end of the next delivery (a pointer frame at the same place, or a hover
    /// pass) before the fight goes on, bounded again.
    @Test(arguments: [false, true])
    func whatTheBoundLeftDueIsDeliveredAtTheNextDeliverysEnd(byHoverPass: Bool) throws {
        try pointer(0, 50)
        recorded.states = []
        if byHoverPass { app.updateHover() } else { try pointer(0.1, 50) }
        #expect(recorded.states.first == .began)
        #expect(recorded.states.count <= 4)
    }

    /// A group of edits is a delivery too: the began the bound left due is delivered at its end.
    /// Two groups: an empty `deferringUpdates`, and the host disabling a tap recognizer (the
    /// setter is one group).
    @Test(arguments: [false, true])
    func whatTheBoundLeftDueIsDeliveredAtTheEndOfAGroupOfEdits(bySetter: Bool) throws {
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        try pointer(0, 50)
        recorded.states = []
        if bySetter { tap.isEnabled = false } else { app.deferringUpdates {} }
        #expect(recorded.states.first == .began)
    }

    /// A change made during a delivery's end, outside any level, is a delivery of its own whose
    /// end runs inside the first one's, and must not end the bound. Here the began's action also
    /// makes a focused button unfocusable, so the frame's end takes its focus away, and the
    /// observer told of the loss disables a tap recognizer (a group of edits): that group's end,
    /// nested in the frame's, leaves the transition the bound left due to the next delivery, and
    /// so does the frame's end after it.
    @Test func aGroupEndedDuringTheFramesEndLeavesWhatTheBoundLeftToTheNextDelivery() throws {
        let window = try #require(view.window)
        let button = Button(frame: Rect(300, 10, 40, 40), in: app)
        window.addSubview(button)
        window.isFocusSystemEnabled = true
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(button.isFocused)
        let tap = TapGestureRecognizer()
        view.addGestureRecognizer(tap)
        final class Groups { var ended = 0 }
        let groups = Groups()
        let token = app.observeFocus { [groups] context in
            guard context.nextFocusedItem == nil else { return }
            tap.isEnabled = false
            groups.ended += 1
        }
        hover.addTarget { [unowned button] recognizer in
            if recognizer.state == .began { button.allowsFocus = false }
        }
        try pointer(0.1, 50)
        #expect(groups.ended == 1, "the frame's end took the button's focus away")
        #expect(recorded.states == [.began, .ended, .began, .ended], "four passes, not eight")
        #expect(hover.requestedState == .began, "the transition the last pass found is still due")
        withExtendedLifetime(token) {}
    }
}
