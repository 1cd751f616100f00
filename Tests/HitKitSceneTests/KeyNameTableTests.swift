import Testing
@testable import HitKitScene

/// Every row of Docs/SceneFormat.md's key-name table (Behaviour B5): the HID usage a NAME gives,
/// and its US-layout text without and with shift, written out by hand from the table.
@Suite("Scenarios: the key-name table")
struct KeyNameTableTests {
    static let scene = #"{ "windows": [ { "id": "win", "frame": [0, 0, 100, 100] } ] }"#

    /// (NAME, code, characters, characters with shift, ignoringModifiers)
    static let rows: [(String, Int, String, String, String)] = [
        ("KeyA", 4, "a", "A", "a"), ("KeyB", 5, "b", "B", "b"), ("KeyC", 6, "c", "C", "c"),
        ("KeyD", 7, "d", "D", "d"), ("KeyE", 8, "e", "E", "e"), ("KeyF", 9, "f", "F", "f"),
        ("KeyG", 10, "g", "G", "g"), ("KeyH", 11, "h", "H", "h"), ("KeyI", 12, "i", "I", "i"),
        ("KeyJ", 13, "j", "J", "j"), ("KeyK", 14, "k", "K", "k"), ("KeyL", 15, "l", "L", "l"),
        ("KeyM", 16, "m", "M", "m"), ("KeyN", 17, "n", "N", "n"), ("KeyO", 18, "o", "O", "o"),
        ("KeyP", 19, "p", "P", "p"), ("KeyQ", 20, "q", "Q", "q"), ("KeyR", 21, "r", "R", "r"),
        ("KeyS", 22, "s", "S", "s"), ("KeyT", 23, "t", "T", "t"), ("KeyU", 24, "u", "U", "u"),
        ("KeyV", 25, "v", "V", "v"), ("KeyW", 26, "w", "W", "w"), ("KeyX", 27, "x", "X", "x"),
        ("KeyY", 28, "y", "Y", "y"), ("KeyZ", 29, "z", "Z", "z"),
        ("Digit1", 30, "1", "!", "1"), ("Digit2", 31, "2", "@", "2"), ("Digit3", 32, "3", "#", "3"),
        ("Digit4", 33, "4", "$", "4"), ("Digit5", 34, "5", "%", "5"), ("Digit6", 35, "6", "^", "6"),
        ("Digit7", 36, "7", "&", "7"), ("Digit8", 37, "8", "*", "8"), ("Digit9", 38, "9", "(", "9"),
        ("Digit0", 39, "0", ")", "0"),
        ("Enter", 40, "\r", "\r", "\r"), ("Escape", 41, "UIKeyInputEscape", "UIKeyInputEscape", "UIKeyInputEscape"),
        ("Backspace", 42, "\u{8}", "\u{8}", "\u{8}"), ("Tab", 43, "\t", "\t", "\t"), ("Space", 44, " ", " ", " "),
        ("Minus", 45, "-", "_", "-"), ("Equal", 46, "=", "+", "="), ("BracketLeft", 47, "[", "{", "["),
        ("BracketRight", 48, "]", "}", "]"), ("Backslash", 49, "\\", "|", "\\"),
        ("Semicolon", 51, ";", ":", ";"), ("Quote", 52, "'", "\"", "'"), ("Backquote", 53, "`", "~", "`"),
        ("Comma", 54, ",", "<", ","), ("Period", 55, ".", ">", "."), ("Slash", 56, "/", "?", "/"),
        ("CapsLock", 57, "", "", ""),
        ("F1", 58, "UIKeyInputF1", "UIKeyInputF1", "UIKeyInputF1"), ("F2", 59, "UIKeyInputF2", "UIKeyInputF2", "UIKeyInputF2"),
        ("F3", 60, "UIKeyInputF3", "UIKeyInputF3", "UIKeyInputF3"), ("F4", 61, "UIKeyInputF4", "UIKeyInputF4", "UIKeyInputF4"),
        ("F5", 62, "UIKeyInputF5", "UIKeyInputF5", "UIKeyInputF5"), ("F6", 63, "UIKeyInputF6", "UIKeyInputF6", "UIKeyInputF6"),
        ("F7", 64, "UIKeyInputF7", "UIKeyInputF7", "UIKeyInputF7"), ("F8", 65, "UIKeyInputF8", "UIKeyInputF8", "UIKeyInputF8"),
        ("F9", 66, "UIKeyInputF9", "UIKeyInputF9", "UIKeyInputF9"), ("F10", 67, "UIKeyInputF10", "UIKeyInputF10", "UIKeyInputF10"),
        ("F11", 68, "UIKeyInputF11", "UIKeyInputF11", "UIKeyInputF11"), ("F12", 69, "UIKeyInputF12", "UIKeyInputF12", "UIKeyInputF12"),
        ("Home", 74, "UIKeyInputHome", "UIKeyInputHome", "UIKeyInputHome"),
        ("PageUp", 75, "UIKeyInputPageUp", "UIKeyInputPageUp", "UIKeyInputPageUp"),
        ("Delete", 76, "UIKeyInputDelete", "UIKeyInputDelete", "UIKeyInputDelete"),
        ("End", 77, "UIKeyInputEnd", "UIKeyInputEnd", "UIKeyInputEnd"),
        ("PageDown", 78, "UIKeyInputPageDown", "UIKeyInputPageDown", "UIKeyInputPageDown"),
        ("ArrowRight", 79, "UIKeyInputRightArrow", "UIKeyInputRightArrow", "UIKeyInputRightArrow"),
        ("ArrowLeft", 80, "UIKeyInputLeftArrow", "UIKeyInputLeftArrow", "UIKeyInputLeftArrow"),
        ("ArrowDown", 81, "UIKeyInputDownArrow", "UIKeyInputDownArrow", "UIKeyInputDownArrow"),
        ("ArrowUp", 82, "UIKeyInputUpArrow", "UIKeyInputUpArrow", "UIKeyInputUpArrow"),
        ("ContextMenu", 101, "", "", ""),
        ("ControlLeft", 224, "", "", ""), ("ShiftLeft", 225, "", "", ""), ("AltLeft", 226, "", "", ""),
        ("MetaLeft", 227, "", "", ""), ("ControlRight", 228, "", "", ""), ("ShiftRight", 229, "", "", ""),
        ("AltRight", 230, "", "", ""), ("MetaRight", 231, "", "", ""),
    ]

