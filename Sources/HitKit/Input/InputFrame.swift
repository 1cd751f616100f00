/// One finger's change in an input frame.
public struct TouchInput: Hashable, Sendable {
    /// The finger's id, unique among the fingers down.
    public var id: Int
    /// `began`, `moved`, `ended` or `cancelled` (`stationary` is accepted and changes nothing).
    public var phase: Touch.Phase
    /// Where the finger is, in screen coordinates. Required except for `cancelled` and
    /// `stationary`, where `nil` means "where it was".
    public var location: Point?

    public init(id: Int, phase: Touch.Phase, location: Point?) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// What the host feeds the application: a timestamp and the touches that changed. A touch down
/// but not named is stationary; a frame with no touches only moves the clock.
public struct InputFrame: Hashable, Sendable {
    /// Seconds, never decreasing from one frame to the next.
    public var timestamp: Double
    public var touches: [TouchInput]

    public init(timestamp: Double, touches: [TouchInput] = []) {
        self.timestamp = timestamp
        self.touches = touches
    }
}
