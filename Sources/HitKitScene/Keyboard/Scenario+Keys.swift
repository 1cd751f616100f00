// A step's `keys` and the keyboard's edits (Behaviour B5, A10).

extension Scenario {
    /// One of a step's `keys`, with the name table's defaults applied.
    public struct KeyChange: Equatable, Sendable {
        public enum Phase: String, CaseIterable, Equatable, Sendable {
            case down, up, cancelled
        }

        /// The W3C name the event gave (`key`), if any.
        public var name: String?
        /// The HID usage: the name's, or `code`. Any whole number (one outside 0…65535 is bad
        /// input, rejected by the application).
        public var code: Int
        public var phase: Phase
        public var modifiers: [PointerNames.Modifier]
        public var characters: String
        public var ignoringModifiers: String

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
