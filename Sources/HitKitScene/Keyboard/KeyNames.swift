/// The W3C `KeyboardEvent.code` names a scenario's `keys` give (Behaviour B5), each with its USB
/// HID usage and the text it types on a US layout.
public enum KeyNames {
    /// One named key.
    public struct Entry: Equatable, Sendable {
        /// The W3C name (`KeyA`, `ArrowUp`), as a scenario's `key` gives it; case-sensitive.
        public let name: String
        /// The HID usage (keyboard page).
        public let code: Int
        /// The text without shift, or the UIKit input name of a key that types none.
        public let unshifted: String
        /// The text with shift (the same as `unshifted` for a key that types none).
        public let shifted: String
        /// Whether caps lock upper-cases it (letters only).
        public let isLetter: Bool
    }

    /// Every name, in HID order.
    public static let all: [Entry] = {
        var entries: [Entry] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for (offset, letter) in letters.enumerated() {
            entries.append(Entry(name: "Key\(letter.uppercased())", code: 4 + offset, unshifted: String(letter),
                                 shifted: letter.uppercased(), isLetter: true))
        }
        let shiftedDigits = Array("!@#$%^&*(")
        for digit in 1...9 {
            entries.append(Entry(name: "Digit\(digit)", code: 29 + digit, unshifted: "\(digit)",
                                 shifted: String(shiftedDigits[digit - 1]), isLetter: false))
        }
        entries.append(Entry(name: "Digit0", code: 39, unshifted: "0", shifted: ")", isLetter: false))
        func plain(_ name: String, _ code: Int, _ text: String, _ shifted: String? = nil) {
            entries.append(Entry(name: name, code: code, unshifted: text, shifted: shifted ?? text, isLetter: false))
        }
        plain("Enter", 40, "\r")
        plain("Escape", 41, "UIKeyInputEscape")
        plain("Backspace", 42, "\u{8}")
        plain("Tab", 43, "\t")
        plain("Space", 44, " ")
        plain("Minus", 45, "-", "_")
        plain("Equal", 46, "=", "+")
        plain("BracketLeft", 47, "[", "{")
        plain("BracketRight", 48, "]", "}")
        plain("Backslash", 49, "\\", "|")
        plain("Semicolon", 51, ";", ":")
        plain("Quote", 52, "'", "\"")
        plain("Backquote", 53, "`", "~")
        plain("Comma", 54, ",", "<")
        plain("Period", 55, ".", ">")
        plain("Slash", 56, "/", "?")
        plain("CapsLock", 57, "")
        for number in 1...12 { plain("F\(number)", 57 + number, "UIKeyInputF\(number)") }
        plain("Home", 74, "UIKeyInputHome")
        plain("PageUp", 75, "UIKeyInputPageUp")
        plain("Delete", 76, "UIKeyInputDelete")
        plain("End", 77, "UIKeyInputEnd")
        plain("PageDown", 78, "UIKeyInputPageDown")
        plain("ArrowRight", 79, "UIKeyInputRightArrow")
        plain("ArrowLeft", 80, "UIKeyInputLeftArrow")
        plain("ArrowDown", 81, "UIKeyInputDownArrow")
        plain("ArrowUp", 82, "UIKeyInputUpArrow")
        plain("ContextMenu", 101, "")
        for (offset, name) in ["ControlLeft", "ShiftLeft", "AltLeft", "MetaLeft",
                               "ControlRight", "ShiftRight", "AltRight", "MetaRight"].enumerated() {
            plain(name, 224 + offset, "")
        }
        return entries
    }()

    /// The entry named `name` (case-sensitive), if any.
    public static func entry(named name: String) -> Entry? {
        all.first { $0.name == name }
    }
}
