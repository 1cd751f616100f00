/// A random change that a handler (a delegate, a press handler, an action) makes from inside its
/// call, for the property tests: each run draws from the effect's own stream, and a run never
/// starts inside another, since the change may call the same handler again.
final class SideEffect {
    private var change: ((inout SplitMix64) -> Void)?
    private var rng: SplitMix64
    private var running = false

    init(seed: UInt64, _ change: @escaping (inout SplitMix64) -> Void) {
        rng = SplitMix64(seed: seed)
        self.change = change
    }

    /// Makes the change, unless one is under way or the effect was cancelled; returns whether
    /// it ran.
    @discardableResult
    func run() -> Bool {
        guard let change, !running else { return false }
        running = true
        change(&rng)
        running = false
        return true
    }

    /// Lets go of the change and what it holds (a stream that holds its effects).
    func cancel() {
        change = nil
    }
}
