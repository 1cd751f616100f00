import Testing
@testable import HitKit

/// Behaviour A10, *Cancellation by HitKit* and *The first responder*: presses cancelled when a
/// responder of their route leaves its window or the key window changes, the ignored up that
/// follows, and the first responder's life.
@Suite struct PressCancellationTests {
    let app = Application()
    let log = PressLog()
    let window: Window
    let other: Window
    let root: PressView
    let panel: PressView
    let field: PressView
    let a = Keys.letter("a"), b = Keys.letter("b")

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        other = Window(frame: Rect(400, 0, 400, 400), in: app)
        root = PressView("root", frame: Rect(0, 0, 400, 400), in: app, log: log)
        panel = PressView("panel", frame: Rect(0, 0, 400, 100), in: app, log: log)
        field = PressView("field", frame: Rect(10, 10, 100, 40), in: app, log: log)
        window.addSubview(root)
        root.addSubview(panel)
        panel.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
    }

    func pressA() throws {
        try app.sendKeys(0, Keys.down(a))
        log.lines.removeAll()
    }

    @Test func removingAViewOfTheRouteCancelsThePressAtOnceAlongTheRoute() throws {
        try pressA()
        panel.removeFromSuperview()
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4"])
    }

    @Test func removingAnAncestorOfTheTargetCancelsToo() throws {
        try pressA()
        root.removeFromSuperview()
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4"])
    }

    @Test func movingAViewOfTheRouteIntoAnotherWindowCancels() throws {
        try pressA()
        other.addSubview(panel)
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4"])
    }

    @Test func removingTheWindowCancels() throws {
        try pressA()
        app.removeWindow(window)
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4"])
    }

    /// A card under the root, its controller's root view, holding the first responder, and B
    /// pressed there: its route runs through the controller.
    func pressBOnACard() throws -> (card: View, controller: PressController) {
        let card = View(frame: Rect(0, 200, 400, 100), in: app)
        let cardController = PressController("cardVC", view: card, log: log)
        let cardField = PressView("cardField", in: app, log: log)
        root.addSubview(card)
        card.addSubview(cardField)
        cardField.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(b))
        #expect(log.lines == ["cardField began 5", "cardVC began 5", "root began 5"])
        log.lines.removeAll()
        return (card, cardController)
    }

    @Test func aControllerLeavesWithItsView() throws {
        let (card, cardController) = try pressBOnACard()
        card.removeFromSuperview()
        #expect(log.lines == ["cardField cancelled 5", "cardVC cancelled 5", "root cancelled 5"])
        _ = cardController
    }

    /// A controller given a root view outside its window leaves the window without its old
    /// view: the presses routed through it are cancelled along their routes, as when it leaves
    /// with its view, and the old view's next responder is its superview again.
    @Test func aControllerGivenAViewOutsideItsWindowLeavesIt() throws {
        let (card, cardController) = try pressBOnACard()
        let elsewhere = View(in: app)
        cardController.view = elsewhere
        #expect(log.lines == ["cardField cancelled 5", "cardVC cancelled 5", "root cancelled 5"])
        #expect(card.next === root && elsewhere.next === cardController && cardController.next == nil)
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.up(b))
        #expect(log.lines.isEmpty, "the cancelled press's up is ignored")
        // Given back a view in the window, it is on that view's chain again; a move within the
        // window cancels nothing, and the up follows the route the began took.
        cardController.view = card
        #expect(card.next === cardController && elsewhere.next == nil)
        try app.sendKeys(0.2, Keys.down(b))
        #expect(log.lines == ["cardField began 5", "cardVC began 5", "root began 5"])
        log.lines.removeAll()
        let inWindow = View(in: app)
        root.addSubview(inWindow)
        cardController.view = inWindow
        #expect(log.lines.isEmpty)
        try app.sendKeys(0.3, Keys.up(b))
        #expect(log.lines == ["cardField ended 5", "cardVC ended 5", "root ended 5"])
    }

    /// A controller that is first responder stops being it when a new root view takes it out of
    /// its window (its `resignFirstResponder()` is called, and a refusal ignored), as when it
    /// leaves with its view.
    @Test func aFirstResponderControllerGivenAViewOutsideItsWindowResigns() throws {
        final class Resigning: ViewController {
            var resigned = 0
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { false }
            override func resignFirstResponder() -> Bool {
                resigned += 1
                return super.resignFirstResponder()
            }
        }
        let card = View(frame: Rect(0, 200, 400, 100), in: app)
        root.addSubview(card)
        let controller = Resigning(view: card)
        #expect(controller.becomeFirstResponder() && window.firstResponder === controller)
        controller.view = View(in: app)
        #expect(controller.resigned == 1 && window.firstResponder == nil && !controller.isFirstResponder)
    }

    @Test func aMoveWithinTheWindowCancelsNothing() throws {
        try pressA()
        root.addSubview(field)
        #expect(log.lines.isEmpty)
    }

    @Test func aKeyWindowChangeCancelsEveryPressOnceForEachResponderAlongTheEarliestRouteFirst() throws {
        let second = PressView("second", in: app, log: log)
        root.addSubview(second)
        try app.sendKeys(0, Keys.down(a))
        second.becomeFirstResponder()
        try app.sendKeys(0.1, Keys.down(b))
        log.lines.removeAll()
        other.makeKey()
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4,5", "second cancelled 5"])
    }

    @Test func makingTheKeyWindowKeyAgainCancelsNothing() throws {
        try pressA()
        window.makeKey()
        #expect(log.lines.isEmpty)
    }

    @Test func aCancelledKeysUpIsIgnoredAndItsRepeatsDoNothing() throws {
        try pressA()
        other.makeKey()
        log.lines.removeAll()
        let outcome = try app.sendKeys(0.1, Keys.down(a), Keys.up(a))
        #expect(log.lines.isEmpty && outcome.unhandledKeys.isEmpty && outcome.unhandledRepeats.isEmpty)
        #expect(throws: InputError.self) { try app.sendKeys(0.2, Keys.up(a)) }
    }

    /// The cancellation may come from code a stage after the chain runs: here the first
    /// responder a Tab's focus move makes, which makes another window key. The Tab's repeats
    /// then do nothing, as those of any cancelled key, though its down moved focus.
    @Test func aTabWhosePressItsOwnFocusMoveCancelledRepeatsNothing() throws {
        final class MakesKey: Button {
            weak var makes: Window?
            override var canBecomeFirstResponder: Bool { true }
            override func becomeFirstResponder() -> Bool {
                let became = super.becomeFirstResponder()
                if became { makes?.makeKey() }
                return became
            }
        }
        window.isFocusSystemEnabled = true
        let first = MakesKey(frame: Rect(0, 200, 40, 40), in: app), second = Button(frame: Rect(0, 300, 40, 40), in: app)
        root.addSubview(first)
        root.addSubview(second)
        first.makes = other
        try app.sendKeys(0, Keys.down(Keys.tab))
        #expect(window.focusedItem === first && app.keyWindow === other)
        #expect(log.lines.contains("field cancelled 43"), "the key window's change cancelled the Tab's press")
        window.makeKey()
        let outcome = try app.sendKeys(0.1, Keys.down(Keys.tab))
        #expect(window.focusedItem === first, "the repeat of a cancelled Tab moves focus no further")
        #expect(outcome.unhandledRepeats.isEmpty)
        log.lines.removeAll()
        try app.sendKeys(0.2, Keys.up(Keys.tab))
        #expect(log.lines.isEmpty, "its up is ignored")
    }

    /// A10 *Target*: with no first responder a press goes to the key window's root view
    /// controller only while the controller's view is in that window: a controller leaves its
    /// window with its view, and a press must not start outside the key window.
    @Test func aRootControllerWhoseViewLeftTheWindowTakesNoPress() throws {
        field.resignFirstResponder()
        let controller = PressController("vc", view: root, log: log)
        window.rootViewController = controller
        try app.sendKeys(0, Keys.down(a), Keys.up(a))
        #expect(log.lines == ["vc began 4", "vc ended 4"])
        other.addSubview(root)
        #expect(app.pressTarget === window, "moved into another window")
        root.removeFromSuperview()
        #expect(app.pressTarget === window, "removed")
        log.lines.removeAll()
        try app.sendKeys(0.1, Keys.down(b), Keys.up(b))
        #expect(log.lines.isEmpty)
        window.addSubview(root)
        #expect(app.pressTarget === controller, "back in the window")
    }

    @Test func aRemovalInsideAPressesCancelledDoesNotCancelTwice() throws {
        let second = PressView("second", in: app, log: log)
        root.addSubview(second)
        try pressA()
        // Weak: the field keeps its observer, and a strong panel would keep the application.
        field.observePresses { [weak panel] _, method, presses, _ in
            if method == .pressesCancelled { panel?.removeFromSuperview() }
            return presses
        }
        other.makeKey()
        #expect(log.lines == ["field cancelled 4", "panel cancelled 4", "root cancelled 4"])
    }

    // MARK: The first responder

    @Test func aViewInNoWindowCannotBecomeFirstResponder() {
        let loose = PressView("loose", in: app, log: log)
        #expect(!loose.becomeFirstResponder())
        #expect(window.firstResponder === field)
    }

    @Test func aFirstResponderThatLeavesItsWindowResignsAndDoesNotComeBack() throws {
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
        panel.addSubview(stubborn)
        field.resignFirstResponder()
        #expect(stubborn.becomeFirstResponder())
        panel.removeFromSuperview()
        #expect(stubborn.resignCalls == 1, "asked, and its refusal ignored")
        #expect(window.firstResponder == nil && !stubborn.isFirstResponder)
        root.addSubview(panel)
        #expect(window.firstResponder == nil, "back in the window, it is not first responder again")
    }

    @Test func hidingAViewDoesNotResignIt() {
        panel.isHidden = true
        #expect(field.isFirstResponder)
    }

    @Test func eachWindowKeepsItsOwnFirstResponderWhenTheKeyWindowChanges() throws {
        let elsewhere = PressView("elsewhere", in: app, log: log)
        other.addSubview(elsewhere)
        #expect(elsewhere.becomeFirstResponder())
        other.makeKey()
        #expect(app.firstResponder === elsewhere && window.firstResponder === field)
        window.makeKey()
        #expect(app.firstResponder === field && other.firstResponder === elsewhere)
    }

    /// An application that can be first responder and keeps the presses it begins.
    final class PressApplication: Application {
        let log = PressLog()
        override var canBecomeFirstResponder: Bool { true }
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
            log.lines.append("app began \(PressLog.keys(presses))")
        }
        override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
            log.lines.append("app cancelled \(PressLog.keys(presses))")
        }
    }

    /// Behaviour A10, *Cancellation by HitKit*: "when the key window changes, every press under
    /// way is [cancelled at once]". Removing the key window changes it (to none), so a press
    /// whose route holds no responder of that window — the application, its first responder
    /// — is cancelled too, not only those the window's leaving cancels.
    @Test func removingTheKeyWindowCancelsAPressWhoseRouteIsOutsideIt() throws {
        let app = PressApplication()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        #expect(app.becomeFirstResponder())
        try app.sendKeys(0, Keys.down(a))
        #expect(app.log.lines == ["app began 4"], "the key window's first responder, the application, keeps it")
        app.removeWindow(window)
        #expect(app.keyWindow == nil)
        #expect(app.log.lines == ["app began 4", "app cancelled 4"])
    }
}
