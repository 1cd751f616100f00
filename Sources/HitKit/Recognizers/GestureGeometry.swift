// Small vector helpers for the built-in recognizers (window coordinates).

func distance(_ a: Point, _ b: Point) -> Double {
    let dx = a.x - b.x, dy = a.y - b.y
    return (dx * dx + dy * dy).squareRoot()
}

func difference(_ a: Point, _ b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }

func length(_ v: Point) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

/// The first two touches of `touches` still down (or ending in this frame), in began order.
func firstTwo(_ touches: [Touch]) -> (Touch, Touch)? {
    guard touches.count >= 2 else { return nil }
    return (touches[0], touches[1])
}

/// `angle` brought into (−π, π].
func normalizedAngle(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
    if a <= -.pi { a += 2 * .pi }
    if a > .pi { a -= 2 * .pi }
    return a
}

extension GestureRecognizer {
    /// A vector (not a point) in window coordinates, expressed in `view`'s coordinates.
    func vector(_ v: Point, fromWindowTo view: View?) -> Point {
        guard let view else { return v }
        return difference(view.convert(v, from: nil), view.convert(Point.zero, from: nil))
    }

    /// A vector in `view`'s coordinates, expressed in window coordinates.
    func vector(_ v: Point, toWindowFrom view: View?) -> Point {
        guard let view else { return v }
        return difference(view.convert(v, to: nil), view.convert(Point.zero, to: nil))
    }
}
