/// A link to a view that does not keep it alive, by index and generation rather than a weak
/// reference (see ``ViewContext`` for why): the view's ``ViewID`` and the table of its
/// application's views. It reads `nil` once the view is freed — its `deinit` clears its slot,
/// and its id is never issued again — exactly when a weak reference would have.
///
/// The table is held strongly (it is a plain object nothing references weakly), so a link stays
/// readable after the application and the view are gone.
struct ViewLink<Target: View> {
    private let context: ViewContext
    /// The view's id.
    let id: ViewID

    init(_ view: Target) {
        context = view.context
        id = view.id
    }

    /// The view, while it is alive.
    @inline(__always)
    var object: Target? {
        // The slot at `id` holds the very object this link was made from (ids are not reused),
        // so its class is `Target`.
        guard let view = context.view(for: id) else { return nil }
        return unsafeDowncast(view, to: Target.self)
    }
}

extension ViewLink: CustomStringConvertible, CustomReflectable {
    /// The linked id (the table is the same for every view of an application).
    var description: String { "ViewLink(\(id))" }
    /// One leaf, the id: a link is its id.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// A row's view in ``ViewContext``'s table. Not a weak reference (see ``ViewContext``).
// Unretained, lifetime rule: a view clears its slot in its `deinit` (`unregister`), so a slot
// never outlives its view. Kept as `Unmanaged` so that asking whether a slot is filled
// (`holds`) reads the pointer without retaining the view.
struct ViewSlot {
    var generation: UInt32 = 0
    private var link: Unmanaged<View>?

    init() {}

    init(generation: UInt32, view: View) {
        self.generation = generation
        link = .passUnretained(view)
    }

    var view: View? { link?.takeUnretainedValue() }

    /// Whether the slot holds the view `id` names.
    func holds(_ id: ViewID) -> Bool { link != nil && generation == id.generation }
}

/// A link to a recognizer that does not keep it alive and forms no weak reference to it (a weak
/// reference gives an object a side table for life, and every retain and release of it then
/// takes the runtime's slow path: see ``ViewContext``). It reads `nil` once the recognizer is
/// freed, as a weak reference would.
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
    // `unowned(unsafe)`, lifetime rule: only the recognizer makes its anchor, and its `deinit`
    // sets this to `nil` (``GestureRecognizer/anchor``), so it is never read dangling.
    // `OwnershipLinkTests` frees recognizers under pending timers and failure requirements.
    // `@exclusivity(unchecked)`: written twice, by code that calls nothing.
    @exclusivity(unchecked) fileprivate(set) unowned(unsafe) var recognizer: GestureRecognizer?

    fileprivate init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
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
        fenced.storedAnchor?.recognizer = nil
    }
}

/// A link to a responder that does not keep it alive and forms no weak reference to the objects
/// a delivery retains and releases on every step — views and the application (see
/// ``ViewContext`` for why). It reads `nil` once the responder is freed, as a weak reference would.
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

/// A weak reference to store in collections (side tables must not keep their objects alive).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
