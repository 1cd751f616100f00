@testable import HitTestCore
import Testing

/// The side tables hold what each view uses: a transform or a custom hit area takes a slot of the
/// transform and inverse tables; the rarely set state (anchor point, alpha, hit-area modifiers,
/// overrides, window level) lives apart, only for the views that set it.
@Suite("Compact side tables")
struct SideTableTests {
    @Test("A transformed view takes a transform slot and no rare state")
    func transformOnly() throws {
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        let t = AffineTransform(rotationAngle: 0.3)
        try store.setTransform(t, of: view)
        #expect(store.extrasIndex[view.index] != noRow)
        #expect(store.rareExtras.isEmpty)
        #expect(try store.transform(of: view) == t)
        try store.setTransform(.identity, of: view)
        #expect(try store.transform(of: view) == .identity)
    }

    @Test("Rare state takes no transform slot and reads back")
    func rareOnly() throws {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100), level: 2)
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.setAlpha(0.5, of: view)
        try store.setAnchorPoint(Point(0, 0), of: view)
        try store.setPointInsideOverride({ _ in true }, of: view)
        #expect(store.extrasIndex[view.index] == noRow)
        #expect(store.extrasIndex[window.index] == noRow)
        #expect(try store.alpha(of: view) == 0.5)
        #expect(try store.anchorPoint(of: view) == Point(0, 0))
        #expect(try store.windowLevel(of: window) == 2)
        // An inset changes the hit area: that needs a slot for the hit area, not rare state only.
        try store.setHitTestInsets(EdgeInsets(top: -5, left: -5, bottom: -5, right: -5), of: view)
        #expect(store.extrasIndex[view.index] != noRow)
        #expect(try store.hitArea(of: view) == Rect(-5, -5, 20, 20))
    }

    final class Token {}

    @Test("Destroying a view drops its override closures at once")
    func destroyDropsOverrides() throws {
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            try store.setHitTestOverride({ _ in _ = token; return nil }, of: view)
        }
        #expect(weakToken != nil)
        try store.destroy(view)
        #expect(weakToken == nil)
        #expect(store.rareExtras.isEmpty)
    }
}
