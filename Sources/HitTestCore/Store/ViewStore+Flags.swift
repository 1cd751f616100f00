// Behaviour A2's flags and hit-area modifiers, and the custom hit-test hooks.

extension ViewStore {
    /// A Boolean property of a view kept in the store's flags word.
    public enum Flag: Sendable, CaseIterable {
        /// Hidden views and their subtrees are never hit (default false).
        case hidden
        /// A view that does not take user interaction, and its subtree, is never hit (default true).
        case userInteractionEnabled
        /// The view is never the answer itself, though its subviews may be (default false).
        case passThrough
        /// Subviews are searched even where the view's hit area does not contain the point, but
        /// the view itself cannot be the answer there (default false).
        case hitsOutsideBounds
        /// A hit on the view or anything under it answers the view's superview (default false).
        case redirectsToSuperview
        /// Stored for the embedding toolkit; no effect on hit testing (default false).
        case clipsToBounds
        /// Whether the view receives more than one simultaneous touch (default false).
        case multipleTouchEnabled
        /// Whether the view tracks touches exclusively in its window (default false).
        case exclusiveTouch

        var bit: RowFlags {
            switch self {
            case .hidden: .hidden
            case .userInteractionEnabled: .interactionDisabled
            case .passThrough: .passThrough
            case .hitsOutsideBounds: .hitsOutsideBounds
            case .redirectsToSuperview: .redirectsToSuperview
            case .clipsToBounds: .clipsToBounds
            case .multipleTouchEnabled: .multipleTouchEnabled
            case .exclusiveTouch: .exclusiveTouch
            }
        }

        /// `userInteractionEnabled` is stored inverted, so that a new row's zero word is UIKit's defaults.
        var isStoredInverted: Bool { self == .userInteractionEnabled }
    }

    /// Whether the view is shown and takes user interaction: not hidden, alpha at least 0.01 and
    /// user interaction enabled — the hit test's skip rules without the transform's (Behaviour
    /// A10's focusable views). One look at the row's flags.
    public func isShownAndInteractive(_ id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].isDisjoint(with: [.hidden, .interactionDisabled, .transparent])
    }

    /// The value of `flag` for the view (each ``Flag`` case states its default).
    public func flag(_ flag: Flag, of id: ViewID) throws(ViewStoreError) -> Bool {
        flags[try row(id)].contains(flag.bit) != flag.isStoredInverted
    }

    /// Sets `flag` of the view to `value`; its subviews keep their own flags (the hit test skips the
    /// subtree of a hidden or non-interactive view regardless). A hidden window shown again comes
    /// in front of the others of its level, as ``orderFront(_:)`` brings it.
    public func setFlag(_ flag: Flag, _ value: Bool, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        // A window shown again is the one of its level shown last (Behaviour A2): it comes in front.
        let reshownWindow = flag == .hidden && !value && flags[r].contains([.window, .hidden])
        if value != flag.isStoredInverted { flags[r].insert(flag.bit) } else { flags[r].remove(flag.bit) }
        if flag == .hitsOutsideBounds { subviewChanged(r) }
        if reshownWindow { try orderFront(id) }
    }

    /// The view's opacity (default 1). Below 0.01 the view and its subtree are never hit;
    /// exactly 0.01 still is (Apple's documented rule). NaN counts as transparent.
    public func alpha(of id: ViewID) throws(ViewStoreError) -> Double {
        rare(try row(id)).alpha
    }

    /// Sets the view's opacity, stored as given (not clamped to 0...1); below 0.01, or NaN, the view
    /// and its subtree are never hit.
    public func setAlpha(_ alpha: Double, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        if alpha == 1 && lookups.rareExtras[r] == nil { return }
        lookups.rareExtras[r, default: RareExtras()].alpha = alpha
        if alpha >= 0.01 { flags[r].remove(.transparent) } else { flags[r].insert(.transparent) }
    }

    /// Insets applied to the bounds to make the hit area (negative values enlarge it).
    public func hitTestInsets(of id: ViewID) throws(ViewStoreError) -> EdgeInsets {
        shapeInputs(try row(id)).hitTestInsets
    }

    /// Sets the insets that make the hit area from the bounds (see ``hitArea(of:)``); the bounds,
    /// center and frame do not change.
    public func setHitTestInsets(_ insets: EdgeInsets, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        var inputs = shapeInputs(r)
        inputs.hitTestInsets = insets
        refreshDerivedGeometry(r, inputs: inputs)
    }

    /// The smallest hit area: a smaller one is grown about its center to this size (a 44×44
    /// minimum makes a small button easy to hit).
    public func minimumHitSize(of id: ViewID) throws(ViewStoreError) -> Size {
        shapeInputs(try row(id)).minimumHitSize
    }

    /// Sets the smallest hit area (``Size/zero``, the default, grows nothing); the bounds, center and
    /// frame do not change.
    public func setMinimumHitSize(_ size: Size, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        var inputs = shapeInputs(r)
        inputs.minimumHitSize = size
        refreshDerivedGeometry(r, inputs: inputs)
    }

    /// The hit area in the view's coordinates (Behaviour A2), standardized.
    public func hitArea(of id: ViewID) throws(ViewStoreError) -> Rect {
        let r = try row(id)
        let extras = shapeInputs(r)
        return Rect.hitArea(bounds: try bounds(of: id), insets: extras.hitTestInsets,
                            minimumSize: extras.minimumHitSize)
    }

    /// Installs (or with `nil` removes) a replacement for the view's `point(inside:)`. The engine
    /// calls it for this view only and stays on its fast path elsewhere.
    public func setPointInsideOverride(_ override: PointInsideOverride?, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        if override == nil && lookups.rareExtras[r] == nil { return }
        lookups.rareExtras[r, default: RareExtras()].pointInsideOverride = override
        if override != nil { flags[r].insert(.customPointInside) } else { flags[r].remove(.customPointInside) }
        subviewChanged(r)
    }

    /// Installs (or with `nil` removes) a replacement for the view's `hitTest(_:with:)`.
    public func setHitTestOverride(_ override: HitTestOverride?, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        if override == nil && lookups.rareExtras[r] == nil { return }
        lookups.rareExtras[r, default: RareExtras()].hitTestOverride = override
        if override != nil { flags[r].insert(.customHitTest) } else { flags[r].remove(.customHitTest) }
        subviewChanged(r)
    }
}
