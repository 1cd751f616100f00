import Testing
@testable import HitKit

/// Behaviour A3 and A4 when code that a recognizer runs changes HitKit in the middle of a frame:
/// a custom recognizer's touch method or `reset()`, a delegate's simultaneity answer, a view's
/// `touchesCancelled` sent by step 4, a released `touchesBegan` in step 5. A3: "every responder
/// that receives `touchesBegan` for a touch receives exactly one `touchesEnded` or
/// `touchesCancelled` for it, whatever else happens (recognizers, removal, bad input)"; "a view
/// removed from its window while it owns touches gets `touchesCancelled` for them at once; its
/// recognizers are cancelled (or failed if still possible)"; A4: a recognizer that has finished
/// "resets to possible … at the end of that frame" once its touches have ended; A4 i.
@Suite struct RecognizerCallbackReentryTests {
    let app = Application()
    let ledger = CallLedger()
    let window: LedgerWindow
    let back: HookView
    let a: HookView
    let b: HookView

    init() {
        window = LedgerWindow("window", frame: Rect(0, 0, 400, 400), in: app, ledger: ledger)
        back = HookView("back", frame: Rect(0, 0, 400, 400), in: app, ledger: ledger, forwards: true)
        a = HookView("a", frame: Rect(0, 0, 200, 400), in: app, ledger: ledger, forwards: true)
        b = HookView("b", frame: Rect(200, 0, 200, 400), in: app, ledger: ledger, forwards: true)
        window.addSubview(back)
        back.addSubview(a)
        back.addSubview(b)
        window.makeKeyAndVisible()
    }

