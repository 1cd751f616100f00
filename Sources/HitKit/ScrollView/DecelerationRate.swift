/// How fast a scroll view slows down after a flick (UIKit's `UIScrollView.DecelerationRate`;
/// Behaviour A6.1): the fraction of its speed kept per millisecond, in (0, 1).
public struct DecelerationRate: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The fraction of speed kept per millisecond.
    public let rawValue: Double

    /// UIKit's default: 0.998 per millisecond.
    public static let normal = DecelerationRate(checked: 0.998)
    /// UIKit's quick stop: 0.99 per millisecond.
    public static let fast = DecelerationRate(checked: 0.99)

    /// A rate, or `nil` when `rawValue` is not in (0, 1) (NaN included).
    public init?(rawValue: Double) {
        guard rawValue > 0, rawValue < 1 else { return nil }
        self.rawValue = rawValue
    }

    /// A rate, or an error naming the value when it is not in (0, 1).
    public init(_ value: Double) throws(ScrollMotionSettingError) {
        guard let rate = DecelerationRate(rawValue: value) else { throw .decelerationRateOutOfRange(value) }
        self = rate
    }

    private init(checked value: Double) { rawValue = value }

    public var description: String { "\(rawValue)" }
}

/// A motion setting refused (Behaviour A6.1): nothing was changed.
public enum ScrollMotionSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A deceleration rate not in (0, 1).
    case decelerationRateOutOfRange(Double)
    /// An animation frame interval that is not a finite number above 0.
    case animationFrameIntervalNotPositive(Double)

    public var description: String {
        switch self {
        case .decelerationRateOutOfRange(let value):
            "the deceleration rate must be in (0, 1), got \(value)"
        case .animationFrameIntervalNotPositive(let value):
            "the animation frame interval must be finite and above 0, got \(value)"
        }
    }
}
