import HitTestCore

// Spec generators: random forests for the differential tests and the fuzzer, and regular shapes
// for the benchmarks.

extension TreeSpec {
    /// A random forest of `viewCount` views (at least one, a window) drawn from `source`: one to a
    /// few windows, sometimes a detached tree, nesting that is sometimes deep and sometimes wide,
    /// and every Behaviour A1/A2 input in its usual and unusual values.
    public static func random<Source: EntropySource>(using source: inout Source, viewCount: Int) -> TreeSpec {
        var spec = TreeSpec()
        let count = Swift.max(viewCount, 1)
        spec.nodes.reserveCapacity(count)
        for index in 0..<count {
            let newRoot = index == 0 || source.chance(0.06)
            if newRoot {
                let isWindow = index == 0 || !source.chance(0.2)
                spec.nodes.append(NodeSpec(
                    parent: nil, isWindow: isWindow,
                    windowLevel: isWindow ? ViewAttributes.randomWindowLevel(using: &source) : 0,
                    attributes: ViewAttributes.randomWindow(using: &source, keyCount: count)))
                continue
            }
            // Favor recent nodes for depth, any node for width.
            let parent = source.chance(0.55) ? Swift.max(0, index - 1 - source.int(below: 3)) : source.int(below: index)
            spec.nodes.append(NodeSpec(
                parent: parent,
                attributes: ViewAttributes.random(using: &source, parentBounds: spec.nodes[parent].attributes.bounds,
                                                  keyCount: count)))
        }
        return spec
    }

    /// A random forest from a seed (see ``random(using:viewCount:)``).
    public static func random(seed: UInt64, viewCount: Int) -> TreeSpec {
        var generator = SplitMix64(seed: seed)
        return random(using: &generator, viewCount: viewCount)
    }

    /// A window holding a chain of `depth` nested plain views, each 1 pt inside its superview
    /// (the innermost is at least 1×1): the worst case for a recursive hit test.
    public static func chain(depth: Int) -> TreeSpec {
        let side = Double(2 * depth + 100)
        var nodes = [NodeSpec(parent: nil, isWindow: true,
                              attributes: ViewAttributes(center: Point(x: side / 2, y: side / 2),
                                                         bounds: Rect(0, 0, side, side)))]
        nodes.reserveCapacity(depth + 1)
        var size = side
        for index in 0..<Swift.max(depth, 0) {
            let inner = Swift.max(size - 2, 1)
            nodes.append(NodeSpec(parent: index, attributes: ViewAttributes(
                center: Point(x: size / 2, y: size / 2), bounds: Rect(0, 0, inner, inner))))
            size = inner
        }
        return TreeSpec(nodes: nodes)
    }

    /// A window holding `children` plain 10×10 subviews in a square grid: the worst case for a
    /// front-to-back scan of one container.
    public static func wide(children: Int) -> TreeSpec {
        let columns = Swift.max(1, Int(Double(Swift.max(children, 1)).squareRoot().rounded(.up)))
        let side = Double(columns * 10)
        var nodes = [NodeSpec(parent: nil, isWindow: true,
                              attributes: ViewAttributes(center: Point(x: side / 2, y: side / 2),
                                                         bounds: Rect(0, 0, side, side)))]
        nodes.reserveCapacity(children + 1)
        for index in 0..<Swift.max(children, 0) {
            let column = index % columns, row = index / columns
            nodes.append(NodeSpec(parent: 0, attributes: ViewAttributes(
                center: Point(x: Double(column) * 10 + 5, y: Double(row) * 10 + 5), bounds: Rect(0, 0, 10, 10))))
        }
        return TreeSpec(nodes: nodes)
    }
}
