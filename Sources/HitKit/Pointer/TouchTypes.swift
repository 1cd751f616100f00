// Which touches a recognizer takes by type, and the modifier keys (Behaviour A8).

/// The pointer-related settings every recognizer carries.
struct GestureRecognizerPointerSettings {
    var allowedTouchTypes: Set<Touch.TouchType> = [.direct, .indirectPointer]
}

extension GestureRecognizer {
    /// The touch types this recognizer receives (UIKit's `allowedTouchTypes`; default both).
    /// A touch of another type is dropped for it as a delegate's `shouldReceive` false would drop it.
    public var allowedTouchTypes: Set<Touch.TouchType> {
        get { fenced.pointerSettings.allowedTouchTypes }
        set { fenced.pointerSettings.allowedTouchTypes = newValue }
    }

    /// The modifier keys held now, as the pointer's last state gave them (UIKit's
    /// `UIGestureRecognizer.modifierFlags`); empty for a recognizer outside an application.
    public var modifierFlags: KeyModifierFlags {
        view?.application?.pointerModifierFlags ?? []
    }

    /// Whether this recognizer takes `touch` by its type and buttons (Behaviour A8): an allowed
    /// type; for a click, the buttons at began must be the tap's ``TapGestureRecognizer/buttonMaskRequired``,
    /// or `primary` alone for other recognizers.
    /// A hover recognizer takes no touch, and a pan that scroll input drives, or a recognizer a
    /// touchpad pinch drives (Behaviour A9), takes none either.
    func acceptsByPointerRules(_ touch: Touch) -> Bool {
        if self is HoverGestureRecognizer || (self as? PanGestureRecognizer)?.isScrolling == true { return false }
        if isDrivenByTouchpad { return false }
        guard allowedTouchTypes.contains(touch.type) else { return false }
        guard let buttons = touch.buttonMaskAtBegan else { return true }
        let required = (self as? TapGestureRecognizer)?.buttonMaskRequired ?? .primary
        return buttons == required
    }
}
