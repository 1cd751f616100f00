// The keyboard's scene keys (Behaviour B1, A10): a responder's `presses` and `keyCommands`, a
// view's `canBecomeFocused` and `focusGroup`, a window's `focusSystem`.

extension SceneDescription {
    /// One of a responder's `keyCommands`.
    public struct KeyCommand: Equatable, Sendable {
        /// `modifiers` entries: the flags a key command compares.
        public enum Modifier: String, CaseIterable, Equatable, Sendable {
            case shift, control, alternate, command
        }

        /// One character, or one of the UIKit input names.
        public var input: String
        /// In file order, each at most once.
        public var modifiers: [Modifier]
        /// `action` (required): the action name, performed by the responders whose `actions` list it.
        public var action: String
        /// `priority`: `wantsPriorityOverSystemBehavior`.
        public var priority: Bool
        /// `repeatable`: `isRepeatable`; true by default.
        public var repeatable: Bool
        /// `enabled`: `isEnabled`; true by default.
        public var enabled: Bool

        /// A key command for `input` and `modifiers` that sends `action`; the other keys default as in
        /// a file.
        public init(input: String, modifiers: [Modifier] = [], action: String, priority: Bool = false,
                    repeatable: Bool = true, enabled: Bool = true) {
            self.input = input
            self.modifiers = modifiers
            self.action = action
            self.priority = priority
            self.repeatable = repeatable
            self.enabled = enabled
        }
    }

    /// A view's focus keys.
    public struct Focus: Equatable, Sendable {
        /// `canBecomeFocused`; `nil`: the default (an enabled control, no other view).
        public var canBecomeFocused: Bool?
        /// `focusGroup`: the view's `focusGroupIdentifier`.
        public var group: String?

        /// Focus keys as given; `nil`, the defaults, for those left out.
        public init(canBecomeFocused: Bool? = nil, group: String? = nil) {
            self.canBecomeFocused = canBecomeFocused
            self.group = group
        }
    }
}
