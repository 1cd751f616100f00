// A window's focus system (Behaviour A10): whether it is on, the focused item, and the item each
// group last had focused.

/// The focus state of one window, made when its focus system is first turned on.
final class WindowFocusState {
    var isEnabled = false
    /// The focused item (a link: it does not keep the view alive), set with ``setFocused(_:)``.
    private(set) var focused: ViewLink<View>?
    /// Focuses `link`'s item (or none), which has not left the focusable set yet.
    func setFocused(_ link: ViewLink<View>?) {
        focused = link
        focusedItemLeftFocusableSet = false
    }
    /// Whether the focused item stopped being focusable since it was focused, inside a delivery
    /// whose end makes the check: it lost focus then ("at once", Behaviour A10), even if it is
    /// focusable again by the check.
    var focusedItemLeftFocusableSet = false
    /// Each group's most recently focused item, by group (a group whose item died is dropped when
    /// another is added).
    var lastFocused: [(group: FocusGroupKey, item: ViewLink<View>)] = []

    func lastFocusedItem(of group: FocusGroupKey) -> View? {
        lastFocused.first { $0.group == group }?.item.object
    }

    func remember(_ item: View, in group: FocusGroupKey) {
        if let index = lastFocused.firstIndex(where: { $0.group == group }) {
            lastFocused[index].item = ViewLink(item)
        } else {
            // A group whose item is gone is forgotten here, or a window that focuses cells made
            // and destroyed would remember one group per cell for its life (a dead item's group
            // answers as an unknown one would).
            lastFocused.removeAll { !$0.item.isAlive }
            lastFocused.append((group, ViewLink(item)))
        }
    }
}

/// What identifies a focus group: an identifier set on a view (equal strings are one group), a
/// view whose class starts a group (a scroll view without an identifier: views given its default
/// identifier join it), or a focusable view with no identifier in its ancestry, alone.
enum FocusGroupKey: Equatable {
    case named(String)
    case started(by: ViewID)
    case view(ViewID)
}

extension Window {
    var focusState: WindowFocusState? { keyboardStorage?.windowFocus }

    /// Whether keys move focus among this window's views (default false, as on an iPhone). Turning
    /// it on focuses nothing until a focus key moves focus; turning it off loses the focused item.
    public var isFocusSystemEnabled: Bool {
        get { focusState?.isEnabled ?? false }
        set {
            guard newValue != isFocusSystemEnabled else { return }
            let state: WindowFocusState
            if let existing = focusState {
                state = existing
            } else {
                state = WindowFocusState()
                keyboardStorageForWriting.windowFocus = state
            }
            state.isEnabled = newValue
            if newValue {
                application?.keyboard.focusWindows.append(ViewLink(self))
            } else {
                application?.keyboard.focusWindows.removeAll { $0.id == id }
                application?.setFocus(nil, in: self, heading: [])
            }
        }
    }

    /// The focused item, while the focus system is on and something is focused (UIKit's
    /// `UIFocusSystem.focusedItem`).
    public var focusedItem: View? {
        guard let state = focusState, state.isEnabled else { return nil }
        return state.focused?.object
    }
}
