import Testing
@testable import HitKit

/// The arena's work list (Arbitration/GestureArena+WorkList.swift): the per-frame passes visit only
/// entries that may have something to do, an idle one is not visited, and the one case that
/// nothing but a pass over every entry would notice — a recognizer whose view is freed — is found
/// and stopped in the same frame such a pass would stop it.
@Suite struct ArenaWorkListTests {
    let app = Application()
    let window: Window
    let left: ProbeView
    let right: ProbeView

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        left = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        right = ProbeView(frame: Rect(200, 0, 100, 100), in: app)
        window.addSubview(left)
        window.addSubview(right)
    }

    var arena: GestureArena { app.dispatcher.arena }

    func expectListIsSound(_ comment: Comment? = nil) {
        #expect(arena.workListFault == nil, comment)
    }

    @Test func aLongPressWaitingForItsTimerIsNotVisitedWhileAnotherFingerPans() throws {
        let press = LongPressGestureRecognizer()
        left.addGestureRecognizer(press)
        let pan = PanGestureRecognizer()
        right.addGestureRecognizer(pan)
        try app.frame(0, began(1, 50, 50))
        let pressEntry = try #require(press.entry)
        #expect(pressEntry.timesVisited > 0, "looked at at the end of the frame it joined")
        #expect(!pressEntry.hasWork, "then settled: it waits for its timer")
        let visitsWhileWaiting = pressEntry.timesVisited
        try app.frame(0.05, began(2, 250, 50))
        let panEntry = try #require(pan.entry)
        for step in 1...5 {
            let before = panEntry.timesVisited
            let total = arena.entriesVisited
            try app.frame(0.05 + Double(step) * 0.05, moved(2, 250 + Double(step) * 20, 50))
            #expect(pan.state == (step == 1 ? .began : .changed))
            #expect(panEntry.timesVisited > before, "the pan asks for a change every frame")
            #expect(arena.entriesVisited - total == panEntry.timesVisited - before, "only the pan is visited")
            expectListIsSound()
        }
        #expect(pressEntry.timesVisited == visitsWhileWaiting, "the waiting long press is never visited")
        #expect(press.state == .possible)
        // Its timer fires: now it has work, and begins.
        try app.advance(to: 0.6)
        #expect(press.state == .began)
        #expect(pressEntry.timesVisited > visitsWhileWaiting)
        expectListIsSound()
        try app.frame(0.7, ended(1, 50, 50), ended(2, 350, 50))
        #expect(arena.entries.isEmpty && arena.work.isEmpty)
    }

    @Test func aTapWhoseTouchIsStationaryIsNotVisited() throws {
        let tap = TapGestureRecognizer()
        left.addGestureRecognizer(tap)
        let pan = PanGestureRecognizer()
        right.addGestureRecognizer(pan)
        try app.frame(0, began(1, 50, 50), began(2, 250, 50))
        let tapEntry = try #require(tap.entry)
        let visits = tapEntry.timesVisited
        try app.frame(0.02, moved(2, 280, 50))
        try app.frame(0.04, moved(2, 300, 50))
        #expect(tapEntry.timesVisited == visits, "touch 1 is stationary in both frames")
        expectListIsSound()
        // Its finger lifts: it has work again, and recognizes as before.
        let total = arena.entriesVisited
        try app.frame(0.06, ended(1, 50, 50))
        #expect(arena.entriesVisited > total)
        #expect(tap.entry == nil, "recognized, then reset at the frame's end")
        #expect(left.methods == ["began", "cancelled"], "the tap took its touch from its view")
        try app.frame(0.08, ended(2, 300, 50))
        expectListIsSound()
    }

    /// A continuous recognizer on a view outside any window, begun by a request: the one way a
    /// recognizer taking part can outlive its view (a view leaving its window stops its own).
    private func begunRecognizerOnDetachedView(log: StateLog) throws -> (GestureRecognizer, () -> Void) {
        let recognizer = GestureRecognizer()
        var view: View? = View(frame: Rect(0, 0, 10, 10), in: app)
        view?.addGestureRecognizer(recognizer)
        recognizer.addTarget { log.states.append($0.state) }
        recognizer.state = .began
        return (recognizer, { view = nil })
    }

    @Test func aRecognizerWhoseViewIsFreedBetweenFramesStopsAtTheNextFramesEnd() throws {
        let log = StateLog()
        let (recognizer, freeView) = try begunRecognizerOnDetachedView(log: log)
        var stateDuringDelivery: GestureRecognizer.State?
        let probe = MovedHook(frame: Rect(200, 100, 100, 100), in: app) { stateDuringDelivery = recognizer.state }
        window.addSubview(probe)
        try app.frame(0, began(1, 250, 50), began(2, 250, 150))
        #expect(recognizer.state == .began && log.states == [.began])
        let entry = try #require(recognizer.entry)
        #expect(!entry.hasWork)
        freeView()
        #expect(recognizer.view == nil)
        #expect(entry.hasWork, "the freed view told the arena")
        #expect(recognizer.state == .began, "not stopped at once: at the end of the next frame")
        // In the next frame, the views get their touches first; the stop comes at its end.
        try app.frame(0.1, moved(1, 260, 50), moved(2, 260, 150))
        #expect(stateDuringDelivery == .began)
        #expect(log.states == [.began, .cancelled])
        #expect(recognizer.state == .possible && recognizer.entry == nil, "cancelled, then reset")
        #expect(right.methods == ["began", "moved"])
        expectListIsSound()
        try app.frame(0.2, ended(1, 260, 50), ended(2, 260, 150))
    }

    @Test func aRecognizerWhoseViewIsFreedMidFrameStopsAtThatFramesEnd() throws {
        let log = StateLog()
        let (recognizer, free) = try begunRecognizerOnDetachedView(log: log)
        var freeView = free
        var stateAfterFree: GestureRecognizer.State?
        let probe = MovedHook(frame: Rect(200, 100, 100, 100), in: app) {
            freeView()
            freeView = {}
            stateAfterFree = recognizer.state
        }
        window.addSubview(probe)
        try app.frame(0, began(1, 250, 50), began(2, 250, 150))
        try app.frame(0.1, moved(2, 260, 150))
        #expect(stateAfterFree == .began, "still begun inside the frame")
        #expect(recognizer.view == nil)
        #expect(log.states == [.began, .cancelled], "stopped at the end of the frame that freed it")
        #expect(recognizer.state == .possible && recognizer.entry == nil)
        expectListIsSound()
        try app.frame(0.2, ended(1, 250, 50), ended(2, 260, 150))
    }

    @Test func theListStaysRightWhenRecognizersLeaveMidFrame() throws {
        // The tap's action, in step 3, disables the recognizers of the other finger, which leave
        // the arena in the middle of the frame.
        let tap = TapGestureRecognizer()
        left.addGestureRecognizer(tap)
        let pan = PanGestureRecognizer()
        let press = LongPressGestureRecognizer()
        right.addGestureRecognizer(pan)
        right.addGestureRecognizer(press)
        tap.addTarget { _ in
            pan.isEnabled = false
            press.isEnabled = false
        }
        try app.frame(0, began(1, 50, 50), began(2, 250, 50))
        #expect(arena.entries.count == 3)
        expectListIsSound()
        try app.frame(0.05, ended(1, 50, 50))
        #expect(pan.entry == nil && press.entry == nil, "stopped mid-frame by the tap's action")
        #expect(tap.entry == nil, "recognized, then reset at the frame's end")
        #expect(arena.entries.isEmpty && arena.work.isEmpty)
        try app.frame(0.1, ended(2, 250, 50))
        // The entries are reused, each once on the list.
        pan.isEnabled = true
        press.isEnabled = true
        try app.frame(1, began(3, 50, 50), began(4, 250, 50))
        #expect(arena.entries.count == 3)
        expectListIsSound()
        try app.frame(1.05, moved(4, 290, 50))
        #expect(pan.state == .began && press.state == .failed)
        expectListIsSound()
        try app.frame(1.1, ended(3, 50, 50), ended(4, 290, 50))
        #expect(arena.entries.isEmpty && arena.work.isEmpty)
    }
}

extension GestureArena {
    /// What breaks the rule the list keeps, if anything: every entry off it is settled (no pass
    /// would act on it), and the list holds only entries taking part, once each, in joining order.
    var workListFault: String? {
        if let idle = entries.first(where: { !$0.hasWork && !isSettled($0) }) {
            return "\(idle.recognizer.map(String.init(describing:)) ?? "?") is off the list but not settled"
        }
        guard work.allSatisfy({ entry in entry.hasWork && entries.contains { $0 === entry } }),
              entries.filter(\.hasWork).count == work.count else { return "the list and the marks differ" }
        guard zip(work, work.dropFirst()).allSatisfy({ $0.joinOrder < $1.joinOrder }) else { return "out of joining order" }
        return nil
    }
}

/// The states a recognizer's action saw.
final class StateLog {
    var states: [GestureRecognizer.State] = []
}

/// Runs `hook` on each touches-moved call it gets.
private final class MovedHook: View {
    let hook: () -> Void
    init(frame: Rect, in application: Application, _ hook: @escaping () -> Void) {
        self.hook = hook
        super.init(frame: frame, in: application)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { hook() }
}
