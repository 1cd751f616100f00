// Behaviour A1: center, bounds, frame, transform and anchor point, and the row data precomputed from them.

extension ViewStore {
    /// The view's center in its superview's coordinates (for a window: on the screen).
    public func center(of id: ViewID) throws(ViewStoreError) -> Point {
        let g = geometry[try row(id)]
        return Point(x: g.centerX, y: g.centerY)
    }

    /// Moves the view: sets its center in its superview's coordinates (for a window: on the screen).
    /// The bounds, transform and anchor point do not change.
    public func setCenter(_ center: Point, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        geometry[r].centerX = center.x
        geometry[r].centerY = center.y
        subviewChanged(r)
    }

    /// The view's bounds: its own coordinate system's origin and its size.
    public func bounds(of id: ViewID) throws(ViewStoreError) -> Rect {
        let r = try row(id)
        let g = geometry[r]
        // Only a custom-shape row can have an origin other than (0, 0): in its shape's inputs.
        let origin = flags[r].contains(.customShape) ? shapeInputs(r).boundsOrigin : Point(x: 0, y: 0)
        return Rect(origin: origin, size: Size(width: g.width, height: g.height))
    }

    /// Sets the bounds; the center stays where it is.
    public func setBounds(_ bounds: Rect, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        var inputs = shapeInputs(r)
        inputs.boundsOrigin = bounds.origin
        geometry[r].width = bounds.size.width
        geometry[r].height = bounds.size.height
        refreshDerivedGeometry(r, inputs: inputs)
    }

    /// The bounding box of the transformed bounds in the superview's coordinates.
    public func frame(of id: ViewID) throws(ViewStoreError) -> Rect {
        let r = try row(id)
        return Rect.Corners(try bounds(of: id)).mapped { convertOutOfRow($0, r) }.boundingBox
    }

    /// Sets the center to the frame's midpoint and the bounds' size to the frame's size, keeping
    /// the bounds' origin (Behaviour A1; the same with any transform).
    public func setFrame(_ frame: Rect, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        geometry[r].centerX = frame.midX
        geometry[r].centerY = frame.midY
        geometry[r].width = frame.size.width
        geometry[r].height = frame.size.height
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
        let f = flags[r]
        if transform.isIdentity && f.rawValue & RowFlags.transformed.rawValue == 0 { return }
        // One invertible transform for another (a zoom's every step): only the row's two
        // transform units change; its flags, its run's layout, its shape and its reach stay.
        if f.contains(.generalTransform), !transform.isIdentity, let inverse = transform.inverted() {
            let first = Int(firstSideUnit[r])
            writeSideUnit(inverse, at: 0, ofRunAt: first, flags: f)
            writeSideUnit(transform, at: 1, ofRunAt: first, flags: f)
            subviewChanged(r)
            return
        }
        refreshDerivedGeometry(r, transform: transform)
    }

    /// One step of a walk down the shown, interactive part of a tree (Behaviour A10's focusable
    /// views; an accessibility tree): `nil` when the view is hidden, transparent (alpha below
    /// 0.01) or takes no user interaction — its subtree is then out of the walk; else its bounds
    /// and the map from its coordinates to its superview's (Behaviour A1's formula run forwards:
    /// the bounds' anchor point to the center, through the transform), with its subviews
    /// appended to `subviews`, back-most first. One lookup of the row for all of it.
    public func visibleStep(of id: ViewID, appendingSubviewsTo subviews: inout [ViewID]) throws(ViewStoreError)
        -> (bounds: Rect, toSuperview: AffineTransform)?
    {
        let r = try row(id)
        let rowFlags = flags[r]
        guard rowFlags.isDisjoint(with: [.hidden, .interactionDisabled, .transparent]) else { return nil }
        var child = firstChild[r]
        while child != noRow {
            subviews.append(handle(child))
            child = nextSibling[child]
        }
        let g = geometry[r]
        // No transform, bounds at (0, 0), the anchor at the middle: a translation.
        guard rowFlags.contains(.customShape) || rowFlags.rawValue & RowFlags.transformed.rawValue != 0 else {
            return (Rect(x: 0, y: 0, width: g.width, height: g.height),
                    AffineTransform(translationX: g.centerX - g.width / 2, y: g.centerY - g.height / 2))
        }
        let inputs = shapeInputs(r)
        let origin = inputs.boundsOrigin  // (0, 0) on a plain row
        let pivot = Point(x: origin.x + inputs.anchorPoint.x * g.width, y: origin.y + inputs.anchorPoint.y * g.height)
        let map = AffineTransform(translationX: -pivot.x, y: -pivot.y)
            .concatenating(storedTransform(r))
            .concatenating(AffineTransform(translationX: g.centerX, y: g.centerY))
        return (Rect(origin: origin, size: Size(width: g.width, height: g.height)), map)
    }

