import CX11
import HitKit

/// X key events → HitKit key events (Behaviour A10): the key's USB HID usage from its evdev code
/// (an X keycode is the evdev code plus 8 with the evdev driver, as Xorg, Xvfb and Xwayland use
/// it), the text it types from the server's keymap (XLookupString, with the event's modifiers and
/// without them), and the modifier flags from the event's state. With detectable auto-repeat on
/// (`XkbSetDetectableAutoRepeat`, asked by the event loop), a held key repeats as key presses
/// alone, which HitKit takes as repeats: a down for a key already down.
struct KeyTranslator {
    /// The X keycodes down, with their HID usages: what a lost keyboard focus cancels.
    private(set) var held: [(keycode: UInt32, code: Int)] = []

    /// The key event of an X KeyPress, or nil for a key with no HID usage in the table.
    mutating func press(_ event: inout XKeyEvent) -> KeyInput? {
        guard let code = Self.hidUsage(xKeycode: event.keycode) else { return nil }
        if !held.contains(where: { $0.keycode == event.keycode }) { held.append((event.keycode, code)) }
        return input(&event, code: code, phase: .down)
    }

    /// The key event of an X KeyRelease; nil for a key this window never saw go down (it went
    /// down while another window had the keyboard).
    mutating func release(_ event: inout XKeyEvent) -> KeyInput? {
        guard let index = held.firstIndex(where: { $0.keycode == event.keycode }) else { return nil }
        let code = held.remove(at: index).code
        return input(&event, code: code, phase: .up)
    }

    /// `cancelled` for every key held: the window lost the keyboard, so their releases go elsewhere.
    mutating func cancelAll() -> [KeyInput] {
        defer { held.removeAll() }
        return held.map { KeyInput(code: $0.code, phase: .cancelled) }
    }

    private func input(_ event: inout XKeyEvent, code: Int, phase: KeyInput.Phase) -> KeyInput {
        var flags = Self.flags(event.state)
        // X reports the state before the event: a modifier key's own flag is added (A10).
        if let own = Self.modifierFlag(of: code) { flags.insert(own) }
        if let name = Self.inputName(of: code) {
            return KeyInput(code: code, phase: phase, characters: name, charactersIgnoringModifiers: name, modifierFlags: flags)
        }
        let typed = Self.lookUp(&event)
        var plain = event
        plain.state &= ~UInt32(ShiftMask | LockMask | ControlMask | Mod1Mask | Mod4Mask)
        return KeyInput(code: code, phase: phase, characters: typed, charactersIgnoringModifiers: Self.lookUp(&plain).lowercased(),
                        modifierFlags: flags)
    }

    /// The text the server's keymap gives the event (XLookupString: Latin-1, which for the
    /// keys a US layout types is ASCII).
    private static func lookUp(_ event: inout XKeyEvent) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let count = XLookupString(&event, &buffer, Int32(buffer.count), nil, nil)
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func flags(_ state: UInt32) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if state & UInt32(ShiftMask) != 0 { flags.insert(.shift) }
        if state & UInt32(LockMask) != 0 { flags.insert(.alphaShift) }
        if state & UInt32(ControlMask) != 0 { flags.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { flags.insert(.alternate) }
        if state & UInt32(Mod4Mask) != 0 { flags.insert(.command) }
        return flags
    }

    private static func modifierFlag(of code: Int) -> KeyModifierFlags? {
        switch code {
        case 224, 228: .control
        case 225, 229: .shift
        case 226, 230: .alternate
        case 227, 231: .command
        default: nil
        }
    }

    /// UIKit's input name of a key that types no text (Behaviour A10), by HID usage.
    private static func inputName(of code: Int) -> String? {
        switch code {
        case 41: KeyCommand.inputEscape
        case 58...69: KeyCommand.inputF(code - 57)
        case 74: KeyCommand.inputHome
        case 75: KeyCommand.inputPageUp
        case 76: KeyCommand.inputDelete
        case 77: KeyCommand.inputEnd
        case 78: KeyCommand.inputPageDown
        case 79: KeyCommand.inputRightArrow
        case 80: KeyCommand.inputLeftArrow
        case 81: KeyCommand.inputDownArrow
        case 82: KeyCommand.inputUpArrow
        case 57, 101, 224...231: ""  // Caps Lock, the Menu key, the modifier keys
        default: nil
        }
    }

    /// The HID usage of an X keycode (evdev code + 8), for the keys of a PC keyboard's main block.
    static func hidUsage(xKeycode: UInt32) -> Int? {
        guard xKeycode >= 8 else { return nil }
        return evdevToHID[Int(xKeycode) - 8]
    }

    /// linux/input-event-codes.h's KEY_ codes → USB HID usages (keyboard page).
    private static let evdevToHID: [Int: Int] = {
        var table: [Int: Int] = [
            1: 41, 14: 42, 15: 43, 28: 40, 57: 44,                   // Esc, Backspace, Tab, Enter, Space
            12: 45, 13: 46, 26: 47, 27: 48, 43: 49, 39: 51, 40: 52,  // - = [ ] \ ; '
            41: 53, 51: 54, 52: 55, 53: 56, 58: 57,                  // ` , . / Caps Lock
            87: 68, 88: 69,                                          // F11, F12
            102: 74, 104: 75, 111: 76, 107: 77, 109: 78,             // Home, Page Up, Delete, End, Page Down
            106: 79, 105: 80, 108: 81, 103: 82, 127: 101,            // Right, Left, Down, Up, Menu (Compose)
            29: 224, 42: 225, 56: 226, 125: 227, 97: 228, 54: 229, 100: 230, 126: 231,
        ]
        // Letters, in HID order A…Z.
        for (offset, evdev) in [30, 48, 46, 32, 18, 33, 34, 35, 23, 36, 37, 38, 50, 49, 24, 25, 16, 19, 31, 20, 22, 47, 17, 45, 21, 44]
            .enumerated() { table[evdev] = 4 + offset }
        for digit in 0..<10 { table[2 + digit] = 30 + digit }   // KEY_1 … KEY_0 → 1 … 0
        for function in 0..<10 { table[59 + function] = 58 + function }  // F1 … F10
        return table
    }()
}
