// What few responders set, kept out of every responder's object: a large scene has one view per
// element and most never get actions, observers, first-responder consent, a controller or
// recognizers. A responder holds
// one optional reference to a side object made the first time one of these is set; the others
// read the defaults without allocating, and the delivery path checks one `nil`.

/// The rarely set state of one responder (views use the last two).
final class ResponderSideStorage {
    // Fenced (``ExclusivityFence``): replaced whole by its setter; read at every level of the
    // search for an action's performer.
    #if HITKIT_INTERNAL_CHECKS
    var performableActions: Set<Action> = []
    #else
    @exclusivity(unchecked) var performableActions: Set<Action> = []
    #endif
    var acceptsFirstResponder = false
    var touchObservers = ObserverList<Responder.TouchObserver>()
    /// Key commands, press observers and focus settings (Behaviour A10), made on first use.
    // Fenced (``ExclusivityFence``): set once, when made; a focus key reads it for every view.
    #if HITKIT_INTERNAL_CHECKS
    var keyboard: ResponderKeyboardStorage?
    #else
    @exclusivity(unchecked) var keyboard: ResponderKeyboardStorage?
    #endif
    /// The controller whose root view this view is (Behaviour A7).
    weak var owningViewController: ViewController?
    /// The view's recognizers, in the order they were added.
    // Fenced (``ExclusivityFence``): changed only by adding and removing recognizers; the
    // delivery only reads it.
    #if HITKIT_INTERNAL_CHECKS
    var attachedRecognizers: [GestureRecognizer] = []
    #else
    @exclusivity(unchecked) var attachedRecognizers: [GestureRecognizer] = []
    #endif
    /// The view's interactions, in the order they were added (Behaviour A11), and its drop
    /// interactions alone, which every drop targeting pass reads.
    // Fenced (``ExclusivityFence``): changed only by adding and removing interactions; targeting
    // only reads them.
    #if HITKIT_INTERNAL_CHECKS
    var interactions: [Interaction] = []
    var dropInteractions: [DropInteraction] = []
    #else
    @exclusivity(unchecked) var interactions: [Interaction] = []
    @exclusivity(unchecked) var dropInteractions: [DropInteraction] = []
    #endif
}

extension Responder {
    /// The side object, made on first use: only setters that store something call this.
    var sideStorageForWriting: ResponderSideStorage {
        if let sideStorage { return sideStorage }
        let made = ResponderSideStorage()
        sideStorage = made
        return made
    }

    /// Action names this responder can perform (see ``canPerformAction(_:withSender:)``).
    public var performableActions: Set<Action> {
        get { sideStorage?.performableActions ?? [] }
        set {
            guard sideStorage != nil || !newValue.isEmpty else { return }
            sideStorageForWriting.performableActions = newValue
        }
    }

    /// The answer the default ``canBecomeFirstResponder`` gives (default false): set it to let an
    /// instance of a class you did not write (a plain ``View``, a ``Button``) become first
    /// responder without subclassing it. A subclass overriding ``canBecomeFirstResponder``
    /// ignores it unless the override calls `super`.
    public var acceptsFirstResponder: Bool {
        get { sideStorage?.acceptsFirstResponder ?? false }
        set {
            guard sideStorage != nil || newValue else { return }
            sideStorageForWriting.acceptsFirstResponder = newValue
        }
    }

    /// Observers of the touch calls HitKit's delivery makes on this responder (see
    /// ``observeTouches(_:)``).
    var touchObservers: ObserverList<TouchObserver> {
        get { sideStorage?.touchObservers ?? ObserverList() }
        _modify { yield &sideStorageForWriting.touchObservers }
    }
}

extension View {
    /// The controller whose root view this is (Behaviour A7: it is then this view's next responder).
    var owningViewController: ViewController? {
        get { sideStorage?.owningViewController }
        set {
            guard sideStorage != nil || newValue != nil else { return }
            sideStorageForWriting.owningViewController = newValue
        }
    }

    /// Attached recognizers, in the order they were added.
    var attachedRecognizers: [GestureRecognizer] {
        get { sideStorage?.attachedRecognizers ?? [] }
        _modify {
            context.recognizersDidChange()
            yield &sideStorageForWriting.attachedRecognizers
        }
    }
}
