import HitTestCore
import HitTestReference

/// A view tree described as plain data, built identically into the engine and the reference.
///
/// View 0 is the window; every other view's parent has a smaller index, and siblings appear in
/// subview order (back-most first).
struct ShapeSpec {
    var parent: [Int32] = []
    var frame: [Rect] = []
    /// The few views whose transform is not the identity.
    var transforms: [Int32: AffineTransform] = [:]

    var count: Int { parent.count }

    /// Appends a view and returns its index.
    @discardableResult
    mutating func add(parent: Int32, frame: Rect, transform: AffineTransform = .identity) -> Int32 {
        precondition(parent < Int32(count), "a parent must come before its subviews")
        let index = Int32(count)
        self.parent.append(parent)
        self.frame.append(frame)
        if !transform.isIdentity { transforms[index] = transform }
        return index
    }

    /// The subviews of every view, back-most first.
    func childLists() -> [[Int32]] {
        var children = [[Int32]](repeating: [], count: count)
        for view in 1..<count { children[Int(parent[view])].append(Int32(view)) }
        return children
    }
}

/// The spec built into a ``ViewStore``: `ids[i]` is view `i`'s handle.
struct EngineTree {
    let store: ViewStore
    let ids: [ViewID]

    init(_ spec: ShapeSpec) {
        // Room for exactly this many rows: `bytes_per_view` then shows the row cost, not the
        // slack of capacity doubling.
        store = ViewStore(capacity: spec.count)
        var ids: [ViewID] = []
        ids.reserveCapacity(spec.count)
        ids.append(try! store.makeWindow(frame: spec.frame[0]))
        for view in 1..<spec.count { ids.append(try! store.makeView(frame: spec.frame[view])) }
        for (view, transform) in spec.transforms { try! store.setTransform(transform, of: ids[Int(view)]) }
        // Link the deepest parents first: `addSubview` refuses cycles by walking up from the new
        // parent, and a parent not yet linked to its own parent has nothing above it, so even a
        // million-deep chain links in linear time.
        let children = spec.childLists()
        for view in stride(from: spec.count - 1, through: 0, by: -1) {
            for child in children[view] { try! store.addSubview(ids[Int(child)], to: ids[view]) }
        }
        // A bulk build ends by dropping the side table's doubling slack, as an app loading a
        // large scene would.
        try! store.shrinkToFit()
        self.ids = ids
    }

    /// The spec index of an engine answer (`-1` for none).
    func index(of answer: ViewID?) -> Int {
        guard let answer else { return -1 }
        // Rows are allocated in spec order in a fresh store, so the row is the spec index.
        precondition(ids[Int(answer.index)] == answer, "engine answered a view outside the tree")
        return Int(answer.index)
    }
}

/// The spec built from ``ReferenceView``s; a view's `id` is its spec index.
struct ReferenceTree {
    let window: ReferenceView
    /// Every view, in spec order. Holding them here also makes tear-down iterative: the array
    /// releases parents before their subviews, so a deep chain never recurses in `deinit`.
    let views: [ReferenceView]

    init(_ spec: ShapeSpec) {
        var views: [ReferenceView] = []
        views.reserveCapacity(spec.count)
        for view in 0..<spec.count {
            let reference = ReferenceView(id: view)
            reference.setFrame(spec.frame[view])
            if let transform = spec.transforms[Int32(view)] { reference.transform = transform }
            if view > 0 { views[Int(spec.parent[view])].addSubview(reference) }
            views.append(reference)
        }
        window = views[0]
        self.views = views
    }

    /// The reference's answer for a screen point, as a spec index (`-1` for none). The window's
    /// own conversion and recursion only: `ReferenceScreen.hitTest` would also sort its window
    /// list on every call, which is not hit testing.
    @inline(__always)
    func hitTest(_ screenPoint: Point) -> Int {
        window.hitTest(window.convertFromSuperview(screenPoint))?.id ?? -1
    }
}
