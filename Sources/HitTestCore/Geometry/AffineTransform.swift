/// A 2-D affine transform in the CoreGraphics convention (`CGAffineTransform`):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable, BitwiseCopyable {
    /// The factor of `x` in `x'` (the x scale when `b` and `c` are 0).
    public var a: Double
    /// The factor of `x` in `y'`.
    public var b: Double
    /// The factor of `y` in `x'`.
    public var c: Double
    /// The factor of `y` in `y'` (the y scale when `b` and `c` are 0).
    public var d: Double
    /// The term added to `x'`: the translation along x.
    public var tx: Double
    /// The term added to `y'`: the translation along y.
    public var ty: Double

    /// A transform with these entries, in `CGAffineTransform(a:b:c:d:tx:ty:)`'s order and meaning.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that maps every point to itself: `(1, 0, 0, 1, 0, 0)`.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A rotation by `angle` radians: `(cos θ, sin θ, −sin θ, cos θ, 0, 0)`.
    public init(rotationAngle angle: Double) {
        let cosine = angle.cosineValue, sine = angle.sineValue
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// A scale by `sx` along x and `sy` along y about the origin: `(sx, 0, 0, sy, 0, 0)`.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation by `x` and `y`: `(1, 0, 0, 1, x, y)`.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Whether every entry equals ``identity``'s (`-0` counts as `0`; a NaN entry never matches).
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `a·d − b·c`: zero for a transform that flattens the plane, which ``inverted()`` then refuses
    /// (a product that only underflows to zero, or overflows, is not: ``inverted()`` rescales).
    @inlinable public var determinant: Double { a * d - b * c }

    /// Whether every entry is finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, evaluated in exactly this order by every
    /// caller in HitKit so that the engine and the reference round alike.
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The inverse, or `nil` when there is none usable: a singular matrix (a zero determinant at
    /// every scale), a non-finite entry, or an inverse whose entries overflow (Behaviour A1: such
    /// a view is unhittable).
    public func inverted() -> AffineTransform? {
        guard isFinite else { return nil }
        let det = determinant
        guard det != 0, det.isFinite else { return invertedRescaled() }
        let inverse = AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// The inverse where `a·d − b·c` overflowed or underflowed though the matrix may be
    /// invertible (`1e200` or `1e-200` on the diagonal): worked out on the linear part scaled by
    /// a power of two to magnitude about 1, which is exact, then scaled back. Where the
    /// determinant neither overflows nor underflows this is never reached, so ordinary
    /// transforms round exactly as ``inverted()`` always did.
    private func invertedRescaled() -> AffineTransform? {
        let largest = Swift.max(Swift.abs(a), Swift.abs(b), Swift.abs(c), Swift.abs(d))
        guard largest > 0 else { return nil }
        let k = largest.exponent
        func scaled(_ x: Double, by exponent: Int) -> Double { Double(sign: .plus, exponent: exponent, significand: x) }
        let a1 = scaled(a, by: -k), b1 = scaled(b, by: -k), c1 = scaled(c, by: -k), d1 = scaled(d, by: -k)
        let det = a1 * d1 - b1 * c1
        guard det != 0, det.isFinite else { return nil }
        // M = 2^k·M₁, so M⁻¹ = 2^−k·M₁⁻¹, and the translation's inverse likewise.
        let inverse = AffineTransform(
            a: scaled(d1 / det, by: -k), b: scaled(-b1 / det, by: -k),
            c: scaled(-c1 / det, by: -k), d: scaled(a1 / det, by: -k),
            tx: scaled((c1 * ty - d1 * tx) / det, by: -k), ty: scaled((b1 * tx - a1 * ty) / det, by: -k))
        return inverse.isFinite ? inverse : nil
    }

    /// `self` followed by `other` (as `CGAffineTransform.concatenating`): applying the result
    /// equals applying `self`, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }
}

extension AffineTransform: CustomStringConvertible {
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
