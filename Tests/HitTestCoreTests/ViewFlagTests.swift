import Testing
import HitTestCore

/// The Boolean properties and the hit-area modifiers as stored values.
@Suite("View flags")
struct ViewFlagTests {
    @Test("every flag starts at UIKit's default and reads back what was set", arguments: ViewStore.Flag.allCases)
    func roundTrip(flag: ViewStore.Flag) throws {
        let store = ViewStore()
        let v = try store.makeView(), neighbour = try store.makeView()
        let defaultValue = flag == .userInteractionEnabled
        #expect(try store.flag(flag, of: v) == defaultValue)
        try store.setFlag(flag, !defaultValue, of: v)
        #expect(try store.flag(flag, of: v) == !defaultValue)
        #expect(try store.flag(flag, of: neighbour) == defaultValue, "only the view set changes")
        for other in ViewStore.Flag.allCases where other != flag {
            #expect(try store.flag(other, of: v) == (other == .userInteractionEnabled), "\(other) untouched")
        }
        try store.setFlag(flag, defaultValue, of: v)
        #expect(try store.flag(flag, of: v) == defaultValue)
    }

    @Test("alpha, insets and minimum hit size read back what was set")
    func storedValues() throws {
        let store = ViewStore()
        let v = try store.makeView(frame: Rect(0, 0, 20, 20))
        try store.setAlpha(0.25, of: v)
        #expect(try store.alpha(of: v) == 0.25)
        let insets = EdgeInsets(top: 1, left: -2, bottom: 3, right: -4)
        try store.setHitTestInsets(insets, of: v)
        #expect(try store.hitTestInsets(of: v) == insets)
        try store.setMinimumHitSize(Size(44, 30), of: v)
        #expect(try store.minimumHitSize(of: v) == Size(44, 30))
        // Bounds (0, 0, 20, 20) inset to (-2, 1, 26, 16), then grown to 44 × 30 about its center.
        #expect(try store.hitArea(of: v) == Rect(-11, -6, 44, 30))
    }

    @Test("the hit area follows later bounds changes")
    func hitAreaFollowsBounds() throws {
        let store = ViewStore()
        let v = try store.makeView(frame: Rect(0, 0, 20, 20))
        try store.setMinimumHitSize(Size(44, 44), of: v)
        try store.setBounds(Rect(10, 10, 100, 10), of: v)
        #expect(try store.hitArea(of: v) == Rect(10, -7, 100, 44))
        #expect(try store.defaultPointInside(v, Point(105, -7)))
        #expect(try !store.defaultPointInside(v, Point(110, 0)))
        try store.setMinimumHitSize(.zero, of: v)
        #expect(try store.hitArea(of: v) == Rect(10, 10, 100, 10))
        #expect(try !store.pointInside(v, Point(105, -7)))
    }
}
