// What the dispatch target's responders and hover recognizers were sent, checked as it arrives:
// Behaviour A3's phases per responder and touch (began, moved…, then exactly one ended or
// cancelled), A8's hovers (began, changed…, then exactly one ended, or a cancel only from being
// disabled or detached, A4 i) and A10's presses (per responder and press, a began then exactly one
// ended or cancelled; never changed). Observed as a toolkit would: touch- and press-method
// overrides and recognizer targets reading `state`.
import HitKit

/// The record of one fuzz input's deliveries, and the promises they broke.
final class DispatchLedger {
    private struct Key: Hashable {
        let responder: ObjectIdentifier
        let touch: ObjectIdentifier
    }
    /// Per responder and touch that had a began: whether its end is still owed. Holding both
    /// keeps them alive, so that no identifier is reused (`nil` for the application, which owns
    /// this ledger and outlives the stream).
    private var pairs: [Key: (isOpen: Bool, responder: AnyObject?, touch: Touch)] = [:]
    /// Open hovers per recognizer.
    private var hovering: Set<ObjectIdentifier> = []
    /// The hover recognizer being disabled or detached, which may be cancelled meanwhile.
    var cancellable: ObjectIdentifier?
    /// Keeps the hover recognizers watched alive, so that no identifier is reused.
    private var retained: [AnyObject] = []
    private(set) var violations: [String] = []
    private(set) var beganCount = 0
    private(set) var hoverCount = 0
    /// Per responder and press that had a began: whether its end is still owed (Behaviour A10).
    /// HitKit reuses a press once its end was delivered, so a closed pair may open again.
    private var pressPairs: [PressKey: (isOpen: Bool, responder: AnyObject?, press: Press)] = [:]
    private(set) var pressBeganCount = 0
    /// The pairs open now (kept as they change: checked after every step).
    private(set) var openPressCount = 0
    private struct PressKey: Hashable {
        let responder: ObjectIdentifier
        let press: ObjectIdentifier
    }

    func fail(_ message: String) {
        if violations.count < 16 { violations.append(message) }
    }

    enum Call { case began, moved, ended, cancelled }

    /// Notes one touch call, checking that it is a legal next phase for each touch.
    func note(_ responder: AnyObject, _ call: Call, _ touches: Set<Touch>) {
        for touch in touches {
            let key = Key(responder: ObjectIdentifier(responder), touch: ObjectIdentifier(touch))
            let isOpen = pairs[key]?.isOpen  // nil: nothing yet; true: began; false: ended or cancelled
            switch call {
            case .began:
                if isOpen != nil { fail("\(responder) got a second began for touch \(touch.id)") }
                pairs[key] = (true, responder is Application ? nil : responder, touch)
                beganCount += 1
            case .moved:
                if isOpen != true { fail("\(responder) got moved for touch \(touch.id) outside began…end") }
            case .ended, .cancelled:
                if isOpen != true { fail("\(responder) got \(call) for touch \(touch.id) without an open began") }
                pairs[key]?.isOpen = false
            }
        }
    }

    enum PressCall { case began, changed, ended, cancelled }

    /// Notes one press call: a began opens the responder's pair for each press (it must not be
    /// open), an end closes it (it must be open), and a keyboard key never changes.
    func notePresses(_ responder: AnyObject, _ call: PressCall, _ presses: Set<Press>) {
        for press in presses {
            let key = PressKey(responder: ObjectIdentifier(responder), press: ObjectIdentifier(press))
            let isOpen = pressPairs[key]?.isOpen == true
            let code = press.key?.keyCode.rawValue ?? -1
            switch call {
            case .began:
                if isOpen { fail("\(responder) got a second pressesBegan for key \(code)") }
                if !isOpen { openPressCount += 1 }
                pressPairs[key] = (true, responder is Application ? nil : responder, press)
                pressBeganCount += 1
            case .changed:
                fail("\(responder) got pressesChanged for key \(code)")
            case .ended, .cancelled:
                if !isOpen { fail("\(responder) got presses\(call) for key \(code) without an open began") }
                if isOpen { openPressCount -= 1 }
                pressPairs[key]?.isOpen = false
            }
        }
    }

    /// The responders (and presses) that got a began without its end.
    var unbalancedPresses: [String] {
        pressPairs.values.filter(\.isOpen).map {
            "\($0.responder.map { "\($0)" } ?? "the application") for key \($0.press.key?.keyCode.rawValue ?? -1)"
        }
    }

    /// The responders (and touches) that got a began without its end.
    var unbalanced: [String] {
        pairs.values.filter(\.isOpen).map { "\($0.responder.map { "\($0)" } ?? "the application") for \($0.touch)" }
    }

