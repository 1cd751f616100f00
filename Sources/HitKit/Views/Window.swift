/// A root view placed on the screen by its `center`, `bounds` and `transform` (UIKit's
/// `UIWindow`). Its next responder is the application.
///
/// Unlike UIKit, a window is visible from its creation (there is no screen to attach it to):
/// windows are shown in the order they are created, and a hidden window shown again
/// (``View/isHidden`` set to false) or ``makeKeyAndVisible()`` brings one in front of the others
/// of its level (Behaviour A2: the one shown last). The application keeps its windows alive until
/// ``Application/removeWindow(_:)``.
open class Window: View {
    /// The first responder, not kept alive; read it through ``firstResponder``.
    var storedFirstResponder: Responder? {
        get { firstResponderLink?.object }
        set { firstResponderLink = newValue.map(ResponderLink.init) }
    }
    // Fenced (``ExclusivityFence``): changed by plain stores; every key reads it.
    #if HITKIT_INTERNAL_CHECKS
    private var firstResponderLink: ResponderLink?
    #else
    @exclusivity(unchecked) private var firstResponderLink: ResponderLink?
    #endif
    /// Where the application keeps this window alive (its index in the application's owned
    /// windows), nil once removed: whether it is owned, and where, without a search.
    var ownedSlot: Int?
    /// Touches down admitted to views of this window, and those of them on exclusive views
    /// (``TouchAdmission``).
    var touchesHoldingViewsInWindow = 0
    var touchesHoldingExclusiveViewsInWindow = 0
    /// The subtree leaving this window while its first responder resigns: none of its
    /// responders can become first responder then, since they are about to leave.
    var subtreeLeaving: View?

    /// Creates a window in `application`, in front of the windows of its level shown before it.
    /// Like a view, not from inside a hit-test override while a hit test runs it (a trap).
    public override init(frame: Rect = .zero, in application: Application) {
        let id: ViewID
        do {
            id = try application.store.makeWindow(frame: frame)
        } catch {
            preconditionFailure("HitKit: a window cannot be created now: \(error)")
        }
        super.init(adopting: id, in: application)
        application.adopt(self)
        application.viewsDidChange()  // a new window may cover the pointer (Behaviour A8)
    }

    /// The application (Behaviour A7).
    open override var next: Responder? { application }

    override var firstResponderWindow: Window? { self }

    /// Windows with a higher level are in front (default 0; UIKit's `UIWindow.Level` raw value).
    /// A NaN is ignored: it has no place in the order.
    public var windowLevel: Double {
        get { withOwnRow { try $0.windowLevel(of: $1) } }
        set { if !newValue.isNaN { edit { try $0.setWindowLevel(newValue, of: $1) } } }
    }

    /// Whether ``Application/removeWindow(_:)`` removed this window: it stays hidden and never
    /// becomes key again (as a window taken out of its scene in UIKit).
    var wasRemoved: Bool { ownedSlot == nil }

    /// The responder in this window that receives target-less actions first (it must still be
    /// in this window: one that left it no longer counts).
    public var firstResponder: Responder? {
        guard let responder = storedFirstResponder, responder.hasFirstResponderWindow(self) else { return nil }
        return responder
    }

    /// Whether this is its application's key window.
    public var isKeyWindow: Bool { application?.keyWindow === self }

    /// Makes this window the key window. A window removed with ``Application/removeWindow(_:)``
    /// does not become key: nothing changes.
    public func makeKey() {
        guard !wasRemoved else { return }
        application?.storedKeyWindow = self
    }

    /// Shows the window in front of the others of its level and makes it the key window. A
    /// window removed with ``Application/removeWindow(_:)`` stays hidden: nothing changes.
    public func makeKeyAndVisible() {
        guard !wasRemoved else { return }
        isHidden = false
        edit { try $0.orderFront($1) }
        makeKey()
    }

    /// The controller whose view is this window's root view. Setting it adds the controller's
    /// view as a subview when it is not one already (its frame is left as it is); the previous
    /// root controller's view stays in the window until it is removed.
    ///
    /// - Precondition: the controller's view can be added as ``View/addSubview(_:)`` adds one: a
    ///   view of this window's application, and not a window (a trap otherwise).
    public var rootViewController: ViewController? {
        didSet {
            guard let controller = rootViewController, controller.view.superview !== self else { return }
            addSubview(controller.view)
        }
    }

    /// Takes this window's touches of the event into the frame's delivery (Behaviour A3 steps
    /// 2–5). The delivery runs once every window has been offered the event, so that one frame's
    /// calls follow the order its touches began across windows too: code after `super` runs
    /// before this window's touches are delivered. Override it to observe or filter; call
    /// `super` to deliver. Called outside a frame's `Application.sendEvent`, it does nothing: a
    /// frame is delivered once.
    open func sendEvent(_ event: Event) {
        application?.dispatcher.take(event, in: self)
    }
}
