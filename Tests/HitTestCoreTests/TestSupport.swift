import Testing
@testable import HitTestCore

// Shared fixtures and comparisons for the engine's tests.

/// A store with one window, the usual stage for a hit test: views are added by frame.
struct Stage {
    let store: ViewStore
    let window: ViewID

    init(windowFrame: Rect = Rect(0, 0, 320, 480), level: Double = 0) throws {
        store = ViewStore()
        window = try store.makeWindow(frame: windowFrame, level: level)
    }

    /// Makes a view with `frame` (in `parent`'s coordinates) as the front-most subview of `parent`.
    @discardableResult
    func add(_ frame: Rect, to parent: ViewID) throws -> ViewID {
        try store.add(frame, to: parent)
    }

    /// The view hit at a screen point.
    func hit(_ x: Double, _ y: Double) -> ViewID? {
        store.hitTest(screenPoint: Point(x, y))
    }
}

extension ViewStore {
    /// Makes a view with `frame` as the front-most subview of `parent`.
    @discardableResult
    func add(_ frame: Rect, to parent: ViewID) throws -> ViewID {
        let view = try makeView(frame: frame)
        try addSubview(view, to: parent)
        return view
    }

    /// Checks the links the hit test walks (last child, previous siblings) against the ones
    /// `subviews(of:)` walks (first child, next siblings), and every child's parent link: an
    /// edit that forgets one of them would make the two traversals disagree.
    func linksAreConsistent(under id: ViewID) throws -> Bool {
        let forward = try subviews(of: id)
        var backward: [ViewID] = []
        var child = lastChild[id.index]
        while child != -1 {
            backward.append(ViewID(index: child, generation: generation[child]))
            child = previousSibling[child]
        }
        let parentsAgree = try forward.allSatisfy { try superview(of: $0) == id }
        return backward.reversed() == forward && parentsAgree
    }
}

/// Whether two doubles agree within `tolerance` (for results that go through sin and cos).
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance: tolerance)
        && isClose(a.size.width, b.size.width, tolerance: tolerance)
        && isClose(a.size.height, b.size.height, tolerance: tolerance)
}
