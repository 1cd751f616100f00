import Testing
@testable import HitKit

/// The event keeps the frame's touches as a list the dispatcher fills (no hashing per frame) and
/// builds the public `allTouches` set from it only when asked, until the next refill.
struct EventTouchListTests {
    /// Records, in each call, the event's list and set of touch ids, without keeping the event
    /// (so the dispatcher recycles and refills it from frame to frame).
    final class ListReader: View {
        private(set) var lists: [[Int]] = []
        private(set) var sets: [Set<Int>] = []
        private func read(_ event: Event?) {
            guard let event else { return }
            lists.append(event.touchList.map(\.id))
            sets.append(Set(event.allTouches.map(\.id)))
        }
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { read(event) }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { read(event) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { read(event) }
    }

    @Test func aRecycledEventListsEachTouchDownOnceInBeganOrderAndItsSetFollowsTheList() throws {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let view = ListReader(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.01, began(2, 20, 20))
        try app.frame(0.02, moved(1, 11, 10), moved(2, 21, 20))
        try app.frame(0.03, ended(1, 11, 10))
        try app.frame(0.04, moved(2, 22, 20))
        try app.frame(0.05, ended(2, 22, 20))
        #expect(view.lists == [[1], [1, 2], [1, 2], [1, 2], [2], [2]])
        #expect(view.sets == view.lists.map(Set.init))
    }

    @Test func theSetIsBuiltOnceAndDroppedAtTheNextRefill() {
        let app = Application()
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), in: app)
        let first = Touch(id: 1, at: Point(1, 1), time: 0, view: window, tapCount: 1, sequence: 0)
        let second = Touch(id: 2, at: Point(2, 2), time: 0, view: window, tapCount: 1, sequence: 1)
        let event = Event(timestamp: 0, touches: [first])
        #expect(event.allTouches == [first])
        #expect(event.touches(for: window) == [first])
        event.refill(timestamp: 1, version: nil) { $0.append(contentsOf: [first, second]) }
        #expect(event.allTouches == [first, second])
        #expect(event.contains(second))
        event.removeTouches()
        #expect(event.allTouches.isEmpty)
        #expect(!event.contains(first))
    }
}
