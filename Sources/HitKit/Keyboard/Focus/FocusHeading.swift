/// Which way focus moved (UIKit's `UIFocusHeading`; Behaviour A10): an arrow's direction, or
/// the next or previous group for Tab and Shift-Tab.
public struct FocusHeading: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The Up Arrow: towards smaller y.
    public static let up = FocusHeading(rawValue: 1 << 0)
    /// The Down Arrow: towards greater y.
    public static let down = FocusHeading(rawValue: 1 << 1)
    /// The Left Arrow: towards smaller x.
    public static let left = FocusHeading(rawValue: 1 << 2)
    /// The Right Arrow: towards greater x.
    public static let right = FocusHeading(rawValue: 1 << 3)
    /// Tab: the next group in reading order.
    public static let next = FocusHeading(rawValue: 1 << 4)
    /// Shift-Tab: the previous group.
    public static let previous = FocusHeading(rawValue: 1 << 5)

    public var description: String {
        let names: [(FocusHeading, String)] = [(.up, "up"), (.down, "down"), (.left, "left"), (.right, "right"),
                                              (.next, "next"), (.previous, "previous")]
        let parts = names.filter { contains($0.0) }.map(\.1)
        return parts.isEmpty ? "none" : parts.joined(separator: "+")
    }

    /// The unit vector of an arrow's direction in window coordinates (down is larger y), or
    /// `nil` for Tab's headings.
    var direction: (x: Double, y: Double)? {
        switch self {
        case .up: (0, -1)
        case .down: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        default: nil
        }
    }
}

/// A change of a window's focused item, as ``Application/observeFocus(_:)`` reports it (UIKit's
/// `UIFocusUpdateContext`).
public struct FocusUpdateContext {
    /// The window whose focus changed.
    public let window: Window
    /// The item focused before; `nil` when nothing was focused.
    public let previouslyFocusedItem: View?
    /// The item focused now; `nil` when focus was lost.
    public let nextFocusedItem: View?
    /// The key's heading; empty when focus was lost (the item stopped being focusable, or the
    /// focus system was turned off).
    public let focusHeading: FocusHeading
}
