import HitKit

/// Turns the X pointer's left button into HitKit fingers: press = began, motion with the
/// button down = moved, release = ended, one new touch id per press.
///
/// Timestamps are the X server's event times (milliseconds) in seconds since the first pointer
/// event. Between events the main loop needs "now" on the same clock to fire HitKit's timers,
/// so the translator also remembers the local monotonic time at the first event.
struct PointerTranslator {
    /// How far behind the local clock timer ticks stay, so a tick never runs ahead of an event
    /// the server stamped slightly earlier but that arrived later.
    static let tickLag = 0.05

    private var firstServerTime: UInt?
    private var firstLocalTime: ContinuousClock.Instant?
    private var nextTouchID = 1
    private var activeTouchID: Int?

    mutating func press(at point: Point, serverTime: UInt) -> InputFrame? {
        guard activeTouchID == nil else { return nil }
        let id = nextTouchID
        nextTouchID += 1
        activeTouchID = id
        return InputFrame(timestamp: timestamp(serverTime), touches: [TouchInput(id: id, phase: .began, location: point)])
    }

    mutating func drag(to point: Point, serverTime: UInt) -> InputFrame? {
        guard let id = activeTouchID else { return nil }
        return InputFrame(timestamp: timestamp(serverTime), touches: [TouchInput(id: id, phase: .moved, location: point)])
    }

    mutating func release(at point: Point, serverTime: UInt) -> InputFrame? {
        guard let id = activeTouchID else { return nil }
        activeTouchID = nil
        return InputFrame(timestamp: timestamp(serverTime), touches: [TouchInput(id: id, phase: .ended, location: point)])
    }

    /// The time to advance HitKit's clock to when no input comes, or nil before the first event.
    func tickTime(now: ContinuousClock.Instant) -> Double? {
        guard let firstLocalTime else { return nil }
        let elapsed = now - firstLocalTime
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return seconds - Self.tickLag
    }

    private mutating func timestamp(_ serverTime: UInt) -> Double {
        guard let first = firstServerTime else {
            firstServerTime = serverTime
            firstLocalTime = .now
            return 0
        }
        // X times are 32-bit milliseconds that wrap about every 49 days.
        return Double(UInt32(truncatingIfNeeded: serverTime &- first)) / 1000
    }
}
