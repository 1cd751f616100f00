/// The application's time: moved only by input frames and `advance(to:)`, never by a wall clock.
final class Clock {
    /// Seconds; starts at 0.
    private(set) var now: Double = 0

    /// Why `time` cannot be the new time, or `nil` when it can.
    func problem(with time: Double) -> InputError.Reason? {
        if !time.isFinite { return .nonFiniteTime }
        if time < now { return .timeWentBackwards(now: now, received: time) }
        return nil
    }

    func move(to time: Double) {
        precondition(time >= now, "HitKit: the clock cannot go back")
        now = time
    }
}
