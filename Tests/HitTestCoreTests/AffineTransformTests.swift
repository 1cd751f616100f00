#if canImport(Glibc)
import Glibc  // sin and cos, the same C functions the engine calls
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import HitTestCore

/// Behaviour A1: affine transforms in the CoreGraphics convention.
@Suite("AffineTransform")
struct AffineTransformTests {
    static let general = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)

    @Test("apply computes x' = a·x + c·y + tx and y' = b·x + d·y + ty")
    func applyConvention() {
        #expect(Self.general.apply(to: Point(1, 10)) == Point(2 + 50 + 11, 3 + 70 + 13))
        #expect(Self.general.apply(to: .zero) == Point(11, 13))
        #expect(AffineTransform.identity.apply(to: Point(-4.5, 8)) == Point(-4.5, 8))
    }

    @Test("the convenience constructors", arguments: [0.0, 0.3, -1.2, Double.pi / 2, Double.pi])
    func rotationConstructor(angle: Double) {
        let r = AffineTransform(rotationAngle: angle)
        #expect(r.a == cos(angle) && r.b == sin(angle) && r.c == -sin(angle) && r.d == cos(angle))
        #expect(r.tx == 0 && r.ty == 0)
    }

    @Test("a quarter turn maps the x axis onto the y axis (y down: clockwise on screen)")
    func quarterTurnDirection() {
        let r = AffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(r.apply(to: Point(1, 0)), Point(0, 1)))
        #expect(isClose(r.apply(to: Point(0, 1)), Point(-1, 0)))
    }

    @Test func scaleAndTranslation() {
        #expect(AffineTransform(scaleX: 2, y: 3) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(AffineTransform(translationX: 4, y: -5) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 4, ty: -5))
        #expect(AffineTransform.identity.isIdentity)
        #expect(!AffineTransform(translationX: 0, y: 1).isIdentity)
        #expect(Self.general.determinant == 2 * 7 - 3 * 5)
    }

    @Test("inversion: worked by hand for a determinant of −1, and a round trip")
    func inversion() throws {
        let inverse = try #require(Self.general.inverted())
        #expect(inverse == AffineTransform(a: -7, b: 3, c: 5, d: -2, tx: 12, ty: -7))
        for p in [Point(1, 10), Point(-3, 0.5), Point(0, 0)] {
            #expect(inverse.apply(to: Self.general.apply(to: p)) == p)
        }
        let scale = try #require(AffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 10, ty: 20).inverted())
        #expect(scale == AffineTransform(a: 0.5, b: -0.0, c: -0.0, d: 0.25, tx: -5, ty: -5))
        #expect(AffineTransform.identity.inverted() == .identity)
    }

    @Test("a transform with no usable inverse gives nil", arguments: [
        AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),            // determinant 0
        AffineTransform(scaleX: 0, y: 1),
        AffineTransform(scaleX: 0, y: 0),
        AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: .nan),
        AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        AffineTransform(a: Double.leastNormalMagnitude / 16, b: 0, c: 0, d: 1, tx: 0, ty: 0),  // the inverse overflows
    ])
    func noInverse(transform: AffineTransform) {
        #expect(transform.inverted() == nil)
    }

    @Test("a determinant that overflows or underflows, of an invertible matrix, still inverts, exactly where a power of two scales")
    func inversionPastTheDeterminantsRange() throws {
        // a·d is 1e400 or 1e-400, out of a double's range; the inverses are representable.
        // Within two of a double's steps of the exact quotients (two roundings each).
        func near(_ x: Double, _ exact: Double) -> Bool { Swift.abs(x - exact) <= 2 * exact.ulp }
        let huge = try #require(AffineTransform(a: 1e200, b: 0, c: 0, d: 1e200, tx: 3e200, ty: -1e200).inverted())
        #expect(near(huge.a, 1 / 1e200) && near(huge.d, 1 / 1e200) && huge.b == 0 && huge.c == 0)
        #expect(near(huge.tx, -3) && near(huge.ty, 1))
        let tiny = try #require(AffineTransform(a: 1e-200, b: 0, c: 0, d: 1e-200, tx: 0, ty: 0).inverted())
        #expect(near(tiny.a, 1 / 1e-200) && near(tiny.d, 1 / 1e-200) && tiny.b == 0 && tiny.c == 0)
        // Powers of two scale exactly: the inverse of 2^600 turned a quarter is 2^−600 turned back.
        let p = 0x1p600
        let turned = try #require(AffineTransform(a: 0, b: p, c: -p, d: 0, tx: 0, ty: 0).inverted())
        #expect(turned == AffineTransform(a: 0, b: -0x1p-600, c: 0x1p-600, d: 0, tx: 0, ty: 0))
        // A matrix singular at any scale stays without an inverse.
        #expect(AffineTransform(a: 1e200, b: 2e200, c: 2e200, d: 4e200, tx: 0, ty: 0).inverted() == nil)
        #expect(AffineTransform(a: 1e-200, b: 2e-200, c: 2e-200, d: 4e-200, tx: 0, ty: 0).inverted() == nil)
    }

    @Test("a.concatenating(b) applies a, then b (CGAffineTransformConcat)")
    func concatenationOrder() {
        let move = AffineTransform(translationX: 10, y: 0), double = AffineTransform(scaleX: 2, y: 2)
        #expect(move.concatenating(double).apply(to: Point(1, 1)) == Point(22, 2))
        #expect(double.concatenating(move).apply(to: Point(1, 1)) == Point(12, 2))
    }

    @Test("concatenation entries, worked by hand, and agreement with applying one after the other")
    func concatenationEntries() {
        let second = AffineTransform(a: 17, b: 19, c: 23, d: 29, tx: 31, ty: 37)
        let both = Self.general.concatenating(second)
        #expect(both == AffineTransform(a: 103, b: 125, c: 246, d: 298, tx: 517, ty: 623))
        for p in [Point(1, 2), Point(-3, 5), Point(0, 0)] {
            #expect(both.apply(to: p) == second.apply(to: Self.general.apply(to: p)))
        }
        #expect(Self.general.concatenating(.identity) == Self.general)
        #expect(AffineTransform.identity.concatenating(Self.general) == Self.general)
    }

    @Test("a transform followed by its inverse is the identity")
    func inverseConcatenation() throws {
        let t = AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(translationX: 3, y: -8))
        let product = t.concatenating(try #require(t.inverted()))
        for p in [Point(5, 5), Point(-100, 40)] {
            #expect(isClose(product.apply(to: p), p))
        }
    }
}
