// When the application next needs the host to move time on (a C toolkit's `hk_app_next_deadline`).

extension Application {
    /// When the earliest pending timer is due, in the application's time, or `nil` when none is
    /// pending: a host may sleep until then (or the next input) instead of waking every frame.
    public var nextTimerDueTime: Double? { timers.nextDue }
}
