@testable import HitKit

/// An ordered log in Behaviour B6's words: "<view> touchesBegan 1,2", "<gesture> recognized", …
final class GestureLog {
    var lines: [String] = []

    func add(_ name: String, _ method: String, _ touches: Set<Touch>) {
        lines.append("\(name) \(method) \(touches.map(\.id).sorted().map(String.init).joined(separator: ","))")
    }

    /// The recognizers' lines only (views are named white, yellow and blue in these tests).
    var recognizerLines: [String] {
        lines.filter { !$0.hasPrefix("white ") && !$0.hasPrefix("yellow ") && !$0.hasPrefix("blue ") }
    }
}

/// A view that logs and intercepts its touch calls, and answers `gestureRecognizerShouldBegin`.
final class LoggedView: View {
    let name: String
    let log: GestureLog
    /// The answer to `gestureRecognizerShouldBegin` (default true, as a plain view).
    var allowsRecognizers = true
    /// Runs at each touch call with the phase its first touch shows.
    var onCall: ((Touch.Phase) -> Void)?
    /// The recognizers this view was asked about, in order.
    private(set) var askedShouldBegin: [GestureRecognizer] = []

    init(_ name: String, frame: Rect, in app: Application, log: GestureLog) {
        self.name = name
        self.log = log
        super.init(frame: frame, in: app)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { note("touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { note("touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { note("touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { note("touchesCancelled", touches) }

    private func note(_ method: String, _ touches: Set<Touch>) {
        log.add(name, method, touches)
        if let first = touches.min(by: { $0.id < $1.id }) { onCall?(first.phase) }
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        askedShouldBegin.append(gestureRecognizer)
        return allowsRecognizers
    }
}

/// The seeds' layout: a window, the controller's full-screen white view, a yellow view in it.
struct GestureScene {
    let app = Application()
    let log = GestureLog()
    let window: Window
    let white: LoggedView
    let yellow: LoggedView

    init() {
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), in: app)
        white = LoggedView("white", frame: Rect(x: 0, y: 0, width: 375, height: 667), in: app, log: log)
        yellow = LoggedView("yellow", frame: Rect(x: 50, y: 50, width: 200, height: 200), in: app, log: log)
        let controller = ViewController(view: white)
        window.rootViewController = controller
        white.addSubview(yellow)
    }

    /// Attaches `recognizer` to `view` and logs its state changes (and touch calls) as `name`.
    @discardableResult
    func attach<G: GestureRecognizer>(_ recognizer: G, to view: View, as name: String, touches: Bool = false) -> G {
        view.addGestureRecognizer(recognizer)
        recognizer.log(as: name, in: log, touches: touches)
        return recognizer
    }

    func tap(_ id: Int = 1, at x: Double, _ y: Double, from t: Double, to end: Double) throws {
        try app.frame(t, began(id, x, y))
        try app.frame(end, ended(id, x, y))
    }
}

extension GestureRecognizer {
    /// Logs every state change (B6 words: discrete recognizers write "recognized") and, with
    /// `touches`, every touch call.
    func log(as name: String, in log: GestureLog, touches: Bool = false) {
        observeStateChanges { recognizer, state in
            let word = state == .ended && type(of: recognizer).isDiscrete ? "recognized" : "\(state)"
            log.lines.append("\(name) \(word)")
        }
        if touches {
            observeTouches { _, call, touches in log.add(name, call.rawValue, touches) }
        }
    }
}

/// A recognizer whose touch methods request what the test says, for the arbitration rules.
class ScriptedRecognizer: GestureRecognizer {
    var onBegan: ((ScriptedRecognizer) -> Void)?
    var onMoved: ((ScriptedRecognizer) -> Void)?
    var onEnded: ((ScriptedRecognizer) -> Void)?
    var discrete = false
    private(set) var resets = 0
    private(set) var received: [String] = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { received.append("began"); onBegan?(self) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { received.append("moved"); onMoved?(self) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { received.append("ended"); onEnded?(self) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { received.append("cancelled") }
    override func reset() { super.reset(); resets += 1 }
}

/// A discrete scripted recognizer.
final class DiscreteScriptedRecognizer: GestureRecognizer {
    override class var isDiscrete: Bool { true }
    var onBegan: ((DiscreteScriptedRecognizer) -> Void)?
    var onEnded: ((DiscreteScriptedRecognizer) -> Void)?
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { onBegan?(self) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { onEnded?(self) }
}

/// A delegate whose answers the test sets.
final class ScriptedDelegate: GestureRecognizerDelegate {
    var receives: (Touch) -> Bool = { _ in true }
    var begins = true
    var simultaneousWith: [GestureRecognizer] = []
    var requiresFailureOf: [GestureRecognizer] = []
    var requiredToFailBy: [GestureRecognizer] = []
    private(set) var shouldBeginCalls = 0

    func gestureRecognizer(_ g: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives(touch) }
    func gestureRecognizerShouldBegin(_ g: GestureRecognizer) -> Bool { shouldBeginCalls += 1; return begins }
    func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneousWith.contains { $0 === other }
    }
    func gestureRecognizer(_ g: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requiresFailureOf.contains { $0 === other }
    }
    func gestureRecognizer(_ g: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        requiredToFailBy.contains { $0 === other }
    }
}
