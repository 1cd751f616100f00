import Testing
@testable import HitKit

/// Behaviour A5's target-action plumbing through `Application.sendAction`.
@Suite struct ActionTests {
    final class Performer: View {
        var received: [Action] = []
        override var canBecomeFirstResponder: Bool { true }
        override func perform(_ action: Action, sender: Any?, event: Event?) { received.append(action) }
    }

    final class PerformingController: ViewController {
        var received: [Action] = []
        override func perform(_ action: Action, sender: Any?, event: Event?) { received.append(action) }
    }

    let app = Application()
    let window: Window
    let controller: PerformingController
    let container: Performer
    let leaf: Performer

    init() {
        window = Window(frame: Rect(0, 0, 100, 100), in: app)
        controller = PerformingController(view: View(frame: Rect(0, 0, 100, 100), in: app))
        window.rootViewController = controller
        container = Performer(frame: Rect(0, 0, 50, 50), in: app)
        leaf = Performer(frame: Rect(0, 0, 10, 10), in: app)
        controller.view.addSubview(container)
        container.addSubview(leaf)
        window.makeKeyAndVisible()
    }

    @Test func explicitTargetReceivesTheActionDirectly() {
        let target = ActionRecorder("target")  // declares no actions: UIKit calls the target anyway
        let sender = View(in: app)
        #expect(app.sendAction("save", to: target, from: sender, for: nil))
        #expect(target.performed.map(\.action) == ["save"])
        #expect(target.performed.first?.sender === sender)
    }

    @Test func targetlessActionStartsAtTheFirstResponderAndClimbs() {
        controller.performableActions = ["save"]
        #expect(leaf.becomeFirstResponder())
        #expect(app.sendAction("save", to: nil, from: nil, for: nil))
        #expect(controller.received == ["save"])
        #expect(leaf.received.isEmpty && container.received.isEmpty)
    }

    @Test func theNearestResponderThatCanPerformWins() {
        container.performableActions = ["save"]
        controller.performableActions = ["save"]
        #expect(leaf.becomeFirstResponder())
        #expect(app.sendAction("save", to: nil, from: nil, for: nil))
        #expect(container.received == ["save"])
        #expect(controller.received.isEmpty)
    }

    @Test func withoutAFirstResponderTheSenderStartsTheClimb() {
        container.performableActions = ["tap"]
        #expect(app.sendAction("tap", to: nil, from: leaf, for: nil))
        #expect(container.received == ["tap"])
    }

    @Test func theChainGoesThroughTheApplicationToItsDelegate() {
        let delegate = ActionRecorder("delegate", actions: ["quit"])
        app.delegate = delegate
        #expect(app.sendAction("quit", to: nil, from: leaf, for: nil))
        #expect(delegate.performed.map(\.action) == ["quit"])
    }

    @Test func unhandledReturnsFalse() {
        container.performableActions = ["other"]
        #expect(leaf.becomeFirstResponder())
        #expect(!app.sendAction("nobody", to: nil, from: leaf, for: nil))
        #expect(!app.sendAction("nobody", to: nil, from: nil, for: nil))
        #expect(leaf.received.isEmpty && container.received.isEmpty && controller.received.isEmpty)
    }

    @Test func noFirstResponderAndNoSenderIsUnhandled() {
        controller.performableActions = ["save"]
        #expect(!app.sendAction("save", to: nil, from: nil, for: nil))
    }

    @Test func firstResponderOfANonKeyWindowIsNotUsed() {
        let other = Window(frame: Rect(0, 0, 100, 100), in: app)
        let otherField = Performer(frame: .zero, in: app)
        other.addSubview(otherField)
        otherField.performableActions = ["save"]
        #expect(otherField.becomeFirstResponder())
        #expect(!app.sendAction("save", to: nil, from: nil, for: nil))
        other.makeKey()
        #expect(app.sendAction("save", to: nil, from: nil, for: nil))
        #expect(otherField.received == ["save"])
    }

    @Test func targetForActionAndCanPerformOverride() {
        final class Picky: Responder {
            override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
                action.name.hasPrefix("ok")
            }
        }
        let picky = Picky()
        #expect(picky.target(forAction: "okay", withSender: nil) === picky)
        #expect(picky.target(forAction: "nope", withSender: nil) == nil)
        let tail = ActionRecorder("tail", actions: ["nope"])
        let head = ActionRecorder("head", next: tail)
        #expect(head.target(forAction: "nope", withSender: nil) === tail)
    }

    @Test func overriddenSendActionSeesEverySend() {
        final class Spy: Application {
            var sent: [(Action, Bool)] = []
            override func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
                let handled = super.sendAction(action, to: target, from: sender, for: event)
                sent.append((action, handled))
                return handled
            }
        }
        let spy = Spy()
        #expect(!spy.sendAction("x", to: nil, from: nil, for: nil))
        #expect(spy.sent.map(\.0) == ["x"] && spy.sent.map(\.1) == [false])
    }
}
