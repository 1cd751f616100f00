import Testing
@testable import HitKit

/// Structural changes requested from a `touchesCancelled` that another removal sent
/// (``DeferredWork/performStructuralChange(_:)``): applied in order once it has finished, every
/// one of them, before the outer call returns. The follow-up bound (``DeferredWork``'s four
/// passes) is for work that a delivery's end makes due; it does not cut this list short.
@Suite struct StructuralChangeChainTests {
    let app = Application()
    let log = GestureLog()
    let views: [LoggedView]

    /// Six views side by side, one finger on each; view k's `touchesCancelled` removes view k + 1.
    init() throws {
        let window = Window(frame: Rect(0, 0, 400, 400), in: app)
        let app = app, log = log
        let views = (0..<6).map { LoggedView("v\($0)", frame: Rect(Double($0) * 60, 0, 50, 50), in: app, log: log) }
        self.views = views
        for view in views { window.addSubview(view) }
        window.makeKeyAndVisible()
        // The next view held weakly: a view keeping its neighbour alive would keep the chain alive.
        for k in 0..<5 {
            let next = views[k + 1]
            views[k].onCall = { [weak next] phase in if phase == .cancelled { next?.removeFromSuperview() } }
        }
        try app.send(InputFrame(timestamp: 0, touches: (0..<6).map { TouchInput(id: $0 + 1, phase: .began, location: Point(Double($0) * 60 + 25, 25)) }))
        log.lines = []
    }

    @Test func aChainLongerThanTheFollowUpBoundIsAppliedWholeAndInOrder() {
        views[0].removeFromSuperview()
        #expect(log.lines == (0..<6).map { "v\($0) touchesCancelled \($0 + 1)" })
        #expect(views.allSatisfy { $0.window == nil })
    }
}
