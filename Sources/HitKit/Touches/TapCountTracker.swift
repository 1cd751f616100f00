/// Behaviour A3's `tapCount`: a touch that begins soon after, and near where, the previous touch on
/// the same view ended continues its count.
final class TapCountTracker {
    private struct LastTap {
        /// Linked by id, not weakly (a weak reference would slow every retain of the view).
        let view: ViewLink<View>
        let endTime: Double
        let location: Point
        let tapCount: Int
    }

    // Fenced (``ExclusivityFence``): only the tracker's own methods touch it, and none calls out
    // while it does.
    #if HITKIT_INTERNAL_CHECKS
    private var lastTaps: [IdentityKey: LastTap] = [:]
    #else
    @exclusivity(unchecked) private var lastTaps: [IdentityKey: LastTap] = [:]
    #endif
    /// The count past which the next lift drops the entries of freed views.
    private var pruneAt = 32

    /// How many views' last taps are kept (freed views' included until the next pruning).
    var entryCount: Int { lastTaps.count }

    /// The tap count of a touch beginning on `view` at `time` and screen `location`.
    func tapCount(on view: View?, at time: Double, location: Point,
                  maximumInterval: Double, maximumDistance: Double) -> Int {
        guard let view, let last = lastTaps[IdentityKey(view)], last.view.object === view else { return 1 }
        // Measured in the window's points, as every allowance is (a scaled window is not the screen).
        let near: Bool
        if let window = view.window {
            near = !DistanceLimit.exceeds(distance(window.convertFromScreen(location), window.convertFromScreen(last.location)), maximumDistance)
        } else {
            near = !DistanceLimit.exceeds(distance(location, last.location), maximumDistance)
        }
        let soon = !Clock.hasPassed(time, last.endTime + maximumInterval)
        return soon && near ? last.tapCount + 1 : 1
    }

    /// Records a touch that ended (lifted) on its view.
    func touchEnded(_ touch: Touch, at time: Double) {
        guard let view = touch.view else { return }
        forgetStaleEntries()
        lastTaps[IdentityKey(view)] = LastTap(view: ViewLink(view), endTime: time, location: touch.screenLocation,
                                                   tapCount: touch.tapCount)
    }

    /// A cancelled touch breaks the sequence on its view.
    func touchCancelled(_ touch: Touch) {
        guard let view = touch.view else { return }
        lastTaps[IdentityKey(view)] = nil
    }

    /// Drops entries of freed views, so the table never grows past twice the live views tapped.
    private func forgetStaleEntries() {
        guard lastTaps.count > pruneAt else { return }
        lastTaps = lastTaps.filter { $0.value.view.object != nil }
        // Doubling what is left keeps the filter's cost constant per touch, however many live
        // views have been tapped (filtering at every lift past a fixed count was linear in them).
        pruneAt = Swift.max(32, 2 * lastTaps.count)
    }
}
