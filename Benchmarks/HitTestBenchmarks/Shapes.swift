import HitTestCore

/// A small deterministic random generator (SplitMix64), so every run builds the same trees.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    /// Uniform in `0..<bound`.
    mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The tree shapes the benchmarks run on. Every window is 1024 × 1024 at the screen's origin
/// unless a shape needs more room.
enum Shapes {
    static let windowSide = 1024.0

    /// `count` views, each the only subview of the one before, all the same 100 × 100 square: a
    /// point inside it is inside every level, so a query walks the whole chain to its tip.
    static func chain(_ count: Int) -> ShapeSpec {
        var spec = ShapeSpec()
        spec.add(parent: -1, frame: Rect(0, 0, 100, 100))
        for view in 1..<count { spec.add(parent: Int32(view - 1), frame: Rect(0, 0, 100, 100)) }
        return spec
    }

    /// Columns of the container's tile grid.
    static let containerColumns = 128

    /// A window holding `count` non-overlapping 9 × 9 tiles on a 10-point grid, 128 to a row.
    /// Subview `i` is tile `i`; the last subview is the front-most.
    static func container(_ count: Int) -> ShapeSpec {
        let rows = (count + containerColumns - 1) / containerColumns
        var spec = ShapeSpec()
        spec.add(parent: -1, frame: Rect(0, 0, Double(containerColumns) * 10, Double(rows) * 10))
        for tile in 0..<count { spec.add(parent: 0, frame: tileFrame(tile)) }
        return spec
    }

    static func tileFrame(_ tile: Int) -> Rect {
        Rect(Double(tile % containerColumns) * 10, Double(tile / containerColumns) * 10, 9, 9)
    }

    /// A complete 4-ary tree of `count` views filled level by level: each view's subviews sit in
    /// the four quadrants of its bounds, shrunk to 90 % of the quadrant. Every third view is
    /// rotated by 0.15 rad and every fifth scaled by (0.9, 0.85), so the engine takes its
    /// general-transform path on about half of the views.
    static func balanced(_ count: Int) -> ShapeSpec {
        var spec = ShapeSpec()
        spec.add(parent: -1, frame: Rect(0, 0, windowSide, windowSide))
        var sides: [Double] = [windowSide]
        sides.reserveCapacity(count)
        for view in 1..<count {
            let parent = (view - 1) / 4, quadrant = (view - 1) % 4
            let cell = sides[parent] / 2, side = cell * 0.9
            let frame = Rect(Double(quadrant % 2) * cell + (cell - side) / 2,
                             Double(quadrant / 2) * cell + (cell - side) / 2, side, side)
            var transform = AffineTransform.identity
            if view % 3 == 0 { transform = transform.concatenating(AffineTransform(rotationAngle: 0.15)) }
            if view % 5 == 0 { transform = transform.concatenating(AffineTransform(scaleX: 0.9, y: 0.85)) }
            spec.add(parent: Int32(parent), frame: frame, transform: transform)
            sides.append(side)
        }
        return spec
    }

    /// A random recursive tree of `count` views: each view's parent is drawn uniformly from the
    /// views before it (depth grows like ln n, a few views get many subviews). A view is 30–60 %
    /// of its parent's size at a random place inside it; 15 % are rotated by up to ±0.6 rad and
    /// 10 % scaled by 0.6–1.4 on each axis. The window's direct subviews keep clear of its outer
    /// 5 %, so points there hit the window itself.
    static func random(_ count: Int, seed: UInt64 = 0x5EED) -> ShapeSpec {
        var rng = SplitMix64(seed: seed)
        var spec = ShapeSpec()
        spec.add(parent: -1, frame: Rect(0, 0, windowSide, windowSide))
        var sizes: [Size] = [Size(windowSide, windowSide)]
        sizes.reserveCapacity(count)
        for view in 1..<count {
            let parent = rng.int(below: view)
            let area = parent == 0
                ? Rect(windowSide * 0.05, windowSide * 0.05, windowSide * 0.9, windowSide * 0.9)
                : Rect(0, 0, sizes[parent].width, sizes[parent].height)
            let width = area.width * rng.double(in: 0.3...0.6), height = area.height * rng.double(in: 0.3...0.6)
            let frame = Rect(area.origin.x + rng.double(in: 0...(area.width - width)),
                             area.origin.y + rng.double(in: 0...(area.height - height)), width, height)
            var transform = AffineTransform.identity
            if rng.double(in: 0...1) < 0.15 {
                transform = AffineTransform(rotationAngle: rng.double(in: -0.6...0.6))
            }
            if rng.double(in: 0...1) < 0.10 {
                transform = transform.concatenating(
                    AffineTransform(scaleX: rng.double(in: 0.6...1.4), y: rng.double(in: 0.6...1.4)))
            }
            spec.add(parent: Int32(parent), frame: frame, transform: transform)
            sizes.append(Size(width, height))
        }
        return spec
    }
}
