/// A key combination that performs an action when pressed (UIKit's `UIKeyCommand`; Behaviour
/// A10): declared by a responder in ``Responder/keyCommands``, matched after the press passed
/// the whole responder chain, and performed by the first responder from the press's target up
/// that can perform ``action``, with the command as the sender.
public final class KeyCommand: Hashable, CustomStringConvertible {
    /// What the key types without modifiers (`charactersIgnoringModifiers`): one character, or
    /// one of the UIKit input names (``inputUpArrow`` …). An upper-case letter implies shift.
    public let input: String
    /// The modifiers that must be held with it, among shift, control, alternate and command
    /// (caps lock and the numeric pad flag are ignored).
    public let modifierFlags: KeyModifierFlags
    /// The action performed (Behaviour A5's routing, from the press's target).
    public let action: Action
    // Fenced (``ExclusivityFence``): plain flags, set by their owner and read at every key down
    // whose key the command matches.
    #if HITKIT_INTERNAL_CHECKS
    /// Whether the command is tried before focus movement (default false: after it).
    public var wantsPriorityOverSystemBehavior = false
    /// Whether the key's repeats perform the action again (default true).
    public var isRepeatable = true
    /// A disabled command matches but does not act: the search goes on (default true).
    public var isEnabled = true
    #else
    /// Whether the command is tried before focus movement (default false: after it).
    @exclusivity(unchecked) public var wantsPriorityOverSystemBehavior = false
    /// Whether the key's repeats perform the action again (default true).
    @exclusivity(unchecked) public var isRepeatable = true
    /// A disabled command matches but does not act: the search goes on (default true).
    @exclusivity(unchecked) public var isEnabled = true
    #endif

    /// The flags held that must equal the command's, shift added when the input implies it.
    let requiredFlags: KeyModifierFlags
    /// The input in lower case when it is a single letter, else the input.
    let foldedInput: String
    /// Whether the input is a single letter (compared without regard to case).
    let isLetter: Bool
    /// The input and the folded input as one ASCII byte each, when they are: compared with a
    /// key typing one ASCII byte without comparing strings.
    let asciiInput: (input: UInt8, folded: UInt8)?

