import Testing
@testable import HitKit

/// The keyboard's trace records (issue "why didn't my shortcut fire?"): the target, the route and
/// who kept the press, each matching key command passed over and why, focus decisions, and why
/// a key was unhandled.
@Suite struct KeyboardTraceTests {
    let app = Application()
    let log = PressLog()
    let window: Window
    let root: ActionTaker
    let field: PressView
    var records: [TraceRecord] { recorder.records }
    let recorder = Recorder()
    let k = Keys.letter("k")

    final class Recorder { var records: [TraceRecord] = [] }

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        root = ActionTaker("root", actions: ["cut"], frame: Rect(0, 0, 400, 400), in: app, log: log)
        field = PressView("field", in: app, log: log)
        window.addSubview(root)
        root.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
        app.setTraceName("win", for: window)
        app.setTraceName("root", for: root)
        app.setTraceName("field", for: field)
        app.observeTrace { [recorder] in recorder.records.append($0) }
    }

    func messages(_ kind: TraceRecord.Kind) -> [String] {
        records.filter { $0.kind == kind }.map(\.message)
    }

    @Test func aShortcutsRecordsSayWhereThePressWentAndWhyEachCommandWasPassedOver() throws {
        let disabled = KeyCommand(input: "k", modifierFlags: .command, action: "cut")
        disabled.isEnabled = false
        field.addKeyCommand(disabled)
        field.addKeyCommand(KeyCommand(input: "k", modifierFlags: .command, action: "nobody"))
        root.addKeyCommand(KeyCommand(input: "k", modifierFlags: .command, action: "cut"))
        window.addKeyCommand(KeyCommand(input: "k", modifierFlags: .command, action: "cut"))
        try app.sendKeys(0, Keys.down(k, .command))
        #expect(messages(.keyTarget) == ["command+k down: its press goes to field, the first responder of win"])
        #expect(messages(.pressRoute) == ["pressesBegan reached field → root → win → Application; not kept: it passed the end of the chain"])
        #expect(messages(.keyCommandSkipped) == [
            "command+k → cut of field skipped: it is disabled",
            "command+k → nobody of field skipped: no responder from field up performs \"nobody\"",
            "command+k → cut of win skipped: command+k → cut of root acted first",
        ])
        #expect(messages(.keyCommandPerformed) == ["command+k → cut of root performed by root"])
        #expect(records.first { $0.kind == .keyTarget }?.key == k)
    }

    @Test func aKeptPressAndAnUnhandledKeySayWhy() throws {
        field.keeps = true
        try app.sendKeys(0, Keys.down(k))
        #expect(messages(.pressRoute) == ["pressesBegan reached field; kept by field"])
        field.keeps = false
        try app.sendKeys(0.1, Keys.up(k), Keys.down(k))
        #expect(messages(.keyUnhandled) == ["k down is unhandled: no key command matches k and focus did not take it"])
    }

    @Test func focusRecordsListTheGroupsAndTheConesCandidates() throws {
        window.isFocusSystemEnabled = true
        root.focusGroupIdentifier = "grid"
        let a = Button(frame: Rect(0, 0, 20, 20), in: app), b = Button(frame: Rect(100, 0, 20, 20), in: app),
            c = Button(frame: Rect(60, 80, 20, 20), in: app)
        for (button, name) in [(a, "a"), (b, "b"), (c, "c")] {
            root.addSubview(button)
            app.setTraceName(name, for: button)
        }
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(messages(.focusCandidates) == [
            "Tab with nothing focused: groups in reading order group \"grid\" (a at (0, 0)); enters group \"grid\" at its first item a",
        ])
        try app.sendKeys(0.1, Keys.down(Keys.right), Keys.up(Keys.right))
        #expect(messages(.focusCandidates).last
            == "UIKeyInputRightArrow from a at (10, 10), right: in the cone b (along 100, across 0, distance 100); outside c (along 60, across 80); chosen b")
        #expect(messages(.focusChanged) == ["focus moves next from nothing to a in win", "focus moves right from a to b in win"])
        b.isHidden = true
        #expect(messages(.focusChanged).last == "b loses focus in win: it is no longer focusable")
    }
}
