// Behaviour A1's geometry of a view, read from and written to its row.

extension View {
    /// The bounding box of the transformed bounds in the superview's coordinates. Setting it
    /// moves ``center`` to its midpoint and sets the bounds' size, keeping the bounds' origin.
    public var frame: Rect {
        get { engine { try $0.frame(of: $1) } }
        set { edit { try $0.setFrame(newValue, of: $1) } }
    }

    /// The view's own coordinate system: its origin and size. Setting it never moves ``center``.
    public var bounds: Rect {
        get { engine { try $0.bounds(of: $1) } }
        set { edit { try $0.setBounds(newValue, of: $1) } }
    }

    /// Where ``anchorPoint`` sits in the superview's coordinates (for a window: on the screen).
    public var center: Point {
        get { engine { try $0.center(of: $1) } }
        set { edit { try $0.setCenter(newValue, of: $1) } }
    }

    /// Applied about the anchor point (identity by default). One that cannot be inverted makes
    /// the view and its subtree unhittable.
    public var transform: AffineTransform {
        get { engine { try $0.transform(of: $1) } }
        set { edit { try $0.setTransform(newValue, of: $1) } }
    }

    /// The point of the bounds, in unit coordinates, placed at ``center`` (default (0.5, 0.5)).
    /// UIKit keeps it on the layer; HitKit has no layers.
    public var anchorPoint: Point {
        get { engine { try $0.anchorPoint(of: $1) } }
        set { edit { try $0.setAnchorPoint(newValue, of: $1) } }
    }

    /// Insets applied to the bounds to make the hit area (negative values enlarge it).
    public var hitTestInsets: EdgeInsets {
        get { engine { try $0.hitTestInsets(of: $1) } }
        set { edit { try $0.setHitTestInsets(newValue, of: $1) } }
    }

    /// The smallest hit area: a smaller one is grown about its center to this size.
    public var minimumHitSize: Size {
        get { engine { try $0.minimumHitSize(of: $1) } }
        set { edit { try $0.setMinimumHitSize(newValue, of: $1) } }
    }

    /// The view's opacity (default 1); below 0.01 the view and its subtree are never hit.
    public var alpha: Double {
        get { engine { try $0.alpha(of: $1) } }
        set { edit { try $0.setAlpha(newValue, of: $1) } }
    }
}
