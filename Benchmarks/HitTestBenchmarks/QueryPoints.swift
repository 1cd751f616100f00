import HitTestCore

/// Screen points for the tree benchmarks: ones that hit deep, hit shallow and miss.
enum QueryPoints {
    /// The screen centers of `count` leaves, the deepest of a random sample four times larger.
    static func deep(_ spec: ShapeSpec, _ tree: EngineTree, count: Int, rng: inout SplitMix64) -> [Point] {
        deepLeaves(spec, count: count, rng: &rng).map { leaf in
            let frame = spec.frame[leaf]
            return try! tree.store.convert(Point(frame.width / 2, frame.height / 2),
                                           from: .view(tree.ids[leaf]), to: .screen)
        }
    }

    /// `count` leaves (spec indices), the deepest of a random sample four times larger.
    static func deepLeaves(_ spec: ShapeSpec, count: Int, rng: inout SplitMix64) -> [Int] {
        var isLeaf = [Bool](repeating: true, count: spec.count)
        for view in 1..<spec.count { isLeaf[Int(spec.parent[view])] = false }
        let leaves = (0..<spec.count).filter { isLeaf[$0] }
        let sample = (0..<(4 * count)).map { _ in leaves[rng.int(below: leaves.count)] }
        return Array(sample.sorted { depth(spec, $0) > depth(spec, $1) }.prefix(count))
    }

    /// Points inside the window whose answer is the window or one of its direct subviews.
    static func shallow(_ spec: ShapeSpec, _ tree: EngineTree, count: Int, rng: inout SplitMix64) -> [Point] {
        let window = spec.frame[0]
        var points: [Point] = []
        var attempts = 0
        while points.count < count && attempts < 1_000 * count {
            attempts += 1
            // Half of the tries along the window's edges, where the tree shapes leave a margin.
            let edge = rng.double(in: 0...1) < 0.5
            let x = edge ? rng.double(in: 0...(window.width * 0.05)) : rng.double(in: 0...window.width)
            let point = Point(window.origin.x + x, window.origin.y + rng.double(in: 0...window.height))
            let answer = tree.index(of: tree.store.hitTest(screenPoint: point))
            if answer >= 0 && depth(spec, answer) <= 1 { points.append(point) }
        }
        precondition(!points.isEmpty, "no shallow point found")
        return points
    }

    /// Points right of the window, which hit nothing.
    static func miss(_ spec: ShapeSpec, count: Int, rng: inout SplitMix64) -> [Point] {
        let window = spec.frame[0]
        return (0..<count).map { _ in
            Point(window.maxX + 10 + rng.double(in: 0...500), rng.double(in: window.minY...window.maxY))
        }
    }

    /// Points drawn uniformly in the window: what a user's taps look like to the tree, neither
    /// chosen deep nor shallow.
    static func uniform(_ spec: ShapeSpec, count: Int, rng: inout SplitMix64) -> [Point] {
        let window = spec.frame[0]
        return (0..<count).map { _ in
            Point(window.origin.x + rng.double(in: 0...window.width), window.origin.y + rng.double(in: 0...window.height))
        }
    }

    /// `count` points inside tile `tile` of ``Shapes/container(_:)``.
    static func inTile(_ tile: Int, count: Int, rng: inout SplitMix64) -> [Point] {
        let frame = Shapes.tileFrame(tile)
        return (0..<count).map { _ in
            Point(frame.origin.x + rng.double(in: 0.5...8.5), frame.origin.y + rng.double(in: 0.5...8.5))
        }
    }

    /// `count` points inside the 100 × 100 square of ``Shapes/chain(_:)``.
    static func inChain(count: Int, rng: inout SplitMix64) -> [Point] {
        (0..<count).map { _ in Point(rng.double(in: 0.5...99.5), rng.double(in: 0.5...99.5)) }
    }

    static func depth(_ spec: ShapeSpec, _ view: Int) -> Int {
        var depth = 0, current = Int(spec.parent[view])
        while current >= 0 { depth += 1; current = Int(spec.parent[current]) }
        return depth
    }
}
