import Testing
import HitKit

/// Behaviour A5's target-action: explicit and target-less actions, routing through the application,
/// the table's bookkeeping, closure actions and the overridable sending methods.
@Suite struct ControlTargetActionTests {
    let stage: ControlStage
    let controller: ViewController
    let field: FocusableView
    let button: Button

    /// window → container → the controller's view → field and button.
    init() {
        stage = ControlStage()
        controller = ViewController(view: View(frame: Rect(0, 0, 400, 400), in: stage.app))
        stage.container.addSubview(controller.view)
        field = FocusableView(frame: Rect(0, 0, 50, 50), in: stage.app)
        controller.view.addSubview(field)
        button = stage.add(Button(frame: Rect(100, 100, 100, 50), in: stage.app), "button", to: controller.view)
        stage.name(controller, "vc")
        stage.name(field, "field")
    }

    @Test func anExplicitTargetReceivesTheActionWhateverItDeclares() throws {
        let target = ActionPerformer()
        stage.name(target, "target")
        button.addTarget(target, action: "tapped", for: .touchUpInside)
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log == ["target tapped from button touchUpInside"])
        #expect(target.performed.map(\.action) == ["tapped"])
    }

    @Test func aTargetlessActionStartsAtTheFirstResponder() throws {
        controller.performableActions = ["save"]
        button.performableActions = ["save"]  // not asked: the climb starts at the first responder
        #expect(field.becomeFirstResponder())
        button.addTarget(nil, action: "save", for: .touchUpInside)
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log == ["vc save from button touchUpInside"])
    }

    @Test func withoutAFirstResponderATargetlessActionStartsAtTheControl() throws {
        controller.performableActions = ["save"]
        button.addTarget(nil, action: "save", for: .touchUpInside)
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log == ["vc save from button touchUpInside"])
        button.performableActions = ["save"]
        try stage.tap(2, 150, 125, at: 1)
        #expect(stage.log.last == "button save from button touchUpInside")
    }

    @Test func aTargetlessActionNobodyPerformsIsUnhandled() throws {
        button.addTarget(nil, action: "nobody", for: .touchUpInside)
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log == ["button nobody unhandled touchUpInside"])
        #expect(!button.sendAction("nobody", to: nil, for: nil))
        controller.performableActions = ["nobody"]
        #expect(button.sendAction("nobody", to: nil, for: nil))
    }

    @Test func theApplicationSeesEveryActionWithItsSenderAndTouchEvent() throws {
        let app = RoutingApplication()
        let stage = ControlStage(application: app)
        let button = stage.add(Button(frame: Rect(0, 0, 50, 50), in: stage.app), "button")
        let target = ActionPerformer()
        stage.name(target, "target")
        button.addTarget(target, action: "tapped", for: .touchUpInside)
        button.addTarget(nil, action: "lost", for: .touchDown)
        try stage.tap(1, 10, 10, at: 2)
        #expect(app.sent.map(\.action) == ["lost", "tapped"])
        #expect(app.sent.allSatisfy { $0.sender === button })
        #expect(app.sent.map(\.timestamp) == [2, 2.05])
        #expect(stage.log == ["button lost unhandled touchDown", "target tapped from button touchUpInside"])
    }

    @Test func anOverriddenSendActionSeesEachPair() throws {
        let counting = stage.add(CountingControl(frame: Rect(0, 300, 50, 50), in: stage.app), "counting")
        counting.addTarget(nil, action: "x", for: [.touchDown, .touchUpInside])
        counting.addTarget(field, action: "y", for: .touchUpInside)
        try stage.tap(1, 10, 310, at: 0)
        #expect(counting.sent == ["x", "x", "y"])
        // The override answered true without sending: the report says handled.
        #expect(stage.log == ["nil x from counting touchDown", "nil x from counting touchUpInside",
                              "field y from counting touchUpInside"])
    }

    @Test func theTableMergesListsAndRemoves() {
        let a = ActionPerformer(), b = ActionPerformer()
        button.addTarget(a, action: "one", for: .touchDown)
        button.addTarget(a, action: "one", for: .touchUpInside)  // merged into the first pair
        button.addTarget(b, action: "two", for: .valueChanged)
        button.addTarget(nil, action: "three", for: .touchUpInside)
        #expect(button.allTargets.count == 3)
        #expect(button.allTargets[0] === a && button.allTargets[1] === b && button.allTargets[2] == nil)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["one"])
        #expect(button.actions(forTarget: a, forControlEvent: .touchDown) == ["one"])
        #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["three"])
        #expect(button.actions(forTarget: b, forControlEvent: .touchUpInside) == nil)
        #expect(button.allControlEvents == [.touchDown, .touchUpInside, .valueChanged])

        button.removeTarget(a, action: "one", for: .touchDown)
        #expect(button.actions(forTarget: a, forControlEvent: .touchDown) == nil)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["one"])
        button.removeTarget(b, action: nil, for: .allEvents)
        #expect(button.allTargets.count == 2 && !button.allTargets.contains { $0 === b })
        button.removeTarget(nil, action: nil, for: .allEvents)  // nil: every pair, as UIKit
        #expect(button.allTargets.isEmpty)
        #expect(button.allControlEvents.isEmpty)
    }

    @Test func aFreedTargetIsSkippedNotSentUpTheChain() throws {
        controller.performableActions = ["gone"]
        var target: ActionPerformer? = ActionPerformer()
        button.addTarget(target, action: "gone", for: .touchUpInside)
        target = nil
        try stage.tap(1, 150, 125, at: 0)
        #expect(stage.log.isEmpty)
        #expect(button.allTargets.isEmpty)
    }

    @Test func closureActionsRunInRegistrationOrderAndCanBeRemoved() throws {
        var calls: [String] = []
        let target = ActionPerformer()
        stage.name(target, "target")
        let first = button.addAction(for: .touchUpInside) { control in calls.append("first \(control === button)") }
        button.addTarget(target, action: "tapped", for: .touchUpInside)
        button.addAction(for: [.touchUpInside, .touchDown]) { _ in calls.append("second") }
        button.addTarget(target, action: "after", for: .touchUpInside)
        try stage.tap(1, 150, 125, at: 0)
        #expect(calls == ["second", "first true", "second"])
        #expect(target.performed.map(\.action) == ["tapped", "after"])
        button.removeAction(first)
        calls = []
        try stage.tap(2, 150, 125, at: 1)
        #expect(calls == ["second", "second"])
    }
}

/// A view that can be first responder.
final class FocusableView: View {
    override var canBecomeFirstResponder: Bool { true }
}

/// Records what reaches the application's `sendAction`, then routes it as usual.
final class RoutingApplication: Application {
    private(set) var sent: [(action: Action, sender: AnyObject?, timestamp: Double?)] = []

    override func sendAction(_ action: Action, to target: Responder?, from sender: AnyObject?, for event: Event?) -> Bool {
        sent.append((action, sender, event?.timestamp))
        return super.sendAction(action, to: target, from: sender, for: event)
    }
}

/// Counts the pairs it is asked to send and claims each handled without sending it.
final class CountingControl: Control {
    private(set) var sent: [Action] = []

    override func sendAction(_ action: Action, to target: Responder?, for event: HitKit.Event?) -> Bool {
        sent.append(action)
        return true
    }
}
