// Behaviour A1's geometry of a view, read from and written to its row.

extension View {
    /// The bounding box of the transformed bounds in the superview's coordinates. Setting it
    /// moves ``center`` to its midpoint and sets the bounds' size, keeping the bounds' origin.
    public var frame: Rect {
        get { withOwnRow { try $0.frame(of: $1) } }
        set { edit { try $0.setFrame(newValue, of: $1) } }
    }

    /// The view's own coordinate system: its origin and size. Setting it never moves ``center``;
    /// on a ``ScrollView`` its origin is the ``ScrollView/contentOffset``, set as that is.
    public var bounds: Rect {
        get { withOwnRow { try $0.bounds(of: $1) } }
        set { setBounds(newValue) }
    }

    /// Where ``anchorPoint`` sits in the superview's coordinates (for a window: on the screen).
    public var center: Point {
        get { withOwnRow { try $0.center(of: $1) } }
        set { edit { try $0.setCenter(newValue, of: $1) } }
    }

    /// Applied about the anchor point (identity by default). One that cannot be inverted makes
    /// the view and its subtree unhittable.
    public var transform: AffineTransform {
        get { withOwnRow { try $0.transform(of: $1) } }
        set { edit { try $0.setTransform(newValue, of: $1) } }
    }

    /// The point of the bounds, in unit coordinates, placed at ``center`` (default (0.5, 0.5)).
    /// UIKit keeps it on the layer; HitKit has no layers.
    public var anchorPoint: Point {
        get { withOwnRow { try $0.anchorPoint(of: $1) } }
        set { edit { try $0.setAnchorPoint(newValue, of: $1) } }
    }

    /// Insets applied to the bounds to make the hit area (negative values enlarge it).
    public var hitTestInsets: EdgeInsets {
        get { withOwnRow { try $0.hitTestInsets(of: $1) } }
        set { edit { try $0.setHitTestInsets(newValue, of: $1) } }
    }

    /// The smallest hit area: a smaller one is grown about its center to this size.
    public var minimumHitSize: Size {
        get { withOwnRow { try $0.minimumHitSize(of: $1) } }
        set { edit { try $0.setMinimumHitSize(newValue, of: $1) } }
    }

    /// The view's opacity (default 1); below 0.01 the view and its subtree are never hit.
    public var alpha: Double {
        get { withOwnRow { try $0.alpha(of: $1) } }
        set { edit { try $0.setAlpha(newValue, of: $1) } }
    }
}

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

    /// Converts the vector `v` (a displacement, such as a translation) from `view`'s coordinates
    /// (`nil`: this view's window) to this view's: scales and rotations apply, offsets cancel.
    func convertVector(_ v: Point, from view: View?) -> Point {
        convertVector(v, from: space(of: view), to: ownSpace)
    }

    /// Converts the vector `v` from this view's coordinates to `view`'s (`nil`: this view's window).
    func convertVector(_ v: Point, to view: View?) -> Point {
        convertVector(v, from: ownSpace, to: space(of: view))
    }

    /// Converts the vector `v` from the screen's coordinates to this view's (a scroll's delta).
    func convertVectorFromScreen(_ v: Point) -> Point {
        convertVector(v, from: .screen, to: ownSpace)
    }

    private var ownSpace: CoordinateSpace? { .view(id) }

    /// `nil` means this view's window, or the root of its tree when it has none (as UIKit): the
    /// root either way, found without its view object. A view of another application shares no
    /// hierarchy with this one: no space, and the conversion's answer is non-finite.
    private func space(of view: View?) -> CoordinateSpace? {
        if let view { return view.store === store ? .view(view.id) : nil }
        return .view(withOwnRow { try $0.root(of: $1) })
    }

    private func convertPoint(_ point: Point, from source: CoordinateSpace?, to destination: CoordinateSpace?) -> Point {
        guard let source, let destination else { return Point(x: .nan, y: .nan) }
        return (try? store.convert(point, from: source, to: destination)) ?? Point(x: .nan, y: .nan)
    }

    private func convertVector(_ v: Point, from source: CoordinateSpace?, to destination: CoordinateSpace?) -> Point {
        guard let source, let destination else { return Point(x: .nan, y: .nan) }
        return (try? store.convertVector(v, from: source, to: destination)) ?? Point(x: .nan, y: .nan)
    }

    private func convertRect(_ rect: Rect, from source: CoordinateSpace?, to destination: CoordinateSpace?) -> Rect {
        guard let source, let destination else { return Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
        return (try? store.convert(rect, from: source, to: destination))
            ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)
    }
}
