import Testing
@testable import HitKit

/// Hand-derived examples of SPEC A10 rules that the random differential test
/// (`KeyboardModelDifferentialTests`) reaches only rarely, each worked out from the contract's text.
@Suite struct KeyboardContractExampleTests {
    let app = Application()
    let window: Window
    let log = PressLog()

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        window.isFocusSystemEnabled = true
    }

    func button(_ x: Double, _ y: Double, group: String? = nil, in parent: View? = nil) -> Button {
        let button = Button(frame: Rect(x, y, 40, 40), in: app)
        button.focusGroupIdentifier = group
        (parent ?? window).addSubview(button)
        return button
    }

    /// A responder that performs `action` by running `body`.
    final class Performer: View {
        let action: Action
        let body: () -> Void
        init(_ action: Action, in app: Application, body: @escaping () -> Void) {
            self.action = action
            self.body = body
            super.init(frame: Rect(0, 0, 400, 400), in: app)
            performableActions = [action]
        }
        override func perform(_ action: Action, sender: Any?, event: Event?) { body() }
    }

    /// "A focused item that leaves the focusable set loses focus at once": a key command's action
    /// that hides the focused item leaves nothing focused for the next key of the same frame, so
    /// Tab enters the first group rather than the one after the hidden item's.
    @Test func aFocusedItemHiddenByAKeyCommandLosesFocusBeforeTheNextKeyOfTheFrame() throws {
        var hidden: Button?
        // The buttons' superview performs the action: it is on their responder chain.
        let hider = Performer("hide", in: app) { hidden?.isHidden = true }
        window.addSubview(hider)
        let first = button(10, 10, in: hider), second = button(60, 10, in: hider), third = button(110, 10, in: hider)
        hidden = second
        window.addKeyCommand(KeyCommand(input: "h", modifierFlags: [], action: "hide"))
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab), Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === second)
        try app.sendKeys(0.1, Keys.down(Keys.letter("h")), Keys.up(Keys.letter("h")),
                         Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === first, "nothing was focused when Tab came: it enters the first group")
        _ = third
    }

    /// The same for Tab: the item hidden while Tab climbs the chain lost focus at once, so Tab,
    /// with nothing focused, enters the first group (not the one after the hidden item's).
    @Test func tabAfterTheFocusedItemWasHiddenOnTheChainEntersTheFirstGroup() throws {
        let first = button(10, 10), second = button(60, 10), third = button(110, 10)
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab), Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === second)
        let token = window.observePresses { _, method, presses, _ in
            if method == .pressesBegan { second.isHidden = true }
            return presses
        }
        try app.sendKeys(0.1, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === first)
        _ = third
        token.cancel()
    }

    /// "An arrow moves ... to the focusable item whose center lies in the 90° cone ... nearest ...
    /// (ties: reading order)": from the start, one item 50 pt away at (40, -30) and another 50 pt
    /// straight right; the one read first (smaller y) wins.
    @Test func anArrowBetweenItemsAtTheSameDistanceTakesTheOneReadFirst() throws {
        let start = button(100, 100, group: "g")    // centre (120, 120)
        let above = button(140, 70, group: "g")     // centre (160, 90)
        let straight = button(150, 100, group: "g") // centre (170, 120)
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === above, "Tab enters the group at its first item in reading order")
        try app.sendKeys(0.1, Keys.down(Keys.left), Keys.up(Keys.left))
        #expect(window.focusedItem === start, "(-40, 30) is in the left cone; (10, 30) is not")
        try app.sendKeys(0.2, Keys.down(Keys.right), Keys.up(Keys.right))
        #expect(window.focusedItem === above, "both 50 pt away: the one read first")
        _ = straight
    }

    /// "An uppercase letter input implies shift ... caps lock ignored": "S" matches S with shift
    /// (caps lock on or off) and not S without shift, even with caps lock on.
    @Test func anUppercaseInputImpliesShiftAndCapsLockIsIgnored() throws {
        let taker = Performer("save", in: app) {}
        window.addSubview(taker)
        window.addKeyCommand(KeyCommand(input: "S", action: "save"))
        var performed = 0
        app.observeKeyCommands { _ in performed += 1 }
        taker.acceptsFirstResponder = true
        #expect(taker.becomeFirstResponder())
        let s = Keys.letter("s")
        try app.sendKeys(0, Keys.down(s, .alphaShift), Keys.up(s, .alphaShift))
        #expect(performed == 0, "caps lock is not shift")
        try app.sendKeys(0.1, Keys.down(s, [.shift, .alphaShift]), Keys.up(s, [.shift, .alphaShift]))
        try app.sendKeys(0.2, Keys.down(s, .shift), Keys.up(s, .shift))
        #expect(performed == 2)
    }

    /// "When HitKit cancels several presses at once, each responder gets one pressesCancelled
    /// listing the cancelled presses whose routes include it": two keys whose routes share only
    /// the upper part of the chain, cancelled together by a change of key window.
    @Test func pressesCancelledTogetherReachEachResponderOnce() throws {
        window.isFocusSystemEnabled = false
        let outer = PressView("outer", frame: Rect(0, 0, 200, 200), in: app, log: log)
        let inner = PressView("inner", in: app, log: log)
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(outer.becomeFirstResponder())
        try app.sendKeys(0, Keys.down(Keys.letter("a")))
        #expect(inner.becomeFirstResponder())
        try app.sendKeys(0.1, Keys.down(Keys.letter("b")))
        log.lines.removeAll()
        Window(frame: Rect(0, 0, 10, 10), in: app).makeKey()
        // Along the earliest press's route (A's: outer, window, application) first, then B's rest.
        #expect(log.lines == ["outer cancelled 4,5", "inner cancelled 5"])
    }

    /// "A first responder that leaves its window stops being first responder (its
    /// resignFirstResponder() is called; its answer is ignored)".
    @Test func aFirstResponderThatRefusesToResignStillResignsWhenItLeavesItsWindow() throws {
        final class Stubborn: View {
            var resignCalls = 0
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { false }
            override func resignFirstResponder() -> Bool {
                resignCalls += 1
                return super.resignFirstResponder()
            }
        }
        let stubborn = Stubborn(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(stubborn)
        #expect(stubborn.becomeFirstResponder())
        #expect(!stubborn.resignFirstResponder() && stubborn.isFirstResponder, "it refuses while it stays")
        stubborn.removeFromSuperview()
        #expect(stubborn.resignCalls == 2 && !stubborn.isFirstResponder && window.firstResponder == nil)
    }
}
