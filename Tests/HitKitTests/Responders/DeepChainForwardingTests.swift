import Foundation
import Testing
@testable import HitKit

/// Touches passed up responder chains deeper than a thread's stack holds one frame per level of
/// (Responders/TouchForwarding.swift): past ``TouchForwarding/directLimit`` nested levels a call
/// is queued and made by the outermost forwarding call, so every responder still hears each call
/// once, in the order recursion makes them, and only code after `super` runs earlier.
@Suite struct DeepChainForwardingTests {
    static let limit = TouchForwarding.directLimit

    /// Runs `body` on a thread with a 256 KiB stack, as worker threads of real toolkits have; a
    /// call per level of a 20,000-view chain would overflow it (and crash the test process).
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
    }

    /// What the small stack's thread found, read once it signalled.
    final class Outcome: @unchecked Sendable {
        var lines: [String] = []
        var expected: [String] = []
    }

    /// A window holding a chain of `depth` views, each filling it, the innermost last; a view at
    /// each level `recording` picks is a recording one that passes calls on, the others plain.
    static func chain(_ depth: Int, in app: RecordingApplication, recording: (Int) -> Bool = { _ in false },
                      behaviour: TouchBehaviour = .interceptAndPassOn) -> (window: Window, views: [View]) {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        var views: [View] = []
        var parent: View = window
        for level in 0..<depth {
            let frame = Rect(0, 0, 100, 100)
            let view = recording(level) ? RecordingView("v\(level)", frame: frame, in: app, log: app.log, behaviour: behaviour)
                                        : View(frame: frame, in: app)
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        return (window, views)
    }

    @Test func aTouchNoViewKeepsReachesTheTopOfA20000ViewChainOnASmallStack() {
        let outcome = Outcome()
        Self.onSmallStack {
            let app = RecordingApplication()
            // Recording views along the way, past the limit several times over.
            let recorded = Set([19_999, 19_999 - Self.limit, 12_345, 777, 0])
            _ = Self.chain(20_000, in: app, recording: recorded.contains)
            for (t, input) in [began(1, 50, 50), moved(1, 60, 50), ended(1, 60, 50), began(2, 40, 40), cancelled(2)].enumerated() {
                try? app.frame(Double(t) * 0.01, input)
            }
            outcome.lines = app.log.lines
            // Each call from the innermost recording view up to the application, call by call.
            for (method, id) in [("touchesBegan", 1), ("touchesMoved", 1), ("touchesEnded", 1),
                                 ("touchesBegan", 2), ("touchesCancelled", 2)] {
                outcome.expected += recorded.sorted(by: >).map { "v\($0) \(method) \(id)" } + ["app \(method) \(id)"]
            }
        }
        #expect(outcome.lines == outcome.expected)
    }

    /// Below the limit the calls nest as recursion nests them: code an override runs after
    /// `super` runs after every responder further up heard the call.
    @Test func belowTheLimitCodeAfterSuperRunsOnceTheResponderFurtherUpHeard() throws {
        let app = RecordingApplication()
        // The views, the window and the application: one forwarding call per view.
        let depth = Self.limit - 1
        let (_, views) = Self.chain(depth, in: app, recording: { _ in true })
        for case let view as RecordingView in views {
            // The log, not the application: the app keeps its views, which keep their closures.
            view.onTouchesBegan = { [log = app.log] in log.record("after \($0.recorder.name)", "touchesBegan", []) }
        }
        try app.frame(0, began(1, 50, 50))
        let before = (0..<depth).reversed().map { "v\($0) touchesBegan 1" } + ["app touchesBegan 1"]
        let after = (0..<depth).map { "after v\($0) touchesBegan " }
        #expect(app.log.lines == before + after)
    }

    /// Past it, every responder still hears each call once and in order; code after `super` in
    /// the levels below the limit runs before the responders past it hear the call.
    @Test func pastTheLimitOnlyCodeAfterSuperRunsEarlier() throws {
        let app = RecordingApplication()
        let depth = 3 * Self.limit
        let (_, views) = Self.chain(depth, in: app, recording: { _ in true })
        for case let view as RecordingView in views {
            // The log, not the application: the app keeps its views, which keep their closures.
            view.onTouchesBegan = { [log = app.log] in log.record("after \($0.recorder.name)", "touchesBegan", []) }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        let lines = app.log.lines
        let heard = lines.filter { !$0.hasPrefix("after ") }
        let chain = (0..<depth).reversed().map { "v\($0)" } + ["app"]
        #expect(heard == chain.map { "\($0) touchesBegan 1" } + chain.map { "\($0) touchesEnded 1" })
        let after = lines.filter { $0.hasPrefix("after ") }
        #expect(Set(after) == Set((0..<depth).map { "after v\($0) touchesBegan " }) && after.count == depth)
        // The hit view's own call is the outermost: its code after `super` runs last, as
        // always. The next view's ran before the top of the chain heard the began.
        #expect(lines.firstIndex(of: "after v\(depth - 2) touchesBegan ")! < lines.firstIndex(of: "app touchesBegan 1")!)
        #expect(lines.firstIndex(of: "after v\(depth - 1) touchesBegan ")! > lines.firstIndex(of: "app touchesBegan 1")!)
    }

    /// A view removed from inside a touch method past the limit cancels its touches at once, up
    /// the route their began took: every responder that heard the began hears one cancel, before
    /// the removal returns, in the order a shallow chain gives.
    @Test(arguments: [12, 3 * TouchForwarding.directLimit + 17])
    func aRemovalFromAboveTheLimitCancelsEveryResponderThatHeardTheBegan(depth: Int) throws {
        let app = RecordingApplication()
        let (_, views) = Self.chain(depth, in: app, recording: { _ in true })
        let outermost = try #require(views.first as? RecordingView)
        var cancelledByTheRemoval: [String] = []
        outermost.beforePassingOnBegan = { [log = app.log] view in
            view.removeFromSuperview()
            cancelledByTheRemoval = log.lines.filter { $0.contains("touchesCancelled") }
        }
        try app.frame(0, began(1, 50, 50))
        try app.frame(0.1, ended(1, 50, 50))
        let chain = (0..<depth).reversed().map { "v\($0)" }
        let cancels = chain.map { "\($0) touchesCancelled 1" }
        // The outermost view took the touch away before passing the began on: nothing above it
        // heard it, and nothing hears the finger lift.
        #expect(app.log.lines == chain.map { "\($0) touchesBegan 1" } + cancels)
        #expect(cancelledByTheRemoval == cancels)
    }
}
