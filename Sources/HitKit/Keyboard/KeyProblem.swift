// Why a key event was rejected (Behaviour A10). The rest of the frame is delivered.

extension InputError {
    /// What was wrong with one of a frame's ``KeyInput``s. The rejection names no touch.
    public struct KeyProblem: Hashable, Sendable, CustomStringConvertible {
        /// The event's index in the frame's ``InputFrame/keys``.
        public var index: Int
        /// The event's code, as given.
        public var code: Int
        /// What was wrong.
        public var kind: Kind

        /// The ways a key event can be bad.
        public enum Kind: Hashable, Sendable {
            /// A code outside 0…65535.
            case codeOutOfRange
            /// An `up` or `cancelled` for a key that is not down.
            case notDown
        }

        /// The problem `kind` with the event at `index` in the frame's keys, whose code is `code`.
        public init(index: Int, code: Int, kind: Kind) {
            self.index = index
            self.code = code
            self.kind = kind
        }

        public var description: String {
            switch kind {
            case .codeOutOfRange: "key \(index) (code \(code)): the code is not in 0...65535"
            case .notDown: "key \(index) (code \(code)): up or cancelled for a key that is not down"
            }
        }
    }
}
