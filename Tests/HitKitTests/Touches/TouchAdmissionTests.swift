import Testing
@testable import HitKit

/// Behaviour A3's `isMultipleTouchEnabled` and `isExclusiveTouch`.
@Suite struct TouchAdmissionTests {
    let app = Application()
    let window: Window
    let a: ProbeView
    let b: ProbeView

    init() {
        window = Window(frame: Rect(0, 0, 200, 100), in: app)
        a = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        b = ProbeView(frame: Rect(100, 0, 100, 100), in: app)
        window.addSubview(a)
        window.addSubview(b)
    }

    @Test func aSingleTouchViewGetsOnlyTheFirstOfSimultaneousTouches() throws {
        try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        try app.frame(0.1, began(3, 30, 30))
        try app.frame(0.2, moved(1, 11, 10), moved(2, 21, 20), moved(3, 31, 30))
        try app.frame(0.3, ended(1, 11, 10), ended(2, 21, 20), ended(3, 31, 30))
        #expect(a.calls.map(\.ids) == [[1], [1], [1]])
        #expect(a.methods == ["began", "moved", "ended"])
    }

    @Test func onceTheFirstEndsTheViewTakesANewTouch() throws {
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, began(2, 20, 20))
        try app.frame(0.2, ended(1, 10, 10))
        try app.frame(0.3, began(3, 30, 30))
        try app.frame(0.4, ended(2, 20, 20), ended(3, 30, 30))
        #expect(a.calls.map(\.ids) == [[1], [1], [3], [3]])
    }

    @Test func aMultipleTouchViewGetsThemAll() throws {
        a.isMultipleTouchEnabled = true
        try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        try app.frame(0.1, began(3, 30, 30))
        try app.frame(0.2, ended(1, 10, 10), ended(2, 20, 20), ended(3, 30, 30))
        #expect(a.calls.map(\.ids) == [[1, 2], [3], [1, 2, 3]])
    }

    @Test func singleTouchViewsDoNotBlockEachOther() throws {
        try app.frame(0, began(1, 10, 10), began(2, 150, 10))
        #expect(a.calls.map(\.ids) == [[1]] && b.calls.map(\.ids) == [[2]])
    }

    @Test func anExclusiveViewGetsNoTouchWhileAnotherViewTracksOne() throws {
        b.isExclusiveTouch = true
        try app.frame(0, began(1, 10, 10))
        try app.frame(0.1, began(2, 150, 10))
        try app.frame(0.2, ended(2, 150, 10))
        #expect(b.calls.isEmpty)
        try app.frame(0.3, ended(1, 10, 10))
        try app.frame(0.4, began(3, 150, 10))
        #expect(b.calls.map(\.ids) == [[3]], "free again once the other view's touch ended")
    }

    @Test func anExclusiveViewBlocksOthersWhileItTracks() throws {
        b.isExclusiveTouch = true
        try app.frame(0, began(1, 150, 10))
        try app.frame(0.1, began(2, 10, 10))
        try app.frame(0.2, moved(2, 12, 10), moved(1, 151, 10))
        try app.frame(0.3, ended(2, 12, 10), ended(1, 151, 10))
        #expect(a.calls.isEmpty)
        #expect(b.methods == ["began", "moved", "ended"])
    }

    @Test func exclusivityIsPerWindowAndSimultaneousTouchesGoInOrder() throws {
        b.isExclusiveTouch = true
        let other = Window(frame: Rect(0, 200, 100, 100), in: app)
        let elsewhere = ProbeView(frame: Rect(0, 0, 100, 100), in: app)
        other.addSubview(elsewhere)
        try app.frame(0, began(1, 150, 10), began(2, 10, 10), began(3, 10, 210))
        #expect(b.calls.map(\.ids) == [[1]])
        #expect(a.calls.isEmpty, "same window as the exclusive view")
        #expect(elsewhere.calls.map(\.ids) == [[3]], "another window is not blocked")
    }

    @Test func aTouchCancelledByTheViewsRemovalNoLongerHoldsItWhenItIsPutBack() throws {
        try app.frame(0, began(1, 10, 10))
        a.removeFromSuperview()
        window.addSubview(a)
        try app.frame(0.1, began(2, 20, 20))
        try app.frame(0.2, moved(1, 11, 10), moved(2, 21, 20))
        try app.frame(0.3, ended(1, 11, 10), ended(2, 21, 20))
        #expect(a.calls.map(\.ids) == [[1], [1], [2], [2], [2]],
                "the removal cancelled touch 1, which goes to no view until it ends; touch 2 is the view's first")
        #expect(a.methods == ["began", "cancelled", "began", "moved", "ended"])
    }

    @Test func anExclusiveMultipleTouchViewTakesMoreOfItsOwn() throws {
        b.isExclusiveTouch = true
        b.isMultipleTouchEnabled = true
        try app.frame(0, began(1, 150, 10))
        try app.frame(0.1, began(2, 160, 10))
        #expect(b.calls.map(\.ids) == [[1], [2]])
    }
}
