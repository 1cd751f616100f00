/// One decision HitKit made while delivering input, with the numbers behind it: what
/// ``Application/observeTrace(_:)`` hands its observers.
///
/// A record names the objects involved — the touch, the view, the recognizer, another
/// recognizer (the one that excluded or was waited for), the control — by their trace names
/// (``Application/setTraceName(_:for:)-(_,View)``; by default a view's class and row, a
/// recognizer's class and a number the trace gives it). ``causes`` carries the numbers the decision
/// turned on, ``message`` says it in words.
public struct TraceRecord: Hashable, Sendable {
    /// What was decided.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        // Hit testing (Behaviour A2).
        /// A hit test began at a point on the screen (a touch's began, a pointer or a scroll).
        case hitTestBegan = "hit-test"
        /// A window was tried, with its level.
        case windowTried = "window"
        /// A view was skipped: hidden, not interactive, transparent or with no inverse transform.
        case viewSkipped = "skipped"
        /// The point was outside a view's hit area (the point in the view's coordinates and the area).
        case viewOutside = "outside"
        /// A view's overridden `pointInside` or `hitTest` was asked, and what it answered.
        case viewOverride = "override"
        /// A view that passes touches through was not the answer itself.
        case viewPassedThrough = "pass-through"
        /// A view that redirects to its superview gave its superview as the answer.
        case viewRedirected = "redirect"
        /// The hit test's answer (or none).
        case hitTestEnded = "hit"
        // A touch's recognizers (Behaviour A3 step 1, A8).
        /// A recognizer was collected for a touch, at its place in the priority order.
        case recognizerCollected = "collected"
        /// A recognizer was left out for a touch, and why.
        case recognizerFiltered = "filtered"
        // Recognizer states (Behaviour A4).
        /// A recognizer's state changed, with its cause.
        case stateChanged = "state"
        /// A recognizer that wants to begin or recognize waits for another to fail (rule a).
        case recognizerWaiting = "waiting"
        // Delivery (Behaviour A3 steps 4–5, A4 f–h, A5, A6, A8).
        /// A touch's began or end was withheld from its view by a recognizer.
        case touchWithheld = "withheld"
        /// A withheld began or end was released to the touch's view.
        case touchReleased = "released"
        /// A touch was cancelled in its view by a recognizer's `cancelsTouchesInView`.
        case touchCancelledInView = "cancelled-in-view"
        /// A control began tracking a touch, or did not.
        case controlTrackingBegan = "tracking-began"
        /// A control stopped tracking a touch, and why.
        case controlTrackingEnded = "tracking-ended"
        /// A control kept a recognizer from beginning (Behaviour A5).
        case controlPrevented = "control-prevented"
        /// A pointer's hover or press was routed to a view.
        case pointerRouted = "pointer"
        /// A scroll was routed to a scroll view (or to none).
        case scrollRouted = "scroll"
        /// A touch stopped a scroll view in motion (tap to stop, Behaviour A6.1).
        case scrollStopped = "scroll-stopped"
        // Zooming (Behaviour A6.2) and a drag's velocity (A4).
        /// A pinch began zooming, with its scale, anchor and reference distance.
        case zoomBegan = "zoom-began"
        /// A pinch's raw scale was past a limit: stretched (bouncesZoom) or clamped.
        case zoomLimited = "zoom-limited"
        /// A zoom ended: inside the limits, bouncing back, or waiting for a drag.
        case zoomEnded = "zoom-ended"
        /// A zoom animation was stopped by a touch, a hold, a scroll or a pinch.
        case zoomStopped = "zoom-stopped"
        /// A drag ended with this velocity, from the samples it spans (pauses included).
        case panVelocity = "pan-velocity"
        // The keyboard (Behaviour A10).
        /// Where a key's press goes first, and why there (or the handler before the chain that
        /// took the key, A11's Escape and Menu key).
        case keyTarget = "key-target"
        /// The responders a press's began reached, and which one kept it (or none).
        case pressRoute = "press-route"
        /// A matching key command passed over: disabled, no responder performs its action, or a
        /// nearer one acted.
        case keyCommandSkipped = "key-command-skipped"
        /// A key command acted, and who performed its action.
        case keyCommandPerformed = "key-command"
        /// A key's repeat did something again.
        case keyRepeat = "key-repeat"
        /// A press was cancelled by HitKit, and why.
        case pressCancelled = "press-cancelled"
        /// Tab's groups in reading order, or an arrow's candidates, and the one chosen.
        case focusCandidates = "focus-candidates"
        /// Focus moved, or was lost.
        case focusChanged = "focus"
        /// A focus key that did not move focus, and why.
        case focusNotMoved = "focus-not-moved"
        /// Return or Space activated the focused control.
        case controlActivated = "activated"
        /// No stage took a key down, and why.
        case keyUnhandled = "key-unhandled"
        // Interactions (Behaviour A11).
        /// A context menu's delegate was asked for a configuration, and what it answered.
        case menuAsked = "menu-asked"
        /// A context menu was shown, or dismissed.
        case menuShown = "menu-shown"
        /// A drag lifted (its items), or why it did not.
        case dragLift = "lift"
        /// A drag session began or ended, and how.
        case dragSession = "session"
        /// A drop targeting pass found a target, or none, and why the drop interactions under the
        /// session that are not its target are not.
        case dropTarget = "drop-target"
    }

    /// One number a decision turned on, with its name ("moved", "allowableMovement").
    public struct Cause: Hashable, Sendable {
        /// The number's name, as the message uses it (`"moved"`, `"x"`).
        public var name: String
        /// The number itself, in the unit of what it names (points, seconds, a count, a scale).
        public var value: Double

        /// The number `value`, named `name`.
        public init(_ name: String, _ value: Double) {
            self.name = name
            self.value = value
        }
    }

    /// An object the record involves: a number for programs (a view's packed ``ViewID``, a
    /// recognizer's trace number) and its trace name for people.
    public struct Subject: Hashable, Sendable {
        /// The number for programs: a view's (or control's) packed ``ViewID``, a recognizer's trace
        /// number from 1 (0 for a recognizer the trace cannot name).
        public var number: Int
        /// The trace name for people: the one set with ``Application/setTraceName(_:for:)-(_,View)``,
        /// else a default such as `Button#3`.
        public var name: String

        /// The object numbered `number` and named `name`.
        public init(number: Int, name: String) {
            self.number = number
            self.name = name
        }
    }

    /// What was decided.
    public var kind: Kind
    /// The application's time of the decision.
    public var time: Double
    /// The touch (or pointer) id, if one is involved.
    public var touch: Int?
    /// The key's HID usage, for the keyboard's records (Behaviour A10).
    public var key: Int?
    /// The view concerned (visited by a hit test, a touch's view, the routed view).
    public var view: Subject?
    /// The recognizer concerned.
    public var recognizer: Subject?
    /// The other recognizer: the one that excluded, the one waited for or that ended first, the
    /// one that withheld or cancelled a touch.
    public var otherRecognizer: Subject?
    /// The control concerned.
    public var control: Subject?
    /// The numbers behind the decision, in the order the message uses them.
    public var causes: [Cause]
    /// The decision in words (the text rendering's last part).
    public var message: String

    /// A record of `kind` at `time` with `message`; every object involved and every cause default
    /// to none.
    public init(kind: Kind, time: Double, touch: Int? = nil, view: Subject? = nil, recognizer: Subject? = nil,
                otherRecognizer: Subject? = nil, control: Subject? = nil, causes: [Cause] = [], message: String,
                key: Int? = nil) {
        self.kind = kind
        self.time = time
        self.touch = touch
        self.key = key
        self.view = view
        self.recognizer = recognizer
        self.otherRecognizer = otherRecognizer
        self.control = control
        self.causes = causes
        self.message = message
    }
}
