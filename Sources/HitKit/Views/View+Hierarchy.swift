// The view hierarchy: the store keeps the order, the objects keep each other alive.

extension View {
    /// The view this one is a subview of, or `nil`.
    public var superview: View? {
        object(for: withOwnRow { try $0.superview(of: $1) })
    }

    /// The next view up the chain the delivery walks (Behaviour A3 step 1): the superview, none
    /// above a window. Looked up in `application`'s table, which the caller already holds,
    /// rather than through this view's weak link to it: this runs for every view of the chain on
    /// every began.
    func nextInChain(in application: Application) -> View? {
        // No `is Window` test: the engine refuses a window as a subview, so a window's row has
        // no parent and the chain ends there by itself.
        guard let parent = try? store.superview(of: id) else { return nil }
        return application.view(for: parent)
    }

    /// The subviews, back-most first.
    public var subviews: [View] {
        withOwnRow { try $0.subviews(of: $1) }.compactMap { object(for: $0) }
    }

    /// The window this view is in (itself for a window), or `nil`.
    public var window: Window? {
        object(for: withOwnRow { try $0.window(of: $1) }) as? Window
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        guard view.store === store else { return false }
        return withOwnRow { try $0.isDescendant($1, of: view.id) }
    }

    /// Adds `view` in front of the other subviews, taking it from its current superview.
    ///
    /// - Precondition: `view` is of this view's application, is not a window, and is neither this
    ///   view nor one of its ancestors, nor would it make the responder chain loop through a
    ///   presentation. A call that breaks one traps with a message naming both views, as UIKit
    ///   raises on adding a view to itself: these are mistakes in the host's code, not input.
    ///   (The engine's `ViewStore` answers the same cases with a typed `ViewStoreError`, and the
    ///   C library with a status.) The other insertions below have the same preconditions.
    public func addSubview(_ view: View) {
        adopt(view) { try $0.addSubview(view.id, to: $1) }
    }

    /// Inserts `view` at `index` among the subviews (0 is the back-most). An index past the
    /// end puts it in front of them, a negative one behind them.
    public func insertSubview(_ view: View, at index: Int) {
        adopt(view) { store, parent in
            do { try store.insertSubview(view.id, into: parent, at: index) } catch ViewStoreError.indexOutOfRange(_, let count) {
                try store.insertSubview(view.id, into: parent, at: index < 0 ? 0 : count)
            }
        }
    }

