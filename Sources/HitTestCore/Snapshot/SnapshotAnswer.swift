/// A snapshot's answer to a hit test.
public enum SnapshotAnswer: Hashable, Sendable {
    /// The view hit.
    case hit(ViewID)
    /// No view is hit.
    case miss
    /// The answer depends on this view's custom `hitTest` or `pointInside`, a closure that only
    /// the store's thread may call: the host confirms on that thread (for example with
    /// ``ViewStore/hitTest(screenPoint:)`` on the live store), as Chromium's viz does with
    /// `kHitTestAsk`. It is the first such view the traversal reached, front-most first.
    case ask(ViewID)
}
