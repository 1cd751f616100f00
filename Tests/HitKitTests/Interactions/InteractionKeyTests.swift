import Testing
@testable import HitKit

/// Behaviour A11 **Keys** through key frames: Escape, the Menu key and Shift-F10 reach the menus
/// and drags before the chain (A10's hook), make no press, and go on as any key otherwise. The
/// scenarios `menu-escape-and-menu-key` and `drag-escape-cancels-sessions` hold the sequences;
/// these hold what they cannot: the modifier chords, the focused item as the target, the trace.
@Suite struct InteractionKeyTests {
    let app = Application()
    let window: Window
    let field: PressView
    let pressLog = PressLog()
    let log = InteractionLog()
    let delegate: RecordingMenuDelegate
    let menu: ContextMenuInteraction
    static let escape = 41, menuKey = 101, f10 = 67

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        field = PressView("field", frame: Rect(20, 20, 200, 100), in: app, log: pressLog)
        window.addSubview(field)
        window.makeKey()
        field.becomeFirstResponder()
        delegate = RecordingMenuDelegate("menu", log: log, configuration: ContextMenuConfiguration(
            items: [menuItem("cut", Rect(220, 20, 100, 30), action: "cut")]))
        menu = ContextMenuInteraction(delegate: delegate)
        try field.addInteraction(menu)
    }

    @Test(arguments: [
        (KeyModifierFlags.shift, true),
        ([.shift, .alphaShift], true),
        ([.shift, .numericPad], true),
        ([], false),
        ([.shift, .control], false),
        ([.shift, .alternate], false),
        ([.shift, .command], false),
    ] as [(KeyModifierFlags, Bool)])
    func f10IsTheMenuKeyWithShiftAloneAmongTheChordModifiers(_ flags: KeyModifierFlags, _ shows: Bool) throws {
        let outcome = try app.sendKeys(0, Keys.down(Self.f10, flags))
        #expect((menu.openMenu?.isCompact == true) == shows)
        // Taken: no press and not unhandled; else the key went through A10 to the field and on.
        #expect(pressLog.lines == (shows ? [] : ["field began 67"]))
        #expect(outcome.unhandledKeys == (shows ? [] : [0]))
    }

    @Test func theMenuKeyAsksFromTheFocusedItemBeforeTheFirstResponder() throws {
        window.isFocusSystemEnabled = true
        let button = Button(frame: Rect(20, 200, 80, 40), in: app)
        window.addSubview(button)
        let buttonDelegate = RecordingMenuDelegate("buttonMenu", log: log, configuration: ContextMenuConfiguration(
            items: [menuItem("rename", Rect(100, 200, 100, 30))]))
        let buttonMenu = ContextMenuInteraction(delegate: buttonDelegate)
        try button.addInteraction(buttonMenu)
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === button)
        try app.sendKeys(0.1, Keys.down(Self.menuKey))
        #expect(app.openContextMenu === buttonMenu)
        #expect(log.lines == ["buttonMenu configuration 40.0 20.0", "buttonMenu willDisplay"])
        withExtendedLifetime(buttonDelegate) {}
    }

    /// Within one view the context menu added last is asked first, as for a touch; a nil answer
    /// passes to the one added before it.
    @Test(arguments: [true, false])
    func theMenuKeyAsksAViewsLatestAddedMenuFirst(_ laterHasItems: Bool) throws {
        let laterDelegate = RecordingMenuDelegate("later", log: log, configuration: laterHasItems
            ? ContextMenuConfiguration(items: [menuItem("paste", Rect(220, 60, 100, 30))]) : nil)
        let later = ContextMenuInteraction(delegate: laterDelegate)
        try field.addInteraction(later)
        try app.sendKeys(0, Keys.down(Self.menuKey))
        if laterHasItems {
            #expect(app.openContextMenu === later)
            #expect(log.lines == ["later configuration 100.0 50.0", "later willDisplay"])
        } else {
            #expect(app.openContextMenu === menu)
            #expect(log.lines == ["later nil", "menu configuration 100.0 50.0", "menu willDisplay"])
        }
        withExtendedLifetime(laterDelegate) {}
    }

    @Test func onlyADownActsSoAnEscapeHeldBeforeAMenuOpensEndsItsPressAndLeavesTheMenu() throws {
        // Escape's down with nothing open goes through A10; its up, once a menu has opened
        // meanwhile, ends that press and dismisses nothing.
        try app.sendKeys(0, Keys.down(Self.escape))
        try app.sendKeys(0.1, Keys.down(Self.menuKey))
        try app.sendKeys(0.2, Keys.up(Self.escape))
        #expect(pressLog.lines == ["field began 41", "field ended 41"])
        #expect(app.openContextMenu === menu)
    }

    @Test func theTraceSaysTheKeyWasTakenBeforeTheChainAndTheMenuShown() throws {
        final class Recorder { var records: [TraceRecord] = [] }
        let recorder = Recorder()
        app.observeTrace { [recorder] in recorder.records.append($0) }
        try app.sendKeys(0, Keys.down(Self.menuKey))
        let taken = recorder.records.filter { $0.kind == .keyTarget }.map(\.message)
        #expect(taken.count == 1 && taken[0].contains("taken before the chain"), "\(taken)")
        #expect(recorder.records.contains { $0.kind == .menuShown && $0.message.contains("shown, compact") })
    }
}
