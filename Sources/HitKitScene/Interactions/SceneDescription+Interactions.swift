import HitTestCore

extension SceneDescription {
    /// A view's `contextMenu` (Behaviour B1, A11): the delegate's fixed answer.
    public struct ContextMenu: Equatable, Sendable {
        /// One item of the configuration.
        public struct Item: Equatable, Sendable {
            public var id: String
            /// In the window's coordinates; finite, width and height not negative.
            public var frame: Rect
            public var action: String
            public var enabled: Bool = true

            public init(id: String, frame: Rect, action: String, enabled: Bool = true) {
                self.id = id
                self.frame = frame
                self.action = action
                self.enabled = enabled
            }
        }

        public var id: String
        /// `configuration`: false, and the delegate answers nil.
        public var configuration: Bool = true
        /// `items`: `[]` is an empty configuration.
        public var items: [Item] = []

        public init(id: String) {
            self.id = id
        }
    }

    /// A view's `drag` (Behaviour B1, A11).
    public struct Drag: Equatable, Sendable {
        public var id: String
        /// What `itemsForBeginning` answers (`[]`: nothing, no lift).
        public var items: [String]
        public var allowsMove: Bool = true
        /// `allowsSimultaneousRecognitionDuringLift`.
        public var simultaneous: Bool = false
        public var enabled: Bool = true

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

        public var id: String
        public var canHandle: Bool = true
        public var proposal: Proposal

        public init(id: String, proposal: Proposal) {
            self.id = id
            self.proposal = proposal
        }
    }

    /// A view's three interactions, any of them absent.
    public struct Interactions: Equatable, Sendable {
        public var contextMenu: ContextMenu?
        public var drag: Drag?
        public var drop: Drop?

        public init(contextMenu: ContextMenu? = nil, drag: Drag? = nil, drop: Drop? = nil) {
            self.contextMenu = contextMenu
            self.drag = drag
            self.drop = drop
        }

        var isEmpty: Bool { contextMenu == nil && drag == nil && drop == nil }
    }
}
