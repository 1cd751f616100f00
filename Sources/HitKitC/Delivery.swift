// An app's delivery as C sees it: whether a frame or callback is under way (callbacks must not
// re-enter the delivery or free the app), what the last frame rejected, and the event of the
// touch callback running now.

import HitKit

final class DeliveryState {
    /// Above 0 while the app delivers (a frame, an advance, a removal that cancels touches).
    var depth = 0
    /// The touches rejected by the last frame or advance.
    var rejections: [InputError.Rejection] = []
    /// Touches of the last frame refused here for a phase outside HK_PHASE_ (never sent on).
    var badPhaseTouches: [Int] = []
    /// The event of the touch callback under way, for its touches' samples (Samples.swift).
    var eventInCallback: Event?
}
