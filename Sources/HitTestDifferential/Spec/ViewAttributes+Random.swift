import HitTestCore

// Random attributes biased to Behaviour A1/A2's corner cases: mostly plain rectangles on a half-point
// grid (so points land exactly on edges), with some of every unusual input.

extension ViewAttributes {
    /// Attributes for a view whose superview has `parentBounds`; `keyCount` views exist (for
    /// fixed hit-test answers).
    public static func random<Source: EntropySource>(
        using source: inout Source, parentBounds: Rect, keyCount: Int
    ) -> ViewAttributes {
        var a = ViewAttributes()
        a.bounds = randomBounds(using: &source)
        a.center = randomCenter(using: &source, in: parentBounds)
        if source.chance(0.25) { a.transform = randomTransform(using: &source) }
        if source.chance(0.15) { a.anchorPoint = randomAnchorPoint(using: &source) }
        randomizeFlags(&a, using: &source, keyCount: keyCount)
        return a
    }

    /// Flags, alpha, hit-area modifiers and overrides: each usually at its default.
    public static func randomizeFlags<Source: EntropySource>(
        _ a: inout ViewAttributes, using source: inout Source, keyCount: Int
    ) {
        a.isHidden = source.chance(0.04)
        a.alpha = source.chance(0.88) ? 1 : source.pick([0, 0.009, 0.01, 0.0100000001, 0.5, .nan])
        a.isUserInteractionEnabled = !source.chance(0.04)
        a.passThrough = source.chance(0.06)
        a.hitsOutsideBounds = source.chance(0.08)
        a.redirectsToSuperview = source.chance(0.06)
        if source.chance(0.08) { a.hitTestInsets = randomInsets(using: &source) }
        if source.chance(0.08) { a.minimumHitSize = randomMinimumSize(using: &source) }
        if source.chance(0.04) {
            a.pointInsideRule = .containedIn(Rect(source.grid(-40...40), source.grid(-40...40),
                                                  source.grid(-20...160), source.grid(-20...160)))
        }
        if source.chance(0.05) { a.hitTestRule = randomHitTestRule(using: &source, keyCount: keyCount) }
    }

    public static func randomBounds<Source: EntropySource>(using source: inout Source) -> Rect {
        var origin = Point.zero
        switch source.int(below: 10) {
        case 0, 1: origin = Point(x: source.grid(-40...40), y: source.grid(-40...40))
        case 2: origin = Point(x: source.double(in: -30...30), y: source.double(in: -30...30))
        default: break
        }
        var size = Size(width: source.grid(2...400), height: source.grid(2...400))
        switch source.int(below: 40) {
        case 0: size.width = 0
        case 1: size.height = 0
        case 2: size.width = -size.width
        case 3: size.height = -size.height
        case 4: size = Size(width: source.double(in: 0...3), height: source.double(in: 0...3))
        case 5: size.width = .infinity
        default: break
        }
        return Rect(origin: origin, size: size)
    }

    public static func randomCenter<Source: EntropySource>(using source: inout Source, in parent: Rect) -> Point {
        let r = parent.standardized
        let width = r.size.width.isFinite ? r.size.width : 100, height = r.size.height.isFinite ? r.size.height : 100
        if source.chance(0.1) {
            return Point(x: source.double(in: -50...450), y: source.double(in: -50...450))
        }
        let x = (r.origin.x + source.unit() * (width + 40) - 20) * 2
        let y = (r.origin.y + source.unit() * (height + 40) - 20) * 2
        return Point(x: x.rounded() / 2, y: y.rounded() / 2)
    }

