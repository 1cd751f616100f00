/// Manages a root view (UIKit's `UIViewController`). It sits in the responder chain between its
/// root view and what is behind it (Behaviour A7).
open class ViewController: Responder {
    /// The controller's root view; the view's next responder is this controller.
    ///
    /// Setting another view moves the controller to it in the responder chain; the old view
    /// stays where it is, its next responder its superview again. When that takes the
    /// controller out of its window, the presses whose route passes through it are cancelled and
    /// it stops being first responder, as when it leaves with its view (Behaviour A10).
    ///
    /// - Precondition: the view belongs to the old one's application and is no other
    ///   controller's root view, and the change does not make
    ///   the responder chain loop (the view inside a controller this one presents, say), which
    ///   traps as a presentation or a move that would loop does.
    public var view: View {
        get { rootView }
        set { replaceRootView(with: newValue) }
    }
    private var rootView: View

    /// The controller that presented this one, if it is presented.
    public private(set) weak var presentingViewController: ViewController?
    /// The controller this one presents, if any.
    public private(set) var presentedViewController: ViewController?
    /// The child controllers, in the order they were added.
    public private(set) var children: [ViewController] = []
    /// The controller this one is a child of.
    public private(set) weak var parent: ViewController?

    /// Creates a controller for `view`.
    ///
    /// - Precondition: `view` is no other controller's root view.
    public init(view: View) {
        precondition(view.controllerOfRootView == nil,
                     "HitKit: \(view) is already the root view of \(view.controllerOfRootView.map { "\($0)" } ?? "")")
        rootView = view
        super.init()
        view.owningViewController = self
    }

    /// Creates a controller with an empty root view in `application`.
    public convenience init(in application: Application) {
        self.init(view: View(in: application))
    }

    deinit {
        // Freed as Swift frees by default, a controller would free its children and the one it
        // presents from inside its `deinit`, one stack frame per level: nested thousands deep (a
        // deep scene with a controller per view), that overflows a small thread stack. Instead,
        // every controller below that nothing else holds is emptied into this one list before
        // it goes, so its own `deinit` finds nothing left to free.
        // A presentation whose presenter goes ends without a dismiss (the presented one's
        // `presentingViewController` is weak), and the application stops counting it.
        let application = rootView.application
        var pending = children
        children = []
        if let presented = presentedViewController {
            pending.append(presented)
            application?.presentationsMade -= 1
        }
        presentedViewController = nil
        while var controller = pending.popLast() {
            guard isKnownUniquelyReferenced(&controller) else { continue }
            pending.append(contentsOf: controller.children)
            controller.children = []
            if let presented = controller.presentedViewController {
                pending.append(presented)
                application?.presentationsMade -= 1
            }
            controller.presentedViewController = nil
        }
    }

    /// The presenting controller if this one is presented, else the window if its view is the
    /// window's root view, else its view's superview (Behaviour A7).
    open override var next: Responder? {
        if let presenting = presentingViewController { return presenting }
        if let window = view.superview as? Window, window.rootViewController === self { return window }
        return view.superview
    }

    override var firstResponderWindow: Window? { view.window }

    private func replaceRootView(with newView: View) {
        let oldView = rootView
        guard newView !== oldView else { return }
        if let owner = newView.controllerOfRootView {
            preconditionFailure("HitKit: \(newView) is already the root view of \(owner)")
        }
        // The application counts the presentations its controllers make (the chain's loop check
        // reads the count), and a presenter's dismissal is counted where its view is then.
        precondition(newView.application === oldView.application,
                     "HitKit: \(newView) belongs to another application than \(self)'s view \(oldView)")
        if let application = oldView.application, oldView.window !== newView.window {
            application.controllerWillLeaveWindow(self)
        }
        rootView = newView
        if oldView.owningViewController === self { oldView.owningViewController = nil }
        newView.owningViewController = self
        // Only a presentation leads the chain back: without one nothing is walked.
        guard let application = newView.application, application.presentationsMade > 0 else { return }
        precondition(!(next?.chainReaches(self) ?? false),
                     "HitKit: making \(newView) the root view of \(self) would make the responder chain loop through a presentation")
    }

    // MARK: Presentation

