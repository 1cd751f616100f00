/// A rectangle on the screen that receives touches (UIKit's `UIView`): a handle on one row of its
/// application's ``ViewStore``.
///
/// Every geometry, flag and hierarchy property reads and writes the engine's columns, so hit
/// testing runs on the engine's flat data. A view is created inside an application and stays in
/// it. It keeps its subviews alive (as UIKit does) and its superview weakly; when the object is
/// freed its row is destroyed — only its own row: subviews that are still referenced elsewhere
/// keep theirs, detached.
///
/// A subclass may override ``hitTest(_:with:)`` and ``point(inside:with:)`` as in UIKit: the
/// engine asks the views of such a class (Behaviour A2 "ask when you must"). Swift cannot tell at run
/// time which methods a class overrides, so the views of every subclass outside HitKit are asked
/// until the class declares, with ``overridesHitTest`` / ``overridesPointInside`` returning
/// false, that it keeps the defaults; HitKit's own classes stay on the engine's fast path.
open class View: Responder {
    /// The view's row in its application's store (``Application/readOnlyStore`` reads it).
    public let id: ViewID
    /// The engine holding this view's row (its application's store). Kept strongly so the row
    /// can always be destroyed in `deinit`, even after the application is gone. Only the façade
    /// edits it; a host reads it through ``Application/readOnlyStore``.
    package let store: ViewStore
    /// The application this view belongs to.
    public var application: Application? { context.application }
    /// The application's link, view table and teardown list, shared by its views.
    let context: ViewContext

    /// Keeps the subviews alive, in no particular order (their order lives in the store); see
    /// View+Hierarchy.swift.
    var retainedSubviews: [View] = []
    /// Where this view is in its superview's ``retainedSubviews`` (a hint, checked before use).
    var indexInRetainedSubviews: Int32 = 0
    /// The delivery's two counters on a view, 32 bits each so that a view object fits a smaller
    /// heap block (what few views set lives in a side object: Responder+SideStorage.swift).
    private struct DeliveryMarks {
        var batchIndex: Int32 = -1
        var touchesHoldingView: Int32 = 0
    }

    // Fenced (``ExclusivityFence``): only the delivery changes them, by plain stores.
    #if HITKIT_INTERNAL_CHECKS
    private var deliveryMarks = DeliveryMarks()
    #else
    @exclusivity(unchecked) private var deliveryMarks = DeliveryMarks()
    #endif

    /// The view's group while ``TouchBatches`` groups touches by view, else -1.
    var batchIndex: Int {
        get { Int(deliveryMarks.batchIndex) }
        set { deliveryMarks.batchIndex = Int32(truncatingIfNeeded: newValue) }
    }
    /// Touches down that were admitted to this view (``TouchAdmission``).
    var touchesHoldingView: Int {
        get { Int(deliveryMarks.touchesHoldingView) }
        set { deliveryMarks.touchesHoldingView = Int32(truncatingIfNeeded: newValue) }
    }

    /// Creates a detached view with `frame` in `application`.
    ///
    /// An application's store holds at most ``ViewStore/maximumViewCount`` views at once (2 GiB
    /// of rows); making one more traps, as running out of memory does. So does making one from
    /// inside a ``hitTest(_:with:)`` or ``point(inside:with:)`` override while a hit test runs
    /// it: the query reads the store's rows in place, and a new row may move them (make helper
    /// views beforehand, as for the edits that overrides must not make).
    public init(frame: Rect = .zero, in application: Application) {
        self.store = application.store
        self.context = application.viewContext
        do {
            self.id = try application.store.makeView(frame: frame)
        } catch {
            preconditionFailure("HitKit: a view cannot be created now: \(error)")
        }
        super.init()
        registerWithEngine()
    }

    /// Adopts a row the caller has just made (a window's).
    init(adopting id: ViewID, in application: Application) {
        self.store = application.store
        self.context = application.viewContext
        self.id = id
        super.init()
        registerWithEngine()
    }

    private func registerWithEngine() {
        context.register(self)
        installEngineOverrides()
    }

    deinit {
        // Each view owns exactly its own row: the subviews' rows are detached (they may be alive
        // elsewhere and destroy their own rows when freed). Freed during a hit test (by an
        // override), the row goes once the query is over.
        try? store.destroyDetachingSubviews(id)
        context.unregister(id)
        // Its recognizers that take part are stopped at the frame's end (the arena's work list).
        for recognizer in attachedRecognizers { recognizer.noteViewFreed() }
        guard !retainedSubviews.isEmpty else { return }
        context.teardown.release(&retainedSubviews)
    }

    // MARK: Responder

    /// The view's controller if it is that controller's root view, else its superview (Behaviour A7).
    open override var next: Responder? {
        if let controller = controllerOfRootView { return controller }
        return superview
    }

    /// The controller whose root view this is: the next responder rather than the superview.
    var controllerOfRootView: ViewController? {
        guard let controller = owningViewController, controller.view === self else { return nil }
        return controller
    }

    override var firstResponderWindow: Window? { window }

    /// Whether ``window`` is `window`, asked of the engine: the root of this view's tree is that
    /// window's row (only a window's row is flagged a window, and its object is a window), in
    /// the same store, while the application is alive (as ``object(for:)`` requires).
    override func hasFirstResponderWindow(_ window: Window) -> Bool {
        guard store === window.store, context.hasApplication, let root = try? store.window(of: id) else { return false }
        return root == window.id
    }

    // MARK: Focus (Behaviour A10; Keyboard/Focus)

