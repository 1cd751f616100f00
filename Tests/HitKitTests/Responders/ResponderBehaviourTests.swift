import Testing
@testable import HitKit

/// The seeds' three responder behaviours, along the whole chain (Behaviour A3).
@Suite struct ResponderBehaviourTests {
    let app = RecordingApplication()
    var log: TouchLog { app.log }

    /// window > controller's root view "root" > "parent" > "child", all recording with the given
    /// behaviours; the application intercepts.
    func build(child: TouchBehaviour, parent: TouchBehaviour = .intercept, root: TouchBehaviour = .forward,
               controller: TouchBehaviour = .forward, window: TouchBehaviour = .forward) -> RecordingView {
        let w = RecordingWindow("window", frame: Rect(0, 0, 300, 300), in: app, log: log, behaviour: window)
        let rootView = RecordingView("root", frame: Rect(0, 0, 300, 300), in: app, log: log, behaviour: root)
        w.rootViewController = RecordingController("vc", view: rootView, log: log, behaviour: controller)
        let p = RecordingView("parent", frame: Rect(0, 0, 100, 100), in: app, log: log, behaviour: parent)
        let c = RecordingView("child", frame: Rect(10, 10, 20, 20), in: app, log: log, behaviour: child)
        rootView.addSubview(p)
        p.addSubview(c)
        return c
    }

    func tap(at x: Double, _ y: Double) throws {
        try app.frame(0, began(1, x, y))
        try app.frame(0.05, moved(1, x + 1, y))
        try app.frame(0.1, ended(1, x + 1, y))
    }

    @Test func aViewThatDoesNotOverrideForwardsToItsSuperview() throws {
        _ = build(child: .forward)
        try tap(at: 15, 15)
        #expect(log.lines == ["parent touchesBegan 1", "parent touchesMoved 1", "parent touchesEnded 1"])
    }

    @Test func aViewThatOverridesIntercepts() throws {
        _ = build(child: .intercept)
        try tap(at: 15, 15)
        #expect(log.lines == ["child touchesBegan 1", "child touchesMoved 1", "child touchesEnded 1"])
    }

    @Test func aViewThatOverridesAndCallsSuperPassesOn() throws {
        _ = build(child: .interceptAndPassOn)
        try tap(at: 15, 15)
        #expect(log.lines == [
            "child touchesBegan 1", "parent touchesBegan 1",
            "child touchesMoved 1", "parent touchesMoved 1",
            "child touchesEnded 1", "parent touchesEnded 1",
        ])
    }

    @Test func forwardingClimbsThroughControllerWindowAndApplicationToTheDelegate() throws {
        let delegate = DelegateRecorder(log: log)
        app.delegate = delegate
        app.recorder.behaviour = .interceptAndPassOn
        _ = build(child: .interceptAndPassOn, parent: .forward, root: .interceptAndPassOn,
                  controller: .interceptAndPassOn, window: .interceptAndPassOn)
        try app.frame(0, began(1, 15, 15))
        #expect(log.lines == ["child touchesBegan 1", "root touchesBegan 1", "vc touchesBegan 1",
                              "window touchesBegan 1", "app touchesBegan 1", "delegate touchesBegan 1"])
    }

    @Test func redirectsToSuperviewDeliversToTheParent() throws {
        let child = build(child: .intercept)
        child.redirectsToSuperview = true
        try tap(at: 15, 15)
        #expect(log.lines == ["parent touchesBegan 1", "parent touchesMoved 1", "parent touchesEnded 1"])
    }

    @Test func inputCancellationReachesTheChainAsCancelled() throws {
        _ = build(child: .interceptAndPassOn)
        try app.frame(0, began(1, 15, 15))
        try app.frame(0.1, cancelled(1))
        #expect(log.lines == ["child touchesBegan 1", "parent touchesBegan 1",
                              "child touchesCancelled 1", "parent touchesCancelled 1"])
        #expect(app.activeTouches.isEmpty)
    }
}

/// An application delegate that records touches reaching the end of the chain.
final class DelegateRecorder: Responder {
    let log: TouchLog
    init(log: TouchLog) { self.log = log }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.record("delegate", "touchesBegan", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.record("delegate", "touchesEnded", touches) }
}
