/// `setContentOffset(_:animated: true)`'s path on one axis (Behaviour A6.1): from `start` to `end`
/// over ``duration`` with cubic ease-in-out.
struct EasedCurve: Equatable, Sendable {
    static let duration = 0.3

    var start: Double
    var end: Double

    func position(at s: Double) -> Double {
        guard s < Self.duration else { return end }
        let p = Swift.max(0, s / Self.duration)
        let eased: Double
        if p < 0.5 {
            eased = 4 * p * p * p
        } else {
            let q = 2 - 2 * p
            eased = 1 - q * q * q / 2
        }
        return start + (end - start) * eased
    }
}