    /// Whether keyboard focus may move to this view: by default what ``allowsFocus`` says, else
    /// false (a ``Control`` answers whether it is enabled). A subclass may override it; HitKit
    /// checks the focused view's answer again before each key it delivers.
    open var canBecomeFocused: Bool { allowsFocus ?? false }

    /// Whether a view of this class is a focus group of its own when it names none (Behaviour
    /// A10: a scroll view is). A class property, so the focus map's walk asks it of each view
    /// without a dynamic cast.
    class var startsFocusGroup: Bool { false }

    // MARK: Geometry (overridable within HitKit; declared here because extensions cannot hold overridable members)

    /// Writes ``bounds``. A scroll view overrides it: its bounds' origin is its content offset,
    /// whose every change its delegate hears of (Behaviour A6).
    func setBounds(_ bounds: Rect) {
        edit { try $0.setBounds(bounds, of: $1) }
    }

    // MARK: Hit testing (overridable; declared here because extensions cannot hold overridable members)

    /// Whether the engine must call this class's ``hitTest(_:with:)``. False for HitKit's own
    /// classes, which keep the default; true for every other subclass, so that an override is
    /// never skipped. A subclass that keeps the default may return false to put its views on the
    /// engine's fast path; a subclass of it that overrides the method must then return true again.
    open class var overridesHitTest: Bool { !isHitKitClass }

    /// Whether the engine must call this class's ``point(inside:with:)``; see ``overridesHitTest``.
    open class var overridesPointInside: Bool { !isHitKitClass }

    /// The front-most view under `point` (in this view's coordinates) in this view's subtree,
    /// following Behaviour A2. Override it to change the answer (see ``overridesHitTest``); call
    /// `super` for the default.
    ///
    /// An override must not edit the view tree (add, remove, move or reframe a view): the
    /// engine reads the views in place while it asks, and such an edit stops the process with
    /// "the view store cannot be edited during a hit test". UIKit lets it through; make the edit
    /// after the hit test instead. Freeing views is allowed.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        object(for: withOwnRow { try $0.defaultHitTest($1, at: point) })
    }

    /// Whether `point` (in this view's coordinates) is in the view's hit area. Override it to
    /// change the hit area (see ``overridesPointInside``); call `super` for the default. As in
    /// ``hitTest(_:with:)``, an override must not edit the view tree.
    open func point(inside point: Point, with event: Event?) -> Bool {
        withOwnRow { try $0.defaultPointInside($1, point) }
    }

    /// Asked before a recognizer of a touch on this view leaves the possible state (Behaviour A4 b).
    /// Default true; controls override it.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        true
    }

    /// Runs an engine call on this view's own row, which is live for as long as the object is.
    /// The only failure left is a programming error (an edit from inside a hit test, a cycle).
    @inline(__always)
    func withOwnRow<T>(_ body: (ViewStore, ViewID) throws -> T) -> T {
        do {
            return try body(store, id)
        } catch {
            preconditionFailure("HitKit: \(error)")
        }
    }

    /// Writes the view's row through the façade: the application's hover then follows the
    /// change (Behaviour A8; one comparison when no pointer is on the screen).
    func edit(_ body: (ViewStore, ViewID) throws -> Void) {
        withOwnRow(body)
        application?.viewsDidChange()
    }

    /// The façade object of a row of this view's store.
    func object(for id: ViewID?) -> View? {
        // Without its application, a view's relatives read `nil` (the table outlives it only
        // for the links of ``ViewLink``).
        guard let id, context.application != nil else { return nil }
        return context.view(for: id)
    }
}

extension View: CustomStringConvertible {
    public var description: String { "\(type(of: self))\(id)" }
}

// Behaviour A2 through the engine, with a view's own overrides asked only where they exist (the
// overridable methods themselves are declared above).

/// HitKit's own view classes, exactly (not their subclasses): none overrides hit testing.
private let hitKitViewClasses: Set<ObjectIdentifier> = [
    ObjectIdentifier(View.self), ObjectIdentifier(Window.self), ObjectIdentifier(ScrollView.self),
    ObjectIdentifier(Control.self), ObjectIdentifier(Button.self), ObjectIdentifier(Switch.self),
    ObjectIdentifier(Slider.self), ObjectIdentifier(Stepper.self), ObjectIdentifier(SegmentedControl.self),
    ObjectIdentifier(PageControl.self),
]

extension View {
    /// Whether this class is one of HitKit's own, which keep the default hit testing.
    static var isHitKitClass: Bool { hitKitViewClasses.contains(ObjectIdentifier(self)) }

    /// Hands the engine this view's overrides, if its class has any. The closures link to the
    /// view by id (``ViewLink``): the store must not keep its views alive, and a weak capture
    /// would slow every retain of the view.
    func installEngineOverrides() {
        let type = type(of: self)
        if type.overridesHitTest {
            withOwnRow {
                try $0.setHitTestOverride({ [link = ViewLink(self)] point in
                    guard let self = link.object else { return nil }
                    // An answer from another application's store means nothing to this one.
                    guard let answer = self.hitTest(point, with: self.application?.eventBeingHitTested),
                          answer.store === self.store else { return nil }
                    return answer.id
                }, of: $1)
            }
        }
        if type.overridesPointInside {
            withOwnRow {
                try $0.setPointInsideOverride({ [link = ViewLink(self)] point in
                    guard let self = link.object else { return false }
                    return self.point(inside: point, with: self.application?.eventBeingHitTested)
                }, of: $1)
            }
        }
    }
}
