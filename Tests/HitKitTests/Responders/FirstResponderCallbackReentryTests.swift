import Testing
@testable import HitKit

/// Behaviour A10's **First responder** when the leaving responder's own `resignFirstResponder`
/// fights back: "a first responder that leaves its window … stops being first responder (its
/// `resignFirstResponder()` is called; its answer is ignored)", and A7/A10: `becomeFirstResponder()`
/// "fails for a view with no window"; and when it moves focus on loss, as toolkits do: the
/// responder its resign makes first responder stays so (A7).
@Suite struct FirstResponderCallbackReentryTests {
    final class Field: View {
        var onResign: (() -> Void)?
        /// Refuses to resign (its answer is ignored when it leaves its window); else resigns as a
        /// view does.
        var refusesToResign = false
        override var canBecomeFirstResponder: Bool { true }
        override func resignFirstResponder() -> Bool {
            let answer = refusesToResign ? false : super.resignFirstResponder()
            let hook = onResign
            onResign = nil
            hook?()
            return answer
        }
    }

    @Test func aLeavingFirstResponderThatRefusesAndTakesItBackFromItsResignIsNotFirstResponder() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let panel = View(frame: Rect(0, 0, 400, 400), in: app)
        let field = Field(frame: Rect(0, 0, 10, 10), in: app)
        field.refusesToResign = true
        window.addSubview(panel)
        panel.addSubview(field)
        window.makeKey()
        #expect(field.becomeFirstResponder())
        var retook: Bool?
        field.onResign = { retook = field.becomeFirstResponder() }
        panel.removeFromSuperview()
        #expect(retook == false)
        #expect(window.firstResponder == nil && app.firstResponder == nil)
        #expect(!field.isFirstResponder)
    }

    /// The same when it resigns as asked and then asks to come back, or hands focus to a
    /// responder leaving with it: each answer is false, as the end state says.
    @Test(arguments: [false, true])
    func nothingLeavingWithTheFirstResponderCanTakeFocusFromItsResign(handsToSibling: Bool) throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let panel = View(frame: Rect(0, 0, 400, 400), in: app)
        let field = Field(frame: Rect(0, 0, 10, 10), in: app)
        let sibling = Field(frame: Rect(0, 20, 10, 10), in: app)
        window.addSubview(panel)
        panel.addSubview(field)
        panel.addSubview(sibling)
        window.makeKey()
        #expect(field.becomeFirstResponder())
        var answer: Bool?
        field.onResign = { answer = (handsToSibling ? sibling : field).becomeFirstResponder() }
        panel.removeFromSuperview()
        #expect(answer == false)
        #expect(window.firstResponder == nil && !field.isFirstResponder && !sibling.isFirstResponder)
        // Once the panel has left, nothing of it is held back: back in the window, it takes focus.
        window.addSubview(panel)
        #expect(sibling.becomeFirstResponder())
    }

    @Test func aSiblingMadeFirstResponderWhileTheOldOneLeavesStaysFirstResponder() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let a = Field(frame: Rect(0, 0, 10, 10), in: app)
        let b = Field(frame: Rect(0, 20, 10, 10), in: app)
        window.addSubview(a)
        window.addSubview(b)
        window.makeKey()
        #expect(a.becomeFirstResponder())
        var answer: Bool?
        // A toolkit moving focus to a sibling when its field loses it.
        a.onResign = { answer = b.becomeFirstResponder() }
        a.removeFromSuperview()
        #expect(answer == true)
        #expect(window.firstResponder === b)
        #expect(b.isFirstResponder)
    }
}
