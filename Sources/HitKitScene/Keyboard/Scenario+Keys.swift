// A step's `keys` and the keyboard's edits (Behaviour B5, A10).

extension Scenario {
    /// One of a step's `keys`, with the name table's defaults applied.
    public struct KeyChange: Equatable, Sendable {
        /// A key event's `phase`: the key went down, came up, or was cancelled.
        public enum Phase: String, CaseIterable, Equatable, Sendable {
            case down, up, cancelled
        }

        /// The W3C name the event gave (`key`), if any.
        public var name: String?
        /// The HID usage: the name's, or `code`. Any whole number (one outside 0…65535 is bad
        /// input, rejected by the application).
        public var code: Int
        /// `phase` (required).
        public var phase: Phase
        /// `modifiers`, used as given (none by default): a modifier key's own event lists its own flag.
        public var modifiers: [PointerNames.Modifier]
        /// `characters`, else the name's text with shift and caps lock applied; `""` when only `code`
        /// names the key.
        public var characters: String
        /// `ignoringModifiers`, else the name's unshifted text; `""` when only `code` names the key.
        public var ignoringModifiers: String

        /// A key event of the key with HID usage `code`; no name, modifiers or text by default.
        public init(name: String? = nil, code: Int, phase: Phase, modifiers: [PointerNames.Modifier] = [],
                    characters: String = "", ignoringModifiers: String = "") {
            self.name = name
            self.code = code
            self.phase = phase
            self.modifiers = modifiers
            self.characters = characters
            self.ignoringModifiers = ignoringModifiers
        }

        /// How the log names the key (Behaviour B6): its NAME, or its code when only `code` was given.
        public var logName: String { name ?? String(code) }
    }
}
