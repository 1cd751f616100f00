/// The base of the gesture recognizers (UIKit's `UIGestureRecognizer`; Behaviour A4).
///
/// A recognizer is attached to a view. It receives the touches that begin on that view or its
/// subviews before the views do (Behaviour A3 step 2), moves through its ``State``s, and sends its
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
/// frame, after the require-to-fail, should-begin and exclusion rules (Behaviour A4 a–d). ``state``
/// reads the resolved state; ``requestedState`` the state the recognizer is heading to.
open class GestureRecognizer {
    // MARK: Attachment and configuration

    /// What the recognizer stores (``Storage``).
    // Fenced (``ExclusivityFence``): its fields are read on every touch. HitKit's code changes
    // them; subclasses and hosts go through the accessors below, which write a field whole (an
    // accessor's observers, such as `isEnabled`'s, run after the write is over).
    #if HITKIT_INTERNAL_CHECKS
    final var fenced = Storage()
    #else
    @exclusivity(unchecked) final var fenced = Storage()
    #endif

    /// The recognizer's stored state, in one place so that one fence covers it.
    struct Storage {
        /// ``GestureRecognizer/view``, linked by id rather than weakly (see ``ViewLink``).
        var viewLink: ViewLink<View>?
        var isEnabled = true
        var cancelsTouchesInView = true
        var delaysTouchesBegan = false
        var delaysTouchesEnded = true
        /// Which touch types it receives (Behaviour A8, see Pointer/TouchTypes.swift).
        var pointerSettings = GestureRecognizerPointerSettings()
        weak var delegate: GestureRecognizerDelegate?
        var resolvedState: State = .possible
        /// What the links to this recognizer point to (``RecognizerLink``), once one is formed.
        var storedAnchor: RecognizerAnchor?
        var touches: [Touch] = []
        /// Timers scheduled with ``GestureRecognizer/schedule(after:_:)``, cancelled by the
        /// reset.
        var timers: [TimerHandle] = []
        var lastScreenLocation = Point(x: .nan, y: .nan)
        var lastPriorityDepth = 0
        /// The recognizer's entry in its application's arena while it takes part in a sequence.
        /// Clearing rule: the arena owns the entry and clears this handle before it lets go of
        /// the entry (at the recognizer's reset, or in the arena's `deinit`), so it never
        /// dangles, and the hot paths that read it count no references.
        var entry = UnownedLink<ArenaEntry>(nil)
        /// Whether it is an interaction's participant (Behaviour A11), which step 2 hands its
        /// touches one by one.
        var isInteractionParticipant = false
        /// Its targets (GestureRecognizer+Targets), and the last closure target's id.
        var targets: [Target] = []
        /// Observers of state changes, called in order at the moment of each change, before the
        /// actions are sent (resets to possible are not reported).
        var stateObservers = ObserverList<(GestureRecognizer, State) -> Void>()
        /// Observers of the touch calls this recognizer receives, called just before each call.
        var touchObservers = ObserverList<(GestureRecognizer, TouchCall, Set<Touch>) -> Void>()
    }

    /// The view this recognizer is attached to (`nil` once it is freed: the view owns its
    /// recognizers, not the other way round).
    /// Detaching an active recognizer cancels it (or fails it if it is still possible).
    public internal(set) var view: View? {
        get { fenced.viewLink?.object }
        set {
            let oldValue = view
            if oldValue !== newValue, let oldValue, let arena = arena(of: oldValue) {
                // Stopped while still on its view, as a disabled recognizer is: the action told
                // of its cancellation reads the view and its touches' location.
                arena.stop(self)
                // That action may have attached it again, here or elsewhere: that attachment stands.
                if view !== oldValue || oldValue.attachedRecognizers.contains(where: { $0 === self }) { return }
            }
            fenced.viewLink = newValue.map(ViewLink.init)
            entry?.arena.listingMayHaveChanged()  // rule d reads the view
        }
    }
    /// A disabled recognizer receives nothing; disabling one that had begun cancels it, one that
    /// is possible fails (Behaviour A4 i). Default true.
    open var isEnabled: Bool {
        get { fenced.isEnabled }
        set {
            let oldValue = fenced.isEnabled
            fenced.isEnabled = newValue
            guard oldValue != newValue, let view else { return }
            // One change: what the stop makes due (waiters released, hover) follows its end.
            let application = view.application
            application?.beginDeferringUpdates()
            defer { application?.endDeferringUpdates() }
            if oldValue && !isEnabled { arena(of: view)?.stop(self) }
            // Behaviour A8: a hover recognizer enabled or disabled under the pointer follows it.
            if self is HoverGestureRecognizer { application?.viewsDidChange() }
        }
    }

