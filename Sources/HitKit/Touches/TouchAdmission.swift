/// Behaviour A3's rules for whether a view takes a new touch: `isMultipleTouchEnabled` and
/// `isExclusiveTouch`. A refused touch is never delivered to any view.
///
/// A touch "holds" its view while it is admitted or tracked and still down (in the registry).
/// Each view counts the touches holding it, and each window the touches holding its views and
/// those holding an exclusive view, so admitting a touch is O(1) however many fingers are down.
/// The counters change only through ``Touch/transition(to:)``, the registry's removal and
/// ``View/isExclusiveTouch``'s setter.
enum TouchAdmission {
    /// Whether `touch`, beginning now, may be delivered to its view, given the touches holding
    /// views of its window.
    static func admits(_ touch: Touch) -> Bool {
        guard let view = touch.view, let window = touch.window, view.window === window else { return false }
        let heldHere = view.touchesHoldingView
        // Only the first of several simultaneous touches reaches a single-touch view.
        if !view.isMultipleTouchEnabled && heldHere > 0 { return false }
        // An exclusive view takes no touch while another view of its window tracks one…
        let isExclusive = view.isExclusiveTouch
        if isExclusive && window.touchesHoldingViewsInWindow - heldHere > 0 { return false }
        // …and blocks the others while it tracks one.
        let exclusiveElsewhere = window.touchesHoldingExclusiveViewsInWindow - (isExclusive ? heldHere : 0)
        return exclusiveElsewhere == 0
    }

    /// `touch` now holds its view.
    static func count(_ touch: Touch) {
        guard !touch.isCountedForAdmission, let view = touch.view else { return }
        touch.isCountedForAdmission = true
        view.touchesHoldingView += 1
        guard let window = touch.window else { return }
        window.touchesHoldingViewsInWindow += 1
        if view.isExclusiveTouch { window.touchesHoldingExclusiveViewsInWindow += 1 }
    }

    /// `touch` no longer holds its view (it ended, was cancelled or refused, or left the registry).
    static func uncount(_ touch: Touch) {
        guard touch.isCountedForAdmission else { return }
        touch.isCountedForAdmission = false
        // A freed view or window took its counter with it.
        guard let view = touch.view else { return }
        view.touchesHoldingView -= 1
        guard let window = touch.window else { return }
        window.touchesHoldingViewsInWindow -= 1
        if view.isExclusiveTouch { window.touchesHoldingExclusiveViewsInWindow -= 1 }
    }

    /// `view`'s `isExclusiveTouch` changed: its window's count of touches holding exclusive
    /// views follows.
    static func exclusivityChanged(of view: View, to isExclusive: Bool) {
        guard view.touchesHoldingView > 0, let window = view.window else { return }
        window.touchesHoldingExclusiveViewsInWindow += isExclusive ? view.touchesHoldingView : -view.touchesHoldingView
    }
}
