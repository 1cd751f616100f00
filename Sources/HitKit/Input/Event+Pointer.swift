// The pointer's buttons and modifier keys as an event reports them (Behaviour A8).

/// What an event says about the pointer: the buttons held in its frame and the modifier keys.
struct PointerEventState: Hashable, Sendable {
    var buttonMask: Event.ButtonMask = []
    var modifierFlags: KeyModifierFlags = []
}

extension Event {
    /// The pointer buttons held in this event's frame (UIKit's `UIEvent.buttonMask`); empty when
    /// no pointer is on the screen or no button is held.
    public var buttonMask: ButtonMask { pointerState.buttonMask }

    /// The modifier keys held in this event's frame, as the pointer's last state gave them
    /// (UIKit's `UIEvent.modifierFlags`).
    public var modifierFlags: KeyModifierFlags { pointerState.modifierFlags }
}
