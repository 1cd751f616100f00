/// An application's views as the engine holds them, for queries only: hit testing, conversion,
/// snapshots, geometry, flags, the hierarchy and the windows, by ``ViewID``
/// (``Application/readOnlyStore``).
///
/// It offers no edit. An application's views change through ``View`` and ``Window`` alone, whose
/// methods keep what the façade promises around a change: a view leaving its window has its
/// touches cancelled along the chain they began on (Behaviour A3), the view under the pointer is
/// recomputed (A8), and a view is kept alive exactly while it is in a hierarchy. A host may still
/// make a ``ViewStore`` of its own and edit it freely; no application reads it.
///
/// Every answer is the engine's, as fast as the engine's: a query reads the application's rows
/// in place. Call it on the application's thread; for another thread, take a
/// ``snapshot()``, which is `Sendable`.
public struct ReadOnlyViewStore {
    private let store: ViewStore

    init(_ store: ViewStore) {
        self.store = store
    }

    // MARK: Hit testing (Behaviour A2)

    /// The front-most view under a screen point, across the windows, or `nil`.
    /// ``Application/view(for:)`` gives its view object.
    public func hitTest(screenPoint: Point) -> ViewID? {
        store.hitTest(screenPoint: screenPoint)
    }

    /// The front-most view under `point`, in `id`'s coordinates, in `id`'s subtree.
    public func hitTest(_ point: Point, in id: ViewID) throws(ViewStoreError) -> ViewID? {
        try store.hitTest(point, in: id)
    }

    /// Whether `point`, in `id`'s coordinates, is in `id`'s hit area (its override asked, if any).
    public func pointInside(_ id: ViewID, _ point: Point) throws(ViewStoreError) -> Bool {
        try store.pointInside(id, point)
    }

    // MARK: Conversion (Behaviour A1)

    /// Converts a point between two coordinate spaces (views of different windows through the
    /// screen).
    public func convert(_ point: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try store.convert(point, from: source, to: destination)
    }

    /// Converts a rect: the bounding box of its four converted corners.
    public func convert(_ rect: Rect, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Rect
    {
        try store.convert(rect, from: source, to: destination)
    }

    /// Converts a vector (a displacement, not a place): the converted tip less the converted
    /// origin, in one walk.
    public func convertVector(_ vector: Point, from source: CoordinateSpace, to destination: CoordinateSpace)
        throws(ViewStoreError) -> Point
    {
        try store.convertVector(vector, from: source, to: destination)
    }

    // MARK: Snapshots

    /// An immutable copy of every window and view as they are now, which any thread may query
    /// (``Application/windowsSnapshot()``).
    public func snapshot() -> ViewStoreSnapshot {
        store.snapshot()
    }

    // MARK: Geometry and flags

    /// The bounding box of the transformed bounds, in the superview's coordinates (Behaviour A1).
    public func frame(of id: ViewID) throws(ViewStoreError) -> Rect { try store.frame(of: id) }
    /// The bounds: the view's own coordinate system's origin and its size.
    public func bounds(of id: ViewID) throws(ViewStoreError) -> Rect { try store.bounds(of: id) }
    /// The center, in the superview's coordinates (for a window: on the screen).
    public func center(of id: ViewID) throws(ViewStoreError) -> Point { try store.center(of: id) }
    /// The transform, applied about the anchor point (identity by default).
    public func transform(of id: ViewID) throws(ViewStoreError) -> AffineTransform { try store.transform(of: id) }
    /// The point of the bounds, in unit coordinates, that sits at the center ((0.5, 0.5) by default).
    public func anchorPoint(of id: ViewID) throws(ViewStoreError) -> Point { try store.anchorPoint(of: id) }
    /// The opacity (default 1). Below 0.01 the view and its subtree are never hit (Behaviour A2).
    public func alpha(of id: ViewID) throws(ViewStoreError) -> Double { try store.alpha(of: id) }
    /// Insets applied to the bounds to make the hit area; negative values enlarge it (default zero).
    public func hitTestInsets(of id: ViewID) throws(ViewStoreError) -> EdgeInsets { try store.hitTestInsets(of: id) }
    /// The smallest hit area: a smaller one is grown about its center to this size (default zero).
    public func minimumHitSize(of id: ViewID) throws(ViewStoreError) -> Size { try store.minimumHitSize(of: id) }
    /// The hit area in the view's coordinates: its bounds with the insets and minimum size applied.
    public func hitArea(of id: ViewID) throws(ViewStoreError) -> Rect { try store.hitArea(of: id) }
    /// Whether `flag`, one of the view's Boolean properties (``ViewStore/Flag``), is set.
    public func flag(_ flag: ViewStore.Flag, of id: ViewID) throws(ViewStoreError) -> Bool { try store.flag(flag, of: id) }

    // MARK: Hierarchy and windows

    /// The superview of `id`, or `nil` for a window or the root of a tree in no window.
    public func superview(of id: ViewID) throws(ViewStoreError) -> ViewID? { try store.superview(of: id) }
    /// The subviews, back-most first.
    public func subviews(of id: ViewID) throws(ViewStoreError) -> [ViewID] { try store.subviews(of: id) }
    /// How many subviews `id` has, without building the list.
    public func subviewCount(of id: ViewID) throws(ViewStoreError) -> Int { try store.subviewCount(of: id) }
    /// The subview of `id` at `index`, back-most first, or `nil` past the last.
    public func subview(of id: ViewID, at index: Int) throws(ViewStoreError) -> ViewID? { try store.subview(of: id, at: index) }
    /// The back-most subview of `id`, or `nil`: with ``nextSibling(of:)``, the subviews one at a time.
    public func firstSubview(of id: ViewID) throws(ViewStoreError) -> ViewID? { try store.firstSubview(of: id) }
    /// The subview just in front of `id` in its superview, or `nil`.
    public func nextSibling(of id: ViewID) throws(ViewStoreError) -> ViewID? { try store.nextSibling(of: id) }
    /// The window `id` is in (itself for a window), or `nil`.
    public func window(of id: ViewID) throws(ViewStoreError) -> ViewID? { try store.window(of: id) }
    /// The top of `id`'s tree: its window, or the top-most ancestor of a tree in no window.
    public func root(of id: ViewID) throws(ViewStoreError) -> ViewID { try store.root(of: id) }
    /// Whether `id` is a window.
    public func isWindow(_ id: ViewID) throws(ViewStoreError) -> Bool { try store.isWindow(id) }
    /// Whether `id` is `ancestor` or one of its descendants.
    public func isDescendant(_ id: ViewID, of ancestor: ViewID) throws(ViewStoreError) -> Bool {
        try store.isDescendant(id, of: ancestor)
    }
    /// The windows, front-most first.
    public var windows: [ViewID] { store.windows }
    /// A window's level (UIKit's `windowLevel`); throws ``ViewStoreError/notAWindow(_:)`` for a view
    /// that is not a window.
    public func windowLevel(of window: ViewID) throws(ViewStoreError) -> Double { try store.windowLevel(of: window) }

    // MARK: Rows

    /// Whether `id` names a live view of this application.
    public func contains(_ id: ViewID) -> Bool { store.contains(id) }
    /// How many views are alive.
    public var liveViewCount: Int { store.liveViewCount }
    /// An estimate of every byte the engine holds for the views: rows at capacity, side tables
    /// and scratch.
    public var allocatedBytes: Int { store.allocatedBytes }
}
