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
