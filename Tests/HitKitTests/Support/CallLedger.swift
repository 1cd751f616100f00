@testable import HitKit

/// An ordered record of touch and press calls by responder name that checks, as calls come,
/// Behaviour A3's "exactly one `touchesEnded` or `touchesCancelled` per `touchesBegan`" and
/// A10's "exactly one end per began" for presses, for code that changes HitKit from inside
/// its callbacks.
final class CallLedger {
    private(set) var lines: [String] = []
    /// Calls that broke the rule: a second began, or a moved or end with no began open.
    private(set) var violations: [String] = []
    private var openTouches: [String: Set<Int>] = [:]
    private var openPresses: [String: Set<Int>] = [:]

    func note(_ line: String) { lines.append(line) }

    func touches(_ name: String, _ method: String, _ touches: Set<Touch>) {
        let ids = touches.map(\.id).sorted()
        lines.append("\(name) \(method) \(ids.map(String.init).joined(separator: ","))")
        check(name, method, ids, in: &openTouches, began: "touchesBegan", moved: "touchesMoved")
    }

    func presses(_ name: String, _ method: String, _ presses: Set<Press>) {
        let codes = presses.compactMap { $0.key?.keyCode.rawValue }.sorted()
        lines.append("\(name) \(method) \(codes.map(String.init).joined(separator: ","))")
        check(name, method, codes, in: &openPresses, began: "pressesBegan", moved: "pressesChanged")
    }

    private func check(_ name: String, _ method: String, _ ids: [Int], in open: inout [String: Set<Int>],
                       began: String, moved: String) {
        for id in ids {
            let isOpen = open[name, default: []].contains(id)
            switch method {
            case began:
                if isOpen { violations.append("\(name) \(method) \(id) twice") }
                open[name, default: []].insert(id)
            case moved:
                if !isOpen { violations.append("\(name) \(method) \(id) outside began…end") }
            default:
                if !isOpen { violations.append("\(name) \(method) \(id) without an open began") }
                open[name]?.remove(id)
            }
        }
    }

    /// Responders with a began and no end yet (name → ids), touches then presses.
    var unended: [String] {
        (openTouches.filter { !$0.value.isEmpty }.map { "\($0.key) touch \($0.value.sorted())" }
            + openPresses.filter { !$0.value.isEmpty }.map { "\($0.key) press \($0.value.sorted())" }).sorted()
    }
}

/// A view that records its touch and press calls in a ledger, runs a hook inside each, and
/// then (with `forwards`) passes the call on as the default implementation does.
class HookView: View {
    let name: String
    let ledger: CallLedger
    var forwards = false
    /// Run inside the named method ("touchesBegan", "pressesEnded", …), after recording and
    /// before passing the call on. Each hook runs once, then is dropped.
    var hooks: [String: () -> Void] = [:]
    var takesFirstResponder = true

    init(_ name: String, frame: Rect, in app: Application, ledger: CallLedger, forwards: Bool = false) {
        self.name = name
        self.ledger = ledger
        self.forwards = forwards
        super.init(frame: frame, in: app)
    }

    override var canBecomeFirstResponder: Bool { takesFirstResponder }

    private func run(_ method: String) {
        if let hook = hooks.removeValue(forKey: method) { hook() }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        ledger.touches(name, "touchesBegan", touches); run("touchesBegan")
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        ledger.touches(name, "touchesMoved", touches); run("touchesMoved")
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        ledger.touches(name, "touchesEnded", touches); run("touchesEnded")
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        ledger.touches(name, "touchesCancelled", touches); run("touchesCancelled")
        if forwards { super.touchesCancelled(touches, with: event) }
    }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        ledger.presses(name, "pressesBegan", presses); run("pressesBegan")
        if forwards { super.pressesBegan(presses, with: event) }
    }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        ledger.presses(name, "pressesEnded", presses); run("pressesEnded")
        if forwards { super.pressesEnded(presses, with: event) }
    }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        ledger.presses(name, "pressesCancelled", presses); run("pressesCancelled")
        if forwards { super.pressesCancelled(presses, with: event) }
    }
}

/// A window that records its touch and press calls in a ledger (and passes nothing on).
final class LedgerWindow: Window {
    let name: String
    let ledger: CallLedger

    init(_ name: String, frame: Rect, in app: Application, ledger: CallLedger) {
        self.name = name
        self.ledger = ledger
        super.init(frame: frame, in: app)
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { ledger.touches(name, "touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { ledger.touches(name, "touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ledger.touches(name, "touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { ledger.touches(name, "touchesCancelled", touches) }
    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) { ledger.presses(name, "pressesBegan", presses) }
    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) { ledger.presses(name, "pressesEnded", presses) }
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) { ledger.presses(name, "pressesCancelled", presses) }
}
