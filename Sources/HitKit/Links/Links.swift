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
