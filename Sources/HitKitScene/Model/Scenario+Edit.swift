import HitTestCore

extension Scenario {
    /// One of a step's `edits` (Behaviour B5). Ids are checked when the edit is made: an edit
    /// that cannot be made is rejected like bad input and the replay goes on.
    public enum Edit: Equatable, Sendable {
        /// `{"view": ID, "removeFromSuperview": true}`.
        case removeFromSuperview(view: String)
        /// `{"view": ID, "moveTo": PARENT, "index": n}`; `index` `nil`: on top.
        case move(view: String, to: String, index: Int?)
        /// `{"view": ID, "set": {…}}`: the view keys, in file order.
        case setView(view: String, [ViewProperty])
        /// `{"gesture": ID, "set": {"enabled": bool}}`.
        case setGestureEnabled(gesture: String, Bool)
    }

    /// A view key an edit may set.
    public enum ViewProperty: Equatable, Sendable {
        case frame(Rect), center(Point), bounds(Rect), transform(AffineTransform), anchorPoint(Point)
        case hidden(Bool), alpha(Double), userInteractionEnabled(Bool), multipleTouchEnabled(Bool)
        case exclusiveTouch(Bool), passThrough(Bool), hitsOutsideBounds(Bool), redirectsToSuperview(Bool)
        case hitTestInsets(EdgeInsets), minimumHitSize(Size)
    }
}