    /// A command that performs `action` when a key typing `input` is pressed with exactly
    /// `modifierFlags` held (none by default; an upper-case letter adds shift).
    public init(input: String, modifierFlags: KeyModifierFlags = [], action: Action) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        var required = modifierFlags.intersection(.matchedByKeyCommands)
        var folded = input, letter = false
        if input.count == 1, let character = input.first, character.isLetter {
            if character.isUppercase { required.insert(.shift) }
            folded = input.lowercased()
            letter = true
        }
        requiredFlags = required
        foldedInput = folded
        isLetter = letter
        asciiInput = Self.asciiByte(of: input).flatMap { byte in Self.asciiByte(of: folded).map { (byte, $0) } }
    }

    /// The string's one byte when it is a single ASCII character.
    static func asciiByte(of string: String) -> UInt8? {
        var utf8 = string.utf8.makeIterator()
        guard let byte = utf8.next(), byte < 0x80, utf8.next() == nil else { return nil }
        return byte
    }

    /// Whether this command matches `key` (Behaviour A10 *Matching*), enabled or not.
    public func matches(_ key: Key) -> Bool {
        matches(Probe(key))
    }

    /// Whether this command matches the key `probe` was read from.
    func matches(_ probe: Probe) -> Bool {
        guard probe.isMatchable, probe.flags == requiredFlags else { return false }
        // Two single ASCII characters are equal strings exactly when their bytes are (another
        // string may equal an ASCII one: the Kelvin sign is "K").
        if let typed = probe.asciiTyped, let ascii = asciiInput {
            return typed == ascii.input || typed == ascii.folded || (isLetter && probe.asciiTypedInLowerCase == ascii.folded)
        }
        if probe.typed == input || probe.typed == foldedInput { return true }
        return isLetter && probe.typedInLowerCase == foldedInput
    }

    /// What matching compares of a key, read once for all the commands of a key down.
    struct Probe {
        /// Whether the key can match at all: it is no modifier key, and types something.
        let isMatchable: Bool
        /// The held flags key commands compare.
        let flags: KeyModifierFlags
        /// What the key types ignoring modifiers.
        let typed: String
        /// `typed` in lower case when it is one character (what a letter's input is compared
        /// with), else `nil`.
        let typedInLowerCase: String?
        /// `typed` as one ASCII byte, and that byte in lower case, when it is one.
        let asciiTyped: UInt8?
        let asciiTypedInLowerCase: UInt8?

        init(_ key: Key) {
            typed = key.charactersIgnoringModifiers
            isMatchable = !key.keyCode.isModifier && !typed.isEmpty
            flags = key.modifierFlags.intersection(.matchedByKeyCommands)
            asciiTyped = KeyCommand.asciiByte(of: typed)
            if let byte = asciiTyped {
                let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                asciiTypedInLowerCase = lower
                typedInLowerCase = isMatchable ? String(UnicodeScalar(lower)) : nil
            } else {
                asciiTypedInLowerCase = nil
                typedInLowerCase = isMatchable && typed.count == 1 ? typed.lowercased() : nil
            }
        }
    }

    /// The command as the delivery log writes it (Behaviour B6): its modifiers in the order
    /// shift, control, alternate, command, then its input, joined by `+`.
    public var description: String {
        var parts: [String] = []
        for (flag, name) in [(KeyModifierFlags.shift, "shift"), (.control, "control"), (.alternate, "alternate"),
                             (.command, "command")] where modifierFlags.contains(flag) {
            parts.append(name)
        }
        parts.append(Self.logName(of: input))
        return parts.joined(separator: "+")
    }

    /// A key as a command spec would name it: its held modifiers (shift, control, alternate,
    /// command) and what it types ignoring them (`shift+command+s`), for the trace.
    static func describe(_ key: Key) -> String {
        var parts: [String] = []
        for (flag, name) in [(KeyModifierFlags.shift, "shift"), (.control, "control"), (.alternate, "alternate"),
                             (.command, "command")] where key.modifierFlags.contains(flag) {
            parts.append(name)
        }
        parts.append(key.charactersIgnoringModifiers.isEmpty ? "code \(key.keyCode)" : logName(of: key.charactersIgnoringModifiers))
        return parts.joined(separator: "+")
    }

    static func logName(of input: String) -> String {
        switch input {
        case "\t": return "Tab"
        case "\r": return "Enter"
        case " ": return "Space"
        case "\u{8}": return "Backspace"
        default: break
        }
        // Whitespace and control characters go by code point, so that the log line stays one
        // line of space-separated fields; a character of several ("\r\n") writes each.
        func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
        guard input.unicodeScalars.contains(where: isInvisible) else { return input }
        return input.unicodeScalars.map { scalar in
            guard isInvisible(scalar) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined()
    }

    // UIKit's input names for keys that type no text (`UIKeyCommand.inputUpArrow` …): what
    // such a key gives as `charactersIgnoringModifiers`.
    /// The Up Arrow key.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The Down Arrow key.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The Left Arrow key.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The Right Arrow key.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The Escape key.
    public static let inputEscape = "UIKeyInputEscape"
    /// The Page Up key.
    public static let inputPageUp = "UIKeyInputPageUp"
    /// The Page Down key.
    public static let inputPageDown = "UIKeyInputPageDown"
    /// The Home key.
    public static let inputHome = "UIKeyInputHome"
    /// The End key.
    public static let inputEnd = "UIKeyInputEnd"
    /// The forward Delete key.
    public static let inputDelete = "UIKeyInputDelete"
    /// `UIKeyInputF1` … `UIKeyInputF12` for `number` 1…12. Another number makes a name outside
    /// ``inputNames``, which the scene format and the C library refuse as a command's input.
    public static func inputF(_ number: Int) -> String { "UIKeyInputF\(number)" }

    /// Every UIKit input name (Behaviour A10): the inputs a key command may have besides one character.
    public static let inputNames: Set<String> = {
        var names: Set<String> = [inputUpArrow, inputDownArrow, inputLeftArrow, inputRightArrow, inputEscape,
                                  inputPageUp, inputPageDown, inputHome, inputEnd, inputDelete]
        for number in 1...12 { names.insert(inputF(number)) }
        return names
    }()

    /// Identity: two key commands are equal when they are the same object.
    public static func == (lhs: KeyCommand, rhs: KeyCommand) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension KeyModifierFlags {
    /// The flags key commands compare (Behaviour A10): caps lock and the numeric pad are ignored.
    static let matchedByKeyCommands: KeyModifierFlags = [.shift, .control, .alternate, .command]
}
