import Testing
@testable import HitKit

/// Behaviour A10, *What a frame carries*, *Presses*, *Where a press goes* and *The route*: one rule
/// per test.
@Suite struct PressDeliveryTests {
    let app = Application()
    let log = PressLog()
    let window: Window
    let root: PressView
    let panel: PressView
    let field: PressView
    let controller: PressController
    let a = Keys.letter("a"), b = Keys.letter("b")

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        root = PressView("root", frame: Rect(0, 0, 400, 400), in: app, log: log)
        panel = PressView("panel", frame: Rect(0, 0, 400, 100), in: app, log: log)
        field = PressView("field", frame: Rect(10, 10, 100, 40), in: app, log: log)
        controller = PressController("vc", view: root, log: log)
        window.rootViewController = controller
        root.addSubview(panel)
        panel.addSubview(field)
        window.makeKey()
    }

    // MARK: Where a press goes

    @Test func aPressGoesToTheFirstResponderAndUpTheChain() throws {
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a))
        #expect(log.lines == ["field began 4", "panel began 4", "root began 4", "vc began 4"])
    }

    @Test func withoutAFirstResponderThePressGoesToTheRootViewController() throws {
        try app.sendKeys(0, Keys.down(a))
        #expect(log.lines == ["vc began 4"])
        #expect(app.pressTarget === controller)
    }

    @Test func withoutARootViewControllerThePressGoesToTheKeyWindow() throws {
        let other = Window(frame: Rect(0, 0, 10, 10), in: app)
        other.makeKey()
        #expect(app.pressTarget === other)
    }

    @Test func theFocusedItemComesBeforeTheFirstResponder() throws {
        window.isFocusSystemEnabled = true
        let button = Button(frame: Rect(200, 200, 50, 50), in: app)
        root.addSubview(button)
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === button)
        #expect(app.pressTarget === button)
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.down(a))
        #expect(log.lines == ["root began 4", "vc began 4"], "button → root → vc: the field is not on the way")
    }

    @Test func withoutAKeyWindowAKeyMakesNoPressAndIsUnhandled() throws {
        let lone = Application()
        _ = Window(frame: Rect(0, 0, 10, 10), in: lone)
        let outcome = try lone.sendKeys(0, Keys.down(a))
        #expect(lone.keyWindow == nil && outcome.unhandledKeys == [0])
        #expect(try lone.sendKeys(0.1, Keys.up(a)).unhandledKeys.isEmpty, "its up is accepted")
    }

    // MARK: Presses

    @Test func thePressCarriesItsKeyItsTargetAndItsTime() throws {
        var seen: Press?
        field.becomeFirstResponder()
        field.observePresses { _, method, presses, _ in
            if method == .pressesBegan { seen = presses.first }
            return presses
        }
        try app.sendKeys(2.5, KeyInput(code: a, phase: .down, characters: "A", charactersIgnoringModifiers: "a",
                                       modifierFlags: .shift))
        let press = try #require(seen)
        #expect(press.phase == .began && press.timestamp == 2.5 && press.responder === field)
        #expect(press.key == Key(keyCode: .keyboardA, characters: "A", charactersIgnoringModifiers: "a", modifierFlags: .shift))
    }

    @Test func aResponderThatDoesNotCallSuperKeepsThePress() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        let outcome = try app.sendKeys(0, Keys.down(a))
        #expect(log.lines == ["field began 4", "panel began 4"])
        #expect(outcome.unhandledKeys.isEmpty, "a kept press is handled")
    }

    @Test func aPressThatPassesTheEndOfTheChainIsUnhandled() throws {
        field.becomeFirstResponder()
        let outcome = try app.sendKeys(0, Keys.down(a), Keys.down(b))
        #expect(outcome.unhandledKeys == [0, 1])
    }

    @Test func anOutcomeWithNothingUnhandledSharesNoListWithTheKeyboard() throws {
        field.becomeFirstResponder()
        #expect(try app.sendKeys(0, Keys.down(a), Keys.down(b)).unhandledKeys == [0, 1])
        panel.keeps = true
        let outcome = try app.sendKeys(0.5, Keys.up(a))
        // The keyboard keeps its emptied lists' room; an answer holding them would share it.
        #expect(outcome.unhandledKeys.isEmpty && outcome.unhandledKeys.capacity == 0)
        #expect(outcome.unhandledRepeats.isEmpty && outcome.unhandledRepeats.capacity == 0)
    }

    @Test func aFrameRejectedWholeLeavesNoUnhandledKeysBehindIt() throws {
        field.becomeFirstResponder()
        #expect(try app.sendKeys(1, Keys.down(a), Keys.down(b)).unhandledKeys == [0, 1])
        #expect(throws: InputError.self) { try app.sendKeys(0.5, Keys.down(a)) }
        // The C library reads the last frame's outcome from here: the rejected frame did nothing.
        var outcome = FrameOutcome(unhandledKeys: [7], unhandledRepeats: [7])
        app.copyLastFrameOutcome(into: &outcome)
        #expect(outcome.unhandledKeys.isEmpty && outcome.unhandledRepeats.isEmpty)
    }

    @Test func repeatsMakeNoPressCall() throws {
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a))
        log.lines.removeAll()
        let outcome = try app.sendKeys(0.5, Keys.down(a), Keys.down(a))
        #expect(log.lines.isEmpty)
        #expect(outcome.unhandledKeys.isEmpty && outcome.unhandledRepeats == [0, 1], "an unhandled key's repeats are the host's")
    }

    @Test func eachKeyEventIsDeliveredOnItsOwnInTheFramesOrder() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        try app.sendKeys(0, Keys.down(a), Keys.down(b), Keys.up(a), Keys.up(b))
        #expect(log.lines == ["field began 4", "panel began 4", "field began 5", "panel began 5",
                              "field ended 4", "panel ended 4", "field ended 5", "panel ended 5"])
    }

    @Test func keysComeAfterTheFramesTouches() throws {
        let touched = RecordingView("touched", frame: Rect(300, 300, 50, 50), in: app, log: TouchLog())
        root.addSubview(touched)
        var order: [String] = []
        touched.observeTouches { _, method, touches, _ in order.append(method.rawValue); return touches }
        controller.observePresses { _, method, presses, _ in order.append(method.rawValue); return presses }
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(310, 310))],
                                keys: [Keys.down(a)]))
        #expect(order == ["touchesBegan", "pressesBegan"])
    }

    @Test func gestureRecognizersDoNotSeePresses() throws {
        let tap = TapGestureRecognizer()
        field.addGestureRecognizer(tap)
        var seen = false
        _ = tap.observeTouches { _, _, _ in seen = true }
        _ = tap.observeStateChanges { _, _ in seen = true }
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a), Keys.up(a))
        #expect(!seen && tap.state == .possible)
    }

    // MARK: The route

    @Test func theUpFollowsTheRouteOfItsBeganAfterTheFirstResponderChanged() throws {
        let other = PressView("other", in: app, log: log)
        root.addSubview(other)
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a))
        other.becomeFirstResponder()
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.up(a), Keys.down(b))
        #expect(log.lines == ["field ended 4", "panel ended 4", "root ended 4", "vc ended 4",
                              "other began 5", "root began 5", "vc began 5"])
    }

    @Test func theUpFollowsTheRouteAfterAViewOfTheRouteMovedWithinTheWindow() throws {
        let shelf = PressView("shelf", frame: Rect(0, 200, 400, 100), in: app, log: log)
        root.addSubview(shelf)
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a))
        shelf.addSubview(field)  // within the window: not leaving
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.up(a))
        #expect(log.lines == ["field ended 4", "panel ended 4", "root ended 4", "vc ended 4"])
    }

    @Test func theEndReachesEveryResponderTheBeganReachedWhateverAnOverrideDoes() throws {
        field.becomeFirstResponder()
        field.callsSuperOnEnd = false
        panel.callsSuperOnEnd = false
        try app.sendKeys(0, Keys.down(a))
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.up(a))
        #expect(log.lines == ["field ended 4", "panel ended 4", "root ended 4", "vc ended 4"])
    }

    @Test func aKeptPressEndsOnlyWhereItsBeganWent() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        try app.sendKeys(0, Keys.down(a), Keys.up(a))
        #expect(log.lines == ["field began 4", "panel began 4", "field ended 4", "panel ended 4"])
    }

    /// How many presses the event lists at each began the controller gets for `keys`.
    func pressesUnderWayAtEachBegan(_ keys: KeyInput...) throws -> [Int] {
        field.becomeFirstResponder()
        var counts: [Int] = []
        controller.observePresses { _, method, presses, event in
            if method == .pressesBegan { counts.append(event?.allPresses.count ?? -1) }
            return presses
        }
        try app.send(InputFrame(timestamp: 0, keys: keys))
        return counts
    }

    @Test func theEventListsThePressesUnderWay() throws {
        #expect(try pressesUnderWayAtEachBegan(Keys.down(a), Keys.down(b)) == [1, 2])
    }

    /// A10 *Presses*: a press is under way from its began to its end; one that ended is not in a
    /// later key's event (even when its object is reused for that key).
    @Test func theEventNoLongerListsPressesThatEnded() throws {
        let c = Keys.letter("c")
        #expect(try pressesUnderWayAtEachBegan(Keys.down(a), Keys.down(b), Keys.up(a), Keys.up(b), Keys.down(c)) == [1, 2, 1])
    }

    /// A10 *Presses*: "Exactly one end per began" — an observer that lets no press through an end
    /// does not stop the end (only a began can be consumed).
    @Test func anObserverCannotWithholdAnEndFromAResponderItsBeganReached() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        field.observePresses { _, method, presses, _ in method == .pressesBegan ? presses : [] }
        try app.sendKeys(0, Keys.down(a), Keys.up(a))
        #expect(log.lines == ["field began 4", "panel began 4", "field ended 4", "panel ended 4"])
    }

    /// The same for a cancellation: removing a view of the route cancels the press along it, past
    /// an observer that lets nothing through.
    @Test func anObserverCannotWithholdACancellationEither() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        field.observePresses { _, method, presses, _ in method == .pressesBegan ? presses : [] }
        try app.sendKeys(0, Keys.down(a))
        panel.removeFromSuperview()
        #expect(log.lines == ["field began 4", "panel began 4", "field cancelled 4", "panel cancelled 4"])
    }

    @Test func pressesChangedIsNeverSentForKeys() throws {
        var methods: Set<PressMethod> = []
        field.becomeFirstResponder()
        field.observePresses { _, method, presses, _ in methods.insert(method); return presses }
        try app.sendKeys(0, Keys.down(a))
        try app.sendKeys(0.5, Keys.down(a))
        try app.sendKeys(0.6, Keys.up(a))
        #expect(methods == [.pressesBegan, .pressesEnded])
    }

    // MARK: Bad input

    @Test func aCodeOutOfRangeIsRejectedAndTheRestOfTheFrameGoesOn() throws {
        field.becomeFirstResponder()
        panel.keeps = true
        do {
            try app.sendKeys(0, Keys.down(70000), Keys.down(a), Keys.down(-1))
            Issue.record("no error")
        } catch {
            #expect(error.rejections.map(\.reason) == [
                .key(.init(index: 0, code: 70000, kind: .codeOutOfRange)),
                .key(.init(index: 2, code: -1, kind: .codeOutOfRange)),
            ])
        }
        #expect(log.lines == ["field began 4", "panel began 4"])
    }

    @Test func anUpOrCancelForAKeyNotDownIsRejected() throws {
        do {
            try app.sendKeys(0, Keys.up(a), Keys.cancelled(b), Keys.down(a))
            Issue.record("no error")
        } catch {
            #expect(error.rejections.map(\.reason) == [
                .key(.init(index: 0, code: a, kind: .notDown)), .key(.init(index: 1, code: b, kind: .notDown)),
            ])
            #expect(error.outcome.unhandledKeys == [2], "the rest of the frame's outcome comes with the error")
        }
    }

    @Test func afterTheHostsCancelTheKeyIsUpAndALaterUpIsRejected() throws {
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(a), Keys.cancelled(a))
        #expect(log.lines.suffix(4) == ["field cancelled 4", "panel cancelled 4", "root cancelled 4", "vc cancelled 4"])
        #expect(throws: InputError.self) { try app.sendKeys(0.1, Keys.up(a)) }
    }
}
