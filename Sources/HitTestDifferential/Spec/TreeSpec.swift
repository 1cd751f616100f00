import HitTestCore

/// One view of a ``TreeSpec``.
public struct NodeSpec: Sendable, Equatable {
    /// The index of the superview in ``TreeSpec/nodes`` (always an earlier node), or `nil` for a root.
    public var parent: Int?
    /// Whether this root is a window (a root that is not is a detached tree).
    public var isWindow: Bool
    /// The window level (windows only).
    public var windowLevel: Double
    public var attributes: ViewAttributes

    public init(parent: Int?, isWindow: Bool = false, windowLevel: Double = 0,
                attributes: ViewAttributes) {
        self.parent = parent
        self.isWindow = isWindow
        self.windowLevel = windowLevel
        self.attributes = attributes
    }
}

/// A forest of views as a value: windows with levels, detached trees and nested views, with every
/// input of Behaviour A1 and A2. The same spec builds into a `ViewStore` and into `ReferenceView`s.
///
/// Nodes are listed flat, each after its superview, subviews back-most first and windows in the
/// order they are shown; a node's index is its *key*, the name both engines' views go by. The flat
/// form makes building iterative (a chain a million views deep is fine) and shrinking simple.
public struct TreeSpec: Sendable, Equatable {
    public var nodes: [NodeSpec]

    public init(nodes: [NodeSpec] = []) {
        self.nodes = nodes
    }

    /// The number of ancestors of each node.
    public var depths: [Int] {
        var result: [Int] = []
        result.reserveCapacity(nodes.count)
        for node in nodes { result.append(node.parent.map { result[$0] + 1 } ?? 0) }
        return result
    }

    /// The spec without node `key` and everything under it, and where each old key went (`nil`
    /// for a removed node). Fixed hit-test answers naming a removed node become `.none`.
    public func removingSubtree(at key: Int) -> (spec: TreeSpec, newKeys: [Int?]) {
        var newKeys: [Int?] = Array(repeating: nil, count: nodes.count)
        var kept: [NodeSpec] = []
        for (index, node) in nodes.enumerated() {
            let removed = index == key || (node.parent.map { newKeys[$0] == nil } ?? false)
            guard !removed else { continue }
            newKeys[index] = kept.count
            var copy = node
            copy.parent = node.parent.flatMap { newKeys[$0] }
            kept.append(copy)
        }
        for index in kept.indices {
            if case .fixed(let target)? = kept[index].attributes.hitTestRule {
                let moved = target >= 0 && target < newKeys.count ? newKeys[target] : nil
                kept[index].attributes.hitTestRule = moved.map { .fixed(key: $0) } ?? HitTestRule.noAnswer
            }
        }
        return (TreeSpec(nodes: kept), newKeys)
    }
}
