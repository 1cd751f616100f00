// The façade's non-owning links, and the one policy they follow.
//
// Ownership runs one way: an application owns its windows, a view its subviews and its
// recognizers, the arena its entries, a touch its recognizers while it is down. Every other
// reference between the façade's objects is a link that does not keep its object alive, and
// every such link is one of the kinds in this file, chosen by these rules:
//
// 1. No weak reference to an object the delivery retains and releases on every step — a view, a
//    window, the application, a recognizer. A weak reference gives its object a side table for
//    life, and every retain and release of that object then takes the runtime's slow path, a
//    large share of a tap. Links to those objects go through what the owner clears when the
//    object goes:
//    - `ViewLink`: the view's `ViewID` and its application's table of view objects
//      (`ViewContext`). A view clears its slot in its `deinit` and its id is never issued again,
//      so the link reads `nil` exactly when a weak reference would;
//    - `RecognizerLink`: the recognizer's `RecognizerAnchor`, which it clears in its `deinit`;
//    - `ResponderLink`: one of those for a view or the application, a weak reference for any
//      other responder (a view controller, a host's responder: not on the delivery's path).
// 2. A reference whose owner clears it before the object goes — the views' link to their
//    application, a view's slot in that table, a recognizer's handle on its arena entry, an
//    anchor's link to its recognizer — is an `UnownedLink`, which counts no references at all.
//    Each one states its clearing rule where it is declared. Built with
//    `HITKIT_INTERNAL_CHECKS`, an `UnownedLink` is a checked `unowned` reference: reading one
//    whose object is gone traps, so running the tests that way checks every clearing rule
//    (`OwnershipLinkTests` frees objects under each kind of link).
// 3. Anything else that must not keep its object alive is a `WeakReference`.
//
// A back link to an owner that outlives its holder by construction (the dispatcher's, the
// arena's, the action router's and the tracer's to their application, an entry's to its arena)
// is, like an `UnownedLink`, a checked `unowned let` when built with `HITKIT_INTERNAL_CHECKS` and
// an `unowned(unsafe) let` otherwise: a checked read takes and drops a reference (two atomic
// operations), and the delivery reads these links at every step, about 1,200 instructions a tap.

/// A reference that counts nothing, to an object whose owner clears the link before the object
/// goes (rule 2 of the link policy at the top of this file); each use states its clearing rule.
///
/// It is an `Unmanaged` reference, so asking whether it is set reads the pointer without
/// retaining the object. Built with `HITKIT_INTERNAL_CHECKS` it is a checked `unowned` reference
/// instead, and reading it after its object was freed traps instead of reading freed memory.
struct UnownedLink<Object: AnyObject> {
    #if HITKIT_INTERNAL_CHECKS
    private unowned var checked: Object?

    init(_ object: Object?) {
        checked = object
    }

    /// The object, or `nil` when the link is not set.
    var object: Object? { checked }

    /// Whether the link is set.
    var isSet: Bool { checked != nil }

    /// `body`'s answer for the object, or `nil` when the link is not set.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result? {
        checked.map(body)
    }
    #else
    private var unmanaged: Unmanaged<Object>?

    init(_ object: Object?) {
        unmanaged = object.map { Unmanaged.passUnretained($0) }
    }

    /// The object, or `nil` when the link is not set.
    var object: Object? { unmanaged?.takeUnretainedValue() }

    /// Whether the link is set (without retaining the object).
    var isSet: Bool { unmanaged != nil }

    /// `body`'s answer for the object, or `nil` when the link is not set, without retaining the
    /// object: `body` must not keep it.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result? {
        unmanaged?._withUnsafeGuaranteedRef(body)
    }
    #endif
}

/// A link to a view that does not keep it alive (rule 1 of the link policy), by index and
/// generation: the view's ``ViewID`` and the table of its application's views. It reads `nil` once the view is freed — its `deinit` clears its slot,
/// and its id is never issued again — exactly when a weak reference would have.
///
/// The table is held strongly (it is a plain object nothing references weakly), so a link stays
/// readable after the application and the view are gone. The C library's tables link their
/// views this way too.
package struct ViewLink<Target: View> {
    private let context: ViewContext
    /// The view's id.
    package let id: ViewID

    package init(_ view: Target) {
        context = view.context
        id = view.id
    }

    /// The view, while it is alive.
    @inline(__always)
    package var object: Target? {
        // The slot at `id` holds the very object this link was made from (ids are not reused),
        // so its class is `Target`.
        guard let view = context.view(for: id) else { return nil }
        return unsafeDowncast(view, to: Target.self)
    }

    /// Whether the view is alive (``object`` is not `nil`), told without a reference to it.
    var isAlive: Bool { context.hasView(for: id) }

    /// The state the view's application shares among its views, alive or not.
    var viewContext: ViewContext { context }

    /// Whether the view is alive and its application too (`object?.application != nil`), told
    /// without a reference to either.
    var isInApplication: Bool { isAlive && context.hasApplication }

    /// `body`'s answer for the view's application while the view is alive (what
    /// `object?.application` reads), without a reference to either: `body` must not keep it.
    @inline(__always)
    func withApplication<Result>(_ body: (Application) -> Result) -> Result? {
        isAlive ? context.withApplication(body) : nil
    }
}

