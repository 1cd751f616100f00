/// Behaviour A6.2's formulas on one axis, each in the contract's order of operations, so that a
/// value HitKit shows is the one a test (or a hand derivation) gets from the written formula.
///
/// Notation as in A6.2: F is where the zoom view's bounds origin shows in the content (its frame
/// origin), b the origin of its bounds, s the scale, o the content offset, and a *visible* point
/// is a point of the scroll view minus o.
enum ZoomMath {
    /// How long (seconds) an offset a pinch left out of range takes to ease back in.
    static let settleDuration = 0.2
    /// How long (seconds) `zoom(to:animated: true)` at the scale shown takes to scroll.
    static let scrollDuration = 0.1

    /// The point of the zoom view shown at visible `point`: c = b + (P + o − F)/s.
    static func anchor(shownAt point: Double, offset: Double, origin: Double, boundsOrigin: Double,
                       scale: Double) -> Double {
        boundsOrigin + (point + offset - origin) / scale
    }

    /// The offset that shows `anchor` at visible `point` at `scale`: o = F + s·(c − b) − P.
    static func offset(showing anchor: Double, at point: Double, origin: Double, boundsOrigin: Double,
                       scale: Double) -> Double {
        origin + scale * (anchor - boundsOrigin) - point
    }

    /// ρ: a raw pinch scale shown within the limits — with `bounces`, stretched past them as
    /// max·(2 − max/raw) above and min/(2 − raw/min) below; without, clamped.
    static func limited(_ raw: Double, minimum: Double, maximum: Double, bounces: Bool) -> Double {
        guard bounces else { return Swift.min(Swift.max(raw, minimum), maximum) }
        if raw > maximum { return maximum * (2 - maximum / raw) }
        if raw < minimum { return minimum / (2 - raw / minimum) }
        return raw
    }

    /// The pinch's reference distance D₀′ = D₀ + threshold·sign(D_b − D₀): the zoom starts from
    /// the distance the fingers had when the pinch began, less the threshold they crossed.
    static func referenceDistance(start: Double, began: Double, threshold: Double) -> Double {
        let sign: Double = began > start ? 1 : began < start ? -1 : 0
        return start + threshold * sign
    }

    /// A bounce's or an animated zoom's duration: min(0.1 + 0.3·|ln s − ln s_t|, 0.4) seconds.
    static func duration(from scale: Double, to target: Double) -> Double {
        Swift.min(0.1 + 0.3 * Swift.abs(MotionMath.naturalLog(scale) - MotionMath.naturalLog(target)), 0.4)
    }
}