    public static func randomTransform<Source: EntropySource>(using source: inout Source) -> AffineTransform {
        switch source.int(below: 16) {
        case 0, 1: return AffineTransform(rotationAngle: Double(source.int(in: 1...3)) * Double.pi / 2)
        case 2, 3: return AffineTransform(rotationAngle: source.double(in: -3.2...3.2))
        case 4, 5: return AffineTransform(scaleX: source.pick([0.5, 2, -1, 1.5, 0.25]), y: source.pick([0.5, 2, -1, 1, 3]))
        case 6: return AffineTransform(a: 1, b: 0, c: source.pick([0.3, -0.5, 1]), d: 1, tx: 0, ty: 0)
        case 7: return AffineTransform(a: 1, b: source.pick([0.3, -0.5]), c: 0, d: 1, tx: 0, ty: 0)
        case 8, 9: return AffineTransform(translationX: source.grid(-40...40), y: source.grid(-40...40))
        case 10: return AffineTransform(scaleX: 0, y: 1)  // singular
        case 11: return AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)  // singular, non-zero
        case 12: return AffineTransform(a: source.pick([.nan, .infinity, 1]), b: 0, c: 0, d: 1,
                                        tx: source.pick([0, .infinity, .nan]), ty: 0)
        case 13: return AffineTransform(scaleX: 1e-300, y: 1)  // inverse overflows
        case 14: return AffineTransform(scaleX: 1e300, y: 1e-5)
        default:
            return AffineTransform(a: source.double(in: -2...2), b: source.double(in: -2...2),
                                   c: source.double(in: -2...2), d: source.double(in: -2...2),
                                   tx: source.double(in: -20...20), ty: source.double(in: -20...20))
        }
    }

    public static func randomAnchorPoint<Source: EntropySource>(using source: inout Source) -> Point {
        switch source.int(below: 4) {
        case 0: .zero
        case 1: Point(x: 1, y: 1)
        case 2: Point(x: source.pick([0, 0.25, 1, -0.5]), y: source.pick([0, 0.75, 1.5]))
        default: Point(x: source.unit(), y: source.unit())
        }
    }

    public static func randomInsets<Source: EntropySource>(using source: inout Source) -> EdgeInsets {
        if source.chance(0.15) { return EdgeInsets(top: 300, left: 300, bottom: 300, right: 300) }
        return EdgeInsets(top: source.grid(-20...20), left: source.grid(-20...20),
                          bottom: source.grid(-20...20), right: source.grid(-20...20))
    }

    public static func randomMinimumSize<Source: EntropySource>(using source: inout Source) -> Size {
        source.chance(0.5) ? Size(width: 44, height: 44)
            : Size(width: source.grid(-10...120), height: source.grid(-10...120))
    }

    public static func randomHitTestRule<Source: EntropySource>(using source: inout Source, keyCount: Int) -> HitTestRule {
        switch source.int(below: 3) {
        case 0: .defaultHitTest
        case 1: .fixed(key: source.int(below: Swift.max(keyCount, 1)))
        default: .noAnswer
        }
    }

    /// Attributes for a window: on the screen near the origin, mostly plain.
    public static func randomWindow<Source: EntropySource>(using source: inout Source, keyCount: Int) -> ViewAttributes {
        var a = ViewAttributes()
        a.bounds = Rect(source.chance(0.8) ? 0 : source.grid(-20...20), 0,
                        source.grid(200...800, step: 1), source.grid(200...900, step: 1))
        a.center = Point(x: source.grid(100...400, step: 1), y: source.grid(150...450, step: 1))
        if source.chance(0.1) { a.transform = randomTransform(using: &source) }
        if source.chance(0.05) { a.anchorPoint = randomAnchorPoint(using: &source) }
        a.isHidden = source.chance(0.05)
        if source.chance(0.05) { a.alpha = source.pick([0, 0.009, 0.01]) }
        a.isUserInteractionEnabled = !source.chance(0.03)
        a.passThrough = source.chance(0.08)
        a.hitsOutsideBounds = source.chance(0.05)
        if source.chance(0.03) { a.hitTestRule = randomHitTestRule(using: &source, keyCount: keyCount) }
        return a
    }

    /// A window level: a few shared values so that ties (ordered by when shown) are common.
    public static func randomWindowLevel<Source: EntropySource>(using source: inout Source) -> Double {
        source.pick([0, 0, 0, 1, -1, 2.5, 1000])
    }
}
