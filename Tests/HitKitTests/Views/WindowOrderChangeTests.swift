import Testing
@testable import HitKit

/// Behaviour A2's window order (level, then the one shown last) changed through the API while
/// input is under way: the touches keep their views and windows (A3), the hover follows at once
/// (A8), drop targeting follows at once (A11), and a window's removal takes its menu and hovers.
/// Also A3's event queries and locations for touches of two windows placed apart on the screen.
@Suite struct WindowOrderChangeTests {
    let app = Application()
    /// Shown first, so behind `front` while both have level 0.
    let back: Window
    let front: Window
    let backView: View
    let frontView: View
    let log = InteractionLog()

    init() {
        back = Window(frame: Rect(0, 0, 400, 400), in: app)
        front = Window(frame: Rect(0, 0, 200, 200), in: app)
        backView = View(frame: Rect(0, 0, 400, 400), in: app)
        frontView = View(frame: Rect(0, 0, 200, 200), in: app)
        back.addSubview(backView)
        front.addSubview(frontView)
    }

    func hover(on view: View, named name: String) {
        let hover = HoverGestureRecognizer()
        _ = hover.observeStateChanges { [log] _, state in log.lines.append("\(name) \(state)") }
        view.addGestureRecognizer(hover)
    }

    func pointer(at x: Double, _ y: Double, time: Double, buttons: Event.ButtonMask = []) throws {
        try app.send(InputFrame(timestamp: time, pointer: PointerInput(id: 9, location: Point(x, y), buttons: buttons)))
    }

    @Test func aLevelChangeUnderARestingPointerMovesTheHoverAtOnce() throws {
        hover(on: backView, named: "back")
        hover(on: frontView, named: "front")
        try pointer(at: 50, 50, time: 0)
        #expect(log.lines == ["front began"])
        front.windowLevel = -1
        #expect(log.lines == ["front began", "front ended", "back began"], "the front window went behind")
        back.windowLevel = -2
        #expect(log.lines.suffix(2) == ["back ended", "front began"], "a lower level goes behind")
        back.windowLevel = -1
        #expect(log.lines.count == 5, "an equal level: the one shown last (front) stays in front")
        back.windowLevel = 0
        #expect(log.lines.suffix(2) == ["front ended", "back began"])
    }

    @Test func makeKeyAndVisibleBringsAWindowInFrontOfItsLevelOnlyUnderThePointer() throws {
        hover(on: backView, named: "back")
        hover(on: frontView, named: "front")
        try pointer(at: 50, 50, time: 0)
        back.makeKeyAndVisible()
        #expect(log.lines == ["front began", "front ended", "back began"])
        back.windowLevel = -1
        front.makeKeyAndVisible()
        #expect(log.lines.suffix(2) == ["back ended", "front began"])
        back.makeKeyAndVisible()
        #expect(log.lines.last == "front began", "in front of its own level only: a lower level stays behind")
    }

    @Test func removingTheWindowUnderThePointerEndsItsHoversAndRevealsTheWindowBehind() throws {
        hover(on: backView, named: "back")
        hover(on: frontView, named: "front")
        hover(on: front, named: "frontWindow")
        try pointer(at: 50, 50, time: 0)
        #expect(log.lines == ["front began", "frontWindow began"])
        app.removeWindow(front)
        // Rule d's order, as for any hover change: the views (depth 1) before the window (depth
        // 0), and at one depth the end before the begin.
        #expect(log.lines.suffix(3) == ["front ended", "back began", "frontWindow ended"])
    }

    @Test func aTouchKeepsItsViewWhenItsWindowGoesBehindAndNewTouchesHitTheNewFront() throws {
        let backLog = WindowTouchLog("back"), frontLog = WindowTouchLog("front")
        let backRecorder = WindowTouchRecorder(frame: Rect(0, 0, 400, 400), in: app, log: backLog)
        let frontRecorder = WindowTouchRecorder(frame: Rect(0, 0, 200, 200), in: app, log: frontLog)
        back.addSubview(backRecorder)
        front.addSubview(frontRecorder)
        try app.frame(0, began(1, 50, 50))
        front.windowLevel = -1
        try app.frame(0.1, moved(1, 60, 50), began(2, 50, 60))
        try app.frame(0.2, ended(1, 60, 50), ended(2, 50, 60))
        #expect(frontLog.lines == ["front began 1", "front moved 1", "front ended 1"])
        #expect(backLog.lines == ["back began 2", "back ended 2"])
    }

