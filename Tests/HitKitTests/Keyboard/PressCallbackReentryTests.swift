import Testing
@testable import HitKit

/// Behaviour A10's "exactly one end per began" and **Target** ("when a responder on a press's
/// route leaves its window … that press is cancelled at once"; "when the key window changes,
/// every press under way is") when the change is made from inside the press's own calls: a
/// handler that removes a view or changes the key window, then passes the call on as the
/// default implementation does.
@Suite struct PressCallbackReentryTests {
    let app = Application()
    let ledger = CallLedger()
    let window: LedgerWindow
    let other: Window
    let root: HookView
    let panel: HookView
    let field: HookView
    let a = Keys.letter("a")

    init() {
        window = LedgerWindow("window", frame: Rect(0, 0, 400, 400), in: app, ledger: ledger)
        other = Window(frame: Rect(400, 0, 400, 400), in: app)
        root = HookView("root", frame: Rect(0, 0, 400, 400), in: app, ledger: ledger, forwards: true)
        panel = HookView("panel", frame: Rect(0, 0, 400, 100), in: app, ledger: ledger, forwards: true)
        field = HookView("field", frame: Rect(10, 10, 100, 40), in: app, ledger: ledger, forwards: true)
        window.addSubview(root)
        root.addSubview(panel)
        panel.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
    }

    /// Sends the key's up (ignored after a cancel) and checks that every began had one end.
    func finish() throws {
        try app.sendKeys(1, Keys.up(a))
        #expect(ledger.violations == [])
        #expect(ledger.unended == [])
    }

    @Test func aPressesBeganThatRemovesItsViewThenPassesOnReachesNoOneAfterTheCancel() throws {
        field.hooks["pressesBegan"] = { [unowned field] in field.removeFromSuperview() }
        try app.sendKeys(0, Keys.down(a))
        #expect(ledger.lines == ["field pressesBegan 4", "field pressesCancelled 4"])
        try finish()
    }

    @Test func aPressesBeganThatChangesTheKeyWindowThenPassesOnReachesNoOneAfterTheCancel() throws {
        field.hooks["pressesBegan"] = { [unowned other] in other.makeKey() }
        try app.sendKeys(0, Keys.down(a))
        #expect(ledger.lines == ["field pressesBegan 4", "field pressesCancelled 4"])
        try finish()
    }

    @Test func aPressesBeganThatRemovesALaterViewOfTheRouteCancelsWhatItReached() throws {
        // panel's began removes root (its next responder, and panel's and field's ancestor).
        panel.hooks["pressesBegan"] = { [unowned root] in root.removeFromSuperview() }
        try app.sendKeys(0, Keys.down(a))
        #expect(ledger.lines == ["field pressesBegan 4", "panel pressesBegan 4",
                                 "field pressesCancelled 4", "panel pressesCancelled 4"])
        try finish()
    }

    @Test func aPressesEndedThatRemovesTheNextResponderThenPassesOnEndsEachOnce() throws {
        try app.sendKeys(0, Keys.down(a))
        #expect(ledger.lines == ["field pressesBegan 4", "panel pressesBegan 4", "root pressesBegan 4",
                                 "window pressesBegan 4"])
        field.hooks["pressesEnded"] = { [unowned panel] in panel.removeFromSuperview() }
        try app.sendKeys(1, Keys.up(a))
        #expect(ledger.violations == [])
        #expect(ledger.unended == [])
        #expect(ledger.lines.filter { $0.hasPrefix("field") } == ["field pressesBegan 4", "field pressesEnded 4"])
    }

    @Test func aKeyCommandActionThatRemovesTheFirstResponderCancelsThePressAlongItsRoute() throws {
        // A plain window passes the down on, so that it reaches the key commands.
        let app = Application()
        let ledger = CallLedger()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let performer = Performer(frame: Rect(0, 0, 400, 400), in: app)
        let field = HookView("field", frame: Rect(10, 10, 100, 40), in: app, ledger: ledger, forwards: true)
        window.addSubview(performer)
        performer.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
        performer.addKeyCommand(KeyCommand(input: "a", action: "close"))
        performer.performableActions = ["close"]
        var performed = 0
        performer.onPerform = { [unowned field] in performed += 1; field.removeFromSuperview() }
        let outcome = try app.sendKeys(0, Keys.down(a))
        #expect(performed == 1 && outcome.unhandledKeys.isEmpty)
        #expect(!field.isFirstResponder)
        #expect(ledger.lines == ["field pressesBegan 4", "field pressesCancelled 4"])
        try app.sendKeys(1, Keys.up(a))
        #expect(ledger.violations == [] && ledger.unended == [])
    }
    /// A key command's action making another window key while its key is down: the key window
    /// change cancels the press along its route; the repeat and the up then do nothing.
    @Test func aKeyCommandActionChangingTheKeyWindowCancelsThePress() throws {
        let app = Application()
        let ledger = CallLedger()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let other = Window(frame: Rect(500, 0, 100, 100), in: app)
        let performer = Performer(frame: Rect(0, 0, 400, 400), in: app)
        let field = HookView("field", frame: Rect(0, 0, 100, 40), in: app, ledger: ledger, forwards: true)
        window.addSubview(performer)
        performer.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
        performer.addKeyCommand(KeyCommand(input: "a", action: "go"))
        performer.performableActions = ["go"]
        var performed = 0
        performer.onPerform = { performed += 1; other.makeKey() }
        try app.sendKeys(0, Keys.down(a))
        try app.sendKeys(0.05, Keys.down(a))
        try app.sendKeys(0.1, Keys.up(a))
        #expect(performed == 1)
        #expect(ledger.lines == ["field pressesBegan 4", "field pressesCancelled 4"])
        #expect(ledger.violations == [] && ledger.unended == [])
        #expect(app.keyWindow === other)
    }

    /// A key window change cancels the field's press; the field's `pressesCancelled` makes its
    /// window key again. Each responder gets one cancel, and the next key reaches the field.
    @Test func aPressesCancelledMakingItsWindowKeyAgainCancelsOnceAndKeysGoOn() throws {
        try app.sendKeys(0, Keys.down(a))
        field.hooks["pressesCancelled"] = { [unowned window] in window.makeKey() }
        other.makeKey()
        #expect(ledger.lines.filter { $0.hasSuffix("pressesCancelled 4") }
                    == ["field pressesCancelled 4", "panel pressesCancelled 4", "root pressesCancelled 4",
                        "window pressesCancelled 4"])
        try app.sendKeys(0.1, Keys.up(a))
        #expect(app.keyWindow === window)
        let b = Keys.letter("b")
        try app.sendKeys(0.2, Keys.down(b))
        try app.sendKeys(0.3, Keys.up(b))
        #expect(ledger.lines.suffix(8) == ["field pressesBegan 5", "panel pressesBegan 5", "root pressesBegan 5",
                                           "window pressesBegan 5", "field pressesEnded 5", "panel pressesEnded 5",
                                           "root pressesEnded 5", "window pressesEnded 5"])
        #expect(ledger.violations == [] && ledger.unended == [])
    }
}

/// A view whose `perform` runs the test's closure.
final class Performer: View {
    var onPerform: (() -> Void)?
    override var canBecomeFirstResponder: Bool { true }
    override func perform(_ action: Action, sender: Any?, event: Event?) { onPerform?() }
}
