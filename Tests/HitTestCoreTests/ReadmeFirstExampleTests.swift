import HitTestCore
import Testing

/// The README's "A first example", run as written: if this test breaks, the README is wrong too.
@Suite("README first example")
struct ReadmeFirstExampleTests {
    @Test("A 20×20 button grown to 44×44 is hit beside itself; its origin converts to the screen")
    func firstExample() throws {
        // --- README begins ---
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = try store.makeView(frame: Rect(x: 20, y: 100, width: 335, height: 200))
        let button = try store.makeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        try store.addSubview(card, to: window)
        try store.addSubview(button, to: card)

        // A 20×20 button is hard to hit: grow its hit area to 44×44 about its center.
        try store.setMinimumHitSize(Size(width: 44, height: 44), of: button)
        // --- README ends ---

        // The button is at (30, 110)–(50, 130) on the screen; grown about its center (40, 120)
        // to 44×44 it covers (18, 98)–(62, 142), and (28, 108) is inside the card too.
        #expect(store.hitTest(screenPoint: Point(x: 28, y: 108)) == button)
        #expect(store.hitTest(screenPoint: Point(x: 200, y: 200)) == card)
        #expect(try store.convert(Point(x: 0, y: 0), from: .view(button), to: .screen) == Point(x: 30, y: 110))
        // Without the minimum size the same point would be the card's.
        try store.setMinimumHitSize(Size(width: 0, height: 0), of: button)
        #expect(store.hitTest(screenPoint: Point(x: 28, y: 108)) == card)
    }
}
