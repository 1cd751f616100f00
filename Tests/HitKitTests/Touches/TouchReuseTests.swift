import Testing
@testable import HitKit

/// An ended touch that nothing outside HitKit holds is reused for a later finger (so a new touch
/// allocates nothing once warm, as the dispatch benchmarks require); as in UIKit, a touch is not to be kept past its end.
/// Reuse must be invisible: a reused touch starts exactly as a new one, and a touch the host
/// holds is never reused.
@Suite struct TouchReuseTests {
    let app = Application()
    /// The window's two halves.
    let halves: [View]
    var left: View { halves[0] }
    var right: View { halves[1] }

    init() {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        halves = [0.0, 200].map { [app] x in View(frame: Rect(x, 0, 200, 400), in: app) }
        for half in halves { window.addSubview(half) }
    }

    /// The identity of the touch down with finger `id` (the touch itself is not kept).
    private func identity(of id: Int) throws -> ObjectIdentifier {
        ObjectIdentifier(try #require(app.activeTouches.first { $0.id == id }))
    }

    @Test func aTouchTheHostKeepsIsNeverReused() throws {
        try app.frame(0, began(1, 50, 50))
        let kept = try #require(app.activeTouches.first)
        try app.frame(0.1, ended(1, 50, 50))
        try app.frame(1, began(2, 300, 50))
        let next = try #require(app.activeTouches.first)
        #expect(next !== kept)
        #expect(kept.id == 1 && kept.phase == .ended && kept.view === left, "the kept touch is as it ended")
        #expect(next.id == 2 && next.view === right)
    }

    @Test func aReusedTouchStartsAsANewOne() throws {
        var first = began(1, 50, 50)
        first.force = 3
        first.maximumPossibleForce = 6
        try app.frame(0, first)
        let firstIdentity = try identity(of: 1)
        try app.frame(0.1, moved(1, 60, 70))
        try app.frame(0.2, ended(1, 60, 70))
        try app.frame(1, began(2, 300, 40))
        let touch = try #require(app.activeTouches.first)
        #expect(ObjectIdentifier(touch) == firstIdentity, "the ended touch nobody held was reused")
        #expect(touch.id == 2 && touch.phase == .began && touch.tapCount == 1)
        #expect(touch.view === right && touch.window === right.window)
        #expect(touch.location(in: nil) == Point(300, 40) && touch.previousLocation(in: nil) == Point(300, 40))
        #expect(touch.force == 0 && touch.maximumPossibleForce == 0, "nothing of the first finger's input is left")
        #expect(touch.timestamp == 1)
        #expect(touch.gestureRecognizers.isEmpty)
    }

    @Test func aReusedTouchHasTheRecognizersOfItsNewView() throws {
        let recognizer = GestureRecognizer()
        right.addGestureRecognizer(recognizer)
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        try app.frame(1, began(2, 300, 50))
        let touch = try #require(app.activeTouches.first)
        #expect(touch.gestureRecognizers.count == 1 && touch.gestureRecognizers.first === recognizer)
    }

    @Test func anEndedTouchKeptForReuseKeepsNoRecognizerAlive() throws {
        weak var weakRecognizer: GestureRecognizer?
        do {
            let recognizer = GestureRecognizer()
            left.addGestureRecognizer(recognizer)
            weakRecognizer = recognizer
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        left.removeFromSuperview()
        for recognizer in left.gestureRecognizers { left.removeGestureRecognizer(recognizer) }
        #expect(weakRecognizer == nil)
    }
}
