/// An origin and a size (CoreGraphics' `CGRect`), with `CGRect`'s containment rule.
public struct Rect: Hashable, Sendable, BitwiseCopyable {
    /// The corner the size is measured from: the min-x, min-y corner unless the size is negative.
    public var origin: Point
    /// The width and height; either may be negative (see ``standardized``).
    public var size: Size

    /// A rectangle with this origin and size, kept as given (not standardized).
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with origin `(x, y)` and the given size, kept as given (not standardized).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// ``init(x:y:width:height:)`` without labels.
    @inlinable
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The rectangle at `(0, 0)` of zero size: it contains no point.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The width as stored, which may be negative (`CGRect.width` gives the standardized one).
    @inlinable public var width: Double { size.width }
    /// The height as stored, which may be negative (`CGRect.height` gives the standardized one).
    @inlinable public var height: Double { size.height }
    /// The lesser x of the two vertical edges, `origin.x` or `origin.x + width` (as `CGRect.minX`).
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// The lesser y of the two horizontal edges, `origin.y` or `origin.y + height` (as `CGRect.minY`).
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// The greater x of the two vertical edges, `origin.x` or `origin.x + width` (as `CGRect.maxX`).
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// The greater y of the two horizontal edges, `origin.y` or `origin.y + height` (as `CGRect.maxY`).
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// The x of the center, `origin.x + width / 2`, whatever the width's sign (as `CGRect.midX`).
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y of the center, `origin.y + height / 2`, whatever the height's sign (as `CGRect.midY`).
    @inlinable public var midY: Double { origin.y + size.height / 2 }

    /// Whether every coordinate is finite.
    @inlinable
    public var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// The same rectangle with a non-negative width and height (as `CGRect.standardized`).
    @inlinable
    public var standardized: Rect {
        var r = self
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        return r
    }

    /// Whether the standardized rectangle has a positive, finite width and height: only such a
    /// rectangle can contain a point.
    @inlinable
    public var canContainPoints: Bool {
        isFinite && size.width != 0 && size.height != 0
    }

    /// Behaviour A1: `minX ≤ p.x < maxX` and `minY ≤ p.y < maxY` on the standardized rectangle; points
    /// on the max edges are outside. A zero-size or non-finite rectangle contains nothing, and a
    /// NaN point is never inside (every comparison with NaN is false).
    @inlinable
    public func contains(_ p: Point) -> Bool {
        guard canContainPoints else { return false }
        return standardized.containsAssumingStandardized(p)
    }

    /// The containment test for a rectangle already known to be standardized and finite: the
    /// engine stores hit areas in that form so its inner loop is four comparisons.
    @inlinable
    public func containsAssumingStandardized(_ p: Point) -> Bool {
        origin.x <= p.x && p.x < origin.x + size.width
            && origin.y <= p.y && p.y < origin.y + size.height
    }

    /// The rectangle with each edge moved inwards by `insets` (UIKit's `inset(by:)`): negative
    /// insets enlarge it. The result is not standardized.
    @inlinable
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: origin.x + insets.left, y: origin.y + insets.top,
             width: size.width - insets.left - insets.right,
             height: size.height - insets.top - insets.bottom)
    }

    /// The smallest rectangle containing both (non-finite rectangles are not special-cased).
    public func union(_ other: Rect) -> Rect {
        let a = standardized, b = other.standardized
        let x0 = Swift.min(a.origin.x, b.origin.x), y0 = Swift.min(a.origin.y, b.origin.y)
        let x1 = Swift.max(a.maxX, b.maxX), y1 = Swift.max(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The bounding box of the four transformed corners.
    public func applying(_ t: AffineTransform) -> Rect {
        Corners(self).mapped(t.apply(to:)).boundingBox
    }

    /// The four corners of the standardized rectangle: min/min, max/min, max/max, min/max.
    public var corners: [Point] {
        let c = Corners(self)
        return [c.minMin, c.maxMin, c.maxMax, c.minMax]
    }

    /// The smallest rectangle containing every point; a NaN coordinate makes the result NaN.
    public static func boundingBox(of points: [Point]) -> Rect {
        guard let first = points.first else { return .zero }
        var box = BoundingBox(first)
        for p in points.dropFirst() { box.add(p) }
        return box.rect
    }
}

extension Rect {
    /// Behaviour A2's hit area: `bounds` standardized and inset by `insets`, then standardized
    /// again, as CoreGraphics reads every rect (insets that cross leave the span between the two
    /// inset edges), then grown about its center to at least `minimumSize`. The result is
    /// standardized. Both engines call this one function, so they agree to the bit.
    @inlinable
    public static func hitArea(bounds: Rect, insets: EdgeInsets, minimumSize: Size) -> Rect {
        var r = bounds.standardized
        if insets != .zero { r = r.inset(by: insets).standardized }
        if r.size.width < minimumSize.width {
            r.origin.x = r.origin.x + r.size.width / 2 - minimumSize.width / 2
            r.size.width = minimumSize.width
        }
        if r.size.height < minimumSize.height {
            r.origin.y = r.origin.y + r.size.height / 2 - minimumSize.height / 2
            r.size.height = minimumSize.height
        }
        return r
    }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}

extension Rect {
    /// The four corners of the standardized rectangle as values, in ``corners``' order: what a
    /// rect conversion carries (Behaviour A1: the corners' bounding box), without the arrays
    /// ``corners`` and ``boundingBox(of:)`` take, since the engine converts rects on its query
    /// paths.
    struct Corners {
        var minMin, maxMin, maxMax, minMax: Point

        init(_ rect: Rect) {
            let r = rect.standardized
            let x0 = r.origin.x, y0 = r.origin.y, x1 = r.origin.x + r.size.width, y1 = r.origin.y + r.size.height
            minMin = Point(x: x0, y: y0); maxMin = Point(x: x1, y: y0)
            maxMax = Point(x: x1, y: y1); minMax = Point(x: x0, y: y1)
        }

        /// Each corner mapped by `map`, in order.
        @inline(__always)
        func mapped(_ map: (Point) -> Point) -> Corners {
            var c = self
            c.minMin = map(minMin); c.maxMin = map(maxMin)
            c.maxMax = map(maxMax); c.minMax = map(minMax)
            return c
        }

        var boundingBox: Rect {
            var box = BoundingBox(minMin)
            box.add(maxMin); box.add(maxMax); box.add(minMax)
            return box.rect
        }
    }
}

/// The smallest rectangle containing the points added to it; a NaN coordinate makes it NaN.
struct BoundingBox {
    var x0: Double, y0: Double, x1: Double, y1: Double
    var sawNaN: Bool

    init(_ first: Point) {
        x0 = first.x; x1 = first.x; y0 = first.y; y1 = first.y
        sawNaN = first.x.isNaN || first.y.isNaN
    }

    mutating func add(_ p: Point) {
        sawNaN = sawNaN || p.x.isNaN || p.y.isNaN
        x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
        y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
    }

    var rect: Rect {
        sawNaN ? Rect(x: .nan, y: .nan, width: .nan, height: .nan) : Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
