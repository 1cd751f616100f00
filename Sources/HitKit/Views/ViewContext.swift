/// What every view of one application shares, held by each view as one reference rather than
/// several (a view object is then small enough for a smaller heap block): the link to the
/// application, the table from a row to its view object, and the list that frees subviews
/// without recursion.
///
/// Nothing here is a weak reference (the link policy in Links/Links.swift says why): the
/// application link and the table's slots are ``UnownedLink``s with their clearing rules, and
/// views are found by ``ViewID`` (``ViewLink``).
final class ViewContext {
    /// The application link, the view table and the chain lists, read on every step of a delivery.
    private struct Storage {
        /// The application, `nil` for every view of it at once when it is freed. Clearing rule:
        /// set in the application's `init`, cleared first thing in its `deinit` (before its
        /// windows and views are let go), so it is never read dangling.
        var application = UnownedLink<Application>(nil)
        /// Row to object, by row index: views are kept alive by their superviews and owners.
        var viewsByRow: [ViewSlot] = []
        /// The lists ``withChain(of:_:)`` reads chains into, kept with their capacity.
        var chainLists = ScratchPool<ViewID>()
        /// Counts the changes to the view table and to views' recognizer lists.
        var recognizerChainEdits: UInt64 = 0
    }

    // Fenced (``ExclusivityFence``): the link is written twice in the application's life, the
    // table only by `register`, `unregister` and `reserveCapacity`, and the chain lists only by
    // the take and give around `withChain`'s body, never during it.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// The application, `nil` for every view of it at once when it is freed.
    var application: Application? { fenced.application.object }
    /// Whether the application is alive (without a reference to it).
    var hasApplication: Bool { fenced.application.isSet }
    /// `body`'s answer for the application, or `nil` once it is freed, without a reference to
    /// it: `body` must not keep it.
    @inline(__always)
    func withApplication<Result>(_ body: (Application) -> Result) -> Result? {
        fenced.application.withObject(body)
    }
    /// Changes since the application began to what a walk up a chain of views finds besides the
    /// store's rows: which rows have view objects, and each view's recognizers. With the store's
    /// ``ViewStore/rowWrites``, it says when a list read from such a walk is out of date.
    var recognizerChainEdits: UInt64 { fenced.recognizerChainEdits }

    /// A view's recognizer list changed.
    func recognizersDidChange() { fenced.recognizerChainEdits &+= 1 }

    /// Frees subviews without recursion when a view is freed.
    let teardown = ViewTeardown()

    /// How deep the default touch methods' forwarding is, and the calls it queued past its
    /// limit (Responders/TouchForwarding.swift). Kept here, the application's state its touches
    /// reach through their view link: apps on different threads never share it.
    // Fenced (``ExclusivityFence``): counters set around each forwarding call and a queue appended
    // to or popped from between calls, never across one.
    #if HITKIT_INTERNAL_CHECKS
    var touchForwarding = TouchForwarding()
    #else
    @exclusivity(unchecked) var touchForwarding = TouchForwarding()
    #endif

    init() {}

    /// Links the views to `application`; called once, from its `init`.
    func applicationDidBegin(_ application: Application) {
        fenced.application = UnownedLink(application)
    }

    /// Unlinks the views from their application; called from its `deinit`.
    func applicationDidEnd() {
        fenced.application = UnownedLink(nil)
    }

    // MARK: The responder chain

    /// Calls `body` with `view`'s responder chain of views as ids: `view`, then its superviews
    /// up to the first without a view object, where ``View/nextInChain(in:)`` ends it too; and
    /// whether the chain reaches the root of `view`'s tree (it is not cut short).
    ///
    /// The chain is read from the store in one call rather than a superview at a time, so a
    /// walk up it checks no handle per level and allocates nothing once the list has grown.
    func withChain<Result>(of view: View, _ body: (_ chain: ArraySlice<ViewID>, _ reachesRoot: Bool) -> Result) -> Result {
        var chain = fenced.chainLists.take()
        defer { fenced.chainLists.give(&chain) }
        chain.append(view.id)
        // A live view's handle is never stale; were it, the chain would be `view` alone.
        do { try view.store.appendSuperviews(of: view.id, to: &chain) } catch {}
        var length = 1
        while length < chain.count && hasView(for: chain[length]) { length += 1 }
        return body(chain[..<length], length == chain.count)
    }

    /// The window whose id is `root`, the root of a chain (``withChain(of:_:)``): its view
    /// object when that is a window. Only windows are made as windows in the store, and a root's
    /// object is a ``Window`` exactly when its row is one, so this is ``View/window`` without
    /// the walk to the root.
    func window(at root: ViewID) -> Window? {
        view(for: root) as? Window
    }

