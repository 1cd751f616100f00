import Testing
@testable import HitKit

/// A first responder that leaves its window is resigned, its answer ignored (A10); a responder its
/// resign makes first responder (moving focus on loss) stays so (A7).
@Suite struct FirstResponderMovedOnLossTests {
    final class Field: View {
        var onResign: (() -> Void)?
        override var canBecomeFirstResponder: Bool { true }
        override func resignFirstResponder() -> Bool {
            let answer = super.resignFirstResponder()
            let hook = onResign
            onResign = nil
            hook?()
            return answer
        }
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
