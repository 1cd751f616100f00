extension Control {
    /// A control's state as an option set (UIKit's `UIControl.State`): ``normal`` is the empty set.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Enabled, not highlighted, not selected.
        public static let normal: State = []
        /// ``Control/isHighlighted``.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not ``Control/isEnabled``.
        public static let disabled = State(rawValue: 1 << 1)
        /// ``Control/isSelected``.
        public static let selected = State(rawValue: 1 << 2)
    }
}
