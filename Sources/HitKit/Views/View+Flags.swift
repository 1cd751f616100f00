// A view's Boolean properties, kept in its row's flags word.

extension View {
    private func flag(_ flag: ViewStore.Flag) -> Bool {
        withOwnRow { try $0.flag(flag, of: $1) }
    }

    private func setFlag(_ flag: ViewStore.Flag, _ value: Bool) {
        edit { try $0.setFlag(flag, value, of: $1) }
    }

    /// A hidden view and its subtree are never hit (default false). A window removed with
    /// ``Application/removeWindow(_:)`` stays hidden.
    public var isHidden: Bool {
        get { flag(.hidden) }
        set {
            // A removed window stays hidden: its application no longer keeps it, lists it or
            // lets it become key, so no touch may reach it either.
            if !newValue, let window = self as? Window, window.wasRemoved { return }
            setFlag(.hidden, newValue)
        }
    }

    /// A view that ignores user interaction, and its subtree, is never hit (default true).
    public var isUserInteractionEnabled: Bool {
        get { flag(.userInteractionEnabled) }
        set { setFlag(.userInteractionEnabled, newValue) }
    }

    /// Stored for the embedding toolkit; no effect on hit testing (default false).
    public var clipsToBounds: Bool {
        get { flag(.clipsToBounds) }
        set { setFlag(.clipsToBounds, newValue) }
    }

    /// Whether the view receives more than one simultaneous touch (default false: only the first).
    public var isMultipleTouchEnabled: Bool {
        get { flag(.multipleTouchEnabled) }
        set { setFlag(.multipleTouchEnabled, newValue) }
    }

    /// Whether the view tracks touches alone in its window (default false): it gets no touch while
    /// another view of its window tracks one, and blocks the others while it tracks one.
    public var isExclusiveTouch: Bool {
        get { flag(.exclusiveTouch) }
        set {
            let changed = flag(.exclusiveTouch) != newValue
            setFlag(.exclusiveTouch, newValue)
            if changed { TouchAdmission.exclusivityChanged(of: self, to: newValue) }
        }
    }

    /// The view is never the hit-test answer itself, though its subviews may be (Behaviour A2's
    /// `passThrough`; default false).
    public var passesTouchesThrough: Bool {
        get { flag(.passThrough) }
        set { setFlag(.passThrough, newValue) }
    }

    /// Subviews are searched even outside the view's hit area, where the view itself cannot be
    /// the answer (default false).
    public var hitsOutsideBounds: Bool {
        get { flag(.hitsOutsideBounds) }
        set { setFlag(.hitsOutsideBounds, newValue) }
    }

    /// A hit on the view or anything under it answers its superview instead (default false).
    public var redirectsToSuperview: Bool {
        get { flag(.redirectsToSuperview) }
        set { setFlag(.redirectsToSuperview, newValue) }
    }
}
