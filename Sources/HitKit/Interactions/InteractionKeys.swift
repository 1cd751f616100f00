// Escape and the Menu key, taken before the keyboard's chain sees them (Behaviour A11 **Keys**).

/// The application's handler before the chain for the interactions: Escape while a menu is open
/// or a drag is under way, and the Menu key or Shift-F10 when it shows a menu. A key it takes
/// makes no press, and its repeats and its up do nothing (Behaviour A10).
final class InteractionKeys: KeyInterceptor {
    /// The modifiers that make a chord: with any but shift held, F10 is not the Menu key.
    private static let chordModifiers: KeyModifierFlags = [.shift, .control, .alternate, .command]

    func takesKeyDown(_ key: Key, target: Responder?, in application: Application) -> Bool {
        switch key.keyCode {
        case .keyboardEscape:
            return application.handleEscapeKey()
        case .keyboardApplication:
            return application.showContextMenu(from: target)
        case .keyboardF10 where key.modifierFlags.intersection(Self.chordModifiers) == .shift:
            return application.showContextMenu(from: target)
        default:
            return false
        }
    }
}
