// The pointer buttons held in an event (UIKit's `UIEvent.ButtonMask`; Behaviour A8).

extension Event {
    /// The pointer buttons held, one bit a button: button *n* is bit *n − 1*.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The highest button number a mask holds.
        public static let maximumButtonNumber = 32

        /// Button 1: the left button of a right-handed mouse, a one-finger trackpad click.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// Button 2: the right button, a two-finger trackpad click.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// Button 3: the middle button (a pressed wheel).
        public static let middle = ButtonMask(rawValue: 1 << 2)

        /// Button `number` (1 is ``primary``, 2 ``secondary``, 3 ``middle``). A number outside
        /// `1...maximumButtonNumber` gives the empty mask: check it with ``isValidButtonNumber(_:)``.
        public static func button(_ number: Int) -> ButtonMask {
            isValidButtonNumber(number) ? ButtonMask(rawValue: 1 << UInt32(number - 1)) : []
        }

        /// Whether a mask can hold button `number`.
        public static func isValidButtonNumber(_ number: Int) -> Bool {
            (1...maximumButtonNumber).contains(number)
        }

        /// The button numbers held, ascending.
        public var buttonNumbers: [Int] {
            (1...Self.maximumButtonNumber).filter { rawValue & (1 << UInt32($0 - 1)) != 0 }
        }
    }
}
