import HitTestCore

extension SceneDescription {
    /// A view's `contextMenu` (Behaviour B1, A11): the delegate's fixed answer.
    public struct ContextMenu: Equatable, Sendable {
        /// One item of the configuration.
        public struct Item: Equatable, Sendable {
            /// `id` (required): the item's name in the log (`menu highlight copy`), unique in the file.
            public var id: String
            /// In the window's coordinates; finite, width and height not negative.
            public var frame: Rect
            /// `action` (required): sent from the menu's view as a target-less action when the item is
            /// performed.
            public var action: String
            /// `enabled` in the file; true by default. A disabled item is never highlighted or performed.
            public var enabled: Bool = true

            /// An item `id` shown at `frame` (window coordinates) that sends `action`; enabled by default.
            public init(id: String, frame: Rect, action: String, enabled: Bool = true) {
                self.id = id
                self.frame = frame
                self.action = action
                self.enabled = enabled
            }
        }

        /// `id` (required): names the menu in the log and in ``LoadedScene/interaction(withID:)``.
        public var id: String
        /// `configuration`: false, and the delegate answers nil.
        public var configuration: Bool = true
        /// `items`: `[]` is an empty configuration.
        public var items: [Item] = []

        /// A menu `id` with a configuration of no items (the file's defaults).
        public init(id: String) {
            self.id = id
        }
    }

    /// A view's `drag` (Behaviour B1, A11).
    public struct Drag: Equatable, Sendable {
        /// `id` (required): names the drag in the log and in ``LoadedScene/interaction(withID:)``.
        public var id: String
        /// What `itemsForBeginning` answers (`[]`: nothing, no lift).
        public var items: [String]
        /// `allowsMove`: the interaction's `allowsMove`; true by default. With false, a `move` proposal
        /// counts as `cancel`.
        public var allowsMove: Bool = true
        /// `allowsSimultaneousRecognitionDuringLift`.
        public var simultaneous: Bool = false
        /// `enabled`: the interaction's `isEnabled`; true by default.
        public var enabled: Bool = true

        /// A drag `id` whose `itemsForBeginning` answers `items`; the other keys at their defaults.
        public init(id: String, items: [String]) {
            self.id = id
            self.items = items
        }
    }

    /// A view's `drop` (Behaviour B1, A11).
    public struct Drop: Equatable, Sendable {
        /// What `sessionDidUpdate` answers.
        public enum Proposal: String, CaseIterable, Equatable, Sendable {
            case copy, move, cancel, forbidden
        }

        /// `id` (required): names the drop in the log and in ``LoadedScene/interaction(withID:)``.
        public var id: String
        /// `canHandle`: what the delegate's `canHandle` answers; true by default.
        public var canHandle: Bool = true
        /// `proposal` (required): what `sessionDidUpdate` answers.
        public var proposal: Proposal

        /// A drop `id` that answers `proposal` and can handle every session.
        public init(id: String, proposal: Proposal) {
            self.id = id
            self.proposal = proposal
        }
    }

    /// A view's three interactions, any of them absent.
    public struct Interactions: Equatable, Sendable {
        /// `contextMenu`; `nil` when the view has none.
        public var contextMenu: ContextMenu?
        /// `drag`; `nil` when the view has none.
        public var drag: Drag?
        /// `drop`; `nil` when the view has none.
        public var drop: Drop?

        /// A view's interactions; none by default.
        public init(contextMenu: ContextMenu? = nil, drag: Drag? = nil, drop: Drop? = nil) {
            self.contextMenu = contextMenu
            self.drag = drag
            self.drop = drop
        }

        var isEmpty: Bool { contextMenu == nil && drag == nil && drop == nil }
    }
}
