/// The X server's event times (32-bit milliseconds) as HitKit timestamps: seconds since the first
/// event the demo saw, from any device. Between events the main loop needs "now" on the same
/// clock to fire HitKit's timers, so the clock also remembers the local monotonic time at the
/// first event.
struct ServerClock {
    /// How far behind the local clock timer ticks stay, so a tick never runs ahead of an event
    /// the server stamped slightly earlier but that arrived later.
    static let tickLag = 0.05

    private var firstServerTime: UInt?
    private var firstLocalTime: ContinuousClock.Instant?

    /// The timestamp of an event the server stamped `serverTime`.
    mutating func seconds(_ serverTime: UInt) -> Double {
        guard let first = firstServerTime else {
            firstServerTime = serverTime
            firstLocalTime = .now
            return 0
        }
        // X times are 32-bit milliseconds that wrap about every 49 days.
        return Double(UInt32(truncatingIfNeeded: serverTime &- first)) / 1000
    }

    /// The time to advance HitKit's clock to when no input comes, or nil before the first event.
    func tickTime(now: ContinuousClock.Instant) -> Double? {
        guard let firstLocalTime else { return nil }
        let elapsed = now - firstLocalTime
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds - Self.tickLag
    }
}
