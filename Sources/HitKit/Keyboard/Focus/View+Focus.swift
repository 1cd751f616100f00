// A view's focus properties (Behaviour A10). `canBecomeFocused` itself is declared in View.swift
// (an overridable property cannot live in an extension) and overridden by Control.

extension View {
    /// What the default ``canBecomeFocused`` answers: `nil` (the default) keeps the class's
    /// default (true for an enabled control, false for other views); set it to make an
    /// instance of a class you did not write focusable, or not, without subclassing.
    public var allowsFocus: Bool? {
        get { keyboardStorage?.focus.allowsFocus }
        set {
            guard keyboardStorage != nil || newValue != nil else { return }
            keyboardStorageForWriting.focus.allowsFocus = newValue
            application?.focusabilityMayHaveChanged()
        }
    }

    /// The focus group this view belongs to (UIKit's `focusGroupIdentifier`): the identifier
    /// set on it, else — for a ``ScrollView`` — one of its own (`ScrollView#ROW`), else its
    /// superview's. Focusable views with equal identifiers form one group, wherever they are in
    /// the window; a focusable view with no identifier in its ancestry is a group by itself.
    /// Setting `nil` goes back to the default.
    public var focusGroupIdentifier: String? {
        get {
            var view: View? = self
            while let current = view {
                // The focus map's rule (FocusMap.Walk.ownGroup): the identifier set, else the view
                // itself when its class starts a group.
                if let own = current.ownFocusGroupIdentifier { return own }
                if type(of: current).startsFocusGroup { return Self.startedGroupIdentifier(row: current.id.index) }
                view = current.superview
            }
            return nil
        }
        set {
            guard keyboardStorage != nil || newValue != nil else { return }
            keyboardStorageForWriting.focus.groupIdentifier = newValue
        }
    }

    /// The identifier set on this very view, if any.
    var ownFocusGroupIdentifier: String? { keyboardStorage?.focus.groupIdentifier }

    /// The default identifier of a view whose class starts a group (a scroll view's), by row:
    /// set on other views, it puts them in that group.
    static func startedGroupIdentifier(row: Int32) -> String { "ScrollView#\(row)" }

    /// The row `identifier` names if it is a ``startedGroupIdentifier(row:)``.
    static func row(inStartedGroupIdentifier identifier: String) -> Int32? {
        let prefix = "ScrollView#"
        guard identifier.hasPrefix(prefix), let row = Int32(identifier.dropFirst(prefix.count)), row >= 0,
              startedGroupIdentifier(row: row) == identifier else { return nil }
        return row
    }

    /// Whether this view is its window's focused item.
    public var isFocused: Bool {
        guard let window else { return false }
        return window.focusedItem === self
    }

    /// Whether focus may be on this view in `window` now (Behaviour A10 *Focusable*): it can
    /// become focused, and it and every ancestor up to `window` are shown (not hidden, alpha at
    /// least 0.01) and take user interaction.
    func isFocusable(in window: Window) -> Bool {
        guard self !== window, canBecomeFocused else { return false }
        var current: ViewID? = id
        while let row = current {
            guard Self.isShownAndInteractive(row, in: store) else { return false }
            if row == window.id { return true }
            current = try? store.superview(of: row)
        }
        return false
    }

    /// Whether the row is not hidden, not transparent (alpha ≥ 0.01, as hit testing) and takes
    /// user interaction.
    static func isShownAndInteractive(_ row: ViewID, in store: ViewStore) -> Bool {
        (try? store.isShownAndInteractive(row)) ?? false
    }
}
