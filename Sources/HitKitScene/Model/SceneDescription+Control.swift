import HitTestCore

extension SceneDescription {
    /// A view that is a control (Behaviour B3). Values the file leaves out are `nil`: the control
    /// type's own defaults apply.
    public struct Control: Equatable, Sendable {
        public enum Kind: String, CaseIterable, Equatable, Sendable {
            case button
            /// A plain custom control.
            case control
            case `switch`
            case slider
            case stepper
            case segmented
            case pageControl

            /// The value keys Behaviour B3 gives this type.
            var valueKeys: [String] {
                switch self {
                case .button, .control: []
                case .switch: ["isOn"]
                case .slider: ["value", "minimumValue", "maximumValue", "isContinuous"]
                case .stepper: ["value", "minimumValue", "maximumValue", "isContinuous", "stepValue", "wraps", "autorepeat"]
                case .segmented: ["segments", "selectedSegmentIndex"]
                case .pageControl: ["numberOfPages", "currentPage"]
                }
            }
        }

        /// The control events of Behaviour A5, spelled as `Control.Event`'s members.
        public enum Event: String, CaseIterable, Equatable, Sendable {
            case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter,
                 touchDragExit, touchUpInside, touchUpOutside, touchCancel, valueChanged,
                 primaryActionTriggered
        }

        /// One `addTarget(_:action:for:)`.
        public struct Target: Equatable, Sendable {
            public var events: [Event]
            /// A responder's id, or `nil` for a target-less action (sent up the responder chain).
            public var target: String?
            public var action: String

            public init(events: [Event], target: String?, action: String) {
                self.events = events
                self.target = target
                self.action = action
            }
        }

        /// A segmented control's segments: a count, or their titles.
        public enum Segments: Equatable, Sendable {
            case count(Int)
            case titles([String])

            public var count: Int {
                switch self {
                case .count(let count): count
                case .titles(let titles): titles.count
                }
            }
        }

        public var kind: Kind
        public var enabled: Bool = true
        public var logTracking: Bool = false
        public var targets: [Target] = []
        public var isOn: Bool?
        public var value: Double?
        public var minimumValue: Double?
        public var maximumValue: Double?
        public var isContinuous: Bool?
        public var stepValue: Double?
        public var wraps: Bool?
        /// A stepper's `autorepeat` (Behaviour A5).
        public var autorepeat: Bool?
        public var segments: Segments?
        public var selectedSegmentIndex: Int?
        public var numberOfPages: Int?
        public var currentPage: Int?

        public init(kind: Kind) {
            self.kind = kind
        }
    }

    /// A view that is a scroll view (Behaviour B4).
    public struct ScrollView: Equatable, Sendable {
        public var contentSize: Size = .zero
        /// The bounds' origin (Behaviour A6); the builder applies it to the view.
        public var contentOffset: Point = .zero
        public var delaysContentTouches: Bool = true
        public var canCancelContentTouches: Bool = true
        /// `logOffset`: log `contentOffset` at the end of each frame that changed it (Behaviour B6).
        public var logOffset: Bool = false
        // Motion (Behaviour A6.1).
        public var bounces: Bool = true
        public var alwaysBounceVertical: Bool = false
        public var alwaysBounceHorizontal: Bool = false
        public var pagingEnabled: Bool = false
        /// `decelerationRate`: `"normal"` (0.998), `"fast"` (0.99) or a number in (0, 1).
        public var decelerationRate: Double = 0.998
        /// `logDelegate`: log the delegate calls B6 names.
        public var logDelegate: Bool = false
        /// Zooming (Behaviour A6.2, B4).
        public var zoom = Zoom()

        public init() {}
    }
}
