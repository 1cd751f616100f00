import HitKit

// View classes with their own hit testing, for the trace's tests.

/// Hit only within the disc inscribed in its bounds; its `hitTest` is the default (and says so).
final class DiscView: View {
    override class var overridesHitTest: Bool { false }

    override func point(inside point: Point, with event: Event?) -> Bool {
        let dx = point.x - bounds.midX, dy = point.y - bounds.midY
        return dx * dx + dy * dy <= bounds.width * bounds.width / 4
    }
}

/// Answers itself wherever the default would find one of its subviews.
final class CatchingView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? {
        super.hitTest(point, with: event).map { _ in self }
    }
}