    /// The point of the bounds, in unit coordinates, that sits at `center` ((0.5, 0.5) by default).
    public func anchorPoint(of id: ViewID) throws(ViewStoreError) -> Point {
        shapeInputs(try row(id)).anchorPoint
    }

    /// Sets the anchor point, in unit coordinates of the bounds; the center stays where it is, so the
    /// frame moves about it (as setting `CALayer.anchorPoint` does).
    public func setAnchorPoint(_ anchorPoint: Point, of id: ViewID) throws(ViewStoreError) {
        let r = try row(id)
        try checkNotQuerying()
        var inputs = shapeInputs(r)
        inputs.anchorPoint = anchorPoint
        refreshDerivedGeometry(r, inputs: inputs)
    }

    /// Recomputes what the hit test reads from this row's geometry, transform and shape inputs
    /// (the stored ones unless new ones are given): its flags and side units. O(1); touches this
    /// row only.
    func refreshDerivedGeometry(_ r: Int32, transform newTransform: AffineTransform? = nil,
                                inputs newInputs: ShapeInputs? = nil) {
        let extras = newInputs ?? shapeInputs(r), transform = newTransform ?? storedTransform(r)
        let g = geometry[r]
        var f = flags[r]
        let oldUnitCount = f.sideUnitCount
        // The run is remade below; a subview reach, its last unit, is carried over.
        let reach = f.contains(.subviewReach) ? self[sideUnitOf: r, at: f.reachUnitOffset, as: ReachUnit.self] : nil
        f.remove([.generalTransform, .singularTransform, .customShape])
        var inverse = AffineTransform.identity
        if !transform.isIdentity {
            if let inverted = transform.inverted() {
                f.insert(.generalTransform)
                inverse = inverted
            } else {
                f.insert(.singularTransform)
            }
        }
        let bounds = Rect(origin: extras.boundsOrigin, size: Size(width: g.width, height: g.height))
        // The plain shape (see `RowGeometry`): anchor offset 0.5 · size, hit area the bounds.
        let plainShape = extras.arePlain && bounds.isFinite && g.width >= 0 && g.height >= 0
        if !plainShape { f.insert(.customShape) }
        resizeSideUnitRun(r, from: oldUnitCount, to: f.sideUnitCount)
        flags[r] = f
        let first = Int(firstSideUnit[r])
        if f.rawValue & RowFlags.transformed.rawValue != 0 {
            writeSideUnit(inverse, at: 0, ofRunAt: first, flags: f)
            writeSideUnit(transform, at: 1, ofRunAt: first, flags: f)
        }
        if !plainShape {
            let anchorOffset = Point(x: bounds.origin.x + extras.anchorPoint.x * bounds.size.width,
                                     y: bounds.origin.y + extras.anchorPoint.y * bounds.size.height)
            let hitArea = Rect.hitArea(bounds: bounds, insets: extras.hitTestInsets, minimumSize: extras.minimumHitSize)
            writeSideUnit(ShapeUnit(anchorOffset: anchorOffset, hitArea: hitArea), at: f.shapeUnitOffset, ofRunAt: first, flags: f)
            writeSideUnit(extras, at: f.shapeUnitOffset + 1, ofRunAt: first, flags: f)
        }
        if let reach { writeSideUnit(reach, at: f.reachUnitOffset, ofRunAt: first, flags: f) }
        subviewChanged(r)
    }
}
