// Behaviour A1: center, bounds, frame, transform and anchor point, and the row data precomputed from them.

extension ViewStore {
    /// The view's center in its superview's coordinates (for a window: on the screen).
    public func center(of id: ViewID) throws(ViewStoreError) -> Point {
        let g = geometry[try row(id)]
        return Point(x: g.centerX, y: g.centerY)
    }

    public func setCenter(_ center: Point, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        geometry[r].centerX = center.x
        geometry[r].centerY = center.y
        gridChildChanged(r)
    }

    /// The view's bounds: its own coordinate system's origin and its size.
    public func bounds(of id: ViewID) throws(ViewStoreError) -> Rect {
        let g = geometry[try row(id)]
        return Rect(x: g.boundsX, y: g.boundsY, width: g.boundsWidth, height: g.boundsHeight)
    }

    /// Sets the bounds; the center stays where it is.
    public func setBounds(_ bounds: Rect, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        geometry[r].boundsX = bounds.origin.x
        geometry[r].boundsY = bounds.origin.y
        geometry[r].boundsWidth = bounds.size.width
        geometry[r].boundsHeight = bounds.size.height
        refreshDerivedGeometry(r)
    }

    /// The bounding box of the transformed bounds in the superview's coordinates.
    public func frame(of id: ViewID) throws(ViewStoreError) -> Rect {
        let r = try row(id)
        let corners = try bounds(of: id).corners.map { convertOutOfRow($0, r) }
        return Rect.boundingBox(of: corners)
    }

    /// Sets the center to the frame's midpoint and the bounds' size to the frame's size, keeping
    /// the bounds' origin (Behaviour A1; the same with any transform).
    public func setFrame(_ frame: Rect, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        geometry[r].centerX = frame.midX
        geometry[r].centerY = frame.midY
        geometry[r].boundsWidth = frame.size.width
        geometry[r].boundsHeight = frame.size.height
        refreshDerivedGeometry(r)
    }

    /// The view's transform, applied about its anchor point (identity by default).
    public func transform(of id: ViewID) throws(ViewStoreError) -> AffineTransform {
        storedTransform(try row(id))
    }

    /// Sets the transform; the center stays where it is. A transform that cannot be inverted makes
    /// the view and its subtree unhittable.
    public func setTransform(_ transform: AffineTransform, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        if transform.isIdentity && extrasIndex[r] == noRow { return }
        let slot = Int(ensureExtras(r))
        transforms[slot] = transform
        refreshDerivedGeometry(r)
    }

    /// The point of the bounds, in unit coordinates, that sits at `center` ((0.5, 0.5) by default).
    public func anchorPoint(of id: ViewID) throws(ViewStoreError) -> Point {
        rare(try row(id)).anchorPoint
    }

    public func setAnchorPoint(_ anchorPoint: Point, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        if anchorPoint == Point(x: 0.5, y: 0.5) && rareExtras[r] == nil { return }
        rareExtras[r, default: RareExtras()].anchorPoint = anchorPoint
        refreshDerivedGeometry(r)
    }

    /// Recomputes what the hit test reads from this row's geometry and hit-area inputs: the
    /// anchor offset, the transform's inverse and the hit area. O(1); touches this row only.
    func refreshDerivedGeometry(_ r: Int32) {
        let extras = rare(r), transform = storedTransform(r)
        var g = geometry[r]
        g.anchorOffsetX = g.boundsX + extras.anchorPoint.x * g.boundsWidth
        g.anchorOffsetY = g.boundsY + extras.anchorPoint.y * g.boundsHeight
        geometry[r] = g

        var f = flags[r]
        f.remove([.generalTransform, .singularTransform, .customHitArea])
        if !transform.isIdentity {
            if let inverse = transform.inverted() {
                f.insert(.generalTransform)
                let slot = ensureExtras(r)
                hotExtras[slot].inverse = inverse
            } else {
                f.insert(.singularTransform)
            }
        }
        let bounds = Rect(x: g.boundsX, y: g.boundsY, width: g.boundsWidth, height: g.boundsHeight)
        let plainRectangle = extras.hitTestInsets == .zero && extras.minimumHitSize == .zero
            && bounds.isFinite && bounds.size.width >= 0 && bounds.size.height >= 0
        if !plainRectangle {
            f.insert(.customHitArea)
            let slot = ensureExtras(r)
            hotExtras[slot].hitArea = Rect.hitArea(
                bounds: bounds, insets: extras.hitTestInsets, minimumSize: extras.minimumHitSize)
        }
        flags[r] = f
        gridChildChanged(r)
    }
}
