@testable import HitKit
import Testing

/// A trace observer is host code, and it runs while a touch or a scroll is hit-tested: an edit
/// it makes there (the front window removed, say) is followed as any edit before the input is,
/// so the input goes where the tree as left sends it, and no view the edit took out of its
/// window hears a touch begin that it will never hear end.
@Suite("Trace observers editing the views")
struct TraceObserverEditTests {
    let app = Application()
    let log = TouchLog()
    let back: RecordingWindow
    let front: Window
    let inFront: RecordingView

    init() {
        back = RecordingWindow("back", frame: Rect(0, 0, 300, 300), in: app, log: log)
        front = Window(frame: Rect(0, 0, 300, 300), in: app)
        inFront = RecordingView("inFront", frame: Rect(0, 0, 100, 100), in: app, log: log)
        front.addSubview(inFront)
    }

    /// Removes the front window at the first record of `kind` (by default, the first of a hit
    /// test's explanation).
    func removeFrontWindowWhileExplaining(at kind: TraceRecord.Kind = .hitTestBegan) -> ObservationToken {
        var removed = false
        return app.observeTrace { [app, front] record in
            guard !removed, record.kind == kind else { return }
            removed = true
            app.removeWindow(front)
        }
    }

    @Test func aTouchGoesWhereTheTreeTheObserverLeftSendsIt() throws {
        let token = removeFrontWindowWhileExplaining()
        defer { token.cancel() }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 50))]))
        #expect(log.lines == ["back touchesBegan 1", "back touchesEnded 1"])
        #expect(app.activeTouches.isEmpty)
    }

    /// Two scroll views, one in each window, under the scroll's location.
    func scrollViews() -> (back: ScrollView, front: ScrollView) {
        let backScroll = ScrollView(frame: Rect(0, 0, 300, 300), in: app)
        backScroll.contentSize = Size(300, 3000)
        back.addSubview(backScroll)
        let frontScroll = ScrollView(frame: Rect(0, 0, 300, 300), in: app)
        frontScroll.contentSize = Size(300, 3000)
        front.addSubview(frontScroll)
        return (backScroll, frontScroll)
    }

    @Test func aScrollGoesWhereTheTreeTheObserverLeftSendsIt() throws {
        let (backScroll, frontScroll) = scrollViews()
        let token = removeFrontWindowWhileExplaining()
        defer { token.cancel() }
        try app.send(InputFrame(timestamp: 0, scroll: ScrollInput(location: Point(50, 50), delta: Point(0, -10), kind: .discrete)))
        #expect(frontScroll.contentOffset == Point(0, 0))
        #expect(backScroll.contentOffset != Point(0, 0))
    }

    /// The record of where the scroll goes comes after its taker is chosen: a taker the observer
    /// takes off the screen there takes nothing.
    @Test func aScrollViewTheObserverTakesOffTheScreenAfterItIsChosenTakesNothing() throws {
        let (backScroll, frontScroll) = scrollViews()
        let token = removeFrontWindowWhileExplaining(at: .scrollRouted)
        defer { token.cancel() }
        try app.send(InputFrame(timestamp: 0, scroll: ScrollInput(location: Point(50, 50), delta: Point(0, -10), kind: .discrete)))
        #expect(frontScroll.contentOffset == Point(0, 0))
        #expect(backScroll.contentOffset == Point(0, 0))
    }
}

/// The records a touch's began makes after its view is chosen (the recognizers gathered, left
/// out, their states): a window the observer removes at any of them takes its touches with it,
/// so no view in it hears a touch begin without hearing it end.
@Suite("Trace observers editing the views while a touch's recognizers are gathered")
struct TraceObserverEditDuringGatheringTests {
    static let kinds: [TraceRecord.Kind] = [.recognizerCollected, .recognizerFiltered, .stateChanged, .hitTestEnded]

    @Test(arguments: kinds)
    func aWindowRemovedAtTheRecordTakesItsTouchWithIt(_ kind: TraceRecord.Kind) throws {
        let app = Application()
        let log = TouchLog()
        let back = RecordingWindow("back", frame: Rect(0, 0, 300, 300), in: app, log: log)
        let front = Window(frame: Rect(0, 0, 300, 300), in: app)
        let inFront = RecordingView("inFront", frame: Rect(0, 0, 100, 100), in: app, log: log)
        front.addSubview(inFront)
        let tap = TapGestureRecognizer()
        inFront.addGestureRecognizer(tap)
        let disabled = TapGestureRecognizer()
        disabled.isEnabled = false
        inFront.addGestureRecognizer(disabled)
        var removed = false
        let token = app.observeTrace { [app, front] record in
            guard !removed, record.kind == kind else { return }
            removed = true
            app.removeWindow(front)
        }
        defer { token.cancel() }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))]))
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .ended, location: Point(50, 50))]))
        #expect(removed)
        let heard = log.lines.filter { $0.hasPrefix("inFront") }
        #expect(heard.isEmpty || heard == ["inFront touchesBegan 1", "inFront touchesCancelled 1"], "\(log.lines)")
        #expect(!log.lines.contains("back touchesBegan 1") || log.lines.contains("back touchesEnded 1"))
        #expect(app.activeTouches.isEmpty)
        _ = back
    }
}
