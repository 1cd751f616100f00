import Testing
@testable import HitKit

// Behaviour A8: "A continuous scroll stays with the recognizer that took its `began` until its
// `ended`", so no other pan is offered its later phases; a pan that stopped running it before its
// `ended` (cancelled, refused by its delegate, failed by a requirement) takes nothing more of it:
// its `translation(in:)` is "the sum of the deltas so far" of its own run, and a pan begun by a
// scroll "is independent of any touch in progress". The rest of the scroll goes to no one.

extension PointerInputTests {
    func fingerFrame(_ t: Double, _ phase: Touch.Phase, _ x: Double, _ y: Double) throws {
        try app.send(InputFrame(timestamp: t, touches: [TouchInput(id: 1, phase: phase, location: Point(x, y))]))
    }

    /// Disabled and enabled again mid-scroll, the pan is cancelled; the scroll's `changed` −100
    /// and `ended` go to no one, so the next wheel notch of −40 begins a run whose translation is
    /// (0, −40), not (0, −140).
    @Test func aCancelledContinuousScrollLeavesNoDeltaForThePansNextRun() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        box.addGestureRecognizer(pan)
        var seen: [(GestureRecognizer.State, Point)] = []
        _ = pan.addTarget { [unowned pan] in seen.append(($0.state, pan.translation(in: nil))) }
        try scroll(0, 0, -10, .continuous(.began))
        pan.isEnabled = false
        pan.isEnabled = true
        try scroll(0.1, 0, -100, .continuous(.changed))
        try scroll(0.2, 0, 0, .continuous(.ended))
        #expect(pan.translation(in: nil) == .zero)
        try scroll(1, 0, -40)
        try app.advance(to: 2)
        #expect(seen.map(\.0) == [.began, .cancelled, .began, .ended])
        #expect(seen.map(\.1) == [Point(0, -10), Point(0, -10), Point(0, -40), Point(0, -40)])
        #expect(pan.illegalTransitions.isEmpty)
    }

    /// A scroll view's pan whose delegate refuses the scroll's began fails; the scroll's three
    /// `changed` −100 move nothing, and once the delegate allows, a notch of −40 moves the
    /// offset by 40 (it moved 340).
    @Test func aScrollViewWhosePanRefusedAContinuousScrollMovesOnlyByItsNextNotch() throws {
        let list = ScrollView(frame: Rect(0, 0, 200, 200), in: app)
        list.contentSize = Size(200, 2000)
        window.addSubview(list)
        let delegate = ScriptedDelegate()
        delegate.begins = false
        list.panGestureRecognizer.delegate = delegate
        try scroll(0, 0, -10, .continuous(.began))
        #expect(list.panGestureRecognizer.state == .possible && delegate.shouldBeginCalls == 1)
        for step in 1...3 { try scroll(0.1 * Double(step), 0, -100, .continuous(.changed)) }
        try scroll(0.4, 0, 0, .continuous(.ended))
        #expect(list.contentOffset == .zero)
        delegate.begins = true
        try scroll(1, 0, -40)
        #expect(list.contentOffset == Point(0, 40))
        #expect(list.panGestureRecognizer.translation(in: nil) == Point(0, -40))
    }

    /// A pan waiting for a long press to fail takes a scroll's began; the long press recognizes,
    /// so the pan fails. The scroll's `changed` −100 is not added to it: its next notch begins
    /// at (0, −40).
    @Test func aContinuousScrollWhosePanFailedByARequirementIsNotAddedToItsNextRun() throws {
        let cell = View(frame: Rect(0, 0, 50, 50), in: app)
        box.addSubview(cell)
        let press = LongPressGestureRecognizer()
        cell.addGestureRecognizer(press)
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        pan.allowedTouchTypes = [.indirectPointer]  // the finger is the long press's alone
        pan.require(toFail: press)
        box.addGestureRecognizer(pan)
        let log = Box()
        record(pan, "pan", into: log)
        record(press, "press", into: log)
        var translations: [Point] = []
        _ = pan.addTarget { [unowned pan] _ in translations.append(pan.translation(in: nil)) }
        try fingerFrame(0, .began, 20, 20)
        try scroll(0.1, 0, -10, .continuous(.began), at: Point(150, 150))
        try app.advance(to: 0.6)
        #expect(log.lines == ["press began", "pan failed"])
        try scroll(0.7, 0, -100, .continuous(.changed), at: Point(150, 150))
        try scroll(0.8, 0, 0, .continuous(.ended), at: Point(150, 150))
        try fingerFrame(0.9, .ended, 20, 20)
        try scroll(1, 0, -40, at: Point(150, 150))
        #expect(log.lines.suffix(2) == ["press ended", "pan began"])
        #expect(translations == [Point(0, -40)])
    }

    /// A pan cancelled mid-scroll then drags under a finger. The scroll's `changed` −200 moves
    /// neither the drag nor its translation, and its `ended` does not end the finger's pan:
    /// the pan ends when the finger lifts (A4), with the finger's travel alone.
    @Test func aContinuousScrollItsPanLetGoOfNeitherMovesNorEndsAFingersDrag() throws {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .continuous
        box.addGestureRecognizer(pan)
        var seen: [(GestureRecognizer.State, Point)] = []
        _ = pan.addTarget { [unowned pan] in seen.append(($0.state, pan.translation(in: nil))) }
        try scroll(0, 0, -10, .continuous(.began))
        pan.isEnabled = false
        pan.isEnabled = true
        try fingerFrame(0.1, .began, 100, 100)
        try fingerFrame(0.2, .moved, 130, 100)
        try scroll(0.25, 0, -200, .continuous(.changed))
        try scroll(0.3, 0, 0, .continuous(.ended))
        #expect(pan.state == .began, "the finger is still down")
        try fingerFrame(0.4, .moved, 140, 100)
        try fingerFrame(0.5, .ended, 140, 100)
        #expect(seen.map(\.0) == [.began, .cancelled, .began, .changed, .ended])
        #expect(seen.map(\.1) == [Point(0, -10), Point(0, -10), Point(30, 0), Point(40, 0), Point(40, 0)])
    }

    /// The scroll that its pan let go of goes to no one, not to a pan further out that could
    /// take a scroll (a `changed` begins no pan), and the trace says so.
    @Test func theRestOfALetGoScrollGoesToNoOtherPan() throws {
        let inner = PanGestureRecognizer(), outer = PanGestureRecognizer()
        inner.allowedScrollTypesMask = .continuous
        outer.allowedScrollTypesMask = .continuous
        box.addGestureRecognizer(inner)
        window.addGestureRecognizer(outer)
        let log = Box()
        record(inner, "inner", into: log)
        record(outer, "outer", into: log)
        var routes: [String] = []
        let token = app.observeTrace { if $0.kind == .scrollRouted { routes.append($0.message) } }
        defer { token.cancel() }
        try scroll(0, 0, -10, .continuous(.began))
        inner.isEnabled = false
        try scroll(0.1, 0, -10, .continuous(.changed))
        try scroll(0.2, 0, 0, .continuous(.ended))
        #expect(log.lines == ["inner began", "inner cancelled"])
        #expect(routes.dropFirst().allSatisfy { $0.hasSuffix("goes to no pan (none took its began, or the one that did has let it go, A8)") },
                "\(routes)")
        #expect(routes.count == 3)
        try scroll(0.3, 0, -10, .continuous(.began))
        #expect(log.lines.last == "outer began", "the next scroll is routed afresh: the disabled inner pan cannot take it")
    }
}