    /// Presents `controller`: records both sides of the relation and, when the presented view
    /// has no superview yet, adds it in front in this controller's window. A controller that
    /// already presents one, or a controller already presented, is left as it is (UIKit only
    /// warns), and so is a presentation that would close a loop of parents and presenters
    /// (``wouldCloseLoop(linking:)``: this controller's parent, say): nothing changes.
    ///
    /// - Precondition: `controller` is not on this controller's responder chain (its view does
    ///   not contain this one's, say): as the presenter becomes its next responder, the chain
    ///   would loop (``wouldLoopResponderChain(presenting:)``). And when its view is added, it
    ///   is added as ``View/addSubview(_:)`` adds one, with the same preconditions: a view of
    ///   this controller's application, and not a window.
    public func present(_ controller: ViewController) {
        guard presentedViewController == nil, controller.presentingViewController == nil,
              !wouldCloseLoop(linking: controller) else { return }
        precondition(!wouldLoopResponderChain(presenting: controller),
                     "HitKit: \(controller) is on the responder chain of \(self): presenting it would make the chain loop")
        presentedViewController = controller
        controller.presentingViewController = self
        view.application?.presentationsMade += 1
        if controller.view.superview == nil, !(controller.view is Window), let window = view.window {
            window.addSubview(controller.view)
        }
    }

    /// Whether presenting `controller` would make the responder chain loop: the chain from
    /// this controller, its next responder to be, leads to it.
    package func wouldLoopResponderChain(presenting controller: ViewController) -> Bool {
        // Only its root view and the controller it presents lead to a controller, and only its
        // subviews lead to that view: a new controller with a bare view is on no chain, and is
        // not searched.
        if controller.presentedViewController == nil, !controller.view.hasSubviews { return false }
        return chainReaches(controller)
    }

    /// Dismisses the controller this one presents and, as UIKit does, every controller that
    /// one presents in turn up the stack; or, when this one presents none, this controller from
    /// its presenter. Each dismissed controller's view is removed from its superview, the
    /// topmost first.
    public func dismiss() {
        guard presentedViewController != nil else {
            presentingViewController?.dismiss()
            return
        }
        // The stack is read again after each removal: the touches it cancels run host code,
        // which may present or dismiss meanwhile.
        while presentedViewController != nil {
            var presenter = self
            while let presented = presenter.presentedViewController, presented.presentedViewController != nil {
                presenter = presented
            }
            presenter.endPresentation()
        }
    }

    /// Ends the presentation this controller makes (of a controller that presents none).
    private func endPresentation() {
        guard let presented = presentedViewController else { return }
        presentedViewController = nil
        presented.presentingViewController = nil
        view.application?.presentationsMade -= 1
        if !(presented.view is Window) { presented.view.removeFromSuperview() }
    }

    // MARK: Containment

    /// Adds `child` as a child controller (its view is placed by the caller, as in UIKit), last
    /// among the children; taken from another parent first. A controller that is already a
    /// child stays where it is among its siblings, and a controller cannot be its own child, nor
    /// the child of a controller below it through children and presentations (nothing changes:
    /// the parents and presenters would form a loop, ``wouldCloseLoop(linking:)``).
    public func addChild(_ child: ViewController) {
        guard child.parent !== self, !wouldCloseLoop(linking: child) else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    // MARK: Parents and presenters

    /// Whether making `controller` this one's child, or the controller this one presents, would
    /// close a loop of parent and presentation links: it is this controller, or above it through
    /// parents and presenters. A parent keeps its children and a presenter what it presents, so
    /// such a loop would keep its controllers alive for good; ``addChild(_:)`` and
    /// ``present(_:)`` refuse the link (Behaviour A7).
    package func wouldCloseLoop(linking controller: ViewController) -> Bool {
        if controller === self { return true }
        // Only a controller with children or a presentation is above another: a new one (a
        // chain built top-down) needs no walk.
        if controller.children.isEmpty, controller.presentedViewController == nil { return false }
        // Each controller has up to two links up, so paths can meet again: each is walked once.
        var pending: [ViewController] = [self]
        var walked: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let current = pending.popLast() {
            for above in [current.parent, current.presentingViewController] {
                guard let above else { continue }
                if above === controller { return true }
                if walked.insert(ObjectIdentifier(above)).inserted { pending.append(above) }
            }
        }
        return false
    }
}
