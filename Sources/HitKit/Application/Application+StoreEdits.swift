// Edits made to the application's store directly, past the façade's setters: the C library's
// hk_view_set_flag, hk_view_set_frame, hk_window_set_level... on an app's store (hk_app_store).
// What a setter does after its edit is done here, so that such an edit is followed as the same
// edit through the façade is — at the next delivery's end, as the store's caller calls no host
// code.

import HitTestCore

extension Application {
    /// A view of the store was edited directly (a flag, its geometry, alpha or hit area, a
    /// window's level or order): hover, drop targeting and the focused item's focusability are
    /// marked due, as a façade setter marks them, for the next delivery's end (a frame, an
    /// advance, a change through the API). Nothing runs now: the caller calls no host code.
    package func storeWasEdited() {
        if pointerState.id != nil { deferredWork.hoverIsStale = true }               // Behaviour A8
        interactionState.viewsDidChange()                                            // Behaviour A11
        if keyboard.hasFocusedItem { keyboard.focusIsStale = true }                  // Behaviour A10
    }

    /// `id`'s exclusive-touch flag was changed directly in the store, from `old` to `new`: the
    /// window's count of touches holding exclusive views follows, as ``View/isExclusiveTouch``'s
    /// setter makes it, or the touches holding the view would leave the count wrong for good.
    package func exclusiveTouchWasEdited(of id: ViewID, from old: Bool, to new: Bool) {
        guard old != new, let view = view(for: id) else { return }
        TouchAdmission.exclusivityChanged(of: view, to: new)
    }

    /// `id`'s bounds were set directly in the store, from `old`. On a scroll view, a moved origin
    /// is a moved content offset, which ``ScrollView/contentOffset``'s setter would have told the
    /// delegate of (Behaviour A6): `scrollViewDidScroll` is due at the next delivery's end, once
    /// however many edits moved the offset before it.
    package func boundsWereEdited(of id: ViewID, from old: Rect) {
        storeWasEdited()
        guard let scrollView = view(for: id) as? ScrollView, scrollView.contentOffset != old.origin,
              !deferredWork.scrollViewsMovedByStore.contains(id) else { return }
        deferredWork.scrollViewsMovedByStore.append(id)
        deferredWork.storeMovedScrollViews = true
    }

    /// Tells the delegates (then ``offsetMovedByStoreObserver``) of the scroll views whose
    /// offsets the store moved.
    func tellDelegatesOfStoreScrolls() {
        let moved = deferredWork.scrollViewsMovedByStore
        deferredWork.scrollViewsMovedByStore.removeAll()
        deferredWork.storeMovedScrollViews = false
        for id in moved {
            guard let scrollView = view(for: id) as? ScrollView else { continue }
            scrollView.delegate?.scrollViewDidScroll(scrollView)
            offsetMovedByStoreObserver?(scrollView)
        }
    }
}
