extension SceneDescription.View {
    /// This view and every view under it, parents before children, back to front.
    ///
    /// Visited one at a time rather than listed: a list of a large scene's views (72 bytes each,
    /// grown by doubling) was the highest point of building it, larger than the scene's own
    /// description. The walk holds only the views still to visit (the siblings of the path to
    /// the current one).
    public var subtree: Subtree { Subtree(root: self) }

    /// The views of a subtree in ``SceneDescription/View/subtree``'s order.
    public struct Subtree: Sequence {
        let root: SceneDescription.View

        public func makeIterator() -> Iterator { Iterator(pending: [root]) }

        public struct Iterator: IteratorProtocol {
            var pending: [SceneDescription.View]

            public mutating func next() -> SceneDescription.View? {
                guard let view = pending.popLast() else { return nil }
                pending.append(contentsOf: view.subviews.reversed())
                return view
            }
        }
    }
}
