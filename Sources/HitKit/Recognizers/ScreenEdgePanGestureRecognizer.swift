/// The edges of a rectangle (UIKit's `UIRectEdge`).
public struct RectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = RectEdge(rawValue: 1 << 0)
    public static let left = RectEdge(rawValue: 1 << 1)
    public static let bottom = RectEdge(rawValue: 1 << 2)
    public static let right = RectEdge(rawValue: 1 << 3)
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan whose touch begins within ``edgeDistance`` of one of its ``edges`` of the window
/// (UIKit's `UIScreenEdgePanGestureRecognizer`; Behaviour A4). A touch beginning elsewhere fails it.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The window edges it starts from (default none, as UIKit: set at least one).
    public var edges: RectEdge = []
    /// How near (points, window coordinates) an edge the touch must begin (default 20).
    public var edgeDistance: Double = 20

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if requestedState == .possible && numberOfTouches == touches.count {
            let nearAnEdge = touches.allSatisfy { touch in
                guard let window = touch.window else { return false }
                return isNearAnEdge(touch.location(in: nil), of: window.bounds)
            }
            if !nearAnEdge { failIfPossible() }
        }
        super.touchesBegan(touches, with: event)
    }

    private func isNearAnEdge(_ p: Point, of bounds: Rect) -> Bool {
        (edges.contains(.left) && p.x - bounds.minX <= edgeDistance)
            || (edges.contains(.right) && bounds.maxX - p.x <= edgeDistance)
            || (edges.contains(.top) && p.y - bounds.minY <= edgeDistance)
            || (edges.contains(.bottom) && bounds.maxY - p.y <= edgeDistance)
    }
}
