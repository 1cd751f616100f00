import Testing
@testable import HitKit

/// Behaviour A3's frames are not nested: a frame sent, or the clock advanced, from inside any
/// callback HitKit runs — a scroll view's, a drag's, a drop's or a menu's delegate, a recognizer's
/// delegate or action, a hover action, a key command, a host timer, a frame-end observer — is
/// refused with the typed reason ``InputError/Reason/sentDuringDelivery`` and changes nothing (the
/// clock stays, no touch begins); "bad input never crashes and never corrupts state".
@Suite struct CallbackInputRefusalTests {
    final class Feeder {
        unowned let app: Application
        var reasons: [InputError.Reason] = []
        var sites: Set<String> = []
        init(_ app: Application) { self.app = app }
        func feed(_ site: String = #function) {
            sites.insert(site)
            // Both throw only `InputError` (typed throws).
            do { try app.send(InputFrame(timestamp: app.time + 1, touches: [TouchInput(id: 77, phase: .began, location: Point(1, 1))])) }
            catch { reasons += error.rejections.map(\.reason) }
            do { try app.advance(to: app.time + 5) }
            catch { reasons += error.rejections.map(\.reason) }
        }
    }

    final class D: ScrollViewDelegate, DragInteractionDelegate, DropInteractionDelegate, ContextMenuInteractionDelegate, GestureRecognizerDelegate {
        let f: Feeder
        init(_ f: Feeder) { self.f = f }
        func scrollViewDidScroll(_ s: ScrollView) { f.feed() }
        func scrollViewWillBeginDragging(_ s: ScrollView) { f.feed() }
        func scrollViewWillEndDragging(_ s: ScrollView, withVelocity v: Point, targetContentOffset: inout Point) { f.feed() }
        func scrollViewDidEndDecelerating(_ s: ScrollView) { f.feed() }
        func dragInteraction(_ i: DragInteraction, itemsForBeginning s: DragSession) -> [DragItem] { f.feed(); return [DragItem("x")] }
        func dragInteraction(_ i: DragInteraction, sessionWillBegin s: DragSession) { f.feed() }
        func dragInteraction(_ i: DragInteraction, session: DragSession, didEndWith operation: DropOperation) { f.feed() }
        func dropInteraction(_ i: DropInteraction, canHandle s: DragSession) -> Bool { f.feed(); return true }
        func dropInteraction(_ i: DropInteraction, sessionDidUpdate s: DragSession) -> DropProposal { f.feed(); return .copy }
        func dropInteraction(_ i: DropInteraction, performDrop s: DragSession) { f.feed() }
        func contextMenuInteraction(_ i: ContextMenuInteraction, configurationForMenuAt l: Point) -> ContextMenuConfiguration? { f.feed(); return nil }
        func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool { f.feed(); return true }
        func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { f.feed(); return true }
    }

    @Test func aFrameOrAnAdvanceFromAnyCallbackIsRefusedWithItsTypedReason() throws {
        let app = Application()
        let f = Feeder(app)
        let d = D(f)
        let window = Window(frame: Rect(0, 0, 400, 800), in: app)
        window.makeKeyAndVisible()
        let scroll = ScrollView(frame: Rect(0, 0, 400, 300), in: app)
        scroll.contentSize = Size(width: 400, height: 3000)
        scroll.delegate = d
        window.addSubview(scroll)
        try app.frame(0, began(1, 200, 250))
        try app.frame(0.016, moved(1, 200, 230))
        try app.frame(0.032, moved(1, 200, 200))
        try app.frame(0.048, ended(1, 200, 170))
        try app.advance(to: 10)
        let source = View(frame: Rect(0, 400, 400, 100), in: app)
        let target = View(frame: Rect(0, 600, 400, 200), in: app)
        window.addSubview(source); window.addSubview(target)
        try source.addInteraction(ContextMenuInteraction(delegate: d))
        try source.addInteraction(DragInteraction(delegate: d))
        try target.addInteraction(DropInteraction(delegate: d))
        try app.frame(20, began(2, 100, 450))
        try app.advance(to: 20.4)
        try app.frame(20.5, moved(2, 100, 470))
        try app.frame(20.6, moved(2, 100, 700))
        try app.frame(20.7, ended(2, 100, 700))
        let tap = TapGestureRecognizer()
        tap.delegate = d
        target.addGestureRecognizer(tap)
        tap.addTarget { _ in f.feed("tap action") }
        try app.frame(25, began(3, 100, 700))
        try app.frame(25.05, ended(3, 100, 700))
        let hover = HoverGestureRecognizer()
        target.addGestureRecognizer(hover)
        hover.addTarget { _ in f.feed("hover action") }
        try app.send(InputFrame(timestamp: 30, pointer: PointerInput(id: 9, location: Point(100, 700))))
        let field = Performer(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(field)
        field.addKeyCommand(KeyCommand(input: "a", action: "go"))
        field.performableActions = ["go"]
        field.onPerform = { f.feed("key command") }
        #expect(field.becomeFirstResponder())
        try app.sendKeys(31, Keys.down(Keys.letter("a")))
        try app.sendKeys(31.1, Keys.up(Keys.letter("a")))
        app.schedule(at: 40) { f.feed("timer") }
        let token = app.observeFrameEnds { _ in f.feed("frame end") }
        try app.advance(to: 41)
        _ = token
        #expect(f.sites == ["scrollViewDidScroll(_:)", "scrollViewWillBeginDragging(_:)",
                            "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)",
                            "scrollViewDidEndDecelerating(_:)",
                            "contextMenuInteraction(_:configurationForMenuAt:)",
                            "dragInteraction(_:itemsForBeginning:)", "dragInteraction(_:sessionWillBegin:)",
                            "dragInteraction(_:session:didEndWith:)", "dropInteraction(_:canHandle:)",
                            "dropInteraction(_:sessionDidUpdate:)", "dropInteraction(_:performDrop:)",
                            "gestureRecognizer(_:shouldReceive:)", "gestureRecognizerShouldBegin(_:)", "tap action",
                            "hover action", "key command", "timer", "frame end"])
        #expect(!f.reasons.isEmpty && f.reasons.allSatisfy { $0 == .sentDuringDelivery }, "\(Set(f.reasons.map { "\($0)" }))")
        #expect(app.time == 41)
        #expect(app.activeTouches.isEmpty)
        withExtendedLifetime(d) {}
    }
}