extension ViewLink: CustomStringConvertible, CustomReflectable {
    /// The linked id (the table is the same for every view of an application).
    package var description: String { "ViewLink(\(id))" }
    /// One leaf, the id: a link is its id.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A row's view in ``ViewContext``'s table (rule 2 of the link policy).
struct ViewSlot {
    var generation: UInt32 = 0
    /// Clearing rule: a view clears its slot in its `deinit` (``ViewContext/unregister(_:)``),
    /// so a slot never outlives its view.
    private var link = UnownedLink<View>(nil)

    init() {}

    init(generation: UInt32, view: View) {
        self.generation = generation
        link = UnownedLink(view)
    }

    var view: View? { link.object }

    /// `body`'s answer for the view, or `nil` when the slot has none, without retaining it.
    @inline(__always)
    func withView<Result>(_ body: (View) -> Result) -> Result? { link.withObject(body) }

    /// Whether the slot holds the view `id` names (without retaining the view).
    func holds(_ id: ViewID) -> Bool { link.isSet && generation == id.generation }
}

/// A link to a recognizer that does not keep it alive and forms no weak reference to it (rule 1
/// of the link policy). It reads `nil` once the recognizer is freed, as a weak reference would.
///
/// The links to one recognizer share its ``RecognizerAnchor``, made the first time one is
/// formed; the recognizer clears the anchor in its `deinit`.
struct RecognizerLink<Target: GestureRecognizer> {
    private let anchor: RecognizerAnchor

    init(_ recognizer: Target) {
        anchor = recognizer.anchor
    }

    /// The recognizer, while it is alive.
    @inline(__always)
    var object: Target? {
        // The anchor belongs to the very object this link was made from, so its class is `Target`.
        guard let recognizer = anchor.recognizer else { return nil }
        return unsafeDowncast(recognizer, to: Target.self)
    }
}

/// What the links to one recognizer point to: the recognizer until it is freed.
final class RecognizerAnchor {
    /// Clearing rule: only the recognizer makes its anchor, and its `deinit` clears the link
    /// (``GestureRecognizer/clearAnchor()``), so it is never read dangling.
    // Fenced (``ExclusivityFence``): written twice, by code that calls nothing.
    #if HITKIT_INTERNAL_CHECKS
    private var link: UnownedLink<GestureRecognizer>
    #else
    @exclusivity(unchecked) private var link: UnownedLink<GestureRecognizer>
    #endif

    fileprivate init(_ recognizer: GestureRecognizer) {
        link = UnownedLink(recognizer)
    }

    /// The recognizer, until it is freed.
    var recognizer: GestureRecognizer? { link.object }

    fileprivate func clear() {
        link = UnownedLink(nil)
    }
}

extension GestureRecognizer {
    /// The anchor of the links to this recognizer, made on first use.
    var anchor: RecognizerAnchor {
        if let anchor = fenced.storedAnchor { return anchor }
        let made = RecognizerAnchor(self)
        fenced.storedAnchor = made
        return made
    }

    /// Called from the recognizer's `deinit`: from then on every link to it reads `nil`.
    func clearAnchor() {
        fenced.storedAnchor?.clear()
    }
}

/// A link to a responder that does not keep it alive and forms no weak reference to the objects
/// a delivery retains and releases on every step — views and the application (rule 1 of the
/// link policy). It reads `nil` once the responder is freed, as a weak reference would.
enum ResponderLink {
    /// A view (or window), by id.
    case view(ViewLink<View>)
    /// An application, through its views' context, which it clears in its `deinit`.
    case application(ViewContext)
    /// Any other responder (a view controller, a host's responder), weakly: these are not on
    /// the delivery's hot path.
    case other(WeakReference<Responder>)

    init(_ responder: Responder) {
        if let view = responder as? View {
            self = .view(ViewLink(view))
        } else if let application = responder as? Application {
            self = .application(application.viewContext)
        } else {
            self = .other(WeakReference(responder))
        }
    }

    /// The responder, while it is alive.
    var object: Responder? {
        switch self {
        case .view(let link): link.object
        case .application(let context): context.application
        case .other(let reference): reference.object
        }
    }
}

/// A weak reference to store in collections (rule 3 of the link policy: side tables must not
/// keep their objects alive).
///
/// A box: copying a link that holds one (a target read for its action) retains the box, where
/// copying a weak reference itself goes through the runtime's weak table and costs several
/// times more.
final class WeakReference<Object: AnyObject> {
    private(set) weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
