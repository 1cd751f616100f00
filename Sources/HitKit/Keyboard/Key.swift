/// What a key is and what it types (UIKit's `UIKey`; Behaviour A10). HitKit maps no keys: the
/// host (xkbcommon, SDL, GTK) says all of it.
public struct Key: Hashable, Sendable {
    /// The key's place on the keyboard.
    public var keyCode: KeyboardHIDUsage
    /// The text the key types with the modifiers held ("" for a modifier key).
    public var characters: String
    /// The text it types without the modifiers, a letter in lower case; for a key that types no
    /// text, UIKit's input name (``KeyCommand/inputUpArrow`` …).
    public var charactersIgnoringModifiers: String
    /// The modifier keys held (a modifier key's own flag on its own down and up).
    public var modifierFlags: KeyModifierFlags

    /// The key at `keyCode`, typing `characters` with `modifierFlags` held; no text and no modifiers
    /// by default.
    public init(keyCode: KeyboardHIDUsage, characters: String = "", charactersIgnoringModifiers: String = "",
                modifierFlags: KeyModifierFlags = []) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }
}

/// One key event of an input frame (Behaviour A10): a key went down, came up, or the host gave
/// up on it. A `down` for a key already down is a repeat.
public struct KeyInput: Hashable, Sendable {
    /// What happened to the key.
    public enum Phase: Hashable, Sendable {
        case down, up
        /// The host no longer follows the key (its window lost the keyboard): its press is
        /// cancelled and the key is up.
        case cancelled
    }

    /// The key's USB HID usage (``KeyboardHIDUsage``); one outside 0…65535 is bad input.
    public var code: Int
    /// Whether the key went down (a repeat when it is down already), came up, or was cancelled.
    public var phase: Phase
    /// What the key types with the modifiers held.
    public var characters: String
    /// What it types without them (see ``Key/charactersIgnoringModifiers``).
    public var charactersIgnoringModifiers: String
    /// The modifier keys held (as in ``Key/modifierFlags``).
    public var modifierFlags: KeyModifierFlags

    /// An event of the key with HID usage `code`; no text and no modifiers by default.
    public init(code: Int, phase: Phase, characters: String = "", charactersIgnoringModifiers: String = "",
                modifierFlags: KeyModifierFlags = []) {
        self.code = code
        self.phase = phase
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
    }

    /// The event for `key`.
    public init(_ key: Key, phase: Phase) {
        self.init(code: key.keyCode.rawValue, phase: phase, characters: key.characters,
                  charactersIgnoringModifiers: key.charactersIgnoringModifiers, modifierFlags: key.modifierFlags)
    }

    /// The key it names.
    public var key: Key {
        Key(keyCode: KeyboardHIDUsage(rawValue: code), characters: characters,
            charactersIgnoringModifiers: charactersIgnoringModifiers, modifierFlags: modifierFlags)
    }
}