    /// Watches a hover recognizer through its target: began opens, ended closes, changed needs an
    /// open hover, and a hover is cancelled only while it is disabled or detached (Behaviour A8, A4 i).
    func watch(_ hover: HoverGestureRecognizer) {
        retained.append(hover)
        hover.addTarget { [unowned self] recognizer in
            let key = ObjectIdentifier(recognizer)
            switch recognizer.state {
            case .began:
                if !hovering.insert(key).inserted { fail("a hover began twice without an end") }
                hoverCount += 1
            case .changed:
                if !hovering.contains(key) { fail("a hover changed without a began") }
            case .ended:
                if hovering.remove(key) == nil { fail("a hover ended without a began") }
            case .cancelled:
                // Only by disabling or detaching it (A4 i), and only an open hover.
                if cancellable != key { fail("a hover was cancelled") }
                if hovering.remove(key) == nil { fail("a hover cancelled without a began") }
            default:
                break
            }
        }
    }

    var openHovers: Int { hovering.count }
}

/// How a recorded view treats the touches it is sent.
enum DispatchBehaviour: CaseIterable {
    /// Records nothing and calls `super` (the touch goes up the responder chain).
    case forward
    /// Records and handles the touch itself.
    case intercept
    /// Records, then calls `super` too.
    case interceptAndPassOn
}

/// A view that records its touch calls and every press call, and may run an edit from inside
/// one or from a key command's action (a removal, as a toolkit's handler might).
final class LedgerView: View {
    var behaviour = DispatchBehaviour.forward
    unowned(unsafe) var ledger: DispatchLedger!
    var sideEffect: (() -> Void)?
    /// Whether it refuses to resign first responder (A7: a removal makes it resign anyway, A10).
    var refusesToResign = false

    private func handle(_ call: DispatchLedger.Call, _ touches: Set<Touch>) -> Bool {
        if behaviour != .forward { ledger.note(self, call, touches) }
        if call != .cancelled { sideEffect?() }
        return behaviour != .intercept
    }
    override func touchesBegan(_ t: Set<Touch>, with e: Event?) { if handle(.began, t) { super.touchesBegan(t, with: e) } }
    override func touchesMoved(_ t: Set<Touch>, with e: Event?) { if handle(.moved, t) { super.touchesMoved(t, with: e) } }
    override func touchesEnded(_ t: Set<Touch>, with e: Event?) { if handle(.ended, t) { super.touchesEnded(t, with: e) } }
    override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { if handle(.cancelled, t) { super.touchesCancelled(t, with: e) } }

    // Presses: every call is recorded (each began must get its end here); `behaviour` decides
    // whether a began is kept (intercept) or passed on.
    override func pressesBegan(_ p: Set<Press>, with e: PressesEvent?) {
        ledger.notePresses(self, .began, p)
        sideEffect?()
        if behaviour != .intercept { super.pressesBegan(p, with: e) }
    }
    override func pressesChanged(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .changed, p); super.pressesChanged(p, with: e) }
    override func pressesEnded(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .ended, p); sideEffect?() }
    override func pressesCancelled(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .cancelled, p) }
    override var canResignFirstResponder: Bool { !refusesToResign }
    /// A key command's action, performed here when ``Responder/performableActions`` has it.
    override func perform(_ action: Action, sender: Any?, event: Event?) { sideEffect?() }
}

/// A root view controller that records its press calls and passes every began on.
final class LedgerController: ViewController {
    unowned(unsafe) var ledger: DispatchLedger!

    override func pressesBegan(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .began, p); super.pressesBegan(p, with: e) }
    override func pressesChanged(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .changed, p); super.pressesChanged(p, with: e) }
    override func pressesEnded(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .ended, p) }
    override func pressesCancelled(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .cancelled, p) }
}

/// A window that records every touch call that reaches it.
final class LedgerWindow: Window {
    unowned(unsafe) var ledger: DispatchLedger!

    override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .began, t); super.touchesBegan(t, with: e) }
    override func touchesMoved(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .moved, t); super.touchesMoved(t, with: e) }
    override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .ended, t); super.touchesEnded(t, with: e) }
    override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .cancelled, t); super.touchesCancelled(t, with: e) }
    override func pressesBegan(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .began, p); super.pressesBegan(p, with: e) }
    override func pressesChanged(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .changed, p); super.pressesChanged(p, with: e) }
    override func pressesEnded(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .ended, p) }
    override func pressesCancelled(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .cancelled, p) }
}

/// The end of every responder chain: records what reaches it.
final class LedgerApplication: Application {
    let ledger = DispatchLedger()

    override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .began, t) }
    override func touchesMoved(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .moved, t) }
    override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .ended, t) }
    override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, .cancelled, t) }
    // The end of every press's route: a began passes on (past the end), so the stages after the
    // chain see the key (Behaviour A10).
    override func pressesBegan(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .began, p); super.pressesBegan(p, with: e) }
    override func pressesChanged(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .changed, p) }
    override func pressesEnded(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .ended, p) }
    override func pressesCancelled(_ p: Set<Press>, with e: PressesEvent?) { ledger.notePresses(self, .cancelled, p) }
}
