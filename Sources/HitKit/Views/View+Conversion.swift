// Behaviour A1's conversions between views, across windows through the screen.

extension View {
    /// Converts `point` from this view's coordinates to `view`'s (`nil`: this view's window).
    /// Views that share no hierarchy give a non-finite point.
    public func convert(_ point: Point, to view: View?) -> Point {
        convertPoint(point, from: ownSpace, to: space(of: view))
    }

    /// Converts `point` from `view`'s coordinates (`nil`: this view's window) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        convertPoint(point, from: space(of: view), to: ownSpace)
    }

    /// Converts `rect` to `view`'s coordinates: the bounding box of its four converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        convertRect(rect, from: ownSpace, to: space(of: view))
    }

    /// Converts `rect` from `view`'s coordinates: the bounding box of its four converted corners.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        convertRect(rect, from: space(of: view), to: ownSpace)
    }

    /// Converts `point` from this view's coordinates to the screen's.
    public func convertToScreen(_ point: Point) -> Point {
        convertPoint(point, from: ownSpace, to: .screen)
    }

    /// Converts `point` from the screen's coordinates to this view's.
    public func convertFromScreen(_ point: Point) -> Point {
        convertPoint(point, from: .screen, to: ownSpace)
    }

    private var ownSpace: CoordinateSpace { .view(id) }

    /// `nil` means this view's window, or the root of its tree when it has none (as UIKit).
    private func space(of view: View?) -> CoordinateSpace {
        if let view {
            precondition(view.store === store, "HitKit: \(view) belongs to another application")
            return .view(view.id)
        }
        if let window { return .view(window.id) }
        var root: View = self
        while let parent = root.superview { root = parent }
        return .view(root.id)
    }

    private func convertPoint(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace) -> Point {
        (try? store.convert(point, from: source, to: destination)) ?? Point(x: .nan, y: .nan)
    }

    private func convertRect(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace) -> Rect {
        (try? store.convert(rect, from: source, to: destination))
            ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }
}
