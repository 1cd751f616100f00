import Testing
@testable import HitKit

/// Behaviour A10, *Focus*: what is focusable, groups, reading order, Tab, arrows, Return and
/// Space, losing focus, the first responder and the observers. The scenario fixtures
/// (`focus-*.json`) replay the same rules through scenes; these check what a scene cannot say.
@Suite struct FocusTests {
    let app = Application()
    let window: Window
    let row: View
    let log = PressLog()

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        row = View(frame: Rect(0, 0, 400, 100), in: app)
        row.focusGroupIdentifier = "row"
        window.addSubview(row)
        window.makeKey()
        window.isFocusSystemEnabled = true
    }

    func button(_ x: Double, _ y: Double = 10, in parent: View? = nil) -> Button {
        let button = Button(frame: Rect(x, y, 40, 40), in: app)
        (parent ?? row).addSubview(button)
        return button
    }

    @discardableResult
    func press(_ code: Int, _ flags: KeyModifierFlags = [], at time: Double) throws -> FrameOutcome {
        try app.sendKeys(time, Keys.down(code, flags), Keys.up(code, flags))
    }

    // MARK: Focusable

    @Test func byDefaultAnEnabledControlCanBeFocusedAndNothingElse() {
        let plain = View(frame: Rect(0, 0, 10, 10), in: app), control = Control(frame: Rect(0, 0, 10, 10), in: app)
        #expect(!plain.canBecomeFocused && control.canBecomeFocused)
        control.isEnabled = false
        #expect(!control.canBecomeFocused)
        control.allowsFocus = true
        plain.allowsFocus = true
        #expect(control.canBecomeFocused && plain.canBecomeFocused)
        control.allowsFocus = nil
        #expect(!control.canBecomeFocused, "nil goes back to the class's default")
    }

    @Test func aViewIsFocusableOnlyWhenItAndItsAncestorsAreShownAndInteractiveInTheWindow() {
        let item = button(10)
        #expect(item.isFocusable(in: window))
        row.isHidden = true
        #expect(!item.isFocusable(in: window))
        row.isHidden = false
        row.alpha = 0.009
        #expect(!item.isFocusable(in: window))
        row.alpha = 0.01
        #expect(item.isFocusable(in: window), "alpha 0.01 is still visible, as for hit testing")
        row.isUserInteractionEnabled = false
        #expect(!item.isFocusable(in: window))
        row.isUserInteractionEnabled = true
        window.isHidden = true
        #expect(!item.isFocusable(in: window))
        window.isHidden = false
        item.removeFromSuperview()
        #expect(!item.isFocusable(in: window))
    }

    // MARK: Groups and reading order

    @Test func aGroupIdentifierIsInheritedAndAScrollViewHasOneOfItsOwn() {
        let inner = View(frame: Rect(0, 0, 10, 10), in: app)
        row.addSubview(inner)
        #expect(inner.focusGroupIdentifier == "row")
        let scroll = ScrollView(frame: Rect(0, 100, 100, 100), in: app)
        window.addSubview(scroll)
        let content = View(frame: Rect(0, 0, 10, 10), in: app)
        scroll.addSubview(content)
        #expect(content.focusGroupIdentifier == "ScrollView#\(scroll.id.index)")
        scroll.focusGroupIdentifier = "list"
        #expect(content.focusGroupIdentifier == "list")
        #expect(window.focusGroupIdentifier == nil)
    }

    @Test func equalIdentifiersAnywhereInTheWindowAreOneGroup() throws {
        let left = View(frame: Rect(0, 100, 100, 300), in: app), right = View(frame: Rect(300, 100, 100, 300), in: app)
        left.focusGroupIdentifier = "pair"
        right.focusGroupIdentifier = "pair"
        window.addSubview(left)
        window.addSubview(right)
        let a = button(10, 10, in: left), b = button(10, 10, in: right)
        try press(Keys.tab, [], at: 0)  // the row has no focusable item: the first group is "pair"
        #expect(window.focusedItem === a)
        try press(Keys.right, at: 0.1)
        #expect(window.focusedItem === b)
    }

    /// A scroll view's default identifier is an identifier like any other: set on a view outside
    /// it, met before or after the scroll view in the walk, it puts that view in the scroll
    /// view's group. A lookalike naming a row that is not a scroll view's is a name of its own.
    @Test(arguments: [false, true])
    func aScrollViewsDefaultIdentifierSetElsewhereJoinsItsGroup(namedViewFirst: Bool) throws {
        let scroll = ScrollView(frame: Rect(0, 100, 100, 100), in: app)
        let outside = View(frame: Rect(0, 300, 100, 100), in: app)
        for view in namedViewFirst ? [outside, scroll] : [scroll, outside] { window.addSubview(view) }
        let inside = button(10, 10, in: scroll), below = button(10, 10, in: outside)
        outside.focusGroupIdentifier = scroll.focusGroupIdentifier
        #expect(below.focusGroupIdentifier == inside.focusGroupIdentifier)
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === inside)
        try press(Keys.down, at: 0.1)
        #expect(window.focusedItem === below, "one group: Down moves within it")
        try press(Keys.tab, at: 0.2)
        #expect(window.focusedItem === below, "the only group: Tab re-enters it at its last focused item")
    }

    @Test func aLookalikeOfAScrollViewsIdentifierNamingAnotherViewIsAGroupOfItsOwn() throws {
        let plain = button(10, 110, in: window)
        let named = View(frame: Rect(0, 300, 100, 100), in: app)
        window.addSubview(named)
        named.focusGroupIdentifier = "ScrollView#\(plain.id.index)"
        let below = button(10, 10, in: named)
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === plain)
        try press(Keys.down, at: 0.1)
        #expect(window.focusedItem === plain, "two groups: Down stays")
        try press(Keys.tab, at: 0.2)
        #expect(window.focusedItem === below)
    }

    @Test func itemsAtTheSamePlaceAreReadInTreeOrder() throws {
        let first = button(10), second = button(10)
        row.exchangeSubview(at: 0, withSubviewAt: 1)  // second is now first in tree order
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === second && !first.isFocused)
    }

    // MARK: Tab

    @Test func tabInAWindowWithOneItemKeepsFocusAndTakesTheKey() throws {
        let only = button(10)
        var count = 0
        app.observeFocus { _ in count += 1 }
        try press(Keys.tab, at: 0)
        let outcome = try press(Keys.tab, at: 0.1)
        #expect(window.focusedItem === only && count == 1 && outcome.unhandledKeys.isEmpty)
    }

    @Test func withNothingFocusableTabIsUnhandled() throws {
        #expect(try press(Keys.tab, at: 0).unhandledKeys == [0])
    }

    @Test func tabOnlyMovesFocusInTheKeyWindow() throws {
        let item = button(10)
        let other = Window(frame: Rect(0, 0, 10, 10), in: app)
        other.isFocusSystemEnabled = true
        try press(Keys.tab, at: 0)
        other.makeKey()
        #expect(window.focusedItem === item, "a window that is no longer key keeps its focused item")
        #expect(try press(Keys.tab, at: 0.1).unhandledKeys == [0], "the key window has nothing focusable")
    }

    // MARK: Arrows

    @Test func aHeldArrowMovesAgainOnEachRepeat() throws {
        let a = button(10), b = button(100), c = button(200)
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === a)
        try app.sendKeys(0.1, Keys.down(Keys.right))
        try app.sendKeys(0.6, Keys.down(Keys.right))
        #expect(window.focusedItem === c)
        try app.sendKeys(0.7, Keys.down(Keys.right), Keys.up(Keys.right))
        #expect(window.focusedItem === c)
        _ = b
    }

    // MARK: Return and Space

    @Test func aFocusedDisabledControlIsNotActivated() throws {
        let item = button(10)
        var actions = 0
        item.addAction(for: .allEvents) { _ in actions += 1 }
        try press(Keys.tab, at: 0)
        item.allowsFocus = true
        item.isEnabled = false
        #expect(window.focusedItem === item)
        #expect(try press(Keys.enter, at: 0.1).unhandledKeys == [0] && actions == 0)
    }

    @Test func returnWithAModifierOrARepeatDoesNotActivate() throws {
        let item = button(10)
        var events: [Control.Event] = []
        item.addAction(for: .touchUpInside) { _ in events.append(.touchUpInside) }
        try press(Keys.tab, at: 0)
        #expect(try press(Keys.enter, .control, at: 0.1).unhandledKeys == [0])
        try app.sendKeys(0.2, Keys.down(Keys.enter))
        try app.sendKeys(0.7, Keys.down(Keys.enter), Keys.down(Keys.enter))
        #expect(events == [.touchUpInside])
    }

    @Test func aSwitchFlipsBeforeItsEvents() throws {
        let toggle = Switch(frame: Rect(10, 10, 40, 40), in: app)
        row.addSubview(toggle)
        var seen: [Bool] = []
        toggle.addAction(for: .valueChanged) { [unowned toggle] _ in seen.append(toggle.isOn) }
        try press(Keys.tab, at: 0)
        try press(Keys.space, at: 0.1)
        #expect(toggle.isOn && seen == [true])
    }

    // MARK: Losing focus, the first responder, observers

    @Test func aFocusedItemThatStopsBeingFocusableThroughTheAPILosesFocusAtOnce() throws {
        let item = button(10)
        var contexts: [FocusUpdateContext] = []
        try press(Keys.tab, at: 0)
        app.observeFocus { contexts.append($0) }
        item.isHidden = true
        #expect(window.focusedItem == nil && !item.isFocused)
        #expect(contexts.count == 1 && contexts[0].previouslyFocusedItem === item && contexts[0].nextFocusedItem == nil
            && contexts[0].focusHeading.isEmpty && contexts[0].window === window)
    }

    /// A10 *Focus*: "A focused item that leaves the focusable set loses focus at once". An override
    /// of `canBecomeFocused` changes without telling HitKit, so the next key finds it out before
    /// choosing the press's target: the key goes to the window, not to the item.
    @Test func aFocusedItemWhoseOverrideStopsAllowingFocusLosesItBeforeTheNextKeysTarget() throws {
        final class Switchable: View {
            var allows = true
            var began = 0
            override var canBecomeFocused: Bool { allows }
            override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
                began += 1
                super.pressesBegan(presses, with: event)
            }
        }
        let item = Switchable(frame: Rect(10, 10, 40, 40), in: app)
        row.addSubview(item)
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === item && item.began == 0)
        item.allows = false
        try press(Keys.letter("a"), at: 0.1)
        #expect(window.focusedItem == nil && item.began == 0, "the key went to the window, not to the unfocusable item")
    }

    /// A10: "A focused item that leaves the focusable set loses focus at once", and Return or
    /// Space acts on a *focused* control: a button hidden while Return's press climbs the chain
    /// has lost focus when stage 2 comes, so it is not activated and the key is unhandled.
    @Test func aFocusedControlHiddenWhileReturnClimbsTheChainIsNotActivated() throws {
        let item = button(10)
        var activations = 0
        item.addAction(for: .primaryActionTriggered) { _ in activations += 1 }
        try press(Keys.tab, at: 0)
        let token = window.observePresses { _, method, presses, _ in
            if method == .pressesBegan { item.isHidden = true }
            return presses
        }
        let outcome = try press(Keys.enter, at: 0.1)
        #expect(activations == 0, "a hidden button is no focused control")
        #expect(outcome.unhandledKeys == [0] && window.focusedItem == nil)
        token.cancel()
    }

    /// A10: "A focused item that leaves the focusable set loses focus at once": a button disabled
    /// and enabled again while a press climbs the chain has lost focus, so the frame's next key
    /// goes to the window, and Tab focuses the button anew.
    @Test func aFocusedItemUnfocusableForAMomentInsideAPressLosesFocus() throws {
        let item = button(10)
        try press(Keys.tab, at: 0)
        var contexts: [(View?, View?)] = []
        app.observeFocus { contexts.append(($0.previouslyFocusedItem, $0.nextFocusedItem)) }
        var targets: [Responder?] = []
        let token = window.observePresses { _, method, presses, _ in
            guard method == .pressesBegan else { return presses }
            targets.append(presses.first?.responder)
            if targets.count == 1 {
                item.isEnabled = false
                item.isEnabled = true
            }
            return presses
        }
        try app.sendKeys(0.1, Keys.down(Keys.letter("a")), Keys.down(Keys.tab))
        #expect(contexts.count == 2 && contexts[0].0 === item && contexts[0].1 == nil)
        #expect(contexts.count == 2 && contexts[1].0 == nil && contexts[1].1 === item, "Tab focused it again")
        #expect(targets.count == 2 && targets[0] === item && targets[1] === window,
                "the Tab's press went to the window: nothing was focused")
        token.cancel()
    }

    @Test func focusChecksHeldForAGroupOfChangesLookOnlyAtItsEnd() throws {
        let item = button(10)
        try press(Keys.tab, at: 0)
        app.deferringFocusChecks {
            item.isHidden = true
            item.isHidden = false
        }
        #expect(window.focusedItem === item)
        app.deferringFocusChecks { item.isEnabled = false }
        #expect(window.focusedItem == nil)
    }

    @Test func turningTheFocusSystemOffLosesFocusAndOnFocusesNothing() throws {
        _ = button(10)
        try press(Keys.tab, at: 0)
        window.isFocusSystemEnabled = false
        #expect(window.focusedItem == nil)
        window.isFocusSystemEnabled = true
        #expect(window.focusedItem == nil)
    }

    @Test func aWindowsFocusSystemIsOffUntilTurnedOn() throws {
        let other = Window(frame: Rect(0, 0, 400, 400), in: app)
        let item = Button(frame: Rect(10, 10, 40, 40), in: app)
        other.addSubview(item)
        other.makeKey()
        #expect(!other.isFocusSystemEnabled)
        #expect(try press(Keys.tab, at: 0).unhandledKeys == [0], "Tab does not move focus, so it is unhandled")
        #expect(other.focusedItem == nil && !item.isFocused)
    }

    @Test func focusMakesAViewFirstResponderWhenItCan() throws {
        let field = PressView("field", frame: Rect(10, 10, 40, 40), in: app, log: log)
        field.allowsFocus = true
        row.addSubview(field)
        let item = button(100)
        try press(Keys.tab, at: 0)
        #expect(window.focusedItem === field && field.isFirstResponder)
        try press(Keys.right, at: 0.1)
        #expect(window.focusedItem === item && field.isFirstResponder, "a button cannot: the first responder stays")
    }

    @Test func theObserversGetTheWindowTheItemsAndTheHeading() throws {
        let a = button(10), b = button(100)
        var contexts: [(View?, View?, FocusHeading)] = []
        app.observeFocus { contexts.append(($0.previouslyFocusedItem, $0.nextFocusedItem, $0.focusHeading)) }
        try press(Keys.tab, at: 0)
        try press(Keys.right, at: 0.1)
        try press(Keys.tab, [.shift], at: 0.2)
        #expect(contexts.count == 2, "Shift-Tab in a window with one group keeps focus on b")
        #expect(contexts[0].0 == nil && contexts[0].1 === a && contexts[0].2 == .next)
        #expect(contexts[1].0 === a && contexts[1].1 === b && contexts[1].2 == .right)
    }

    @Test func touchesDoNotMoveFocus() throws {
        let a = button(10), b = button(100)
        try press(Keys.tab, at: 0)
        try app.send(InputFrame(timestamp: 0.1, touches: [TouchInput(id: 1, phase: .began, location: Point(110, 20))]))
        try app.send(InputFrame(timestamp: 0.2, touches: [TouchInput(id: 1, phase: .ended, location: Point(110, 20))]))
        #expect(window.focusedItem === a && !b.isFocused)
    }
}