    /// Calls `body` with the recognizers of `view`'s responder chain of views: view by view
    /// from `view` up to the first without a view object (where ``View/nextInChain(in:)`` ends
    /// the chain too), each view's most recently added first (Behaviour A3 step 1's priority
    /// order), with its view's level on the chain (0 is `view`). Stops when `body` returns
    /// `false`; returns how many views it walked.
    ///
    /// Wheel and touchpad routing walk this way on every frame, hover when its list may have
    /// changed (``HoverChain``): a superview is one read
    /// of a parent link (``ViewStore/superviews(of:)``) and no reference is taken to a view.
    /// Each view's list is copied out before `body` sees it, so a recognizer's overridden
    /// property may change the hierarchy: the walk follows the change, and a view freed by it
    /// ends the walk.
    @discardableResult
    func forEachRecognizer(onChainOf view: View, _ body: (_ recognizer: GestureRecognizer, _ level: Int) -> Bool) -> Int {
        // A live view's handle is never stale; were it, the chain would be `view` alone.
        var superviews = try? view.store.superviews(of: view.id)
        var next: ViewID? = view.id
        var level = 0
        while let id = next {
            // No view object: the chain ends. No side storage: no recognizers, nothing copied.
            guard let found = withView(for: id, { $0.sideStorage?.attachedRecognizers }) else { break }
            if let recognizers = found {
                if recognizers.containsHeldFromLast(where: { !body($0, level) }) { return level + 1 }
            }
            level += 1
            next = superviews?.next()
        }
        return level
    }

    // MARK: The view table

    /// The view object of row `id`, if it is alive.
    @inline(__always)
    func view(for id: ViewID) -> View? {
        let index = Int(id.index)
        guard index >= 0 && index < fenced.viewsByRow.count else { return nil }
        let slot = fenced.viewsByRow[index]
        return slot.generation == id.generation ? slot.view : nil
    }

    /// `body`'s answer for the view object of row `id`, or `nil` when it has none, without
    /// taking a reference to it: `body` reads the view and keeps nothing of it.
    @inline(__always)
    func withView<Result>(for id: ViewID, _ body: (View) -> Result) -> Result? {
        let index = Int(id.index)
        guard index >= 0 && index < fenced.viewsByRow.count else { return nil }
        let slot = fenced.viewsByRow[index]
        return slot.generation == id.generation ? slot.withView(body) : nil
    }

    /// Whether row `id` has a live view object (without taking a reference to it).
    @inline(__always)
    func hasView(for id: ViewID) -> Bool {
        let index = Int(id.index)
        return index >= 0 && index < fenced.viewsByRow.count && fenced.viewsByRow[index].holds(id)
    }

    /// Makes room for `count` more views.
    func reserveCapacity(forViews count: Int, limit: Int) {
        // The table has a slot per row, and the rows never pass the store's limit.
        fenced.viewsByRow.reserveCapacity(Swift.min(fenced.viewsByRow.count + Swift.min(count, limit), limit))
    }

    func register(_ view: View) {
        let index = Int(view.id.index)
        while fenced.viewsByRow.count <= index { fenced.viewsByRow.append(ViewSlot()) }
        fenced.viewsByRow[index] = ViewSlot(generation: view.id.generation, view: view)
        fenced.recognizerChainEdits &+= 1
    }

    /// Called from the view's `deinit`: from then on every link to it reads `nil`.
    func unregister(_ id: ViewID) {
        let index = Int(id.index)
        guard index >= 0 && index < fenced.viewsByRow.count, fenced.viewsByRow[index].generation == id.generation else { return }
        fenced.viewsByRow[index] = ViewSlot()
        fenced.recognizerChainEdits &+= 1
    }
}

/// Frees a tree of views without recursion.
///
/// A view keeps its subviews alive, so freeing the root of a deep tree would free each subview
/// from inside its parent's `deinit` — one stack frame per level, which overflows a thread's stack
/// at a few thousand levels. Instead, a view's `deinit` hands its subviews to this list, and only
/// the outermost `deinit` under way lets go of them, one at a time in a loop: each freed view adds
/// its own subviews to the list and returns at once. The stack stays flat at any depth.
///
/// One list per application: its views are used from one thread.
final class ViewTeardown {
    private var pending: [View] = []
    private var isDraining = false

    /// Takes over `subviews` from a view being freed; frees them (and, in turn, theirs) unless
    /// an outer `deinit` is already doing so.
    func release(_ subviews: inout [View]) {
        // Moved, not copied: no other reference may remain in the freed view's frame.
        pending.append(contentsOf: subviews)
        subviews = []
        guard !isDraining else { return }
        isDraining = true
        // `popLast` moves the last reference out; it is dropped at the end of each pass, which
        // may run that view's `deinit` (which only appends here).
        while let view = pending.popLast() { _ = view }
        isDraining = false
    }
}
