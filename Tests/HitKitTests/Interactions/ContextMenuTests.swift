import Testing
@testable import HitKit

/// Behaviour A11's context menus through the API: what scenes cannot say (handlers, the open
/// menu's state, bad frames, custom recognizers, keys through the application calls).
@Suite struct ContextMenuTests {
    let app = Application()
    let window: Window
    let photo: View
    let log = InteractionLog()
    let delegate: RecordingMenuDelegate
    let menu: ContextMenuInteraction

    init() throws {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        photo = View(frame: Rect(20, 20, 200, 200), in: app)
        window.addSubview(photo)
        delegate = RecordingMenuDelegate("menu", log: log, configuration: ContextMenuConfiguration(items: [
            menuItem("copy", Rect(250, 20, 100, 40), action: "copy"),
            menuItem("paste", Rect(250, 60, 100, 40), action: "paste", enabled: false),
        ]))
        menu = ContextMenuInteraction(delegate: delegate)
        try photo.addInteraction(menu)
    }

    @Test(arguments: [Rect(0, 0, -1, 10), Rect(0, 0, 10, -1), Rect(.nan, 0, 10, 10), Rect(0, 0, .infinity, 10)])
    func anItemFrameMustBeFiniteWithoutNegativeSize(_ frame: Rect) {
        #expect {
            try ContextMenuConfiguration.Item(identifier: "x", frame: frame)
        } throws: { error in
            guard case .invalidItemFrame = error as? InteractionError else { return false }
            return true
        }
    }

    @Test func anEmptyFrameIsAnItemNothingCanReach() throws {
        let item = try ContextMenuConfiguration.Item(identifier: "x", frame: Rect(10, 10, 0, 0))
        #expect(ContextMenuConfiguration(items: [item]).enabledItem(at: Point(x: 10, y: 10)) == nil)
    }

    @Test func anItemsHandlerRunsInsteadOfItsAction() throws {
        var handled: [String] = []
        delegate.configuration = ContextMenuConfiguration(items: [
            menuItem("copy", Rect(250, 20, 100, 40), action: "copy") { handled.append($0.identifier) },
        ])
        let receiver = photo
        receiver.performableActions = ["copy"]
        var reports: [ContextMenuInteraction.ItemReport] = []
        menu.observePerformedItems { _, report in reports.append(report) }
        try app.finger(1, .began, 50, 50, at: 0)
        try app.finger(1, .moved, 300, 30, at: 0.4)
        try app.finger(1, .ended, 300, 30, at: 0.5)
        #expect(handled == ["copy"])
        #expect(reports.count == 1 && reports[0].handled && reports[0].receiver == nil, "the action was not sent")
    }

    /// A11: an item's action goes as a control's target-less action does (A5): from the key
    /// window's first responder when there is one, else from the menu's view.
    @Test func anItemsActionStartsAtTheFirstResponder() throws {
        let field = View(frame: Rect(250, 300, 100, 40), in: app)
        window.addSubview(field)
        field.acceptsFirstResponder = true
        field.performableActions = ["copy"]
        photo.performableActions = ["copy"]
        // Identities, not the responders: the observer, kept by the menu's view, must not keep it.
        var receivers: [ObjectIdentifier?] = []
        menu.observePerformedItems { _, report in receivers.append(report.receiver.map(ObjectIdentifier.init)) }
        #expect(field.becomeFirstResponder())
        try app.finger(1, .began, 50, 50, at: 0)
        try app.finger(1, .moved, 300, 30, at: 0.4)
        try app.finger(1, .ended, 300, 30, at: 0.5)
        #expect(receivers == [ObjectIdentifier(field)], "the first responder, though the menu's view can copy")
        #expect(field.resignFirstResponder())
        try app.finger(2, .began, 50, 50, at: 1)
        try app.finger(2, .moved, 300, 30, at: 1.4)
        try app.finger(2, .ended, 300, 30, at: 1.5)
        #expect(receivers == [ObjectIdentifier(field), ObjectIdentifier(photo)], "no first responder: from the menu's view")
    }

    @Test func theOpenMenuReportsItsStateAndDismissesOnce() throws {
        try app.send(InputFrame(timestamp: 0, pointer: PointerInput(id: 9, location: Point(x: 50, y: 50), buttons: .secondary)))
        let open = try #require(menu.openMenu)
        #expect(open.isCompact && open.interaction === menu && open.highlightedItem == nil)
        try app.send(InputFrame(timestamp: 0.1, pointer: PointerInput(id: 9, location: Point(x: 50, y: 50))))
        try app.send(InputFrame(timestamp: 0.2, pointer: PointerInput(id: 9, location: Point(x: 300, y: 70), buttons: .primary)))
        #expect(open.highlightedItem == nil, "a disabled item is never highlighted")
        try app.send(InputFrame(timestamp: 0.3, pointer: PointerInput(id: 9, location: Point(x: 300, y: 30), buttons: .primary)))
        #expect(open.highlightedItem?.identifier == "copy")
        menu.dismissMenu()
        menu.dismissMenu()
        #expect(menu.openMenu == nil && app.openContextMenu == nil)
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willDisplay", "menu highlight copy", "menu willEnd"])
    }

    /// A11: an item is highlighted each time a touch of the menu enters it, entering it again
    /// included, so its highlight ends as the finger leaves every enabled item (or is cancelled):
    /// the open menu then reports none, as `hk_context_menu_is_open` answers -1.
    @Test func leavingEveryItemEndsTheHighlight() throws {
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        let open = try #require(menu.openMenu)
        var highlighted: [String?] = []
        for (x, y, time) in [(300.0, 30.0, 0.5), (300, 70, 0.6), (300, 30, 0.65), (100, 300, 0.7), (300, 30, 0.75)] {
            try app.finger(1, .moved, x, y, at: time)
            highlighted.append(open.highlightedItem?.identifier)
        }
        #expect(highlighted == ["copy", nil, "copy", nil, "copy"], "the disabled paste is no item")
        try app.finger(1, .cancelled, 300, 30, at: 0.8)
        #expect(menu.openMenu === open && open.highlightedItem == nil && open.highlightedIndex == nil)
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willDisplay", "menu highlight copy",
                              "menu highlight copy", "menu highlight copy"])
    }

    /// With several touches on the menu, the highlighted touch leaving gives the highlight to the
    /// item entered latest by another touch (not the touch that joined the menu last), and the
    /// delegate hears of it as of any highlight.
    @Test func theHighlightFallsBackToTheItemEnteredLatestAndIsTold() throws {
        delegate.configuration = ContextMenuConfiguration(items: [
            menuItem("a", Rect(250, 20, 100, 40), action: "copy"),
            menuItem("b", Rect(250, 60, 100, 40), action: "copy"),
            menuItem("c", Rect(250, 100, 100, 40), action: "copy"),
            menuItem("d", Rect(250, 140, 100, 40), action: "copy"),
        ])
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.4)
        let open = try #require(menu.openMenu)
        try app.finger(2, .began, 300, 80, at: 0.5)    // b
        try app.finger(3, .began, 300, 120, at: 0.6)   // c, joined after 2
        try app.finger(2, .moved, 300, 40, at: 0.7)    // a, entered after 3 entered c
        try app.finger(1, .moved, 300, 160, at: 0.8)   // d
        try app.finger(1, .moved, 100, 300, at: 0.9)   // off every item
        #expect(open.highlightedItem?.identifier == "a")
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willDisplay", "menu highlight b", "menu highlight c",
                              "menu highlight a", "menu highlight d", "menu highlight a"])
    }

    /// A recognizer that begins on its first move, as a custom one may.
    final class EagerRecognizer: GestureRecognizer {
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            if state == .possible { state = .began }
        }
    }

    @Test func aRecognizerThatBeginsEndsAPendingAttemptAfterItsOwnChange() throws {
        let eager = EagerRecognizer()
        eager.observeStateChanges { [log] _, state in log.lines.append("eager \(state)") }
        window.addGestureRecognizer(eager)
        try app.finger(1, .began, 50, 50, at: 0)
        try app.finger(1, .moved, 52, 50, at: 0.2)
        try app.advance(to: 1)
        #expect(log.lines == ["menu configuration 30.0 30.0", "eager began", "menu willEnd"])
    }

    @Test func aPendingAttemptWhoseViewLeavesItsWindowEnds() throws {
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.2)
        photo.removeFromSuperview()
        try app.advance(to: 1)
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willEnd"])
        #expect(app.openContextMenu == nil)
    }

    @Test func theMenuKeyAsksFromTheFirstResponderAtTheBoundsCenter() throws {
        photo.acceptsFirstResponder = true
        #expect(photo.becomeFirstResponder())
        #expect(app.handleContextMenuKey())
        #expect(menu.openMenu?.isCompact == true)
        #expect(!app.handleContextMenuKey(), "with a menu open the key goes on as any key")
        #expect(app.handleEscapeKey())
        #expect(!app.handleEscapeKey(), "nothing left for Escape to do")
        #expect(log.lines == ["menu configuration 100.0 100.0", "menu willDisplay", "menu willEnd"])
    }

    @Test func theMenuKeyFindsNoMenuOffTheChain() throws {
        #expect(!app.handleContextMenuKey(), "the key window is the target: no menu on its chain")
        #expect(log.lines.isEmpty)
    }

    // MARK: One menu at a time per interaction

    func click(_ buttons: Event.ButtonMask, at time: Double) throws {
        try app.send(InputFrame(timestamp: time, pointer: PointerInput(id: 9, location: Point(100, 100), buttons: buttons)))
    }

    /// A finger held on the photo has been answered a menu when a secondary click asks for one:
    /// the finger's attempt ends first, as when a second touch reaches the interaction, so the
    /// delegate sees each answer end before the next menu shows, and the shown one end once.
    @Test func aClickAskingWhileAFingersAttemptIsAnsweredEndsThatAttemptFirst() throws {
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.2)
        try click(.secondary, at: 0.25)
        try click([], at: 0.3)
        try app.advance(to: 0.5)                  // the finger's 0.325 s passes: nothing more
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willEnd", "menu configuration 80.0 80.0", "menu willDisplay"])
        try app.finger(1, .ended, 50, 50, at: 0.6)
        menu.dismissMenu()
        #expect(log.lines.suffix(1) == ["menu willEnd"] && log.lines.count == 5)
    }

    /// The same with the Menu key, from the photo as first responder.
    @Test func theMenuKeyAskingWhileAFingersAttemptIsAnsweredEndsThatAttemptFirst() throws {
        photo.acceptsFirstResponder = true
        #expect(photo.becomeFirstResponder())
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.2)
        #expect(app.handleContextMenuKey())
        try app.advance(to: 0.5)
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willEnd", "menu configuration 100.0 100.0", "menu willDisplay"])
    }

    /// The Menu key pressed from inside the provider it is asking, by a provider that presses it
    /// at every ask: the inner press does nothing (it would ask again, without end), so the
    /// outer answer is the one shown, once, and ends once.
    @Test func theMenuKeyPressedFromItsOwnProviderDoesNothing() throws {
        photo.acceptsFirstResponder = true
        #expect(photo.becomeFirstResponder())
        var innerAnswers: [Bool] = []
        func pressAtEveryAsk() {
            delegate.duringNextAsk = { [app] in
                pressAtEveryAsk()
                innerAnswers.append(app.handleContextMenuKey())
            }
        }
        pressAtEveryAsk()
        #expect(app.handleContextMenuKey())
        #expect(innerAnswers == [false])
        #expect(menu.openMenu?.isCompact == true)
        #expect(log.lines == ["menu configuration 100.0 100.0", "menu willDisplay"])
        delegate.duringNextAsk = nil
        menu.dismissMenu()
        #expect(log.lines == ["menu configuration 100.0 100.0", "menu willDisplay", "menu willEnd"])
    }

    /// The same from a secondary click's ask: the key does nothing, and the click's menu shows.
    @Test func theMenuKeyPressedFromAClicksProviderDoesNothing() throws {
        photo.acceptsFirstResponder = true
        #expect(photo.becomeFirstResponder())
        var keyShowed: Bool?
        delegate.duringNextAsk = { [app] in keyShowed = app.handleContextMenuKey() }
        try click(.secondary, at: 0)
        #expect(keyShowed == false)
        #expect(log.lines == ["menu configuration 80.0 80.0", "menu willDisplay"])
        #expect(menu.openMenu?.isCompact == true)
    }

    /// And from a held finger's ask at 0.15 s: the key does nothing, and the finger's menu
    /// shows at 0.325 s.
    @Test func theMenuKeyPressedFromAFingersProviderDoesNothing() throws {
        photo.acceptsFirstResponder = true
        #expect(photo.becomeFirstResponder())
        var keyShowed: Bool?
        delegate.duringNextAsk = { [app] in keyShowed = app.handleContextMenuKey() }
        try app.finger(1, .began, 50, 50, at: 0)
        try app.advance(to: 0.5)
        #expect(keyShowed == false)
        #expect(log.lines == ["menu configuration 30.0 30.0", "menu willDisplay"])
        #expect(menu.openMenu?.isCompact == false)
    }

    /// A finger down in the frame whose secondary click shows the photo's menu: the click's menu
    /// shows first (the frame's pointer is taken at the press, before step 1 gives the finger to
    /// the interaction), and the interaction, showing it, is not asked again for the finger.
    @Test func aFingerOnAnInteractionShowingItsMenuIsNotAskedForAnother() throws {
        try app.send(InputFrame(timestamp: 0, touches: [TouchInput(id: 1, phase: .began, location: Point(50, 50))],
                                pointer: PointerInput(id: 9, location: Point(100, 100), buttons: .secondary)))
        try click([], at: 0.05)
        try app.advance(to: 0.5)
        #expect(log.lines == ["menu configuration 80.0 80.0", "menu willDisplay"])
        #expect(menu.openMenu?.isCompact == true)
        try app.finger(1, .ended, 50, 50, at: 0.6)
        menu.dismissMenu()
        #expect(log.lines == ["menu configuration 80.0 80.0", "menu willDisplay", "menu willEnd"])
    }
}
