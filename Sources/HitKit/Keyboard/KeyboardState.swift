/// The keys down and the presses under way (Behaviour A10), owned by the application; the
/// delivery is in Application+KeyDelivery.swift.
///
/// Once warm a key's down and up allocate nothing: presses come from a pool, each with the
/// one-element set it is delivered in, and every list keeps its capacity.
final class KeyboardState {
    /// What a key's down led to, which decides what its repeats and its up do.
    enum Outcome {
        /// The down is being handled.
        case pending
        /// A responder kept the press.
        case consumed
        /// This key command acted (its repeats perform it again when it is repeatable).
        case command(KeyCommand)
        /// Focus moved this way, or Tab kept it (its repeats move again).
        case focus(FocusHeading)
        /// Return or Space activated the focused control (its repeats do nothing).
        case activated
        /// No stage took it (its repeats are unhandled too).
        case unhandled
        /// A handler before the chain took it (A11's Escape and Menu key): its up is ignored.
        case taken
        /// HitKit cancelled its press: its up is ignored.
        case cancelled
    }

    /// A key that is down, in the order keys went down.
    struct KeyDown {
        var code: Int
        /// The press under way, with the one-element set it is delivered in; `nil` once its end
        /// was delivered or when the down made none.
        var press: Press?
        var pressSet: Set<Press> = []
        var outcome: Outcome = .pending
    }

    // Fenced (``ExclusivityFence``): the keys down, the pool, the sequence, the frame's unhandled
    // keys and the matches are changed only by this type's operations and the key delivery's
    // appends and emptyings, which call nothing; the stages that call out iterate a copy of
    // the matches.
    #if HITKIT_INTERNAL_CHECKS
    private(set) var down: [KeyDown] = []
    /// Ended presses, each with its set, ready for the next down.
    private var pool: [(press: Press, set: Set<Press>)] = []
    private(set) var nextSequence = 1
    /// The frame's unhandled key downs and repeats, by index in its keys (what ``FrameOutcome``
    /// reports).
    var unhandled: [Int] = []
    var unhandledRepeats: [Int] = []
    /// Reused by the key-command stages: the matching commands from the target up, with the
    /// responder that declared each.
    var matches: [(declaredBy: Responder, command: KeyCommand)] = []
    /// Reused with ``matches``: the responders of the chain that declare performable actions.
    var performers: [Responder] = []
    #else
    @exclusivity(unchecked) private(set) var down: [KeyDown] = []
    /// Ended presses, each with its set, ready for the next down.
    @exclusivity(unchecked) private var pool: [(press: Press, set: Set<Press>)] = []
    @exclusivity(unchecked) private(set) var nextSequence = 1
    /// The frame's unhandled key downs and repeats, by index in its keys (what ``FrameOutcome``
    /// reports).
    @exclusivity(unchecked) var unhandled: [Int] = []
    @exclusivity(unchecked) var unhandledRepeats: [Int] = []
    /// Reused by the key-command stages: the matching commands from the target up, with the
    /// responder that declared each.
    @exclusivity(unchecked) var matches: [(declaredBy: Responder, command: KeyCommand)] = []
    /// Reused with ``matches``: the responders of the chain that declare performable actions.
    @exclusivity(unchecked) var performers: [Responder] = []
    #endif
    /// The presses under way, in the order they began (what ``PressesEvent/allPresses`` lists).
    let underWay = PressesUnderWay()
    /// The one event every press call gets (its time and flags are the key event's).
    let event: PressesEvent
    // Fenced (``ExclusivityFence``): the interceptors, the focus windows, the focus check's
    // counters and the observer lists are changed only by adding and removing (an append, a
    // removal by identity) and plain stores, which call nothing; every key reads them, and the
    // code that calls out reads a copy of a list (`for`, ``ObserverList/callEach(_:)``).
    #if HITKIT_INTERNAL_CHECKS
    /// The handlers asked before the chain, in the order added (A11's Escape and Menu key).
    var interceptors: [any KeyInterceptor] = []
    /// The windows whose focus system is on.
    var focusWindows: [ViewLink<Window>] = []
    /// Whether a change inside the delivery under way may have made a focused item unfocusable.
    var focusIsStale = false
    /// How many groups of changes hold the focus check until they end (``Application/deferringFocusChecks(_:)``).
    var focusChecksHeld = 0
    /// Whether the focus checks are being followed (``Application/followFocusChecks()``): a check
    /// made due meanwhile is left to that loop.
    var isFollowingFocusChecks = false
    /// The focused items and their windows when a focus check became due, kept alive until it is made (``Application/validateFocus()``).
    var focusedItemsAwaitingCheck: [View] = []
    var focusObservers = ObserverList<(FocusUpdateContext) -> Void>()
    var keyCommandObservers = ObserverList<(KeyCommandReport) -> Void>()
    var keyEventObservers = ObserverList<(KeyEventReport) -> Void>()
    #else
    /// The handlers asked before the chain, in the order added (A11's Escape and Menu key).
    @exclusivity(unchecked) var interceptors: [any KeyInterceptor] = []
    /// The windows whose focus system is on.
    @exclusivity(unchecked) var focusWindows: [ViewLink<Window>] = []
    /// Whether a change inside the delivery under way may have made a focused item unfocusable.
    @exclusivity(unchecked) var focusIsStale = false
    /// How many groups of changes hold the focus check until they end (``Application/deferringFocusChecks(_:)``).
    @exclusivity(unchecked) var focusChecksHeld = 0
    /// Whether the focus checks are being followed (``Application/followFocusChecks()``): a check
    /// made due meanwhile is left to that loop.
    @exclusivity(unchecked) var isFollowingFocusChecks = false
    /// The focused items and their windows when a focus check became due, kept alive until it is made (``Application/validateFocus()``).
    @exclusivity(unchecked) var focusedItemsAwaitingCheck: [View] = []
    @exclusivity(unchecked) var focusObservers = ObserverList<(FocusUpdateContext) -> Void>()
    @exclusivity(unchecked) var keyCommandObservers = ObserverList<(KeyCommandReport) -> Void>()
    @exclusivity(unchecked) var keyEventObservers = ObserverList<(KeyEventReport) -> Void>()
    #endif
    /// Reused by batch cancellation: responders in calling order.
    var cancelOrder: [Responder] = []
    /// The emptied list of a focus check's kept items, given back to ``focusedItemsAwaitingCheck``
    /// at the next check so that keeping them again allocates nothing.
    var spareFocusedItems: [View] = []
    /// Reused by every focus key.
    let focusMap = FocusMap()

