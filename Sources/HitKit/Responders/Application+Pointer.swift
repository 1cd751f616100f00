// The pointer as the host and the recognizers see it (Behaviour A8).

extension Application {
    /// The modifier keys the pointer's last state gave (empty before any).
    public var pointerModifierFlags: KeyModifierFlags { pointerState.modifierFlags }

    /// Where the pointer is on the screen, or `nil` when it is not on the screen.
    public var pointerLocation: Point? { pointerState.id == nil ? nil : pointerState.location }

    /// The buttons the pointer holds (empty when it is not on the screen).
    public var pointerButtonMask: Event.ButtonMask { pointerState.eventState.buttonMask }
}
