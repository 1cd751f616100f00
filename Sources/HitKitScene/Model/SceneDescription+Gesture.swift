extension SceneDescription {
    /// A gesture recognizer declared on a view (Behaviour B2). Keys the file leaves out are `nil` here:
    /// the recognizer's own defaults (Behaviour A4) apply.
    public struct Gesture: Equatable, Sendable {
        /// `type` (required): the recognizer built is the class of that name (`tap`: `TapGestureRecognizer`,
        /// `screenEdgePan`: `ScreenEdgePanGestureRecognizer`, …).
        public enum Kind: String, CaseIterable, Equatable, Sendable {
            case tap, longPress, pan, swipe, pinch, rotation, screenEdgePan, hover
        }

        /// A swipe direction or a screen edge.
        public enum Direction: String, CaseIterable, Equatable, Sendable {
            case right, left, up, down
        }

        /// What the recognizer's delegate answers (Behaviour B2 `delegate`).
        public struct Delegate: Equatable, Sendable {
            /// `shouldReceiveTouch` as written: `true` (`always`), `false` (`never`) or `"ownViewOnly"`.
            public enum ShouldReceiveTouch: Equatable, Sendable {
                case always, never
                /// Only touches whose hit-test view is the recognizer's own view.
                case ownViewOnly
            }

            /// `simultaneousWith`: a list of gesture ids, or `"all"`.
            public enum Simultaneity: Equatable, Sendable {
                case ids([String])
                case all
            }

            /// `shouldReceiveTouch`: what `gestureRecognizer(_:shouldReceive:)` answers; `nil`: every touch.
            public var shouldReceiveTouch: ShouldReceiveTouch?
            /// `shouldBegin`: what `gestureRecognizerShouldBegin(_:)` answers; `nil`: begin.
            public var shouldBegin: Bool?
            /// `simultaneousWith`: the recognizers this one may recognize simultaneously with; `nil`: none.
            public var simultaneousWith: Simultaneity?
            /// `requireFailureOf`: the ids `shouldRequireFailureOf` answers true for; `nil`: none.
            public var requireFailureOf: [String]?
            /// `requiredToFailBy`: the ids `shouldBeRequiredToFailBy` answers true for; `nil`: none.
            public var requiredToFailBy: [String]?

            /// Fixed answers; each `nil`, the default answer, unless given.
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

        /// `id` (required): names the recognizer in the log and in
        /// ``LoadedScene/gestureRecognizer(withID:)``.
        public var id: String
        /// `type` (required): which recognizer class is built.
        public var kind: Kind
        /// `numberOfTapsRequired`.
        public var taps: Int?
        /// `numberOfTouchesRequired`.
        public var touches: Int?
        /// A long press's `minimumPressDuration`, in seconds (≥ 0).
        public var minimumPressDuration: Double?
        /// A tap's or long press's `allowableMovement`, in points (≥ 0).
        public var allowableMovement: Double?
        /// `minimumTouches` (≥ 1): a pan's or screen-edge pan's `minimumNumberOfTouches`.
        public var minimumTouches: Int?
        /// `maximumTouches` (≥ 1, not below `minimumTouches`): a pan's or screen-edge pan's
        /// `maximumNumberOfTouches`.
        public var maximumTouches: Int?
        /// A swipe's `direction`: one name or a list, each once.
        public var direction: [Direction]?
        /// A screen-edge pan's `edges` (`up` is the top edge, `down` the bottom); `nil`: no edge.
        public var edges: [Direction]?
        /// `enabled`: the recognizer's `isEnabled`; `nil` keeps its default.
        public var enabled: Bool?
        /// `cancelsTouchesInView`; `nil` keeps the recognizer's default.
        public var cancelsTouchesInView: Bool?
        /// `delaysTouchesBegan`; `nil` keeps the recognizer's default.
        public var delaysTouchesBegan: Bool?
        /// `delaysTouchesEnded`; `nil` keeps the recognizer's default.
        public var delaysTouchesEnded: Bool?
        /// `require(toFail:)` for each id, in order.
        public var requiresFailureOf: [String]
        /// `logTouches`: log the recognizer's touch calls (Behaviour B6); false by default.
        public var logTouches: Bool
        /// `delegate`: fixed answers; `nil`: the recognizer has no delegate.
        public var delegate: Delegate?
        /// `allowedTouchTypes` (Behaviour A8); `nil`: both.
        public var allowedTouchTypes: [PointerNames.TouchType]?
        /// A tap's `buttonMaskRequired` as button numbers (1 primary, 2 secondary, 3 middle);
        /// `nil`: primary.
        public var buttonMaskRequired: [Int]?
        /// A pan's `allowedScrollTypes`; `nil`: none.
        public var allowedScrollTypes: [PointerNames.ScrollType]?

        /// A recognizer `id` of type `kind`, with every other key left out.
        public init(id: String, kind: Kind) {
            self.id = id
            self.kind = kind
            self.requiresFailureOf = []
            self.logTouches = false
        }
    }
}