    init() {
        event = PressesEvent(underWay: underWay)
    }

    /// Forgets the last frame's unhandled keys (kept until now for the host's outcome).
    func startFrame() {
        unhandled.removeAllKeepingCapacity()
        unhandledRepeats.removeAllKeepingCapacity()
    }

    /// The index of the key `code` in ``down``.
    func index(of code: Int) -> Int? {
        down.firstIndex { $0.code == code }
    }

    func keyWentDown(_ code: Int) -> Int {
        down.append(KeyDown(code: code))
        return down.count - 1
    }

    func setOutcome(_ outcome: Outcome, of code: Int) {
        guard let index = index(of: code) else { return }
        down[index].outcome = outcome
    }

    func outcome(of code: Int) -> Outcome? {
        index(of: code).map { down[$0].outcome }
    }

    /// Makes a press for the down of `code` (which must be down) and lists it under way.
    func beginPress(of code: Int, key: Key, keyIndex: Int, target: Responder, at time: Double) -> (Press, Set<Press>) {
        let (press, set) = pool.popLast() ?? Self.makePress()
        press.begin(key, keyIndex: keyIndex, target: target, at: time, sequence: nextSequence)
        nextSequence += 1
        if let index = index(of: code) {
            down[index].press = press
            down[index].pressSet = set
        }
        underWay.presses.append(press)
        return (press, set)
    }

    private static func makePress() -> (Press, Set<Press>) {
        let press = Press()
        return (press, [press])
    }

    /// Takes the press of the key at `index` out of the presses under way (its end is about to
    /// be delivered): from now on nothing else cancels it.
    func takePress(at index: Int) -> (Press, Set<Press>)? {
        guard let press = down[index].press else { return nil }
        let set = down[index].pressSet
        down[index].press = nil
        down[index].pressSet = []
        underWay.presses.removeAll { $0 === press }
        return (press, set)
    }

    /// Gives an ended press back to the pool.
    func recycle(_ press: Press, _ set: Set<Press>) {
        press.target = nil
        press.route.removeAll()
        pool.append((press, set))
    }

    /// The key at `index` came up: it is forgotten.
    func keyWentUp(at index: Int) {
        down.remove(at: index)
    }

    /// The indices in ``down`` of the presses under way for which `predicate` holds, in the order
    /// they began.
    func indicesOfPresses(where predicate: (Press) -> Bool) -> [Int] {
        down.indices.filter { index in down[index].press.map(predicate) ?? false }
    }
}
