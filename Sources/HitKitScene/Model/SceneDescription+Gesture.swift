extension SceneDescription {
    /// A gesture recognizer declared on a view (Behaviour B2). Keys the file leaves out are `nil` here:
    /// the recognizer's own defaults (Behaviour A4) apply.
    public struct Gesture: Equatable, Sendable {
        public enum Kind: String, CaseIterable, Equatable, Sendable {
            case tap, longPress, pan, swipe, pinch, rotation, screenEdgePan, hover
        }

        /// A swipe direction or a screen edge.
        public enum Direction: String, CaseIterable, Equatable, Sendable {
            case right, left, up, down
        }

        /// What the recognizer's delegate answers (Behaviour B2 `delegate`).
        public struct Delegate: Equatable, Sendable {
            public enum ShouldReceiveTouch: Equatable, Sendable {
                case always, never
                /// Only touches whose hit-test view is the recognizer's own view.
                case ownViewOnly
            }

            public enum Simultaneity: Equatable, Sendable {
                case ids([String])
                case all
            }

            public var shouldReceiveTouch: ShouldReceiveTouch?
            public var shouldBegin: Bool?
            public var simultaneousWith: Simultaneity?
            public var requireFailureOf: [String]?
            public var requiredToFailBy: [String]?

            public init(shouldReceiveTouch: ShouldReceiveTouch? = nil, shouldBegin: Bool? = nil,
                        simultaneousWith: Simultaneity? = nil, requireFailureOf: [String]? = nil,
                        requiredToFailBy: [String]? = nil) {
                self.shouldReceiveTouch = shouldReceiveTouch
                self.shouldBegin = shouldBegin
                self.simultaneousWith = simultaneousWith
                self.requireFailureOf = requireFailureOf
                self.requiredToFailBy = requiredToFailBy
            }
        }

        public var id: String
        public var kind: Kind
        /// `numberOfTapsRequired`.
        public var taps: Int?
        /// `numberOfTouchesRequired`.
        public var touches: Int?
        public var minimumPressDuration: Double?
        public var allowableMovement: Double?
        public var minimumTouches: Int?
        public var maximumTouches: Int?
        public var direction: [Direction]?
        public var edges: [Direction]?
        public var enabled: Bool?
        public var cancelsTouchesInView: Bool?
        public var delaysTouchesBegan: Bool?
        public var delaysTouchesEnded: Bool?
        /// `require(toFail:)` for each id, in order.
        public var requiresFailureOf: [String]
        public var logTouches: Bool
        public var delegate: Delegate?
        /// `allowedTouchTypes` (Behaviour A8); `nil`: both.
        public var allowedTouchTypes: [PointerNames.TouchType]?
        /// A tap's `buttonMaskRequired` as button numbers (1 primary, 2 secondary, 3 middle);
        /// `nil`: primary.
        public var buttonMaskRequired: [Int]?
        /// A pan's `allowedScrollTypes`; `nil`: none.
        public var allowedScrollTypes: [PointerNames.ScrollType]?

        public init(id: String, kind: Kind) {
            self.id = id
            self.kind = kind
            self.requiresFailureOf = []
            self.logTouches = false
        }
    }
}
