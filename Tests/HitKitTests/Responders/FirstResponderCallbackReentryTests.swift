import Testing
@testable import HitKit

/// Behaviour A10's **First responder** when the leaving responder's own `resignFirstResponder`
/// fights back: "a first responder that leaves its window … stops being first responder (its
/// `resignFirstResponder()` is called; its answer is ignored)", and A7/A10: `becomeFirstResponder()`
/// "fails for a view with no window".
@Suite struct FirstResponderCallbackReentryTests {
    final class Field: View {
        var onResign: (() -> Void)?
        override var canBecomeFirstResponder: Bool { true }
        override func resignFirstResponder() -> Bool {
            let hook = onResign
            onResign = nil
            hook?()
            return false
        }
    }

    @Test func aLeavingFirstResponderThatRefusesAndTakesItBackFromItsResignIsNotFirstResponder() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let panel = View(frame: Rect(0, 0, 400, 400), in: app)
        let field = Field(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(panel)
        panel.addSubview(field)
        window.makeKey()
        #expect(field.becomeFirstResponder())
        var retook: Bool?
        field.onResign = { retook = field.becomeFirstResponder() }
        panel.removeFromSuperview()
        #expect(retook != nil)
        #expect(window.firstResponder == nil && app.firstResponder == nil)
        #expect(!field.isFirstResponder)
    }
}
