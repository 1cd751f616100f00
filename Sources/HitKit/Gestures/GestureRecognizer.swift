/// The base of the gesture recognizers (UIKit's `UIGestureRecognizer`; SPEC A4).
///
/// A recognizer is attached to a view. It receives the touches that begin on that view or its
/// subviews before the views do (SPEC A3 step 2), moves through its ``State``s, and sends its
/// actions when it begins, changes, ends (or recognizes) and is cancelled.
///
/// ## Subclassing
/// Override ``touchesBegan(_:with:)``, ``touchesMoved(_:with:)``, ``touchesEnded(_:with:)`` and
/// ``touchesCancelled(_:with:)`` (call `super` or not: the base does nothing), ``reset()``,
/// ``canPrevent(_:)`` / ``canBePrevented(by:)`` and ``shouldRequireFailure(of:)`` /
/// ``shouldBeRequiredToFail(by:)``. Set ``state`` to move on; read ``location(in:)``,
/// ``location(ofTouch:in:)`` and ``numberOfTouches``; use ``ignore(_:)`` to drop a touch and
/// ``schedule(after:_:)`` for timeouts. See the GestureArbitration article for a worked example.
///
/// A state set from a touch method or a timer is a *request*: it takes effect in step 3 of the
/// frame, after the require-to-fail, should-begin and exclusion rules (SPEC A4 a–d). ``state``
/// reads the resolved state; ``requestedState`` the state the recognizer is heading to.
open class GestureRecognizer {
    /// A recognizer's states (SPEC A4).
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        /// The discrete recognizers' name for ``ended``.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Whether the recognizer is done with its sequence (it resets once its touches end).
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
        /// Whether a continuous recognizer is running.
        var isActive: Bool { self == .began || self == .changed }
    }

    /// A transition SPEC A4 does not allow, set by a recognizer: a programming error. It is
    /// recorded in ``illegalTransitions`` and ignored; it never crashes the application.
    public struct IllegalTransition: Error, Hashable, Sendable, CustomStringConvertible {
        public let from: State
        public let to: State
        public let isDiscrete: Bool

        public var description: String {
            "illegal transition \(from) → \(to) for a \(isDiscrete ? "discrete" : "continuous") recognizer"
        }
    }

    // MARK: Attachment and configuration

    /// The view this recognizer is attached to (held weakly: the view owns its recognizers).
    /// Detaching an active recognizer cancels it (or fails it if it is still possible).
    public internal(set) weak var view: View? {
        didSet {
            if oldValue !== view, let oldValue { stage(of: oldValue)?.recognizerWasStopped(self) }
        }
    }

    /// A disabled recognizer receives nothing; disabling one that had begun cancels it, one that
    /// is possible fails (SPEC A4 i). Default true.
    open var isEnabled = true {
        didSet {
            if oldValue && !isEnabled, let view { stage(of: view)?.recognizerWasStopped(self) }
        }
    }

    /// Whether the recognizer's touches are cancelled in their views when it begins or
    /// recognizes (SPEC A4 f). Default true.
    open var cancelsTouchesInView = true
    /// Whether the began and moved phases of its touches are withheld from their views while
    /// the recognizer is possible (SPEC A4 g). Default false.
    open var delaysTouchesBegan = false
    /// Whether its ended touches are withheld from their views while the recognizer is possible
    /// (SPEC A4 h). Default true.
    open var delaysTouchesEnded = true

    /// Asked about touches, beginning, simultaneity and failure requirements (held weakly).
    public weak var delegate: GestureRecognizerDelegate?

    /// Whether the recognizer is discrete (possible → recognized | failed) rather than
    /// continuous (possible → began → changed* → ended | cancelled, or failed). Default false.
    open class var isDiscrete: Bool { false }

    // MARK: State

    /// The resolved state.
    public internal(set) var resolvedState: State = .possible

    /// Requests not yet resolved (step 3 resolves them), oldest first.
    var requests: [State] = []

    /// The recognizer's state. Setting it requests a transition, resolved in step 3 of the frame
    /// (SPEC A4 a–d). A transition SPEC A4 forbids is recorded in ``illegalTransitions`` and ignored.
    public var state: State {
        get { resolvedState }
        set { request(newValue) }
    }

    /// The state the recognizer is heading to: the last request not yet resolved, else ``state``.
    public var requestedState: State { requests.last ?? resolvedState }

    /// Illegal transitions this recognizer attempted (the last 16), oldest first.
    public private(set) var illegalTransitions: [IllegalTransition] = []

    private func request(_ next: State) {
        let from = requestedState
        guard GestureRecognizer.isLegal(from: from, to: next, discrete: Self.isDiscrete) else {
            if illegalTransitions.count == 16 { illegalTransitions.removeFirst() }
            illegalTransitions.append(IllegalTransition(from: from, to: next, isDiscrete: Self.isDiscrete))
            return
        }
        // A detached recognizer has no sequence to move on in.
        guard let view, let stage = stage(of: view) else { return }
        // Moves while waiting to begin collapse into one change.
        if next == .changed && requests.last == .changed { return }
        requests.append(next)
        stage.recognizerRequestedTransition(self)
    }

    /// SPEC A4's transitions.
    static func isLegal(from: State, to: State, discrete: Bool) -> Bool {
        switch (from, to) {
        case (.possible, .failed): true
        case (.possible, .ended): discrete               // recognized
        case (.possible, .began): !discrete
        case (.began, .changed), (.changed, .changed): !discrete
        case (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled): !discrete
        default: false
        }
    }

    // MARK: Targets and actions

    private enum Target {
        case responder(WeakReference<Responder>, Action)
        case closure(ID, (GestureRecognizer) -> Void)
    }

    /// Identifies a closure target, to remove it.
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    private var targets: [Target] = []
    private var nextClosureID = 0

    /// Creates a recognizer with no target.
    public init() {}

    /// Creates a recognizer that sends `action` to `target`.
    public convenience init(target: Responder, action: Action) {
        self.init()
        addTarget(target, action: action)
    }

    /// Sends `action` to `target` (held weakly) on began, changed, ended/recognized and cancelled
    /// (SPEC A4 e), through ``Responder/perform(_:sender:event:)`` with this recognizer as the sender.
    public func addTarget(_ target: Responder, action: Action) {
        targets.append(.responder(WeakReference(target), action))
    }

    /// Calls `body` on began, changed, ended/recognized and cancelled (SPEC A4 e).
    @discardableResult
    public func addTarget(_ body: @escaping (GestureRecognizer) -> Void) -> ID {
        nextClosureID += 1
        let id = ID(value: nextClosureID)
        targets.append(.closure(id, body))
        return id
    }

    /// Removes `action` sent to `target` (any action when `action` is `nil`).
    public func removeTarget(_ target: Responder, action: Action? = nil) {
        targets.removeAll { entry in
            guard case .responder(let reference, let name) = entry else { return false }
            return reference.object === target && (action == nil || action == name)
        }
    }

    /// Removes a closure target.
    public func removeTarget(_ id: ID) {
        targets.removeAll { entry in
            guard case .closure(let other, _) = entry else { return false }
            return other == id
        }
    }

    func sendActions() {
        for target in targets {
            switch target {
            case .responder(let reference, let action):
                reference.object?.perform(action, sender: self, event: nil)
            case .closure(_, let body):
                body(self)
            }
        }
    }

    // MARK: Observation (for loggers)

    /// Observers of state changes, called in order at the moment of each change, before the
    /// actions are sent (resets to possible are not reported).
    private var stateObservers: [(GestureRecognizer, State) -> Void] = []
    /// Observers of the touch calls this recognizer receives, called just before each call.
    private var touchObservers: [(GestureRecognizer, TouchCall, Set<Touch>) -> Void] = []

    /// Which touch method a recognizer received.
    public enum TouchCall: String, Hashable, Sendable {
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    }

    /// Calls `body` at every state change (not the resets to possible), before the actions.
    public func observeStateChanges(_ body: @escaping (GestureRecognizer, State) -> Void) {
        stateObservers.append(body)
    }

    /// Calls `body` just before each touch method of this recognizer is called by the delivery.
    public func observeTouches(_ body: @escaping (GestureRecognizer, TouchCall, Set<Touch>) -> Void) {
        touchObservers.append(body)
    }

    func notifyStateChange() {
        for observer in stateObservers { observer(self, resolvedState) }
    }

    func notifyTouches(_ call: TouchCall, _ touches: Set<Touch>) {
        for observer in touchObservers { observer(self, call, touches) }
    }

    // MARK: Touches (SPEC A3 step 2)

    /// The touches of the current sequence, not ignored, oldest first (ended ones included
    /// until the frame they ended in is over).
    public internal(set) var touches: [Touch] = []
    /// Every touch of the sequence not ignored, ended ones included, until reset.
    var sequenceTouches: [Touch] = []
    /// Timers scheduled with ``schedule(after:_:)``, cancelled by the reset.
    var timers: [TimerHandle] = []
    /// The last location (screen), kept for ``location(in:)`` once the touches are gone.
    private var lastScreenLocation = Point(x: .nan, y: .nan)
    /// Depth of ``view`` below its window when the sequence began (priority order).
    var priorityDepth = 0

    /// Fingers touched down. Default: nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// Fingers moved. Default: nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// Fingers lifted. Default: nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    /// Touches were cancelled (by the input). Default: nothing.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

    /// Called when the recognizer returns to possible (after its sequence, SPEC A4). Override to
    /// clear per-gesture state; call `super`.
    open func reset() {}

    /// Stops receiving `touch`: it is no longer this recognizer's, and the recognizer no longer
    /// withholds it from its view.
    public func ignore(_ touch: Touch) {
        touches.removeAll { $0 === touch }
        sequenceTouches.removeAll { $0 === touch }
        touch.gestureRecognizers.removeAll { $0 === self }
    }

    /// The number of touches the recognizer is handling.
    public var numberOfTouches: Int { touches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (`nil`: the window);
    /// once they are gone, where they last were.
    public func location(in view: View?) -> Point {
        screenToView(centroidOnScreen(), view)
    }

    /// The location of the touch at `index` (in ``touches``) in `view`'s coordinates; an index
    /// out of range gives a non-finite point.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard touches.indices.contains(index) else { return Point(x: .nan, y: .nan) }
        return touches[index].location(in: view)
    }

    /// The screen centroid of ``touches`` (or the last one known).
    func centroidOnScreen() -> Point {
        guard !touches.isEmpty else { return lastScreenLocation }
        var x = 0.0, y = 0.0
        for touch in touches { x += touch.screenLocation.x; y += touch.screenLocation.y }
        lastScreenLocation = Point(x / Double(touches.count), y / Double(touches.count))
        return lastScreenLocation
    }

    func screenToView(_ point: Point, _ target: View?) -> Point {
        guard let space = target ?? view?.window ?? view else { return point }
        return space.convertFromScreen(point)
    }

    // MARK: Timers

    /// Runs `body` `interval` seconds from now as a timer frame of the application (SPEC A3);
    /// the timer is cancelled by the reset.
    @discardableResult
    public func schedule(after interval: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerHandle? {
        guard let application = view?.application else { return nil }
        var handle: TimerHandle?
        handle = application.schedule(at: application.time + interval) { [weak self] in
            guard let self else { return }
            self.timers.removeAll { $0 == handle }
            body(self)
        }
        timers.append(handle!)
        return handle
    }

    /// Requests `failed` if the recognizer is still heading nowhere else (possible).
    func failIfPossible() {
        if requestedState == .possible { state = .failed }
    }

    /// Cancels a timer of ``schedule(after:_:)``.
    public func cancelTimer(_ handle: TimerHandle?) {
        guard let handle else { return }
        timers.removeAll { $0 == handle }
        view?.application?.cancelTimer(handle)
    }

    /// The application's time (0 when detached).
    public var currentTime: Double { view?.application?.time ?? 0 }

    // MARK: Arbitration overrides (SPEC A4 a, c)

    /// Whether this recognizer may make `other` fail or cancel when it recognizes. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other` may make this recognizer fail or cancel when it recognizes. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Recognizers this one waits for (SPEC A4 a), held weakly.
    var requiredToFail: [WeakReference<GestureRecognizer>] = []

    /// Makes this recognizer wait, before beginning or recognizing, until `other` fails; it
    /// fails if `other` begins or recognizes (SPEC A4 a).
    public func require(toFail other: GestureRecognizer) {
        requiredToFail.removeAll { $0.object == nil || $0.object === other }
        requiredToFail.append(WeakReference(other))
    }

    // MARK: Plumbing

    func stage(of view: View) -> GestureStage? {
        view.application?.dispatcher.recognizerStage as? GestureStage
    }

    /// Whether the stage tracks this recognizer (it has a sequence under way).
    var isInStage = false
    /// Whether a transition request waits for step 3.
    var isDirty = false
    /// Marks the recognizer while step 2 lists the frame's recognizers.
    var isCollectedThisFrame = false

    /// Back to possible, as SPEC A4's end-of-sequence reset: cancels timers, runs ``reset()``.
    func performReset(in application: Application) {
        for handle in timers { application.cancelTimer(handle) }
        timers = []
        for touch in sequenceTouches { touch.gestureRecognizers.removeAll { $0 === self } }
        touches = []
        sequenceTouches = []
        requests = []
        resolvedState = .possible
        reset()
    }
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String { "\(type(of: self))(\(resolvedState))" }
}
