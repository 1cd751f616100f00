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

/// What the host feeds the application: a timestamp, the touches that changed, and the pointer's
/// state and scroll input when they changed. A touch down but not named is stationary; a frame
/// with no input only moves the clock.
public struct InputFrame: Hashable, Sendable {
    /// Seconds, never decreasing from one frame to the next.
    public var timestamp: Double
    public var touches: [TouchInput]
    /// The pointer's state, when it changed in this frame (Behaviour A8); applied after the touches.
    public var pointer: PointerInput?
    /// Scroll input in this frame (Behaviour A8); applied after the pointer.
    public var scroll: ScrollInput?

    public init(timestamp: Double, touches: [TouchInput] = [], pointer: PointerInput? = nil, scroll: ScrollInput? = nil) {
        self.timestamp = timestamp
        self.touches = touches
        self.pointer = pointer
        self.scroll = scroll
    }
}
