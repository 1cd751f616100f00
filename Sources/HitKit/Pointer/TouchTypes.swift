// What made a touch — a finger or the pointer's click — and which touches a recognizer takes by
// type and buttons, with the modifier keys it reads (Behaviour A8).

/// The pointer-related settings every recognizer carries.
struct GestureRecognizerPointerSettings {
    /// The allowed touch types, a bit each (``Touch/TouchType/bit``): every touch a recognizer
    /// could collect is checked, and a bit test is what a set's hashing would cost many times.
    var allowedTypeBits = Touch.TouchType.allCases.reduce(0) { $0 | $1.bit }
}

extension GestureRecognizer {
    /// The touch types this recognizer receives (UIKit's `allowedTouchTypes`; default both).
    /// A touch of another type is dropped for it as a delegate's `shouldReceive` false would drop it.
    /// A hover recognizer follows the pointer only while it allows `indirectPointer`, the type
    /// of the pointer's input, as a touchpad pinch's candidates do (Behaviour A8, A9).
    public var allowedTouchTypes: Set<Touch.TouchType> {
        get { Set(Touch.TouchType.allCases.lazy.filter(allowsTouchType)) }
        set {
            let oldBits = fenced.pointerSettings.allowedTypeBits
            fenced.pointerSettings.allowedTypeBits = newValue.reduce(0) { $0 | $1.bit }
            // A hover under the pointer begins or ends with the change, as when it is enabled or
            // disabled (after the write: the hover pass reads the new bits).
            if self is HoverGestureRecognizer, oldBits != fenced.pointerSettings.allowedTypeBits {
                view?.application?.viewsDidChange()
            }
        }
    }

    /// Whether ``allowedTouchTypes`` holds `type`.
    func allowsTouchType(_ type: Touch.TouchType) -> Bool {
        fenced.pointerSettings.allowedTypeBits & type.bit != 0
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
        if refusesEveryTouch || isDrivenByTouchpad { return false }
        guard allowsTouchType(touch.type) else { return false }
        guard let buttons = touch.buttonMaskAtBegan else { return true }
        let required = (self as? TapGestureRecognizer)?.buttonMaskRequired ?? .primary
        return buttons == required
    }
}

// What made a touch: a finger on the screen or a pointer's click (Behaviour A8).

extension Touch {
    /// The kind of input behind a touch (UIKit's `UITouch.TouchType`, the two kinds a Linux
    /// toolkit has).
    public enum TouchType: Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A finger on a touch screen.
        case direct
        /// A mouse or trackpad button held down: the pointer's click (Behaviour A8).
        case indirectPointer

        public var description: String {
            switch self {
            case .direct: "direct"
            case .indirectPointer: "indirectPointer"
            }
        }

        /// The type's bit in a recognizer's allowed types.
        var bit: UInt8 {
            switch self {
            case .direct: 1
            case .indirectPointer: 2
            }
        }
    }
}

// A touch made by the pointer's click (Behaviour A8).

extension Touch {
    /// `direct` for a finger, `indirectPointer` for a pointer's click (UIKit's `UITouch.type`).
    public var type: TouchType {
        buttonMaskAtBegan == nil ? .direct : .indirectPointer
    }

    /// Whether the touch may go to recognizers other than taps and to controls: a finger, or a
    /// click that began with the primary button alone (Behaviour A8).
    var isPrimaryOrDirect: Bool {
        buttonMaskAtBegan.map { $0 == .primary } ?? true
    }
}
