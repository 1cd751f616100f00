/// The application's knowledge of the pointer between frames (Behaviour A8): whether one is on
/// the screen, where, its buttons and modifier keys, its click in progress, the hovers it holds
/// and the trackpad scroll under way.
final class PointerState {
    /// The pointer on the screen; `nil` before the first frame naming it and after it left.
    var id: Int?
    var location = Point.zero
    var buttons: Event.ButtonMask = []
    var modifierFlags: KeyModifierFlags = []
    /// The touch of the click in progress (the registry owns it).
    weak var touch: Touch?
    /// The hover recognizers over which the pointer is, from the view under it up to its window.
    var hovers: [HoverGestureRecognizer] = []
    /// Whether a continuous scroll is between its `began` and its `ended`.
    var continuousScrollUnderway = false
    /// The pan that took the continuous scroll's `began`, if one did.
    weak var continuousScrollOwner: PanGestureRecognizer?

    /// What an event reports: the buttons and modifier keys now.
    var eventState: PointerEventState {
        PointerEventState(buttonMask: id == nil ? [] : buttons, modifierFlags: modifierFlags)
    }
}
