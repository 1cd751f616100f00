import HitTestCore
import HitTestReference

// Points biased to where hit tests go wrong: exactly on a view's edges (max edges are outside),
// one ulp either side of them, inside hit areas grown or shrunk by insets, far away, and NaN or
// infinite now and then.

extension DifferentialHarness {
    /// A point in the coordinates of `space` (a key, or `nil` for the screen).
    public func interestingPoint<Source: EntropySource>(in space: Int?, using source: inout Source) -> Point {
        switch source.int(below: 20) {
        case 0:
            return source.pick([Point(x: .nan, y: 10), Point(x: 10, y: .infinity), Point(x: -.infinity, y: .nan),
                                Point(x: 1e300, y: -1e300), Point(x: -0.0, y: 0x1p-1074)])
        case 1, 2, 3:
            return Point(x: source.grid(-200...1800), y: source.grid(-200...1800))
        default:
            let keys = liveKeys
            guard !keys.isEmpty else { return Point(x: source.grid(-20...800), y: source.grid(-20...800)) }
            let target = source.pick(keys)
            let local = pointNearEdges(of: referenceViews[target]!, using: &source)
            let destination = space.flatMap { referenceViews[$0] }
            guard space == nil || destination != nil,
                  let converted = try? screen.convert(local, from: referenceViews[target]!, to: destination),
                  converted.isFinite
            else { return local }
            return converted
        }
    }

    /// A point in `view`'s own coordinates on, just inside or just outside an edge of its bounds
    /// or hit area, or anywhere inside.
    private func pointNearEdges<Source: EntropySource>(of view: ReferenceView, using source: inout Source) -> Point {
        let area = source.chance(0.5) ? view.bounds.standardized
            : Rect.hitArea(bounds: view.bounds, insets: view.hitTestInsets, minimumSize: view.minimumHitSize)
        let xs = [area.minX, area.maxX, area.midX]
        let ys = [area.minY, area.maxY, area.midY]
        func near(_ values: [Double], _ source: inout Source) -> Double {
            let v = source.pick(values)
            switch source.int(below: 4) {
            case 0: return v.nextDown
            case 1: return v.nextUp
            default: return v
            }
        }
        switch source.int(below: 3) {
        case 0:
            return Point(x: near(xs, &source), y: near(ys, &source))
        case 1:
            let x = area.minX + source.unit() * area.width
            return Point(x: x.isFinite ? x : 0, y: near(ys, &source))
        default:
            let x = area.minX + source.unit() * area.width, y = area.minY + source.unit() * area.height
            return Point(x: x.isFinite ? (x * 2).rounded() / 2 : 1, y: y.isFinite ? (y * 2).rounded() / 2 : 1)
        }
    }

    /// A random hit-test query: the screen's (half of them) or a random view's, the view now and
    /// then a destroyed one (its stale handle must be refused).
    public func randomHitTestQuery<Source: EntropySource>(using source: inout Source) -> Query {
        guard source.chance(0.5), let key = randomSpace(using: &source) else {
            return .screenHitTest(interestingPoint(in: nil, using: &source))
        }
        return .hitTest(interestingPoint(in: key, using: &source), inView: key)
    }

    /// A random point or rect conversion between two random spaces (views, stale ones now and
    /// then, or the screen).
    public func randomConversionQuery<Source: EntropySource>(using source: inout Source) -> Query {
        let from = randomSpace(using: &source), to = randomSpace(using: &source)
        let origin = interestingPoint(in: from, using: &source)
        guard source.chance(0.5) else { return .convertPoint(origin, from: from, to: to) }
        let size = Size(width: source.grid(-40...200), height: source.grid(-40...200))
        return .convertRect(Rect(origin: origin, size: size), from: from, to: to)
    }

    /// Any query: hit tests mostly, then conversions, then `pointInside` of a view.
    public func randomQuery<Source: EntropySource>(using source: inout Source) -> Query {
        switch source.int(below: 10) {
        case 0..<7: return randomHitTestQuery(using: &source)
        case 7, 8: return randomConversionQuery(using: &source)
        default:
            guard let key = randomSpace(using: &source) else { return randomHitTestQuery(using: &source) }
            return .pointInside(interestingPoint(in: key, using: &source), inView: key)
        }
    }

    /// A live key mostly, a destroyed one now and then, or `nil` (the screen).
    private func randomSpace<Source: EntropySource>(using source: inout Source) -> Int? {
        if referenceViews.isEmpty || source.chance(0.12) { return nil }
        let live = liveKeys
        return source.chance(0.92) && !live.isEmpty ? source.pick(live) : source.int(below: referenceViews.count)
    }
}
