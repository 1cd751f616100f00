/// A view that tracks one touch and reports what it does as control events to its targets
/// (UIKit's `UIControl`; Behaviour A5).
///
/// Tracking is driven by the control's own touch methods:
/// - `touchesBegan` → ``beginTracking(_:with:)``; when it answers true the control tracks the
///   touch and sends ``Event/touchDown`` (then ``Event/touchDownRepeat`` when the touch's
///   `tapCount` is above 1);
/// - `touchesMoved` → ``continueTracking(_:with:)``; when it answers true the control sends
///   ``Event/touchDragExit`` or ``Event/touchDragEnter`` if the touch crossed the edge, then
///   ``Event/touchDragInside`` or ``Event/touchDragOutside``; false stops the tracking silently;
/// - `touchesEnded` → ``endTracking(_:with:)``, then ``Event/touchUpInside`` or
///   ``Event/touchUpOutside``;
/// - `touchesCancelled` → ``cancelTracking(with:)``, then ``Event/touchCancel``.
///
/// "Inside" means inside the bounds grown by ``trackingTolerance`` on every side. A control
/// tracks the earliest touch of its `touchesBegan` and ignores other touches while it tracks.
/// An enabled control keeps its touches (it does not pass them up the responder chain); a
/// disabled one does not track, and its touches go up the chain as a plain view's do.
///
/// The built-in value controls (``Switch``, ``Slider``, ``Stepper``, ``SegmentedControl``,
/// ``PageControl``) change their value and send ``Event/valueChanged`` after the touch events
/// of the same step; ``Button`` sends ``Event/primaryActionTriggered`` after ``Event/touchUpInside``.
///
/// A plain `Control` prevents no gesture recognizer (Behaviour A5: a custom control loses to a tap
/// on its superview); the built-in subclasses override `gestureRecognizerShouldBegin(_:)`.
open class Control: View {
    // Fenced (``ExclusivityFence``): a Bool written whole by its setter, whose observer runs
    // after the write; a focus key reads it for every control of the window.
    #if HITKIT_INTERNAL_CHECKS
    /// Whether the control responds to touches (default true). A disabled control does not
    /// track (Behaviour A5); disabled while it tracks a touch, it cancels the tracking
    /// (``cancelTracking(with:)``), sends no event for it and ignores the rest of that touch, as
    /// UIKit's disabled controls ignore touch events.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            application?.focusabilityMayHaveChanged()  // Behaviour A10
            if !isEnabled { stopTrackingBecauseDisabled() }
        }
    }
    #else
    /// Whether the control responds to touches (default true). A disabled control does not
    /// track (Behaviour A5); disabled while it tracks a touch, it cancels the tracking
    /// (``cancelTracking(with:)``), sends no event for it and ignores the rest of that touch, as
    /// UIKit's disabled controls ignore touch events.
    @exclusivity(unchecked) open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            application?.focusabilityMayHaveChanged()  // Behaviour A10
            if !isEnabled { stopTrackingBecauseDisabled() }
        }
    }
    #endif
    /// Whether the control is selected (default false); the control itself never changes it.
    open var isSelected: Bool {
        get { fenced.isSelected }
        set { fenced.isSelected = newValue }
    }
    /// Whether the control is highlighted: set by tracking to whether the tracked touch is
    /// inside, cleared when tracking ends.
    open var isHighlighted: Bool {
        get { fenced.isHighlighted }
        set { fenced.isHighlighted = newValue }
    }
    /// How far (points, on every side) outside its bounds a tracked touch still counts as
    /// inside (default 70, Behaviour A5). Infinity counts every location inside, as an infinite
    /// `allowableMovement` allows any movement; a NaN is ignored.
    open var trackingTolerance: Double {
        get { fenced.trackingTolerance }
        set { if !newValue.isNaN { fenced.trackingTolerance = newValue } }
    }

    /// Whether the control is tracking a touch.
    public var isTracking: Bool { fenced.isTracking }
    /// Whether the tracked touch is inside the bounds grown by ``trackingTolerance``.
    public var isTouchInside: Bool { fenced.isTouchInside }

    /// Observers of the tracking calls and of the actions sent (see Control+Observation).
    var trackingObservers: ObserverList<(Control, TrackingCall) -> Void> {
        get { fenced.trackingObservers }
        _modify { yield &fenced.trackingObservers }
    }
    var actionObservers: ObserverList<(Control, ActionReport) -> Void> {
        get { fenced.actionObservers }
        _modify { yield &fenced.actionObservers }
    }

    /// The target-action table, in registration order.
    var actionEntries: [ControlActionEntry] {
        get { fenced.actionEntries }
        _modify { yield &fenced.actionEntries }
    }

    /// What the control stores (``Storage``).
    // Fenced (``ExclusivityFence``): read at every step of tracking. Each change is one
    // assignment, or an append or removal of the table's or the observers' that calls nothing
    // (`removeAll`'s test reads an entry's events); `sendActions(for:)` and the observers' calls
    // iterate over copies, and `handling(_:_:)` holds nothing across its body.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// The control's stored state, in one place so that one fence covers it.
    private struct Storage {
        var isSelected = false
        var isHighlighted = false
        var trackingTolerance = 70.0
        var isTracking = false
        var isTouchInside = false
        var trackingObservers = ObserverList<(Control, TrackingCall) -> Void>()
        var actionObservers = ObserverList<(Control, ActionReport) -> Void>()
        /// The touch being tracked.
        var trackedTouch: Touch?
        /// The touch whose tracking was cancelled by disabling the control: ignored to its end.
        var ignoredTouch: Touch?
        /// The tracked touch while its last step runs: `endTracking` or `cancelTracking`, the
        /// events they send and a value control's reaction.
        var endingTouch: Touch?
        /// Set while tracking is cancelled by disabling: the control sends no event then.
        var sendsNoActions = false
        /// The touch event being handled, passed on with the actions it causes.
        var eventBeingHandled: HitKit.Event?
        var actionEntries: [ControlActionEntry] = []
        var nextActionID = 0
    }

    /// The touch being tracked, for subclasses that act between its steps (a stepper's repeats).
    var trackedTouch: Touch? { fenced.trackedTouch }

    /// The control's state: highlighted, disabled and selected as the properties say.
    public var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    // MARK: Tracking (overridable)

    /// Asked when a touch begins in the control; true tracks it. Default true.
    open func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        true
    }

    /// Asked when the tracked touch moves; false stops tracking it (no more events for it).
    /// Default true.
    open func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        true
    }

    /// Told that the tracked touch lifted. Default: nothing.
    open func endTracking(_ touch: Touch?, with event: HitKit.Event?) {}

    /// Told that the tracked touch was cancelled. Default: nothing.
    open func cancelTracking(with event: HitKit.Event?) {}

    // MARK: Touches

    /// An enabled control can be focused by default (Behaviour A10); ``View/allowsFocus`` overrides it.
    open override var canBecomeFocused: Bool { allowsFocus ?? isEnabled }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        // Behaviour A8: a click not of the primary button alone goes up the chain, as a plain view's.
        let otherClicks = touches.filter { !$0.isPrimaryOrDirect }
        if !otherClicks.isEmpty { super.touchesBegan(otherClicks, with: event) }
        let touches = otherClicks.isEmpty ? touches : touches.subtracting(otherClicks)
        guard !touches.isEmpty else { return }
        guard isEnabled else {
            if let tracer = application?.tracer, let touch = touches.first { tracer.recordTrackingBegan(self, touch, tracking: false, disabled: true) }
            super.touchesBegan(touches, with: event)
            return
        }
        guard fenced.trackedTouch == nil, let touch = touches.min(by: { $0.beganSequence < $1.beganSequence }) else {
            return
        }
        handling(event) {
            fenced.isTouchInside = isInside(touch)
            notifyTracking(.beginTracking)
            guard beginTracking(touch, with: event) else {
                fenced.isTouchInside = false
                if let tracer = application?.tracer { tracer.recordTrackingBegan(self, touch, tracking: false) }
                return
            }
            fenced.trackedTouch = touch
            fenced.isTracking = true
            // Code in `beginTracking` may have cancelled the touch (taken the control out of its
            // window): its `touchesCancelled` came before the tracking began, so cancel it now.
            guard touch.delivery == .tracking else { return cancelTracking(of: touch, with: event, disabled: false) }
            isHighlighted = isTouchInside
            if let tracer = application?.tracer { tracer.recordTrackingBegan(self, touch, tracking: true) }
            sendActions(for: .touchDown)
            // An action may disable the control, which ends the tracking there.
            guard fenced.trackedTouch === touch else { return }
            if touch.tapCount > 1 { sendActions(for: .touchDownRepeat) }
            guard fenced.trackedTouch === touch else { return }
            trackingStepDidFinish(.began, touch: touch)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        let others = untracked(touches)
        if let touch = fenced.trackedTouch, touches.contains(touch) {
            handling(event) {
                let wasInside = isTouchInside
                fenced.isTouchInside = isInside(touch)
                isHighlighted = isTouchInside
                notifyTracking(.continueTracking)
                guard continueTracking(touch, with: event) else {
                    if let tracer = application?.tracer { tracer.recordTrackingEnded(self, touch, how: "stopped") }
                    stopTracking()
                    return
                }
                if wasInside != isTouchInside { sendActions(for: isTouchInside ? .touchDragEnter : .touchDragExit) }
                guard fenced.trackedTouch === touch else { return }
                sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
                guard fenced.trackedTouch === touch else { return }
                trackingStepDidFinish(.moved, touch: touch)
            }
        }
        // Touches whose began went up the chain (a disabled control's) follow it there.
        super.touchesMoved(others, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        let others = untracked(touches)
        if let touch = fenced.trackedTouch, touches.contains(touch) {
            handling(event) {
                fenced.isTouchInside = isInside(touch)
                isHighlighted = false
                fenced.endingTouch = touch
                notifyTracking(.endTracking)
                endTracking(touch, with: event)
                if let tracer = application?.tracer { tracer.recordTrackingEnded(self, touch, how: "ended") }
                let inside = isTouchInside
                sendActions(for: inside ? .touchUpInside : .touchUpOutside)
                guard fenced.trackedTouch === touch else { return }
                trackingStepDidFinish(.ended(inside: inside), touch: touch)
                stopTracking()
            }
        }
        super.touchesEnded(others, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        let others = untracked(touches)
        if let touch = fenced.trackedTouch, touches.contains(touch) { cancelTracking(of: touch, with: event, disabled: false) }
        super.touchesCancelled(others, with: event)
    }

    // MARK: Target-action (overridable)

    /// Sends the actions registered for `events` (each single event in turn, in the order of
    /// ``Event/singleEvents``; within one event, in registration order) through
    /// ``sendAction(_:to:for:)``; closure actions are called directly.
    open func sendActions(for events: Control.Event) {
        guard !fenced.sendsNoActions else { return }
        for controlEvent in Control.Event.singleEvents where events.contains(controlEvent) {
            for entry in actionEntries where entry.events.contains(controlEvent) {
                switch entry.kind {
                case .closure(_, let handler):
                    handler(self)
                case .targetAction(let action, let reference, let hasTarget):
                    let target = reference?.object
                    if hasTarget && target == nil { continue }  // the target was freed
                    let receiver = target ?? defaultReceiver(of: action)
                    let handled = sendAction(action, to: target, for: fenced.eventBeingHandled)
                    notifyAction(ActionReport(action: action, target: target, receiver: handled ? receiver : nil,
                                              controlEvent: controlEvent, handled: handled))
                }
            }
        }
    }

    /// Sends one action through the application's ``Application/sendAction(_:to:from:for:)``
    /// with this control as the sender. Returns false when it went unhandled (or the control's
    /// application is gone).
    @discardableResult
    open func sendAction(_ action: Action, to target: Responder?, for event: HitKit.Event?) -> Bool {
        application?.sendAction(action, to: target, from: self, for: event) ?? false
    }

    // MARK: Helpers for the built-in controls

    /// A tracking step whose touch events were sent: the built-in value controls react to it.
    enum TrackingStep: Equatable {
        case began, moved, ended(inside: Bool), cancelled
    }

    /// Told after a step's touch events were sent, while the control still tracks. Default: nothing.
    func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {}

    /// Whether `touch` is inside the bounds grown by ``trackingTolerance``.
    func isInside(_ touch: Touch) -> Bool {
        // A rect grown without bound would contain nothing (Behaviour A1: an infinite coordinate).
        if trackingTolerance == .infinity { return true }
        let grown = bounds.standardized.inset(by: EdgeInsets(top: -trackingTolerance, left: -trackingTolerance,
                                                             bottom: -trackingTolerance, right: -trackingTolerance))
        return grown.contains(touch.location(in: self))
    }

    /// Disabled while tracking: the tracking is cancelled without events (a stepper's repeat
    /// and a slider's value stop where they are) and the rest of the touch is ignored.
    private func stopTrackingBecauseDisabled() {
        guard let touch = fenced.trackedTouch else { return }
        // Disabled during its last step (from `endTracking` or `cancelTracking`, their
        // observers, the events they send): no second end follows; the rest of the step (a
        // switch's toggle, a value's last change) is skipped.
        if fenced.endingTouch === touch { return stopTracking() }
        cancelTracking(of: touch, with: nil, disabled: true)
        // Disabled by an action of the touch's last step, there is nothing left of it to ignore.
        fenced.ignoredTouch = touch.hasLifted ? nil : touch
    }

    /// Cancels the tracking of `touch`: by the input, sending `touchCancel`, or because the
    /// control was disabled, sending nothing (a disabled control sends no event).
    private func cancelTracking(of touch: Touch, with event: HitKit.Event?, disabled: Bool) {
        handling(event) {
            isHighlighted = false
            fenced.endingTouch = touch
            notifyTracking(.cancelTracking)
            cancelTracking(with: event)
            if let tracer = application?.tracer {
                tracer.recordTrackingEnded(self, touch, how: disabled ? "cancelled: the control was disabled" : "cancelled")
            }
            if disabled {
                fenced.sendsNoActions = true
            } else {
                sendActions(for: .touchCancel)
                guard fenced.trackedTouch === touch else { return }
            }
            trackingStepDidFinish(.cancelled, touch: touch)
            fenced.sendsNoActions = false
            stopTracking()
        }
    }

    private func stopTracking() {
        fenced.trackedTouch = nil
        fenced.endingTouch = nil
        fenced.isTracking = false
        fenced.isTouchInside = false
        isHighlighted = false
    }

    private func untracked(_ touches: Set<Touch>) -> Set<Touch> {
        if let ignored = fenced.ignoredTouch, touches.contains(ignored) {
            if ignored.hasLifted { fenced.ignoredTouch = nil }
            return untracked(touches.filter { $0 !== ignored })
        }
        guard let trackedTouch = fenced.trackedTouch else { return touches }
        return touches.filter { $0 !== trackedTouch }
    }

    /// Runs `body` with `event` as the event the actions it sends carry.
    private func handling(_ event: HitKit.Event?, _ body: () -> Void) {
        let previous = fenced.eventBeingHandled
        fenced.eventBeingHandled = event
        defer { fenced.eventBeingHandled = previous }
        body()
    }

    /// Where the application's default routing sends a target-less `action` from this control.
    private func defaultReceiver(of action: Action) -> Responder? {
        guard let application else { return nil }
        return ActionRouter(application: application).firstCandidate(self)?.target(forAction: action, withSender: self)
    }

    func makeActionID() -> ActionID {
        fenced.nextActionID += 1
        return ActionID(value: fenced.nextActionID)
    }
}

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

// Behaviour A5's "default actions prevent overlapping gestures": the tests the built-in controls'
// `gestureRecognizerShouldBegin(_:)` overrides use. A plain `Control` uses none of them.

extension Control {
    /// Whether `recognizer` is a tap the built-in tap-like controls stop: one tap of one finger,
    /// attached to another view, cancelling touches in view. A disabled control stops nothing:
    /// its touches behave as a plain view's.
    func isOverlappingSingleTap(_ recognizer: GestureRecognizer) -> Bool {
        guard isEnabled, let tap = recognizer as? TapGestureRecognizer, tap.view !== self,
              tap.touches.allSatisfy(\.isPrimaryOrDirect) else { return false }  // Behaviour A8
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1 && tap.cancelsTouchesInView
    }

    /// Whether `recognizer` is a pan (of any kind) attached to another view, while enabled.
    func isForeignPan(_ recognizer: GestureRecognizer) -> Bool {
        isEnabled && recognizer is PanGestureRecognizer && recognizer.view !== self
            && recognizer.touches.allSatisfy(\.isPrimaryOrDirect)  // Behaviour A8
    }
}
