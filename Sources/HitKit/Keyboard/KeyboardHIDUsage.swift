/// A key's USB HID usage on the keyboard page (page 7), as UIKit's `UIKeyboardHIDUsage` gives
/// it: the key's place on the keyboard, whatever it types (Behaviour A10).
///
/// The named values are the keys HitKit itself looks at (focus keys, modifier keys) and the
/// common ones; any usage from 0 to 65535 is a key.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: KeyboardHIDUsage, rhs: KeyboardHIDUsage) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "\(rawValue)" }

    /// The letters A to Z are 4 to 29.
    public static let keyboardA = KeyboardHIDUsage(rawValue: 4)
    public static let keyboardZ = KeyboardHIDUsage(rawValue: 29)
    /// The digits 1 to 9 are 30 to 38, 0 is 39.
    public static let keyboard1 = KeyboardHIDUsage(rawValue: 30)
    public static let keyboard0 = KeyboardHIDUsage(rawValue: 39)
    public static let keyboardReturnOrEnter = KeyboardHIDUsage(rawValue: 40)
    public static let keyboardEscape = KeyboardHIDUsage(rawValue: 41)
    public static let keyboardDeleteOrBackspace = KeyboardHIDUsage(rawValue: 42)
    public static let keyboardTab = KeyboardHIDUsage(rawValue: 43)
    public static let keyboardSpacebar = KeyboardHIDUsage(rawValue: 44)
    public static let keyboardCapsLock = KeyboardHIDUsage(rawValue: 57)
    /// F1 to F12 are 58 to 69.
    public static let keyboardF1 = KeyboardHIDUsage(rawValue: 58)
    public static let keyboardF10 = KeyboardHIDUsage(rawValue: 67)
    public static let keyboardF12 = KeyboardHIDUsage(rawValue: 69)
    public static let keyboardHome = KeyboardHIDUsage(rawValue: 74)
    public static let keyboardPageUp = KeyboardHIDUsage(rawValue: 75)
    /// The forward Delete key.
    public static let keyboardDeleteForward = KeyboardHIDUsage(rawValue: 76)
    public static let keyboardEnd = KeyboardHIDUsage(rawValue: 77)
    public static let keyboardPageDown = KeyboardHIDUsage(rawValue: 78)
    public static let keyboardRightArrow = KeyboardHIDUsage(rawValue: 79)
    public static let keyboardLeftArrow = KeyboardHIDUsage(rawValue: 80)
    public static let keyboardDownArrow = KeyboardHIDUsage(rawValue: 81)
    public static let keyboardUpArrow = KeyboardHIDUsage(rawValue: 82)
    /// The Menu key (the "Application" key of a PC keyboard).
    public static let keyboardApplication = KeyboardHIDUsage(rawValue: 101)
    public static let keyboardLeftControl = KeyboardHIDUsage(rawValue: 224)
    public static let keyboardLeftShift = KeyboardHIDUsage(rawValue: 225)
    public static let keyboardLeftAlt = KeyboardHIDUsage(rawValue: 226)
    /// The left Super/Windows/Command key.
    public static let keyboardLeftGUI = KeyboardHIDUsage(rawValue: 227)
    public static let keyboardRightControl = KeyboardHIDUsage(rawValue: 228)
    public static let keyboardRightShift = KeyboardHIDUsage(rawValue: 229)
    public static let keyboardRightAlt = KeyboardHIDUsage(rawValue: 230)
    public static let keyboardRightGUI = KeyboardHIDUsage(rawValue: 231)

    /// The usages a key event may carry.
    public static let validRange = 0...65535

    /// Whether this is one of the eight modifier keys (224–231), which never match a key command.
    public var isModifier: Bool { (224...231).contains(rawValue) }
}
