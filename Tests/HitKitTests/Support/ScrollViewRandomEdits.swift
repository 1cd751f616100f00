@testable import HitKit

/// Random changes a host or a delegate makes to a scroll view while it moves or zooms, for the
/// property tests of motion and zooming.
extension ScrollView {
    /// A new frame, 250 to 550 points each way from the origin (so its bounds shrink or grow), or
    /// an offset within the content as it is then.
    func resizeOrMoveAtRandom(using rng: inout SplitMix64) {
        if rng.chance(0.5) {
            frame = Rect(0, 0, Double.random(in: 250...550, using: &rng).rounded(),
                         Double.random(in: 250...550, using: &rng).rounded())
        } else {
            let limit = maximumContentOffset
            contentOffset = Point(Double.random(in: 0...limit.x, using: &rng).rounded(),
                                  Double.random(in: 0...limit.y, using: &rng).rounded())
        }
    }

    /// A new content size one time in three, else what ``resizeOrMoveAtRandom(using:)`` does.
    func editAtRandom(using rng: inout SplitMix64) {
        guard rng.chance(1.0 / 3) else { return resizeOrMoveAtRandom(using: &rng) }
        contentSize = Size(width: [300.0, 400, 1200, 5000].randomElement(using: &rng)!,
                           height: [350.0, 800, 3000, 20_000].randomElement(using: &rng)!)
    }
}