    @Test func aLevelChangeRetargetsADragSessionAtOnce() throws {
        let shelf = Window(frame: Rect(0, 400, 400, 100), in: app)
        let source = View(frame: Rect(0, 0, 400, 100), in: app)
        shelf.addSubview(source)
        // The interactions keep their delegates weakly: the test keeps them.
        let dragDelegate = RecordingDragDelegate("drag", log: log)
        let backDelegate = RecordingDropDelegate("backDrop", log: log)
        let frontDelegate = RecordingDropDelegate("frontDrop", log: log)
        defer { withExtendedLifetime((dragDelegate, backDelegate, frontDelegate)) {} }
        let drag = DragInteraction(delegate: dragDelegate)
        try source.addInteraction(drag)
        let backDrop = DropInteraction(delegate: backDelegate)
        let frontDrop = DropInteraction(delegate: frontDelegate)
        try backView.addInteraction(backDrop)
        try frontView.addInteraction(frontDrop)
        try app.finger(1, .began, 300, 450, at: 0)
        try app.advance(to: 0.325)
        try app.finger(1, .moved, 300, 470, at: 0.4)
        try app.finger(1, .moved, 50, 50, at: 0.5)
        #expect(log.lines.suffix(2) == ["frontDrop enter", "frontDrop update copy"])
        log.lines.removeAll()
        front.windowLevel = -1
        #expect(log.lines == ["frontDrop exit", "backDrop enter", "backDrop update copy"])
        log.lines.removeAll()
        app.removeWindow(back)
        #expect(log.lines == ["backDrop exit", "frontDrop enter", "frontDrop update copy"])
        log.lines.removeAll()
        try app.finger(1, .ended, 50, 50, at: 0.6)
        #expect(log.lines == ["frontDrop performDrop", "drag willEnd copy", "frontDrop concludeDrop", "drag didEnd copy",
                              "frontDrop sessionDidEnd", "backDrop sessionDidEnd"])
    }

    @Test func removingTheWindowOfAnOpenMenuDismissesIt() throws {
        let delegate = RecordingMenuDelegate("menu", log: log, configuration: ContextMenuConfiguration(items: [
            menuItem("copy", Rect(0, 300, 100, 40), action: "copy"),
        ]))
        try frontView.addInteraction(ContextMenuInteraction(delegate: delegate))
        try pointer(at: 50, 50, time: 0, buttons: .secondary)
        try pointer(at: 50, 50, time: 0.1)
        #expect(log.lines == ["menu configuration 50.0 50.0", "menu willDisplay"])
        app.removeWindow(front)
        #expect(log.lines.last == "menu willEnd")
    }

    @Test func eachWindowAnswersForItsOwnTouchesAndLocationsConvertThroughTheScreen() throws {
        let app = Application()
        let left = Window(frame: Rect(0, 100, 200, 300), in: app)
        let right = Window(frame: Rect(200, 100, 200, 300), in: app)
        let reader = EventReader(frame: Rect(0, 0, 200, 300), in: app)
        left.addSubview(reader)
        let other = View(frame: Rect(0, 0, 200, 300), in: app)
        right.addSubview(other)
        reader.read = { touches, event in
            let mine = try #require(touches.first)
            let all = event.allTouches
            let theirs = try #require(all.first { $0 !== mine })
            #expect(mine.window === left && theirs.window === right)
            #expect(event.touches(for: left) == [mine] && event.touches(for: right) == [theirs])
            #expect(mine.location(in: nil) == Point(50, 50), "nil is the touch's window")
            #expect(mine.location(in: other) == Point(-150, 50), "another window's view, through the screen")
            #expect(theirs.location(in: nil) == Point(50, 50))
            #expect(theirs.location(in: reader) == Point(250, 50))
        }
        try app.frame(0, began(1, 50, 150), began(2, 250, 150))
        #expect(reader.reads == 1)
        reader.read = { touches, event in
            let mine = try #require(touches.first)
            #expect(mine.window === left, "its window is fixed when the finger crosses into another")
            #expect(event.touches(for: left) == [mine] && event.touches(for: right).count == 1)
            #expect(mine.location(in: nil) == Point(260, 60))
            #expect(mine.location(in: other) == Point(60, 60))
            #expect(mine.previousLocation(in: other) == Point(-150, 50))
        }
        try app.frame(0.1, moved(1, 260, 160))
        #expect(reader.reads == 2)
        // The closures hold the windows, which hold the application and so the reader: a cycle.
        reader.read = { _, _ in }
    }
}

/// Lines of touch calls, named for their view.
private final class WindowTouchLog {
    let name: String
    var lines: [String] = []
    init(_ name: String) { self.name = name }
}

private final class WindowTouchRecorder: View {
    let log: WindowTouchLog
    init(frame: Rect, in app: Application, log: WindowTouchLog) {
        self.log = log
        super.init(frame: frame, in: app)
    }
    private func note(_ what: String, _ touches: Set<Touch>) {
        log.lines.append("\(log.name) \(what) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("began", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("moved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("ended", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("cancelled", touches) }
}

/// Runs `read` in its `touchesBegan` and `touchesMoved`, counting the calls.
private final class EventReader: View {
    var read: (Set<Touch>, Event) throws -> Void = { _, _ in }
    private(set) var reads = 0
    private func call(_ touches: Set<Touch>, _ event: Event?) {
        reads += 1
        guard let event else {
            Issue.record("no event")
            return
        }
        do { try read(touches, event) } catch { Issue.record(error) }
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { call(touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { call(touches, event) }
}
