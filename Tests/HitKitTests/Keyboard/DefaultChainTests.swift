import Testing
@testable import HitKit

/// Behaviour A10 through a chain of HitKit's own classes (plain views, a window, the
/// application), which the delivery walks without calling each level's default methods: the
/// outcome must be the one the methods give, and any responder that is not one of those classes,
/// or is observed, must still be called.
@Suite struct DefaultChainTests {
    let app = Application()
    let window: Window
    /// window → outer → middle → inner, all plain views; `inner` is the first responder.
    let outer: View, middle: View, inner: View
    let s = Keys.letter("s")

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        outer = View(frame: Rect(0, 0, 300, 300), in: app)
        middle = View(frame: Rect(0, 0, 200, 200), in: app)
        inner = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        window.makeKey()
        inner.acceptsFirstResponder = true
        inner.becomeFirstResponder()
    }

    /// Sends Command-S down and up; returns the receivers of the key commands performed.
    func commandS(at time: Double) throws -> [String] {
        var receivers: [String] = []
        let token = app.observeKeyCommands { report in receivers.append("\(report.receiver) \(report.command.action)") }
        defer { token.cancel() }
        try app.sendKeys(time, Keys.down(s, .command))
        try app.sendKeys(time + 0.1, Keys.up(s, .command))
        return receivers
    }

    @Test func theNearestPerformerFromTheTargetReceivesTheCommand() throws {
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        outer.performableActions = ["save"]
        middle.performableActions = ["save"]
        window.performableActions = ["save"]
        #expect(try commandS(at: 1) == ["\(middle) save"])
    }

    @Test func theNearestEnabledMatchWithAPerformerWins() throws {
        let disabled = KeyCommand(input: "s", modifierFlags: .command, action: "save")
        disabled.isEnabled = false
        middle.addKeyCommand(disabled)
        outer.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "nobodyDoesThis"))
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        app.performableActions = ["save"]
        #expect(try commandS(at: 1) == ["\(app) save"], "disabled and target-less matches do not consume")
    }

    /// A10 *Key commands*: "the target's own list first, each list in its order" — two matching
    /// commands declared by one plain view: the first listed acts.
    @Test func ofTwoMatchesInOneListTheFirstListedActs() throws {
        middle.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "first"))
        middle.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "second"))
        outer.performableActions = ["first", "second"]
        #expect(try commandS(at: 1) == ["\(outer) first"])
    }

    @Test func aSubclassInTheChainIsAskedForItsCommandsAndItsActions() throws {
        final class Computed: View {
            var asked = 0
            override var keyCommands: [KeyCommand] {
                asked += 1
                return [KeyCommand(input: "s", modifierFlags: .command, action: "save")]
            }
            override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool { action == "save" }
        }
        let computed = Computed(frame: Rect(0, 0, 50, 50), in: app)
        inner.addSubview(computed)
        computed.acceptsFirstResponder = true
        computed.becomeFirstResponder()
        window.performableActions = ["save"]
        #expect(try commandS(at: 1) == ["\(computed) save"])
        #expect(computed.asked == 1, "read afresh at the key down, once")
        #expect(try commandS(at: 2) == ["\(computed) save"])
        #expect(computed.asked == 2)
    }

    @Test func aResponderObservedWhileTheKeyIsDownGetsTheEnd() throws {
        var calls: [String] = []
        try app.sendKeys(1, Keys.down(s))
        middle.observePresses { responder, method, presses, _ in
            calls.append("\(responder) \(method)")
            return presses
        }
        try app.sendKeys(2, Keys.up(s))
        #expect(calls == ["\(middle) pressesEnded"])
    }

    @Test func anObservedResponderSeesTheBeganAndCanKeepIt() throws {
        var calls: [String] = []
        middle.observePresses { responder, method, presses, _ in
            calls.append("\(responder) \(method)")
            return []
        }
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        window.performableActions = ["save"]
        #expect(try commandS(at: 1) == [], "a began the observer keeps is consumed: no key command runs")
        #expect(calls == ["\(middle) pressesBegan", "\(middle) pressesEnded"])
    }

    @Test func aControllerInTheChainPassesThePressOnAndGetsItsEnd() throws {
        let log = PressLog()
        let content = View(frame: Rect(0, 0, 50, 50), in: app)
        let controller = PressController("controller", view: content, log: log)
        inner.addSubview(controller.view)
        content.acceptsFirstResponder = true
        content.becomeFirstResponder()
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        window.performableActions = ["save"]
        #expect(try commandS(at: 1) == ["\(window) save"])
        #expect(log.lines == ["controller began \(s)", "controller ended \(s)"])
    }

    @Test func anActionThatChangesTheChainIsSeenByTheNextKey() throws {
        window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
        window.performableActions = ["save"]
        middle.performableActions = ["save"]
        #expect(try commandS(at: 1) == ["\(middle) save"])
        inner.removeFromSuperview()
        window.addSubview(inner)
        inner.becomeFirstResponder()
        #expect(try commandS(at: 2) == ["\(window) save"], "the chain is read afresh at each key down")
    }
}
