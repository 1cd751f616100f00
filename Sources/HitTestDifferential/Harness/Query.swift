import HitTestCore

/// A question asked of both sides. Views go by key; `nil` as a space means the screen.
public enum Query: Sendable, Equatable {
    /// `ViewStore.hitTest(screenPoint:)` against `ReferenceScreen.hitTest(screenPoint:)`.
    case screenHitTest(Point)
    /// `ViewStore.hitTest(_:in:)` against the reference view's `hitTest(_:)`.
    case hitTest(Point, inView: Int)
    /// `ViewStore.pointInside(_:_:)` (overrides included) against the reference's `pointInside(_:)`.
    case pointInside(Point, inView: Int)
    /// Point conversion between two spaces.
    case convertPoint(Point, from: Int?, to: Int?)
    /// Rect conversion between two spaces.
    case convertRect(Rect, from: Int?, to: Int?)
}
