import Testing
@testable import HitKit

/// Behaviour A10, *Key commands* and *Repeats*: matching, collection, targets, stages.
@Suite struct KeyCommandTests {
    let app = Application()
    let log = PressLog()
    let window: Window
    let root: ActionTaker
    let field: PressView
    let s = Keys.letter("s")

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        root = ActionTaker("root", actions: ["save", "saveAs", "undo", "zoom", "first", "second"],
                           frame: Rect(0, 0, 400, 400), in: app, log: log)
        field = PressView("field", frame: Rect(10, 10, 100, 40), in: app, log: log)
        window.addSubview(root)
        root.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
    }

    func key(_ flags: KeyModifierFlags, ignoring: String = "s", code: Int? = nil) -> Key {
        Key(keyCode: KeyboardHIDUsage(rawValue: code ?? s), characters: ignoring, charactersIgnoringModifiers: ignoring,
            modifierFlags: flags)
    }

    func commandLines() -> [String] { log.lines.filter { !$0.hasPrefix("field ") } }

    // MARK: Matching

    @Test(arguments: [
        // (input, command's flags, held flags, typed ignoring modifiers, matches)
        ("S", [], [.shift], "s", true),                              // an upper-case input implies shift
        ("S", [.shift], [.shift], "s", true),
        ("s", [.shift], [.shift], "s", true),                        // letters compare without case
        ("S", [], [], "s", false),
        ("S", [], [.alphaShift], "s", false),                        // caps lock is not shift
        ("S", [], [.alphaShift, .shift], "s", true),                 // caps lock is ignored
        ("s", [], [.alphaShift], "s", true),
        ("s", [.command], [.command], "s", true),
        ("s", [.command], [.command, .shift], "s", false),           // the flags must be equal
        ("s", [.command], [.command, .numericPad], "s", true),       // the numeric pad flag is ignored
        ("s", [.command], [.control], "s", false),
        ("s", [.command], [.command], "S", true),                    // a host's upper-case text still matches
        ("1", [.shift], [.shift], "1", true),                        // Shift-1 types "!" but ignores to "1"
        ("!", [], [.shift], "1", false),
        ("UIKeyInputUpArrow", [.alternate], [.alternate], "UIKeyInputUpArrow", true),
        ("s", [], [], "x", false),
        ("K", [], [.shift], "\u{212A}", true),                       // the Kelvin sign is the string "K"
        ("\u{212A}", [], [.shift], "K", true),
    ] as [(String, KeyModifierFlags, KeyModifierFlags, String, Bool)])
    func matching(_ input: String, _ flags: KeyModifierFlags, _ held: KeyModifierFlags, _ typed: String, _ matches: Bool) {
        let command = KeyCommand(input: input, modifierFlags: flags, action: "save")
        #expect(command.matches(key(held, ignoring: typed)) == matches)
    }

    @Test func aModifierKeyAloneNeverMatches() {
        let command = KeyCommand(input: "s", action: "save")
        #expect(!command.matches(key([], ignoring: "s", code: 225)), "even a host that gives a modifier key some text")
    }

    @Test(arguments: [
        ("s", [.command, .shift], "shift+command+s"),
        ("\t", [], "Tab"),
        ("\r", [.control], "control+Enter"),
        (" ", [], "Space"),
        ("\u{8}", [], "Backspace"),
        ("\u{1b}", [], "U+001B"),
        ("\u{a0}", [], "U+00A0"),
        (KeyCommand.inputLeftArrow, [.alternate], "alternate+UIKeyInputLeftArrow"),
    ] as [(String, KeyModifierFlags, String)])
    func theLogWritesACommandAsItsSpec(_ input: String, _ flags: KeyModifierFlags, _ spec: String) {
        #expect(KeyCommand(input: input, modifierFlags: flags, action: "x").description == spec)
    }

    // MARK: Collection, targets, stages

    @Test func theTargetsOwnCommandsComeFirstThenEachListInOrderUpTheChain() throws {
        root.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "second"))
        field.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "first"))
        field.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "second"))
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(commandLines() == ["root first from keyCommand command+s"])
    }

    @Test func aDisabledOrTargetlessMatchIsPassedOverAndDoesNotTakeTheKey() throws {
        let disabled = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        disabled.isEnabled = false
        field.addKeyCommand(disabled)
        field.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "nobodyPerformsThis"))
        root.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "saveAs"))
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(commandLines() == ["root saveAs from keyCommand command+s"])
    }

    @Test func aKeyWhoseMatchesAllFailIsUnhandled() throws {
        let disabled = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        disabled.isEnabled = false
        field.addKeyCommand(disabled)
        let outcome = try app.sendKeys(0, Keys.down(s, .command))
        #expect(outcome.unhandledKeys == [0] && commandLines().isEmpty)
    }

    @Test func theTargetIsFoundFromThePressesTargetNotFromTheDeclaringResponder() throws {
        let performer = ActionTaker("performer", actions: ["save"], in: app, log: log)
        root.addSubview(performer)
        performer.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(commandLines().isEmpty, "performer is not on the chain from the field, so its commands are not collected")
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        try app.sendKeys(0.1, Keys.up(s, .command), Keys.down(s, .command))
        #expect(commandLines() == ["root save from keyCommand command+s"], "declared by the window, performed by root")
    }

    @Test func theSenderIsTheCommandAndTheObserversHearOfIt() throws {
        let command = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        app.addKeyCommand(command)
        var reports: [KeyCommandReport] = []
        app.observeKeyCommands { reports.append($0) }
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(reports.count == 1 && reports[0].command === command && reports[0].receiver === root && !reports[0].isRepeat)
        #expect(commandLines() == ["root save from keyCommand command+s"])
    }

    @Test func aResponderThatKeepsThePressKeepsItFromTheCommands() throws {
        field.keeps = true
        root.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(commandLines().isEmpty)
    }

    @Test func commandsActOnDownOnly() throws {
        root.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        try app.sendKeys(0, Keys.down(s, .command))
        try app.sendKeys(0.1, Keys.up(s, .command))
        #expect(commandLines().count == 1)
    }

    /// `addKeyCommand(_:)` (UIKit's): adding a command already there does nothing.
    @Test func addingACommandTwiceListsItOnce() {
        let command = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        root.addKeyCommand(command)
        root.addKeyCommand(command)
        #expect(root.keyCommands.count == 1 && root.keyCommands.first === command)
    }

    @Test func priorityCommandsComeBeforeFocusAndTheOthersAfterIt() throws {
        window.isFocusSystemEnabled = true
        root.focusGroupIdentifier = "row"  // one group, so the arrows move between the buttons
        let a = Button(frame: Rect(200, 200, 40, 40), in: app), b = Button(frame: Rect(300, 200, 40, 40), in: app)
        root.addSubview(a)
        root.addSubview(b)
        root.addKeyCommand(KeyCommand(input: KeyCommand.inputRightArrow, action: "zoom"))
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === a)
        try app.sendKeys(0.1, Keys.down(Keys.right), Keys.up(Keys.right))
        #expect(window.focusedItem === b && commandLines().isEmpty, "focus took the arrow before the ordinary command")
        let priority = KeyCommand(input: KeyCommand.inputRightArrow, action: "undo")
        priority.wantsPriorityOverSystemBehavior = true
        root.addKeyCommand(priority)
        try app.sendKeys(0.2, Keys.down(Keys.left), Keys.up(Keys.left))
        #expect(window.focusedItem === a)
        try app.sendKeys(0.3, Keys.down(Keys.right), Keys.up(Keys.right))
        #expect(window.focusedItem === a && commandLines() == ["root undo from keyCommand UIKeyInputRightArrow"])
    }

    // MARK: Repeats

    @Test func aRepeatableCommandActsAgainOnEachRepeatAndAnotherOnlyOnce() throws {
        root.addKeyCommand(KeyCommand(input: "=", modifierFlags: .command, action: "zoom"))
        let once = KeyCommand(input: "z", modifierFlags: .command, action: "undo")
        once.isRepeatable = false
        root.addKeyCommand(once)
        let equal = 46, z = Keys.letter("z")
        var repeats: [Bool] = []
        app.observeKeyCommands { repeats.append($0.isRepeat) }
        try app.sendKeys(0, Keys.down(equal, .command, ignoring: "="))
        try app.sendKeys(0.5, Keys.down(equal, .command, ignoring: "="), Keys.down(equal, .command, ignoring: "="))
        try app.sendKeys(0.6, Keys.down(z, .command))
        try app.sendKeys(1.1, Keys.down(z, .command))
        #expect(commandLines() == ["root zoom from keyCommand command+=", "root zoom from keyCommand command+=",
                                   "root zoom from keyCommand command+=", "root undo from keyCommand command+z"])
        #expect(repeats == [false, true, true, false])
    }

    @Test func aRepeatDoesNothingOnceItsCommandIsDisabledOrHasNoTarget() throws {
        let command = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        root.addKeyCommand(command)
        try app.sendKeys(0, Keys.down(s, .command))
        command.isEnabled = false
        try app.sendKeys(0.5, Keys.down(s, .command))
        command.isEnabled = true
        root.performableActions = []
        try app.sendKeys(0.6, Keys.down(s, .command))
        #expect(commandLines().count == 1)
    }

    @Test func aKeptPressesRepeatsDoNothing() throws {
        field.keeps = true
        let outcome = try app.sendKeys(0, Keys.down(s), Keys.down(s))
        #expect(outcome.unhandledKeys.isEmpty && outcome.unhandledRepeats.isEmpty)
        #expect(log.lines == ["field began 22"])
    }

    @Test func theKeyCommandsPropertyCanBeOverridden() throws {
        final class Declaring: View {
            override var keyCommands: [KeyCommand] { [KeyCommand(input: "s", modifierFlags: .command, action: "save")] }
        }
        let declaring = Declaring(frame: Rect(0, 0, 10, 10), in: app)
        root.addSubview(declaring)
        declaring.addSubview(field)
        field.becomeFirstResponder()
        try app.sendKeys(0, Keys.down(s, .command))
        #expect(commandLines() == ["root save from keyCommand command+s"])
    }
}
