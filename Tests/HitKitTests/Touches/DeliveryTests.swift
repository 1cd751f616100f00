import Testing
@testable import HitKit

/// Behaviour A3's delivery: ownership, order, multi-touch events, stationary touches, windows.
@Suite struct DeliveryTests {
    let app = Application()
    let window: Window
    let left: ProbeView
    let right: ProbeView

    init() {
        window = Window(frame: Rect(0, 0, 200, 100), in: app)
        left = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        right = ProbeView(frame: Rect(100, 0, 100, 100), in: app)
        window.addSubview(left)
        window.addSubview(right)
    }

    @Test func theViewIsFixedAtBeganEvenWhenTheFingerLeavesIt() throws {
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, moved(1, 150, 50))      // over `right`
        try app.frame(0.2, moved(1, 500, 500))     // off the window
        try app.frame(0.3, ended(1, 150, 50))
        #expect(left.methods == ["began", "moved", "moved", "ended"])
        #expect(right.calls.isEmpty)
        let touch = try #require(left.calls.last?.event?.allTouches.first)
        #expect(touch.view === left && touch.window === window)
    }

    /// A frame names its fingers by id in any order: each input reaches its own finger's touch,
    /// whether the frame lists them as they began, in another order, or with some missing.
    @Test func eachInputReachesItsFingerInAnyOrder() throws {
        try app.frame(0, began(1, 10, 10), began(2, 20, 20), began(3, 30, 30), began(4, 40, 40))
        func locations() -> [Int: Point] {
            Dictionary(uniqueKeysWithValues: app.activeTouches.map { ($0.id, $0.location(in: nil)) })
        }
        try app.frame(0.1, moved(3, 31, 30), moved(1, 11, 10), moved(4, 41, 40), moved(2, 21, 20))
        #expect(locations() == [1: Point(11, 10), 2: Point(21, 20), 3: Point(31, 30), 4: Point(41, 40)])
        try app.frame(0.2, moved(4, 42, 40), moved(3, 32, 30), moved(2, 22, 20), moved(1, 12, 10))
        #expect(locations() == [1: Point(12, 10), 2: Point(22, 20), 3: Point(32, 30), 4: Point(42, 40)])
        try app.frame(0.3, ended(2, 22, 20), moved(4, 43, 40))
        try app.frame(0.4, moved(3, 33, 30), moved(1, 13, 10))
        #expect(locations() == [1: Point(13, 10), 3: Point(33, 30), 4: Point(43, 40)])
    }

    @Test func viewsAreServedInTheOrderTheirTouchesBegan() throws {
        let order = OrderLog()
        left.isMultipleTouchEnabled = true
        let l = OrderedProbe("left", log: order, frame: Rect(0, 0, 100, 100), in: app)
        let r = OrderedProbe("right", log: order, frame: Rect(100, 0, 100, 100), in: app)
        window.addSubview(l)
        window.addSubview(r)
        try app.frame(0, began(7, 150, 50))          // right first
        try app.frame(0.1, began(3, 50, 50))         // then left
        try app.frame(0.2, moved(3, 51, 50), moved(7, 151, 50))
        try app.frame(0.3, ended(3, 51, 50), ended(7, 151, 50))
        #expect(order.lines == ["right began 7", "left began 3", "right moved 7", "left moved 3",
                                "right ended 7", "left ended 3"])
    }

    @Test func oneCallPerViewAndPhaseWithThatViewsTouches() throws {
        left.isMultipleTouchEnabled = true
        try app.frame(0, began(1, 10, 10), began(2, 20, 20), began(3, 150, 50))
        #expect(left.calls.map(\.ids) == [[1, 2]])
        #expect(right.calls.map(\.ids) == [[3]])
        // Mixed phases in one frame: one call per phase, began before moved before ended.
        try app.frame(0.1, ended(1, 10, 10), moved(2, 25, 25), began(4, 30, 30))
        #expect(left.methods == ["began", "began", "moved", "ended"])
        #expect(left.calls.suffix(3).map(\.ids) == [[4], [2], [1]])
    }

    @Test func stationaryTouchesAreInAllTouchesButNotDelivered() throws {
        try app.frame(0, began(1, 10, 10), began(2, 150, 50))
        try app.frame(0.1, moved(1, 12, 10))
        #expect(right.calls.count == 1, "the stationary touch is not delivered")
        let call = try #require(left.calls.last)
        #expect(call.method == "moved")
        #expect(call.all.map(\.id) == [1, 2])
        #expect(call.all.map(\.phase) == [.moved, .stationary])
        let event = try #require(call.event)
        #expect(event.timestamp == 0.1)
        #expect(event.touches(for: left).map(\.id) == [1])
        #expect(event.touches(for: right).map(\.id) == [2])
        #expect(event.touches(for: window).count == 2)
    }

    /// A stationary touch did not move in its frame: where it was before this frame is where it
    /// is, not where it was before its last move.
    @Test func aStationaryTouchsPreviousLocationIsItsLocation() throws {
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, moved(1, 20, 30))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.previousLocation(in: nil) == Point(10, 10))
        try app.frame(0.2, began(2, 150, 50))
        #expect(touch.phase == .stationary)
        #expect(touch.location(in: nil) == Point(20, 30))
        #expect(touch.previousLocation(in: nil) == Point(20, 30))
        #expect(touch.previousLocation(in: right) == Point(-80, 30))
    }

    /// An end a double tap withheld (A4 h) reaches the view in the timer's frame that fails the
    /// tap, after the finger has left the registry: that call's event still has the touch, as an
    /// ended touch is in its last event (below).
    @Test func aWithheldEndReleasedInATimersFrameIsInThatCallsEvent() throws {
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        left.addGestureRecognizer(double)
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, ended(1, 10, 10))
        #expect(left.methods == ["began"], "the end is withheld while the double tap is possible")
        try app.advance(to: 1)
        #expect(left.methods == ["began", "ended"])
        let call = try #require(left.calls.last)
        #expect(call.ids == [1] && call.all.map(\.id) == [1] && call.all.map(\.phase) == [.ended])
        #expect(abs(try #require(call.event).timestamp - 0.45) < 1e-9, "the timeout's frame: 0.35 s after the lift")
    }

    @Test func endedTouchesAreInTheirLastEventThenGone() throws {
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, ended(1, 10, 10))
        let call = try #require(left.calls.last)
        #expect(call.method == "ended" && call.all.map(\.phase) == [.ended])
        #expect(app.activeTouches.isEmpty)
        try app.frame(0.2, began(1, 10, 10))  // the id is free again
        #expect(left.methods == ["began", "ended", "began"])
    }

    @Test func touchPropertiesDuringDelivery() throws {
        try app.frame(0.5, began(1, 10, 10))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.id == 1 && touch.phase == .began && touch.timestamp == 0.5 && touch.tapCount == 1)
        try app.frame(0.7, began(2, 150, 10))
        #expect(touch.phase == .stationary)
        #expect(touch.timestamp == 0.5, "a stationary touch keeps the time it last changed")
    }

    @Test func aTouchThatHitsNothingGoesNowhere() throws {
        try app.frame(0, began(1, 500, 500))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.view == nil && touch.window == nil)
        #expect(touch.location(in: nil) == Point(500, 500), "no window: screen coordinates")
        try app.frame(0.1, ended(1, 500, 500))
        #expect(left.calls.isEmpty && right.calls.isEmpty)
    }

    @Test func severalWindowsEachDeliverTheirTouches() throws {
        let other = Window(frame: Rect(0, 200, 100, 100), in: app)
        let inOther = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        other.addSubview(inOther)
        try app.frame(0, began(1, 50, 50), began(2, 50, 250))
        #expect(left.calls.map(\.ids) == [[1]])
        #expect(inOther.calls.map(\.ids) == [[2]])
        let touch2 = try #require(inOther.calls.first?.event?.allTouches.first { $0.id == 2 })
        #expect(touch2.window === other)
        #expect(touch2.location(in: nil) == Point(50, 50))
    }

    @Test func windowAndApplicationSendEventCanBeOverridden() throws {
        final class FilteringApp: Application {
            var seen: [Double] = []
            override func sendEvent(_ event: Event) {
                seen.append(event.timestamp)
                if event.timestamp < 1 { super.sendEvent(event) }
            }
        }
        final class CountingWindow: Window {
            var events = 0
            override func sendEvent(_ event: Event) { events += 1; super.sendEvent(event) }
        }
        let filtering = FilteringApp()
        let w = CountingWindow(frame: Rect(0, 0, 100, 100), in: filtering)
        let probe = ProbeView(frame: Rect(0, 0, 100, 100), in: filtering)
        w.addSubview(probe)
        try filtering.frame(0, began(1, 5, 5))
        try filtering.frame(1, moved(1, 6, 5))
        #expect(filtering.seen == [0, 1])
        #expect(w.events == 1)
        #expect(probe.methods == ["began"])
    }

    /// A window whose `sendEvent` does not call `super` keeps its touches from its views and its
    /// recognizers; another window's touches of the same frame are delivered.
    @Test func aWindowThatTakesNoTouchesFiltersOnlyItsOwn() throws {
        final class ClosedWindow: Window {
            var offered = 0
            override func sendEvent(_ event: Event) { offered += 1 }
        }
        let closed = ClosedWindow(frame: Rect(300, 0, 100, 100), in: app)
        let inside = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        closed.addSubview(inside)
        let recognizer = ScriptedRecognizer()
        inside.addGestureRecognizer(recognizer)
        try app.frame(0, began(1, 50, 50), began(2, 350, 50))
        try app.frame(0.1, ended(1, 50, 50), ended(2, 350, 50))
        #expect(closed.offered == 2)
        #expect(inside.calls.isEmpty && recognizer.received.isEmpty)
        #expect(left.methods == ["began", "ended"])
    }

    /// A frame is delivered once: a window's `sendEvent` called outside the frame's
    /// `Application.sendEvent` (a host passing on an event it kept) delivers nothing again.
    @Test func aWindowsSendEventOutsideAFrameDeliversNothing() throws {
        let recognizer = ScriptedRecognizer()
        left.addGestureRecognizer(recognizer)
        try app.frame(0, began(1, 50, 50))
        let event = try #require(left.calls.last?.event)
        window.sendEvent(event)
        app.sendEvent(event)
        #expect(left.methods == ["began"])
        #expect(recognizer.received == ["began"])
        try app.frame(0.1, ended(1, 50, 50))
        #expect(left.methods == ["began", "ended"])
    }

    @Test func recognizersAreCollectedFromTheHitViewUpToItsWindow() throws {
        let onWindow = GestureRecognizer(), onLeftOld = GestureRecognizer(), onLeftNew = GestureRecognizer()
        let disabled = GestureRecognizer()
        disabled.isEnabled = false
        window.addGestureRecognizer(onWindow)
        left.addGestureRecognizer(onLeftOld)
        left.addGestureRecognizer(disabled)
        left.addGestureRecognizer(onLeftNew)
        #expect(left.gestureRecognizers.count == 3 && onLeftNew.view === left)
        try app.frame(0, began(1, 10, 10))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.gestureRecognizers.map(ObjectIdentifier.init)
                == [onLeftNew, onLeftOld, onWindow].map(ObjectIdentifier.init))
        let event = try #require(left.calls.first?.event)
        #expect(event.touches(for: onWindow).map(\.id) == [1])
        #expect(event.touches(for: disabled).isEmpty)
        right.addGestureRecognizer(onLeftOld)
        #expect(onLeftOld.view === right && left.gestureRecognizers.count == 2, "adding moves a recognizer")
        left.removeGestureRecognizer(onLeftNew)
        #expect(onLeftNew.view == nil)
    }
}

/// A shared log of "name method ids" lines, to check the order across views.
final class OrderLog {
    var lines: [String] = []
}

final class OrderedProbe: View {
    let name: String
    let log: OrderLog
    init(_ name: String, log: OrderLog, frame: Rect, in app: Application) {
        self.name = name
        self.log = log
        super.init(frame: frame, in: app)
    }
    private func note(_ method: String, _ touches: Set<Touch>) {
        log.lines.append("\(name) \(method) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
}