    /// Inserts `view` just in front of `sibling`, which must be a subview of this view (a trap
    /// otherwise, as for ``addSubview(_:)``'s preconditions). A view coming from another window
    /// has its touches cancelled first; if code told of that takes `sibling` away, `view` goes
    /// in front of the subviews.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        precondition(sibling.superview === self, "HitKit: \(sibling) is not a subview of \(self)")
        adopt(view) { store, parent in
            if sibling.superview === self {
                try store.insertSubview(view.id, above: sibling.id)
            } else {
                try store.addSubview(view.id, to: parent)
            }
        }
    }

    /// Inserts `view` just behind `sibling`, which must be a subview of this view (a trap
    /// otherwise, as for ``addSubview(_:)``'s preconditions). A view coming from another window
    /// has its touches cancelled first; if code told of that takes `sibling` away, `view` goes
    /// behind the subviews.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        precondition(sibling.superview === self, "HitKit: \(sibling) is not a subview of \(self)")
        adopt(view) { store, parent in
            if sibling.superview === self {
                try store.insertSubview(view.id, below: sibling.id)
            } else {
                try store.insertSubview(view.id, into: parent, at: 0)
            }
        }
    }

    /// Detaches the view from its superview. Touches it or its subviews own are cancelled at once
    /// (Behaviour A3), while the responder chain they were delivered along is still intact.
    ///
    /// Called from a `touchesCancelled` that another removal sends, it takes effect when that
    /// removal has finished (`Application.performStructuralChange(_:)`). A view added or moved
    /// after the removal was asked for — by such a `touchesCancelled`, even this removal's own —
    /// stays where that placed it: the later request stands.
    public func removeFromSuperview() {
        guard let application, window != nil else { return detachFromSuperview() }
        let work = application.deferredWork, requested = work.placementMark
        application.performStructuralChange { [self] in
            guard superview != nil, !work.wasPlaced(self, since: requested) else { return }
            let leaving = work.placementMark
            if window != nil { application.viewWillLeaveWindow(self) }
            guard !work.wasPlaced(self, since: leaving) else { return }
            detachFromSuperview()
        }
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        edit { try $0.removeFromSuperview($1) }
        parent.releaseSubview(self)
    }

    /// Moves `view`, a subview, in front of its siblings. A view that is not a subview of this
    /// one is left where it is, as UIKit leaves it.
    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        view.edit { try $0.bringToFront($1) }
    }

    /// Moves `view`, a subview, behind its siblings. A view that is not a subview of this one is
    /// left where it is, as UIKit leaves it.
    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        view.edit { try $0.sendToBack($1) }
    }

    /// Swaps the subviews at two indices.
    ///
    /// - Precondition: both indices are in `0..<subviews.count`; an index out of that range traps,
    ///   as UIKit raises a range exception (the engine's `ViewStore` answers it with
    ///   `ViewStoreError.indexOutOfRange`, the C library with `HK_ERR_INDEX_OUT_OF_RANGE`).
    public func exchangeSubview(at first: Int, withSubviewAt second: Int) {
        edit { try $0.exchangeSubviews(of: $1, at: first, second) }
    }

    /// Whether adding `child` under this view would make the responder chain loop. The new
    /// edge leads from the child, or from the controller whose root view it is, to this view;
    /// there is none when that controller is presented (its next is its presenter). The chain
    /// can lead back only through a presentation, so without one nothing is walked.
    package func wouldLoopResponderChain(adopting child: View) -> Bool {
        guard let application, application.presentationsMade > 0 else { return false }
        let owner = child.controllerOfRootView
        if owner?.presentingViewController != nil { return false }
        // Only its subviews lead to the child, and only the child and the controller it
        // presents lead to its controller: a leaf (a tree built top-down, say) is on no chain.
        if !child.hasSubviews, owner?.presentedViewController == nil { return false }
        // A chain that reaches the child goes on to its controller: one target for both.
        return chainReaches(owner ?? child)
    }

    /// Whether the view has a subview.
    var hasSubviews: Bool {
        withOwnRow { try $0.firstSubview(of: $1) } != nil
    }

    /// Performs an insertion of `view` under this view and takes ownership of it.
    ///
    /// The preconditions are what the C entry points check first and report as errors.
    private func adopt(_ view: View, _ edit: (ViewStore, ViewID) throws -> Void) {
        precondition(view.store === store, "HitKit: \(view) belongs to another application")
        precondition(!(view is Window), "HitKit: a window cannot be a subview")
        precondition(!wouldLoopResponderChain(adopting: view),
                     "HitKit: adding \(view) under \(self) would make the responder chain loop through a presentation")
        guard let oldWindow = view.window, oldWindow !== window, let application else { return place(view, edit) }
        // Leaving its window cancels the view's touches, as removal does. Moving within the
        // window does not (as UIKit): the touches' ends follow the route their begans took
        // (see `Responder.touchesEnded`), so every responder still gets its end. What the
        // cancels make due (a hover pass, the waiters of a recognizer they stopped) follows once
        // the view is out, not halfway, while it can still be hit.
        application.deferringUpdates {
            application.viewWillLeaveWindow(view)
            place(view, edit)
        }
    }

    /// The insertion itself; the superview is read after the cancels, which may have moved it.
    private func place(_ view: View, _ edit: (ViewStore, ViewID) throws -> Void) {
        let oldParent = view.superview
        // The store's refusals left (a cycle, a bad index) name rows; the message names the views.
        do { try edit(store, id) } catch { preconditionFailure("HitKit: cannot put \(view) under \(self): \(error)") }
        application?.deferredWork.notePlacement(of: view)
        application?.viewsDidChange()
        // Moved within this view: already kept.
        guard oldParent !== self else { return }
        oldParent?.releaseSubview(view)  // `view` is the caller's: it stays alive
        retainSubview(view)
    }
}

// How a view keeps its subviews alive: an unordered array (the store keeps the order) and, in each
// subview, its place in that array: eight bytes a subview plus the array's slack, where a
// dictionary by object would take 16 bytes a bucket at up to three-quarters full (21–43 bytes a
// subview).

extension View {
    /// Keeps `subview` alive from now on (it has just become a subview of this view).
    func retainSubview(_ subview: View) {
        guard !isRetaining(subview) else { return }
        subview.indexInRetainedSubviews = Int32(truncatingIfNeeded: retainedSubviews.count)
        retainedSubviews.append(subview)
    }

    /// Whether `subview` is kept at the place it remembers.
    private func isRetaining(_ subview: View) -> Bool {
        let index = Int(subview.indexInRetainedSubviews)
        return index < retainedSubviews.count && retainedSubviews[index] === subview
    }

    /// Stops keeping `subview` alive (it has just left this view), if this view kept it.
    func releaseSubview(_ subview: View) {
        // The place is a hint: a view is in at most one list, but a stale hint (a view moved while
        // its old superview could not be looked up) must not remove another view.
        var index = Int(subview.indexInRetainedSubviews)
        if !isRetaining(subview) {
            guard let found = retainedSubviews.lastIndex(where: { $0 === subview }) else { return }
            index = found
        }
        // Swapped with the last one and dropped: O(1), and the order does not matter here.
        let last = retainedSubviews.count - 1
        if index != last {
            retainedSubviews.swapAt(index, last)
            retainedSubviews[index].indexInRetainedSubviews = Int32(truncatingIfNeeded: index)
        }
        // The subview may be freed here: nothing else is done with it.
        retainedSubviews.removeLast()
    }
}
