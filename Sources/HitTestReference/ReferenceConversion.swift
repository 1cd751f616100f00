import HitTestCore

// Behaviour A1's point and rect conversion, written literally for the differential tests. It takes the
// same path as `ViewStore.convert` (up to the nearest common ancestor, then down; through the
// screen between windows) and does each step's arithmetic in the same order, so the two agree
// to the bit. Do not optimize this file: it is the oracle.

/// Why the reference refused a conversion (the engine's `unrelatedViews` and `notInWindow`).
public enum ReferenceConversionError: Error {
    /// The two views are in different trees that are not both windows.
    case unrelated
    /// Screen coordinates were asked of the view with this ``ReferenceView/id``, whose tree has
    /// no window at its root.
    case notInWindow(id: Int)
}

extension ReferenceView {
    /// `(bounds.minX + anchorPoint.x · width, bounds.minY + anchorPoint.y · height)`, using the
    /// bounds' origin as given (as the engine does).
    public var anchorOffset: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
              y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Behaviour A1's view-to-superview map: `p = T · (q − anchorOffset) + center`. The identity is
    /// not multiplied out: `0 · ∞` would turn a non-finite coordinate's neighbour into NaN.
    public func convertToSuperview(_ q: Point) -> Point {
        let offset = anchorOffset
        var v = Point(x: q.x - offset.x, y: q.y - offset.y)
        if !transform.isIdentity { v = transform.apply(to: v) }
        return Point(x: v.x + center.x, y: v.y + center.y)
    }

    /// Behaviour A1's superview-to-view map for conversions: ``convertFromSuperview(_:)`` except that
    /// the identity is not multiplied out (so a finite coordinate stays finite beside a
    /// non-finite one, as the engine keeps it).
    public func convertFromSuperviewForConversion(_ p: Point) -> Point {
        guard !transform.isIdentity else {
            let offset = anchorOffset
            return Point(x: p.x - center.x + offset.x, y: p.y - center.y + offset.y)
        }
        return convertFromSuperview(p)
    }

    /// The root of this view's tree (itself when it has no superview).
    public var rootView: ReferenceView {
        var v = self
        while let up = v.superview { v = up }
        return v
    }

    /// This view and its ancestors, nearest first.
    public var selfAndAncestors: [ReferenceView] {
        var result: [ReferenceView] = [self]
        while let up = result.last!.superview { result.append(up) }
        return result
    }
}

extension ReferenceScreen {
    /// Converts `p` from `source` to `destination` (`nil` meaning the screen). Views of one tree
    /// convert through their nearest common ancestor; views of two windows through the screen.
    public func convert(_ p: Point, from source: ReferenceView?, to destination: ReferenceView?)
        throws(ReferenceConversionError) -> Point
    {
        // The view both paths meet at, or nil for "through the screen".
        var meeting: ReferenceView?
        if let source, let destination {
            if source.rootView === destination.rootView {
                let sourceChain = source.selfAndAncestors
                meeting = destination.selfAndAncestors.first { candidate in
                    sourceChain.contains { $0 === candidate }
                }
            } else if !isWindow(source.rootView) || !isWindow(destination.rootView) {
                throw .unrelated
            }
        } else {
            for view in [source, destination] {
                if let view, !isWindow(view.rootView) { throw .notInWindow(id: view.id) }
            }
        }
        var point = p
        var up = source
        while let view = up, view !== meeting {
            point = view.convertToSuperview(point)
            up = view.superview
        }
        var downward: [ReferenceView] = []
        var down = destination
        while let view = down, view !== meeting {
            downward.append(view)
            down = view.superview
        }
        for view in downward.reversed() { point = view.convertFromSuperviewForConversion(point) }
        return point
    }

    /// Converts a rect: its four corners, then their bounding box (Behaviour A1).
    public func convert(_ rect: Rect, from source: ReferenceView?, to destination: ReferenceView?)
        throws(ReferenceConversionError) -> Rect
    {
        var corners: [Point] = []
        for corner in rect.corners { corners.append(try convert(corner, from: source, to: destination)) }
        return Rect.boundingBox(of: corners)
    }

    /// Whether `view` is one of the screen's windows.
    public func isWindow(_ view: ReferenceView) -> Bool {
        windows.contains { $0.window === view }
    }
}
