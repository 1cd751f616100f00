import Testing
@testable import HitKit

/// Behaviour A8 while the list of hover recognizers on the chain of the view under the pointer
/// is kept from frame to frame (``HoverChain``): each way that list can go out of date without
/// the view under the pointer changing is seen at the next hover pass, and a recognizer taken
/// off its view is not kept alive by the list.
extension HoverFollowsViewChangesTests {
    /// A hover whose `isEnabled` is worked out, not stored: nothing tells HitKit when it changes.
    final class SwitchedHover: HoverGestureRecognizer {
        var on = false
        override var isEnabled: Bool {
            get { on }
            set { on = newValue }
        }
    }

    @Test func aHoverEnabledWithoutNoticeBeginsAtTheNextMoveWithinTheSameView() throws {
        let hover = SwitchedHover()
        self.hover(on: box, named: "box", hover)
        try pointer(at: 50, 50, time: 0)
        try pointer(at: 60, 50, time: 0.1)
        #expect(log.lines.isEmpty, "disabled: not told")
        hover.on = true
        try pointer(at: 70, 50, time: 0.2)
        #expect(log.lines == ["box began"], "the list keeps disabled hovers, and each is asked again")
        hover.on = false
        try pointer(at: 80, 50, time: 0.3)
        #expect(log.lines == ["box began", "box ended"])
    }

    @Test func movingTheViewUnderThePointerIntoAHoveredViewBeginsThatHover() throws {
        let card = View(frame: Rect(0, 0, 300, 300), in: app)
        window.insertSubview(card, at: 0)
        hover(on: card, named: "card")
        try pointer(at: 50, 50, time: 0)
        #expect(log.lines.isEmpty, "the box covers the card, and the box's chain is box, window")
        // The view under the pointer is still the box, and no recognizer list changed: only the
        // store's links did.
        card.addSubview(box)
        #expect(log.lines == ["card began"])
        window.addSubview(box)
        #expect(log.lines == ["card began", "card ended"])
    }

    /// Whether a disabled hover on the box, with the pointer over the box, is freed once
    /// `then` has run and the test lets go of it: only the list could still hold it.
    func isFreed(after then: (HoverGestureRecognizer) throws -> Void) throws -> Bool {
        weak var kept: HoverGestureRecognizer?
        do {
            let hover = SwitchedHover()
            kept = hover
            box.addGestureRecognizer(hover)
            try pointer(at: 50, 50, time: 0)
            try then(hover)
        }
        return kept == nil
    }

    @Test func aHoverTakenOffTheViewUnderThePointerIsLetGo() throws {
        #expect(try isFreed { box.removeGestureRecognizer($0) }, "the list read after the removal no longer holds it")
    }

    @Test func theListIsLetGoWhenThePointerLeaves() throws {
        #expect(try isFreed { _ in
            try app.send(InputFrame(timestamp: 0.1, pointer: .left(id: 9)))
            box.gestureRecognizers = []
        })
    }
}
