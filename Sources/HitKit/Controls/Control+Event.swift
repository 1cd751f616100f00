extension Control {
    /// The control events of Behaviour A5 (UIKit's `UIControl.Event`): what a control reports to the
    /// targets registered with ``Control/addTarget(_:action:for:)``.
    ///
    /// Each single event has a stable ``name`` equal to its Swift name (`"touchUpInside"`, …),
    /// which the scene replay prints in its delivery log (Behaviour B6).
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A finger touched down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down (the touch's `tapCount` is above 1), sent after ``touchDown``.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The tracked finger moved while inside (the bounds grown by `trackingTolerance`).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The tracked finger moved while outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The tracked finger moved from outside to inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The tracked finger moved from inside to outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The tracked finger lifted inside.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The tracked finger lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The tracked touch was cancelled (by the input, a gesture recognizer or a removal).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed through the user's touch.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action: a button sends it after ``touchUpInside``.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)

        /// Every touch event (UIKit's `allTouchEvents`).
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: UInt(UInt32.max))

        /// The single events, in the order ``Control/sendActions(for:)`` sends a combination.
        public static let singleEvents: [Event] = [
            .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
            .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged,
            .primaryActionTriggered,
        ]

        private static let names: [UInt: String] = [
            Event.touchDown.rawValue: "touchDown",
            Event.touchDownRepeat.rawValue: "touchDownRepeat",
            Event.touchDragInside.rawValue: "touchDragInside",
            Event.touchDragOutside.rawValue: "touchDragOutside",
            Event.touchDragEnter.rawValue: "touchDragEnter",
            Event.touchDragExit.rawValue: "touchDragExit",
            Event.touchUpInside.rawValue: "touchUpInside",
            Event.touchUpOutside.rawValue: "touchUpOutside",
            Event.touchCancel.rawValue: "touchCancel",
            Event.valueChanged.rawValue: "valueChanged",
            Event.primaryActionTriggered.rawValue: "primaryActionTriggered",
            Event.allTouchEvents.rawValue: "allTouchEvents",
            Event.allEvents.rawValue: "allEvents",
        ]

        /// The event by its ``name`` (single events and the two groupings), or `nil`.
        public init?(name: String) {
            guard let raw = Self.names.first(where: { $0.value == name })?.key else { return nil }
            self.init(rawValue: raw)
        }

        /// The Swift name of a single event or of a grouping (`"touchUpInside"`,
        /// `"allTouchEvents"`); any other combination lists its single events joined by `|`.
        public var name: String {
            if let name = Self.names[rawValue] { return name }
            return Self.singleEvents.filter { contains($0) }.map(\.name).joined(separator: "|")
        }

        public var description: String { name }
    }
}
