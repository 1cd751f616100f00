@testable import HitKit

/// What the keyboard tests record: each press call as `name method KEYS`, key commands and focus.
final class PressLog {
    var lines: [String] = []

    static func keys(_ presses: Set<Press>) -> String {
        presses.compactMap { $0.key?.keyCode.rawValue }.sorted().map(String.init).joined(separator: ",")
    }
}

/// A view that records its press calls and passes a began on unless it `keeps` presses.
final class PressView: View {
    let name: String
    let log: PressLog
    var keeps = false
    /// Whether its pressesEnded and pressesCancelled call `super` (nothing depends on it).
    var callsSuperOnEnd = true

    init(_ name: String, frame: Rect = Rect(0, 0, 100, 40), in app: Application, log: PressLog) {
        self.name = name
        self.log = log
        super.init(frame: frame, in: app)
    }

    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) began \(PressLog.keys(presses))")
        if !keeps { super.pressesBegan(presses, with: event) }
    }

    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) ended \(PressLog.keys(presses))")
        if callsSuperOnEnd { super.pressesEnded(presses, with: event) }
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) cancelled \(PressLog.keys(presses))")
        if callsSuperOnEnd { super.pressesCancelled(presses, with: event) }
    }
}

/// A controller that records its press calls and passes them on.
final class PressController: ViewController {
    let name: String
    let log: PressLog

    init(_ name: String, view: View, log: PressLog) {
        self.name = name
        self.log = log
        super.init(view: view)
    }

    override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) began \(PressLog.keys(presses))")
        super.pressesBegan(presses, with: event)
    }

    override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) ended \(PressLog.keys(presses))")
    }

    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        log.lines.append("\(name) cancelled \(PressLog.keys(presses))")
    }
}

/// A responder that performs the actions it is given and records them with their sender.
final class ActionTaker: View {
    let name: String
    let log: PressLog

    init(_ name: String, actions: Set<Action>, frame: Rect = Rect(0, 0, 100, 40), in app: Application, log: PressLog) {
        self.name = name
        self.log = log
        super.init(frame: frame, in: app)
        performableActions = actions
    }

    override func perform(_ action: Action, sender: Any?, event: Event?) {
        let from = (sender as? KeyCommand).map { "keyCommand \($0)" } ?? "\(sender.map { "\($0)" } ?? "nil")"
        log.lines.append("\(name) \(action) from \(from)")
    }
}

/// Key events by HID usage: letters from "a" (4), the named keys of A10.
enum Keys {
    static func letter(_ character: Character) -> Int { Int(character.asciiValue! - Character("a").asciiValue!) + 4 }

    static func down(_ code: Int, _ flags: KeyModifierFlags = [], ignoring: String? = nil) -> KeyInput {
        KeyInput(code: code, phase: .down, characters: ignoring ?? text(of: code),
                 charactersIgnoringModifiers: ignoring ?? text(of: code), modifierFlags: flags)
    }

    static func up(_ code: Int, _ flags: KeyModifierFlags = []) -> KeyInput {
        KeyInput(code: code, phase: .up, characters: text(of: code), charactersIgnoringModifiers: text(of: code),
                 modifierFlags: flags)
    }

    static func cancelled(_ code: Int) -> KeyInput {
        KeyInput(code: code, phase: .cancelled)
    }

    static let tab = 43, enter = 40, space = 44, right = 79, left = 80, down = 81, up = 82, leftShift = 225

    /// What the key types on a US layout without modifiers (UIKit's names for the others).
    static func text(of code: Int) -> String {
        switch code {
        case 4...29: String(UnicodeScalar(UInt8(code - 4) + Character("a").asciiValue!))
        case tab: "\t"
        case enter: "\r"
        case space: " "
        case right: KeyCommand.inputRightArrow
        case left: KeyCommand.inputLeftArrow
        case down: KeyCommand.inputDownArrow
        case up: KeyCommand.inputUpArrow
        default: ""
        }
    }
}

extension Application {
    /// Sends one frame of key events at `time`.
    @discardableResult
    func sendKeys(_ time: Double, _ keys: KeyInput...) throws(InputError) -> FrameOutcome {
        try send(InputFrame(timestamp: time, keys: keys))
    }
}
