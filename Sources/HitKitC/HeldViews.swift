// The views an app keeps alive for C, and what C attached to their touches.

import HitKit
import HitTestCore

final class HeldViews {
    /// Views, controls and windows C created or looked up, kept alive until destroyed.
    var held: [ViewID: View] = [:]
    /// The views and windows made by hk_app_view_create / hk_app_window_create: the ones that
    /// take a touch callback.
    var takingTouchCallbacks: Set<ViewID> = []
    /// The observation of each view's touch callback or touch handler (`hk_app_view_set_touch_callback`,
    /// `hk_app_view_set_touch_handler`); ending it (``CObservation/end()``) releases the callback's
    /// user data.
    var touchObservations: [ViewID: CObservation] = [:]
    /// Views destroyed inside the delivery under way, kept (with what C attached) until its end
    /// and refused to C meanwhile, as destroyed views are.
    var destroyedInDelivery: [ViewID] = []
}
