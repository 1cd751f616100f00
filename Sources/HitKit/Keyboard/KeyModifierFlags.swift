/// The modifier keys held (UIKit's `UIKeyModifierFlags`; Behaviour A8), with UIKit's bit values
/// so that a mask passed through from Apple code means the same thing.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    /// Either Shift key.
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    /// Either Control key.
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option on a Mac keyboard).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The Super/Windows/Command key.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// A key of the numeric keypad (Num Lock on X11).
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}