    func keys(_ json: String) throws(SceneError) -> [Scenario.KeyChange] {
        try ScenarioLoader.decode(text: #"{ "scene": \#(Self.scene), "steps": [ { "t": 0, "keys": \#(json) } ] }"#, file: "s.json")
            .steps[0].keys
    }

    @Test("every NAME gives the table's code, text, shifted text and ignoringModifiers")
    func everyRowOfTheTable() throws {
        for (name, code, plain, shifted, ignoring) in Self.rows {
            let decoded = try keys(#"[ {"key": "\#(name)", "phase": "down"}, {"key": "\#(name)", "phase": "down", "modifiers": ["shift"]} ]"#)
            #expect(decoded[0].code == code, "\(name)")
            #expect(decoded[0].characters == plain, "\(name)")
            #expect(decoded[0].ignoringModifiers == ignoring, "\(name)")
            #expect(decoded[1].code == code, "\(name) with shift")
            #expect(decoded[1].characters == shifted, "\(name) with shift")
            #expect(decoded[1].ignoringModifiers == ignoring, "\(name) with shift")
        }
    }

    @Test("caps lock upper-cases letters alone; control, alternate and command leave the text")
    func capsLockAndOtherModifiers() throws {
        let decoded = try keys(#"""
            [ {"key": "KeyQ", "phase": "down", "modifiers": ["alphaShift"]},
              {"key": "Digit5", "phase": "down", "modifiers": ["alphaShift"]},
              {"key": "Semicolon", "phase": "down", "modifiers": ["alphaShift"]},
              {"key": "KeyQ", "phase": "down", "modifiers": ["control", "alternate", "command"]},
              {"key": "Equal", "phase": "down", "modifiers": ["alternate"]} ]
            """#)
        #expect(decoded.map(\.characters) == ["Q", "5", ";", "q", "="])
        #expect(decoded.map(\.ignoringModifiers) == ["q", "5", ";", "q", "="])
    }

    @Test("there are exactly the table's names, and they are case-sensitive")
    func onlyTheTablesNames() throws {
        #expect(KeyNames.all.map(\.name) == Self.rows.map(\.0))
        #expect(throws: SceneError.self) { _ = try keys(#"[ {"key": "keya", "phase": "down"} ]"#) }
        #expect(throws: SceneError.self) { _ = try keys(#"[ {"key": "IntlBackslash", "phase": "down"} ]"#) }
    }
}
