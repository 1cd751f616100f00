import Testing
import HitTestCore

/// Behaviour A2's windows rule: front to back by level, then by when they were shown.
@Suite("Windows")
struct WindowHitTestTests {
    /// Two full-screen windows with levels, each holding one full-screen view.
    struct TwoWindows {
        let store = ViewStore()
        let first: ViewID, second: ViewID, firstContent: ViewID, secondContent: ViewID

        init(firstLevel: Double, secondLevel: Double) throws {
            first = try store.makeWindow(frame: Rect(0, 0, 320, 480), level: firstLevel)
            firstContent = try store.add(Rect(0, 0, 320, 480), to: first)
            second = try store.makeWindow(frame: Rect(0, 0, 320, 480), level: secondLevel)
            secondContent = try store.add(Rect(0, 0, 320, 480), to: second)
        }

        var front: ViewID? { store.hitTest(screenPoint: Point(10, 10)) }
    }

    @Test("a higher level is in front, whichever was shown last")
    func levels() throws {
        let w = try TwoWindows(firstLevel: 1, secondLevel: 0)
        #expect(w.front == w.firstContent)
        #expect(w.store.windows == [w.first, w.second])
        let negative = try TwoWindows(firstLevel: 0, secondLevel: -0.5)
        #expect(negative.front == negative.firstContent)
    }

