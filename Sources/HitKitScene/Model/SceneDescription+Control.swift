import HitTestCore

extension SceneDescription {
    /// A view that is a control (Behaviour B3). Values the file leaves out are `nil`: the control
    /// type's own defaults apply.
    public struct Control: Equatable, Sendable {
        /// `type` (required): the class built is `Button`, a plain `Control`, `Switch`, `Slider`, `Stepper`,
        /// `SegmentedControl` or `PageControl`, in the order of the cases.
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
            /// `events` (required, not empty): the pair is added for all of them together.
            public var events: [Event]
            /// A responder's id, or `nil` for a target-less action (sent up the responder chain).
            public var target: String?
            /// `action` (required): the action name sent.
            public var action: String

            /// A pair sending `action` to `target` (`nil`: target-less) for `events`.
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

            /// How many segments: the count, or the number of titles.
            public var count: Int {
                switch self {
                case .count(let count): count
                case .titles(let titles): titles.count
                }
            }
        }

        /// `type` (required): which control class is built.
        public var kind: Kind
        /// `enabled`: the control's `isEnabled`; true by default.
        public var enabled: Bool = true
        /// `logTracking`: log the control's tracking calls (Behaviour B6); false by default.
        public var logTracking: Bool = false
        /// `targets`, in file order, each one `addTarget(_:action:for:)`; none by default.
        public var targets: [Target] = []
        /// A switch's `isOn`; `nil`: the switch's default.
        public var isOn: Bool?
        /// A slider's or stepper's `value`, within its limits and set after them; `nil`: the control's
        /// default.
        public var value: Double?
        /// A slider's or stepper's `minimumValue`; `nil`: the control's default (0).
        public var minimumValue: Double?
        /// A slider's or stepper's `maximumValue`; `nil`: the control's default (1 for a slider, 100 for
        /// a stepper).
        public var maximumValue: Double?
        /// A slider's or stepper's `isContinuous`; `nil`: the control's default.
        public var isContinuous: Bool?
        /// A stepper's `stepValue` (> 0); `nil`: the stepper's default.
        public var stepValue: Double?
        /// A stepper's `wraps`; `nil`: the stepper's default.
        public var wraps: Bool?
        /// A stepper's `autorepeat` (Behaviour A5).
        public var autorepeat: Bool?
        /// A segmented control's `segments` (at most 4,096); `nil`: the control's default.
        public var segments: Segments?
        /// A segmented control's `selectedSegmentIndex` (-1 for none); `nil`: the control's default.
        public var selectedSegmentIndex: Int?
        /// A page control's `numberOfPages` (at most 4,096); `nil`: the control's default.
        public var numberOfPages: Int?
        /// A page control's `currentPage`, below `numberOfPages`; `nil`: the control's default.
        public var currentPage: Int?

        /// A control of type `kind`, enabled, with no targets and no value keys.
        public init(kind: Kind) {
            self.kind = kind
        }
    }

    /// A view that is a scroll view (Behaviour B4).
    public struct ScrollView: Equatable, Sendable {
        /// `contentSize` (`[w, h]`, points, not negative), set on the built `ScrollView`; zero by default.
        public var contentSize: Size = .zero
        /// The bounds' origin (Behaviour A6); the builder applies it to the view.
        public var contentOffset: Point = .zero
        /// `delaysContentTouches`, set on the built `ScrollView`; true by default.
        public var delaysContentTouches: Bool = true
        /// `canCancelContentTouches`, set on the built `ScrollView`; true by default.
        public var canCancelContentTouches: Bool = true
        /// `logOffset`: log `contentOffset` at the end of each frame that changed it (Behaviour B6).
        public var logOffset: Bool = false
        // Motion (Behaviour A6.1).
        /// `bounces`; true by default.
        public var bounces: Bool = true
        /// `alwaysBounceVertical`; false by default.
        public var alwaysBounceVertical: Bool = false
        /// `alwaysBounceHorizontal`; false by default.
        public var alwaysBounceHorizontal: Bool = false
        /// `pagingEnabled`: the scroll view's `isPagingEnabled`; false by default.
        public var pagingEnabled: Bool = false
        /// `decelerationRate`: `"normal"` (0.998), `"fast"` (0.99) or a number in (0, 1).
        public var decelerationRate: Double = 0.998
        /// `logDelegate`: log the delegate calls B6 names.
        public var logDelegate: Bool = false
        /// Zooming (Behaviour A6.2, B4).
        public var zoom = Zoom()
        /// `autoscrollsDuringDrag` (Behaviour A11).
        public var autoscrollsDuringDrag: Bool = false

        /// Every scroll-view key at its default.
        public init() {}
    }
}
