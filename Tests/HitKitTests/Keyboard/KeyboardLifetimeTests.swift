import Testing
@testable import HitKit

/// The keyboard keeps nothing alive: an application whose key commands acted, whose focus moved
/// and whose presses are still under way is freed when its host lets go of it, and what the host
/// kept (a press, a key command, a view) outlives it harmlessly.
@Suite struct KeyboardLifetimeTests {
    /// A view that performs the key commands' action.
    final class Performer: View {
        var performed = 0
        override func perform(_ action: Action, sender: Any?, event: Event?) { performed += 1 }
    }

    @Test(arguments: [
        "the application", "the window", "the root view controller", "the first responder",
    ])
    func anApplicationWhoseKeyCommandActedIsFreed(declaredOn declarer: String) throws {
        weak var freed: Application?
        let performer: Performer
        do {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 100, 100), in: app)
            performer = Performer(frame: Rect(0, 0, 50, 50), in: app)
            performer.performableActions.insert("act")
            performer.acceptsFirstResponder = true
            let controller = ViewController(view: View(frame: Rect(0, 0, 100, 100), in: app))
            window.rootViewController = controller
            controller.view.addSubview(performer)
            window.makeKey()
            #expect(performer.becomeFirstResponder())
            let command = KeyCommand(input: "a", action: "act")
            switch declarer {
            case "the application": app.addKeyCommand(command)
            case "the window": window.addKeyCommand(command)
            case "the root view controller": controller.addKeyCommand(command)
            default: performer.addKeyCommand(command)
            }
            try app.sendKeys(0, Keys.down(Keys.letter("a")))
            try app.sendKeys(0.1, Keys.down(Keys.letter("a")))                 // a repeat
            #expect(performer.performed == 2)
            try app.sendKeys(0.2, Keys.up(Keys.letter("a")))
            freed = app
        }
        #expect(freed == nil, "the key command on \(declarer) kept its application alive")
        #expect(performer.application == nil)
    }

    /// A window whose "delete" key command removes the view it is given and lets it go.
    final class DeletingWindow: Window {
        var doomed: View?
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            doomed?.removeFromSuperview()
            doomed = nil
        }
    }

    /// Behaviour A10: a focused item that leaves the focusable set loses focus at once, and the
    /// observers hear of every change. A view removed inside a delivery is checked at the
    /// delivery's end; the view, let go by its host meanwhile, is still the loss's previous item,
    /// and is freed once the observers have heard.
    @Test func aFocusedViewRemovedAndLetGoInsideADeliveryIsToldLostThenFreed() throws {
        let app = Application()
        let window = DeletingWindow(frame: Rect(0, 0, 200, 100), in: app)
        window.performableActions.insert("delete")
        window.addKeyCommand(KeyCommand(input: "x", modifierFlags: .command, action: "delete"))
        window.makeKey()
        window.isFocusSystemEnabled = true
        app.setTraceName("win", for: window)
        var changes: [(previous: ObjectIdentifier?, next: ObjectIdentifier?)] = []
        app.observeFocus { changes.append(($0.previouslyFocusedItem.map(ObjectIdentifier.init),
                                           $0.nextFocusedItem.map(ObjectIdentifier.init))) }
        var losses: [String] = []
        app.observeTrace { if $0.kind == .focusChanged { losses.append($0.message) } }
        weak var freed: Button?
        let doomedID: ObjectIdentifier
        do {
            let button = Button(frame: Rect(10, 10, 40, 40), in: app)
            app.setTraceName("doomed", for: button)
            window.addSubview(button)
            freed = button
            doomedID = ObjectIdentifier(button)
            window.doomed = button
        }
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(window.focusedItem === freed && changes.count == 1)
        try app.sendKeys(0.1, Keys.down(Keys.letter("x"), .command))
        #expect(window.focusedItem == nil)
        #expect(changes.count == 2)
        #expect(changes.last?.previous == doomedID && changes.last?.next == nil,
                "the observers heard of the loss with the view that lost focus")
        #expect(losses.last == "doomed loses focus in win: it is no longer focusable")
        #expect(freed == nil, "the view was freed once the loss was told")
    }

    /// The same for the focused view's window, removed from the application inside a delivery
    /// (by the focused button's own action, on Return) and let go: the loss is told with the
    /// window and the button, then both are freed.
    @Test func aWindowRemovedAndLetGoInsideADeliveryStillTellsItsFocusLoss() throws {
        let app = Application()
        var changes: [(window: ObjectIdentifier, previous: ObjectIdentifier?, next: ObjectIdentifier?)] = []
        app.observeFocus { changes.append((ObjectIdentifier($0.window), $0.previouslyFocusedItem.map(ObjectIdentifier.init),
                                           $0.nextFocusedItem.map(ObjectIdentifier.init))) }
        weak var freedWindow: Window?
        weak var freedButton: Button?
        do {
            let window = Window(frame: Rect(0, 0, 200, 100), in: app)
            let button = Button(frame: Rect(10, 10, 40, 40), in: app)
            window.addSubview(button)
            window.makeKey()
            window.isFocusSystemEnabled = true
            _ = button.addAction(for: .primaryActionTriggered) { [unowned app, unowned window] _ in app.removeWindow(window) }
            (freedWindow, freedButton) = (window, button)
        }
        try app.sendKeys(0, Keys.down(Keys.tab), Keys.up(Keys.tab))
        #expect(changes.count == 1 && freedWindow?.focusedItem === freedButton)
        let (windowID, buttonID) = (freedWindow.map(ObjectIdentifier.init), freedButton.map(ObjectIdentifier.init))
        try app.sendKeys(0.1, Keys.down(Keys.enter), Keys.up(Keys.enter))
        #expect(changes.count == 2)
        #expect(changes.last?.window == windowID && changes.last?.previous == buttonID && changes.last?.next == nil,
                "the observers heard of the loss in the removed window")
        #expect(freedWindow == nil && freedButton == nil, "both were freed once the loss was told")
    }

    @Test func anApplicationWithAPressUnderWayAndFocusMovedIsFreed() throws {
        weak var freed: Application?
        var kept: Press?
        let focused: Button
        do {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 200, 100), in: app)
            focused = Button(frame: Rect(10, 10, 40, 40), in: app)
            window.addSubview(focused)
            window.addSubview(Button(frame: Rect(100, 10, 40, 40), in: app))
            window.makeKey()
            window.isFocusSystemEnabled = true
            var moves = 0
            let token = app.observeFocus { _ in moves += 1 }
            try app.sendKeys(0, Keys.down(43), Keys.up(43))                       // Tab
            #expect(window.focusedItem === focused && moves == 1)
            let holder = PressView("holder", in: app, log: PressLog())
            holder.keeps = true
            window.addSubview(holder)
            window.isFocusSystemEnabled = false
            #expect(holder.becomeFirstResponder())
            try app.sendKeys(0.1, Keys.down(Keys.letter("z")))                    // held when let go
            kept = app.keyboard.down.first?.press
            #expect(kept?.responder === holder)
            _ = token
            freed = app
        }
        #expect(freed == nil)
        #expect(kept?.responder == nil, "the press's target went with its application")
        #expect(focused.window == nil)
    }

    /// A focusable view with no group identifier is a group of its own (Behaviour A10), and the
    /// window remembers each group's last focused item: a list whose cells are made, focused and
    /// destroyed must not leave one remembered group per cell for the window's life.
    @Test func aWindowForgetsTheFocusGroupsOfDestroyedViews() throws {
        let app = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        window.isFocusSystemEnabled = true
        var time = 1.0
        for _ in 0..<200 {
            let cell = View(frame: Rect(0, 0, 40, 40), in: app)
            cell.allowsFocus = true
            window.addSubview(cell)
            try app.sendKeys(time, Keys.down(Keys.tab), Keys.up(Keys.tab))
            time += 0.1
            #expect(window.focusedItem === cell)
            cell.removeFromSuperview()
        }
        let remembered = try #require(window.focusState).lastFocused.count
        #expect(remembered <= 1, "the window remembers \(remembered) groups of views long gone")
    }
}
