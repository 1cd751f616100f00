/// Which kinds of scroll input a pan takes (UIKit's `UIScrollTypeMask`; Behaviour A8).
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Mouse wheel notches.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
    /// Trackpad scrolling, with phases.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
    /// Both kinds.
    public static let all: ScrollTypeMask = [.discrete, .continuous]

    /// The mask holding `kind`'s type.
    public init(_ kind: ScrollInput.Kind) {
        switch kind {
        case .discrete: self = .discrete
        case .continuous: self = .continuous
        }
    }
}
