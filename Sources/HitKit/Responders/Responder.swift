/// An object that can receive touches and actions, linked to the next one in the responder chain
/// (UIKit's `UIResponder`; Behaviour A3 and A7).
///
/// The default touch methods pass the call to ``next``. A subclass that overrides one either
/// handles the touches ("intercept") or handles them and calls `super` ("intercept and pass on").
///
/// A touch's moved, ended and cancelled calls are passed to the responder its began was passed
/// to — the same as ``next`` unless the chain changed while the finger was down (a view moved, a
/// controller presented, a view removed from inside a touch method). This keeps Behaviour A3's
/// promise: every responder that gets `touchesBegan` for a touch gets exactly one
/// `touchesEnded` or `touchesCancelled` for it. A responder that did not pass a touch's began on
/// does not pass its later calls on either.
///
/// A call passed on from default method to default method nests one call per level, so on a
/// chain deeper than 64 levels the default methods stop nesting: the call is made once the
/// outermost passing-on has returned, so that any chain runs on a small stack. Every responder
/// still gets each call once, in the same order; the one difference is that code an override
/// runs after calling `super` — in the levels below the 64th — runs before the responders past
/// them get the call, rather than after (Behaviour A3).
open class Responder {
    /// What few responders set (actions, observers, a view's controller and recognizers), made
    /// on first use (Responder+SideStorage.swift).
    // Fenced (``ExclusivityFence``): set once, when made; every level of a key's walks up the
    // chain reads it.
    #if HITKIT_INTERNAL_CHECKS
    var sideStorage: ResponderSideStorage?
    #else
    @exclusivity(unchecked) var sideStorage: ResponderSideStorage?
    #endif

    /// A responder; the base class has no ``next`` responder.
    public init() {}

    // MARK: The responder chain

    /// The next responder in the chain (Behaviour A7), or `nil` at its end. The base class has none.
    open var next: Responder? { nil }

    // MARK: Touches

    /// A finger touched down. The default passes the call to ``next`` and remembers, for each
    /// touch, that it did: the touch's later calls follow the same route.
    ///
    /// Past 64 nested levels of passing on, the call to ``next`` is made after this one returns
    /// (see ``Responder``), so code after `super` may run before the responders further up get it.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        forwardBegan(touches, with: event)
    }

    /// Fingers moved. The default passes the call on to where each touch's began was passed.
    /// As with ``touchesBegan(_:with:)``, past 64 nested levels the call is passed on after this
    /// one returns.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        forwardAlongRoutes(.touchesMoved, touches, with: event)
    }

    /// Fingers lifted. The default passes the call on to where each touch's began was passed.
    /// As with ``touchesBegan(_:with:)``, past 64 nested levels the call is passed on after this
    /// one returns.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        forwardAlongRoutes(.touchesEnded, touches, with: event)
    }

    /// Touches were cancelled (by the input, a gesture recognizer or the view's removal). The
    /// default passes the call on to where each touch's began was passed.
    /// As with ``touchesBegan(_:with:)``, past 64 nested levels the call is passed on after this
    /// one returns.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        forwardAlongRoutes(.touchesCancelled, touches, with: event)
    }

    // MARK: Presses (Behaviour A10; Keyboard/Responder+Presses.swift)

    /// A key went down. The default passes the press to ``next`` and remembers that it did, so
    /// that the press's end comes back along the same route; a responder that overrides this and
    /// does not call `super` keeps the press (no key command or focus movement sees the key).
    open func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        forwardPressesBegan(presses, with: event)
    }

    /// A press's value changed. HitKit sends none for keyboard keys (a key has no analog value);
    /// the default passes the call to ``next``.
    open func pressesChanged(_ presses: Set<Press>, with event: PressesEvent?) {
        next?.receivePresses(.pressesChanged, presses, with: event)
    }

    /// A key came up. HitKit calls it on every responder the press's began reached, in order,
    /// whatever an override does, so the default passes nothing on itself (calling `super` is
    /// harmless).
    open func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// Presses were cancelled (the host gave the key up, a responder of their route left its
    /// window, or the key window changed). Delivered as ``pressesEnded(_:with:)`` is.
    open func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {}

    /// The key commands this responder declares (Behaviour A10): by default those added with
    /// ``addKeyCommand(_:)``. Read afresh at every key down, in order.
    open var keyCommands: [KeyCommand] { addedKeyCommands }

    // MARK: First responder

    /// Whether this responder may become first responder: by default what
    /// ``acceptsFirstResponder`` says (false unless set).
    ///
    /// As in UIKit, a subclass may override it to decide for itself; the override wins, and
    /// ``acceptsFirstResponder`` then counts only where the override returns `super`'s answer.
    open var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    /// Whether this responder lets go of first-responder status when asked (default true).
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder would be: a view's window, a
    /// controller's view's window, the application's key window. `nil` for other responders,
    /// which can therefore never become first responder.
    var firstResponderWindow: Window? { nil }

    /// Whether ``firstResponderWindow`` is `window`; a view answers without a reference to its
    /// window.
    func hasFirstResponderWindow(_ window: Window) -> Bool { firstResponderWindow === window }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool {
        guard let window = firstResponderWindow else { return false }
        return window.firstResponder === self
    }

    /// Makes this responder its window's first responder. Succeeds only if
    /// ``canBecomeFirstResponder`` and the window's current first responder agrees to resign;
    /// fails for a responder whose view is leaving its window (asked from the resign that
    /// leaving calls).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = firstResponderWindow else { return false }
        if let leaving = window.subtreeLeaving, Application.isLeaving(self, with: leaving) { return false }
        if window.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        if let current = window.firstResponder {
            guard current.resignFirstResponder() else { return false }
        }
        window.storedFirstResponder = self
        return true
    }

    /// Gives up first-responder status. Returns false (and stays first responder) when
    /// ``canResignFirstResponder`` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = firstResponderWindow, window.storedFirstResponder === self {
            window.storedFirstResponder = nil
        }
        return true
    }

    // MARK: Actions

    /// Whether this responder performs `action` (default: whether ``performableActions`` holds it).
    open func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
        sideStorage?.performableActions.contains(action) ?? false
    }

    /// The responder that performs `action`: this one if it can, else the first one up the
    /// chain that can, else `nil`.
    open func target(forAction action: Action, withSender sender: Any?) -> Responder? {
        var responder: Responder? = self
        while let candidate = responder {
            if candidate.canPerformAction(action, withSender: sender) { return candidate }
            responder = candidate.next
        }
        return nil
    }

    /// Receives an action delivered by ``Application/sendAction(_:to:from:for:)``. The default
    /// does nothing; override it to act (or to record deliveries).
    open func perform(_ action: Action, sender: Any?, event: Event?) {}
}