    /// A pan whose `reset()` and `touchesBegan` run the test's hooks once.
    final class HookedPan: PanGestureRecognizer {
        var onReset: (() -> Void)?
        var onTouchesBegan: (() -> Void)?
        override func reset() { super.reset(); onReset?(); onReset = nil }
        override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
            super.touchesBegan(touches, with: event); onTouchesBegan?(); onTouchesBegan = nil
        }
    }

    /// A 100 pt drag of finger 1 on `a`, then time run out.
    func drag() throws {
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, moved(1, 50, 100))
        try app.frame(0.2, moved(1, 50, 150))
        try app.frame(0.3, ended(1, 50, 150))
        try app.advance(to: 2)
    }

    /// Puts `a` back if it was removed and taps it with a fresh tap: its states.
    func tapAgain() throws -> [GestureRecognizer.State] {
        back.addSubview(a)
        let tap = TapGestureRecognizer()
        a.addGestureRecognizer(tap)
        var states: [GestureRecognizer.State] = []
        tap.observeStateChanges { _, state in states.append(state) }
        try app.frame(3, began(2, 50, 50))
        try app.frame(3.05, ended(2, 50, 50))
        return states
    }

    func expectBalanced() {
        #expect(ledger.violations == [], "\(ledger.lines)")
        #expect(ledger.unended == [], "\(ledger.lines)")
        #expect(app.activeTouches.isEmpty)
    }

    // MARK: Recognizers' own methods

    /// Step 2: a custom recognizer's `touchesBegan` removes the view; the tap collected with it
    /// on that view fails with the removal and never recognizes; the view's began (step 5)
    /// never comes, so it needs no end.
    @Test func aRecognizersTouchesBeganRemovingTheViewFailsTheOthersAndDeliversNothing() throws {
        let pan = HookedPan()
        let tap = TapGestureRecognizer()
        a.addGestureRecognizer(tap)
        a.addGestureRecognizer(pan)
        pan.onTouchesBegan = { [unowned a] in a.removeFromSuperview() }
        var tapStates: [GestureRecognizer.State] = []
        tap.observeStateChanges { _, state in tapStates.append(state) }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.05, ended(1, 50, 50))
        try app.advance(to: 2)
        #expect(!tapStates.contains(.ended), "\(tapStates)")
        #expect(ledger.lines == [])
        #expect(tap.state == .possible && pan.state == .possible)
        expectBalanced()
        #expect(try tapAgain() == [.ended])
    }

    /// Step 2: a custom recognizer's `touchesBegan` disables the tap that is to receive the
    /// touch after it (A4 i: a disabled recognizer receives nothing).
    @Test func aRecognizersTouchesBeganDisablingAnotherKeepsItOutOfTheSequence() throws {
        let pan = HookedPan()
        let tap = TapGestureRecognizer()
        a.addGestureRecognizer(tap)
        a.addGestureRecognizer(pan)
        pan.onTouchesBegan = { tap.isEnabled = false }
        var tapStates: [GestureRecognizer.State] = []
        tap.observeStateChanges { _, state in tapStates.append(state) }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.05, ended(1, 50, 50))
        try app.advance(to: 2)
        #expect(!tapStates.contains(.ended), "\(tapStates)")
        #expect(ledger.lines == ["a touchesBegan 1", "back touchesBegan 1", "window touchesBegan 1",
                                 "a touchesEnded 1", "back touchesEnded 1", "window touchesEnded 1"])
        expectBalanced()
        tap.isEnabled = true
        #expect(tap.state == .possible && pan.state == .possible)
        #expect(try tapAgain().first == .ended)
    }

    /// `reset()` (end of the frame in which the pan ended) removing its view.
    @Test func aResetRemovingTheViewLeavesLaterInputWorking() throws {
        let pan = HookedPan()
        a.addGestureRecognizer(pan)
        pan.onReset = { [unowned a] in a.removeFromSuperview() }
        try drag()
        #expect(a.window == nil)
        expectBalanced()
        #expect(try tapAgain() == [.ended])
    }

    /// `reset()` disabling and enabling another recognizer of the view.
    @Test func aResetCyclingAnotherRecognizersEnabledLeavesLaterInputWorking() throws {
        let pan = HookedPan()
        let long = LongPressGestureRecognizer()
        a.addGestureRecognizer(long)
        a.addGestureRecognizer(pan)
        pan.onReset = { long.isEnabled = false; long.isEnabled = true }
        try drag()
        expectBalanced()
        #expect(long.state == .possible)
        #expect(try tapAgain() == [.ended])
    }

    // MARK: Views' touch methods run by steps 4 and 5

    /// Step 4: a pan on `back` holding touches on a and b cancels both; a's `touchesCancelled`
    /// removes b, whose touch step 4 was about to cancel: b gets one cancel, not two.
    @Test func aStepFourCancelRemovingTheNextViewCancelsItOnce() throws {
        let pan = PanGestureRecognizer()
        back.isMultipleTouchEnabled = true
        back.addGestureRecognizer(pan)
        a.hooks["touchesCancelled"] = { [unowned b] in b.removeFromSuperview() }
        try app.frame(0, began(1, 50, 50), began(2, 250, 50))
        try app.frame(0.1, moved(1, 50, 100), moved(2, 250, 100))
        try app.frame(0.2, ended(1, 50, 100), ended(2, 250, 100))
        #expect(ledger.lines.filter { $0.hasPrefix("b ") } == ["b touchesBegan 2", "b touchesCancelled 2"])
        expectBalanced()
    }

    /// A4 c and f: a recognizer that stops itself from its own begin's action (a one-shot that
    /// removes or disables itself) has still begun: the long press sharing its touch fails, and
    /// the touch leaves its view, before the pan itself is cancelled.
    @Test(arguments: ["removed", "disabled"])
    func aPanStoppingItselfAsItBeginsStillFailsTheOthersAndTakesTheTouch(_ how: String) throws {
        let pan = PanGestureRecognizer()
        a.addGestureRecognizer(pan)
        let longPress = LongPressGestureRecognizer()
        longPress.allowableMovement = 1_000
        back.addGestureRecognizer(longPress)
        var states: [String] = []
        longPress.observeStateChanges { _, state in states.append("long press \(state)") }
        _ = pan.addTarget { [unowned a] recognizer in
            states.append("pan \(recognizer.state)")
            guard recognizer.state == .began else { return }
            if how == "removed" { a.removeGestureRecognizer(recognizer) } else { recognizer.isEnabled = false }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, moved(1, 50, 100))
        try app.advance(to: 0.7)
        try app.frame(0.8, ended(1, 50, 100))
        #expect(states == ["pan began", "long press failed", "pan cancelled"])
        #expect(ledger.lines.filter { $0.hasPrefix("a ") } == ["a touchesBegan 1", "a touchesCancelled 1"], "\(ledger.lines)")
        expectBalanced()
    }

    /// A4 f for a discrete recognizer: a tap that removes itself as it recognizes still cancels
    /// its touch in the view, whose end it was withholding.
    @Test func aTapRemovingItselfAsItRecognizesStillCancelsItsTouchInTheView() throws {
        let tap = TapGestureRecognizer()
        back.addGestureRecognizer(tap)
        _ = tap.addTarget { [unowned back] recognizer in back.removeGestureRecognizer(recognizer) }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        #expect(tap.view == nil)
        #expect(ledger.lines.filter { $0.hasPrefix("a ") } == ["a touchesBegan 1", "a touchesCancelled 1"], "\(ledger.lines)")
        expectBalanced()
    }

    /// A4 g: a long press with `delaysTouchesBegan` that removes itself as it begins still drops
    /// the touch it was withholding: the view never hears of it.
    @Test func aLongPressDelayingBegansRemovingItselfAsItBeginsKeepsTheTouchFromTheView() throws {
        let longPress = LongPressGestureRecognizer()
        longPress.delaysTouchesBegan = true
        a.addGestureRecognizer(longPress)
        _ = longPress.addTarget { [unowned a] recognizer in
            if recognizer.state == .began { a.removeGestureRecognizer(recognizer) }
        }
        try app.frame(0, began(1, 50, 50))
        try app.advance(to: 0.6)
        try app.frame(0.7, moved(1, 52, 50))
        try app.frame(0.8, ended(1, 52, 50))
        #expect(!ledger.lines.contains { $0.hasPrefix("a ") }, "\(ledger.lines)")
        expectBalanced()
    }

    /// A4 a and i: a delegate asked whether a tap must wait for a double tap, which stops that
    /// double tap (removes or disables it) and answers yes, leaves the tap waiting for one that
    /// has failed: it proceeds (it is no cycle of requirements).
    @Test(arguments: ["removed", "disabled"])
    func aRequirementStoppedByTheDelegateAskedAboutItReleasesTheWaiter(_ how: String) throws {
        final class Requiring: GestureRecognizerDelegate {
            var onAsked: ((GestureRecognizer) -> Bool)?
            func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                onAsked?(other) ?? false
            }
        }
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        a.addGestureRecognizer(doubleTap)
        let tap = TapGestureRecognizer()
        a.addGestureRecognizer(tap)
        let delegate = Requiring()
        delegate.onAsked = { [unowned a] other in
            guard other === doubleTap else { return false }
            if how == "removed" { a.removeGestureRecognizer(doubleTap) } else { doubleTap.isEnabled = false }
            return true
        }
        tap.delegate = delegate
        var states: [String] = []
        tap.observeStateChanges { _, state in states.append("tap \(state)") }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        try app.advance(to: 1)
        #expect(states == ["tap ended"])
        expectBalanced()
    }

    /// Step 4's first cancel removing the whole window.
    @Test func aStepFourCancelRemovingTheWindowCancelsEveryResponderOnce() throws {
        let pan = PanGestureRecognizer()
        back.isMultipleTouchEnabled = true
        back.addGestureRecognizer(pan)
        a.hooks["touchesCancelled"] = { [unowned app, unowned window] in app.removeWindow(window) }
        try app.frame(0, began(1, 50, 50), began(2, 250, 50))
        try app.frame(0.1, moved(1, 50, 100), moved(2, 250, 100))
        try app.frame(0.2, ended(1, 50, 100), ended(2, 250, 100))
        #expect(!ledger.lines.contains { $0.contains("Ended") }, "\(ledger.lines)")
        expectBalanced()
    }

    /// A4 g: a two-finger tap with `delaysTouchesBegan` fails (the fingers moved); step 5
    /// delivers the withheld begans in the order the touches began. a's released began removes
    /// b, whose withheld began comes next: b never hears of its touch.
    @Test func aReleasedBeganRemovingTheNextViewKeepsItsWithheldBeganFromIt() throws {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        tap.delaysTouchesBegan = true
        back.isMultipleTouchEnabled = true
        back.addGestureRecognizer(tap)
        a.hooks["touchesBegan"] = { [unowned b] in b.removeFromSuperview() }
        try app.frame(0, began(1, 50, 50), began(2, 250, 50))
        #expect(ledger.lines == [])
        try app.frame(0.1, moved(1, 50, 100), moved(2, 250, 100))
        try app.frame(0.2, ended(1, 50, 100), ended(2, 250, 100))
        #expect(!ledger.lines.contains { $0.hasPrefix("b ") }, "\(ledger.lines)")
        #expect(ledger.lines.prefix(1) == ["a touchesBegan 1"])
        expectBalanced()
    }
}