    /// Whether the recognizer's touches are cancelled in their views when it begins or
    /// recognizes (Behaviour A4 f). Default true.
    open var cancelsTouchesInView: Bool {
        get { fenced.cancelsTouchesInView }
        set { fenced.cancelsTouchesInView = newValue }
    }
    /// Whether the began and moved phases of its touches are withheld from their views while
    /// the recognizer is possible (Behaviour A4 g). Default false.
    open var delaysTouchesBegan: Bool {
        get { fenced.delaysTouchesBegan }
        set { fenced.delaysTouchesBegan = newValue }
    }
    /// Whether its ended touches are withheld from their views while the recognizer is possible
    /// (Behaviour A4 h). Default true.
    open var delaysTouchesEnded: Bool {
        get { fenced.delaysTouchesEnded }
        set { fenced.delaysTouchesEnded = newValue }
    }

    /// Asked about touches, beginning, simultaneity and failure requirements (held weakly).
    public var delegate: GestureRecognizerDelegate? {
        get { fenced.delegate }
        set { fenced.delegate = newValue }
    }

    /// Whether the recognizer is discrete (possible → recognized | failed) rather than
    /// continuous (possible → began → changed* → ended | cancelled, or failed). Default false.
    open class var isDiscrete: Bool { false }

    // MARK: State

    /// The resolved state.
    public internal(set) var resolvedState: State {
        get { fenced.resolvedState }
        set { fenced.resolvedState = newValue }
    }

    /// The recognizer's state. Setting it requests a transition, resolved in step 3 of the frame
    /// (Behaviour A4 a–d). A transition Behaviour A4 forbids is recorded in ``illegalTransitions`` and ignored.
    public var state: State {
        get { resolvedState }
        set { request(newValue) }
    }

    /// The state the recognizer is heading to: the last request not yet resolved, else ``state``.
    public var requestedState: State { entry?.fenced.requests.last ?? resolvedState }

    /// Illegal transitions this recognizer attempted (the last 16), oldest first.
    public private(set) var illegalTransitions: [IllegalTransition] = []

    private func request(_ next: State) {
        let from = requestedState
        guard GestureRecognizer.isLegal(from: from, to: next, discrete: Self.isDiscrete) else {
            // Waiting for another to fail, it is still possible (Behaviour A4 a): it may fail,
            // and the transition it asked for is withdrawn.
            if next == .failed, resolvedState == .possible, let entry, entry.isPending {
                return entry.arena.failStillPossible(self)
            }
            if illegalTransitions.count == 16 { illegalTransitions.removeFirst() }
            illegalTransitions.append(IllegalTransition(from: from, to: next, isDiscrete: Self.isDiscrete))
            return
        }
        // One taking part has its entry in its application's arena (the arena lets go of the
        // entries before it goes): no need to look the arena up, nor to take the view.
        if fenced.viewLink?.isInApplication == true, fenced.entry.withObject({ $0.request(next) }) != nil { return }
        // A detached recognizer has no sequence to move on in.
        guard let view, let arena = arena(of: view) else { return }
        (entry ?? arena.join(self)).request(next)
    }

    // MARK: Targets and observers (see GestureRecognizer+Targets)

    // In the fenced storage: the loops that call them out iterate over a copy (`sendActions`,
    // `notifyStateChange`, `notifyTouches`).
    var targets: [Target] {
        get { fenced.targets }
        _modify { yield &fenced.targets }
    }
    var stateObservers: ObserverList<(GestureRecognizer, State) -> Void> {
        get { fenced.stateObservers }
        _modify { yield &fenced.stateObservers }
    }
    var touchObservers: ObserverList<(GestureRecognizer, TouchCall, Set<Touch>) -> Void> {
        get { fenced.touchObservers }
        _modify { yield &fenced.touchObservers }
    }

    /// Creates a recognizer with no target.
    public init() {}

    deinit {
        clearAnchor()
    }

    /// Creates a recognizer that sends `action` to `target`.
    public convenience init(target: Responder, action: Action) {
        self.init()
        addTarget(target, action: action)
    }

    // MARK: Touches (Behaviour A3 step 2)

