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
}
