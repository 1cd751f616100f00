/// Why a ``ViewStore`` refused an operation. Every refusal leaves the store exactly as it was.
public enum ViewStoreError: Error, Hashable, Sendable {
    /// The handle names a view that has been destroyed (its row may be in use by another view).
    case staleHandle(ViewID)
    /// Adding `view` under `parent` would make a view its own ancestor.
    case cycle(view: ViewID, parent: ViewID)
    /// A window is a root: it cannot become a subview.
    case windowCannotBeSubview(ViewID)
    /// The operation needs a window and `view` is not one.
    case notAWindow(ViewID)
    /// `view` is not a direct subview of `parent` (or has no superview at all).
    case notASubview(view: ViewID, parent: ViewID?)
    /// A subview index outside `0...count` (for insertion) or `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// The two views are in no common hierarchy (not in one tree, and not both in windows).
    case unrelatedViews(ViewID, ViewID)
    /// Screen coordinates were asked of a view whose tree has no window at its root.
    case notInWindow(ViewID)
    /// A custom hit-test callback tried to edit the store while a query was reading it.
    case editDuringHitTest
    /// The store already holds `limit` views (its ``ViewStore/viewLimit``), none of them
    /// destroyed: a new view has no row.
    case tooManyViews(limit: Int)
    /// A snapshot was asked about a view made after it was taken (``ViewStoreSnapshot``): the
    /// handle is live in the store, or was, but the snapshot never held it.
    case madeAfterSnapshot(ViewID)
}

extension ViewStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .staleHandle(let id): "stale view handle \(id): the view was destroyed"
        case .cycle(let view, let parent): "adding \(view) under \(parent) would make a cycle"
        case .windowCannotBeSubview(let id): "window \(id) cannot be added as a subview"
        case .notAWindow(let id): "view \(id) is not a window"
        case .notASubview(let view, let parent):
            "view \(view) is not a subview of \(parent.map { "\($0)" } ?? "any view")"
        // An insertion also takes `count` (the front), an exchange does not: the count alone is true of both.
        case .indexOutOfRange(let index, let count): "subview index \(index) out of range for \(count) subviews"
        case .unrelatedViews(let a, let b): "views \(a) and \(b) share no hierarchy"
        case .notInWindow(let id): "view \(id) is not in a window, so it has no screen coordinates"
        case .editDuringHitTest: "the view store cannot be edited during a hit test"
        case .tooManyViews(let limit): "the view store already holds \(limit) views, its most; destroy one to make room"
        case .madeAfterSnapshot(let id): "view \(id) was made after the snapshot was taken, so the snapshot does not hold it"
        }
    }
}