    @Test("among equal levels the window shown last is in front")
    func equalLevels() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        #expect(w.front == w.secondContent)
        #expect(w.store.windows == [w.second, w.first])
    }

    @Test("orderFront shows a window again, in front of its level only")
    func orderFront() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        try w.store.orderFront(w.first)
        #expect(w.front == w.firstContent)
        #expect(w.store.windows == [w.first, w.second])
        let high = try w.store.makeWindow(frame: Rect(0, 0, 320, 480), level: 10)
        try w.store.orderFront(w.second)
        #expect(w.store.windows == [high, w.second, w.first])
        #expect(w.front == high)
    }

    @Test("setWindowLevel reorders, keeping the time shown within the new level")
    func setWindowLevel() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        try w.store.setWindowLevel(5, of: w.first)
        #expect(try w.store.windowLevel(of: w.first) == 5)
        #expect(w.front == w.firstContent)
        try w.store.setWindowLevel(0, of: w.first)
        #expect(w.front == w.secondContent, "back at level 0, it was still shown before the other")
        try w.store.setWindowLevel(-1, of: w.second)
        #expect(w.store.windows == [w.first, w.second])
    }

    /// A NaN has no place in the order (every comparison with it is false): it is ignored, as
    /// ``Window/windowLevel`` ignores it, so the windows keep a total order.
    @Test("a NaN window level is ignored, whether given to setWindowLevel or to makeWindow")
    func nanWindowLevelIsIgnored() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        try w.store.setWindowLevel(5, of: w.first)
        try w.store.setWindowLevel(.nan, of: w.first)
        #expect(try w.store.windowLevel(of: w.first) == 5)
        #expect(w.store.windows == [w.first, w.second])
        let made = try w.store.makeWindow(frame: Rect(0, 0, 320, 480), level: .nan)
        #expect(try w.store.windowLevel(of: made) == 0)
        #expect(w.store.windows == [w.first, made, w.second], "at level 0, shown last: in front of its level")
    }

    @Test("a hidden window is skipped")
    func hiddenWindow() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        try w.store.setFlag(.hidden, true, of: w.second)
        #expect(w.front == w.firstContent)
        try w.store.setFlag(.hidden, true, of: w.first)
        #expect(w.front == nil)
        try w.store.setFlag(.hidden, false, of: w.second)
        #expect(w.front == w.secondContent)
    }

    @Test("a window that misses lets the next one answer; each is tested in its own coordinates")
    func ownCoordinates() throws {
        let store = ViewStore()
        let back = try store.makeWindow(frame: Rect(0, 0, 320, 480))
        let front = try store.makeWindow(frame: Rect(100, 100, 200, 200))
        let corner = try store.add(Rect(0, 0, 50, 50), to: front)  // screen 100..<150
        #expect(store.hitTest(screenPoint: Point(120, 120)) == corner)
        #expect(store.hitTest(screenPoint: Point(160, 160)) == front)
        #expect(store.hitTest(screenPoint: Point(90, 90)) == back)
        #expect(store.hitTest(screenPoint: Point(300, 300)) == back, "the front window's max edge")
        #expect(store.hitTest(screenPoint: Point(400, 10)) == nil)
    }

    @Test("a window whose hit area is not its bounds is still asked outside its bounds")
    func windowsOffTheFastPath() throws {
        // A miss on a plain window is decided by its bounds alone, before any query is set up;
        // these windows must not be skipped that way.
        let store = ViewStore()
        let back = try store.makeWindow(frame: Rect(0, 0, 400, 400))
        let reaching = try store.makeWindow(frame: Rect(100, 100, 100, 100))
        try store.setFlag(.hitsOutsideBounds, true, of: reaching)
        let outside = try store.add(Rect(-50, 0, 40, 40), to: reaching)  // screen 50..<90
        let padded = try store.makeWindow(frame: Rect(300, 300, 50, 50))
        try store.setHitTestInsets(EdgeInsets(top: -10, left: -10, bottom: -10, right: -10), of: padded)
        let offset = try store.makeWindow(frame: Rect(0, 300, 50, 50))
        try store.setBounds(Rect(100, 100, 50, 50), of: offset)
        let inOffset = try store.add(Rect(100, 100, 10, 10), to: offset)  // screen 0..<10, 300..<310
        #expect(store.hitTest(screenPoint: Point(60, 110)) == outside)
        #expect(store.hitTest(screenPoint: Point(95, 110)) == back, "outside the window and its subview")
        #expect(store.hitTest(screenPoint: Point(295, 295)) == padded)
        #expect(store.hitTest(screenPoint: Point(285, 285)) == back)
        #expect(store.hitTest(screenPoint: Point(5, 305)) == inOffset)
        #expect(store.hitTest(screenPoint: Point(45, 345)) == offset)
        #expect(store.hitTest(screenPoint: Point(55, 345)) == back)
    }

    @Test("a window's transform places it on the screen")
    func transformedWindow() throws {
        let store = ViewStore()
        // Bounds 100 × 100 at center (150, 150), doubled: screen 50..<250.
        let window = try store.makeWindow(frame: Rect(100, 100, 100, 100))
        try store.setTransform(AffineTransform(scaleX: 2, y: 2), of: window)
        let cell = try store.add(Rect(0, 0, 10, 10), to: window)  // screen 50..<70
        #expect(store.hitTest(screenPoint: Point(60, 60)) == cell)
        #expect(store.hitTest(screenPoint: Point(80, 80)) == window)
        #expect(store.hitTest(screenPoint: Point(249, 249)) == window)
        #expect(store.hitTest(screenPoint: Point(45, 45)) == nil)
    }

    @Test("no windows: nothing is hit")
    func noWindows() throws {
        let store = ViewStore()
        _ = try store.makeView(frame: Rect(0, 0, 100, 100))
        #expect(store.hitTest(screenPoint: Point(10, 10)) == nil)
    }

    @Test("a window made on a destroyed window's recycled row is shown last, so in front of its level")
    func recycledWindowRow() throws {
        let w = try TwoWindows(firstLevel: 0, secondLevel: 0)
        try w.store.destroy(w.second)
        // Rows are recycled last freed first: the content's row, then the window's.
        var third = try w.store.makeWindow(frame: Rect(0, 0, 320, 480))
        if third.index != w.second.index { third = try w.store.makeWindow(frame: Rect(0, 0, 320, 480)) }
        #expect(third.index == w.second.index)
        try w.store.destroy(try #require(w.store.windows.first { $0 != third && $0 != w.first }))
        #expect(w.store.windows == [third, w.first])
        #expect(w.front == third)
    }
}