    /// The touches of the current sequence, not ignored, oldest first (ended ones included
    /// until the frame they ended in is over).
    public var touches: [Touch] { fenced.touches }  // changed in place through `fenced`, not a setter
    /// Every touch of the sequence not ignored, ended ones included, until reset.
    var sequenceTouches: [Touch] { entry?.fenced.sequenceTouches ?? [] }
    /// Timers scheduled with ``schedule(after:_:)``, cancelled by the reset.
    var timers: [TimerHandle] { fenced.timers }
    /// The last location (screen), kept for ``location(in:)`` once the touches are gone.
    var lastScreenLocation: Point {
        get { fenced.lastScreenLocation }
        set { fenced.lastScreenLocation = newValue }
    }
    /// Depth of ``view`` below its window, set by step 1's walk of each began over it
    /// (`GestureArena.listRecognizers`): the priority (rule d) step 2's join reads, and the one
    /// it keeps if it joins the arena later by a request rather than a touch.
    var lastPriorityDepth: Int {
        get { fenced.lastPriorityDepth }
        set { fenced.lastPriorityDepth = newValue }
    }
    /// Whether a touchpad pinch drives this recognizer (Behaviour A9): it takes no touch
    /// meanwhile, and shares the gesture with the others it drives (rule c). Cleared at reset.
    var isDrivenByTouchpad = false

    /// Fingers touched down. Default: nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// Fingers moved. Default: nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// Fingers lifted. Default: nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    /// Touches were cancelled (by the input). Default: nothing.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

    /// Called when the recognizer returns to possible (after its sequence, Behaviour A4). Override to
    /// clear per-gesture state; call `super`.
    open func reset() {}

    // MARK: Arbitration overrides (Behaviour A4 a, c)

    /// Whether this recognizer may make `other` fail or cancel when it recognizes. Default true.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    /// Whether `other` may make this recognizer fail or cancel when it recognizes. Default true.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `other` to fail. Default false.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other` must wait for this recognizer to fail. Default false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    // MARK: Hooks of HitKit's own participants (the interactions', Behaviour A11)

    /// Whether this recognizer, begun, keeps `other` waiting instead of failing it (rule a): a
    /// drag's lift holds a long press back until its delay passes.
    func holdsBack(_ other: GestureRecognizer) -> Bool { false }
    /// Whether a hold of its own keeps it from beginning now (rule a): a long press a drag's lift
    /// held back stays held until its delay passes, after the lift too.
    var isHeldBack: Bool { false }
    var isInteractionParticipant: Bool { fenced.isInteractionParticipant }

    /// Whether recognizers of this kind wait for a pending context menu on their touch to fail:
    /// long presses and pans do.
    class var waitsForContextMenus: Bool { false }
    /// Whether it takes no touch now, whatever the touch's type and buttons (Behaviour A8): a
    /// hover never does, a pan not while scroll input drives it. Asked of every recognizer a
    /// touch collects, so an override rather than casts.
    var refusesEveryTouch: Bool { false }
    /// The pan on a hit view's chain that takes `scroll` (Behaviour A8): itself when it is a pan
    /// that can. Asked of every recognizer on the chain, so an override rather than casts.
    func scrollTaker(for scroll: ScrollInput) -> PanGestureRecognizer? { nil }
    /// Whether it takes `touch`, which is beginning (step 1's collection; a lifted drag takes none).
    func takesPart(in touch: Touch) -> Bool { true }
    /// Rule b's own answer, asked after the views and before the delegate (a drag asks for its items).
    func mayLeavePossible() -> Bool { true }
    /// Its resolved state changed (before the observers and the actions).
    func resolvedStateDidChange() {}

    /// Recognizers this one waits for (Behaviour A4 a), not kept alive.
    var requiredToFail: [RecognizerLink<GestureRecognizer>] = []

    /// Makes this recognizer wait, before beginning or recognizing, until `other` fails; it
    /// fails if `other` begins or recognizes (Behaviour A4 a).
    public func require(toFail other: GestureRecognizer) {
        requiredToFail.removeAll { $0.object == nil || $0.object === other }
        requiredToFail.append(RecognizerLink(other))
    }

    // MARK: Plumbing

    func arena(of view: View) -> GestureArena? {
        view.application?.dispatcher.arena
    }

    /// The recognizer's entry in its application's arena while it takes part in a sequence
    /// (an ``UnownedLink``, with the clearing rule written on ``Storage``).
    var entry: ArenaEntry? {
        get { fenced.entry.object }
        set { fenced.entry = UnownedLink(newValue) }
    }
}

extension GestureRecognizer: CustomStringConvertible {
    public var description: String { "\(type(of: self))(\(resolvedState))" }
}

/// Answers a recognizer's questions about touches, beginning, simultaneity and failure
/// requirements (UIKit's `UIGestureRecognizerDelegate`; Behaviour A3 step 1 and A4 a–c). Every
/// method has a default: receive every touch, begin, recognize alone, require nothing.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` receives `touch` at all (asked when the touch begins).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether `gestureRecognizer` may leave the possible state (asked after its views agree).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
    /// Whether the two may recognize at the same time (either delegate answering true suffices).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `other` to fail.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` must wait for `gestureRecognizer` to fail.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
