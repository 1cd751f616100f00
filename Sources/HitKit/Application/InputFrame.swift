/// One finger's change in an input frame.
public struct TouchInput: Hashable, Sendable {
    /// The finger's id, unique among the fingers down.
    public var id: Int
    /// `began`, `moved`, `ended` or `cancelled` (`stationary` is accepted and changes nothing).
    public var phase: Touch.Phase
    /// Where the finger is, in screen coordinates. Required except for `cancelled` and
    /// `stationary`, where `nil` means "where it was".
    public var location: Point?

    // High-rate input (Behaviour A3; see TouchSample.swift).
    /// The device's reports since the last frame, oldest first; the last one is at ``location``.
    /// Empty: the frame's location at the frame's time is the only report.
    public var samples: [TouchSample] = []
    /// Where the device predicts the finger will be after the frame (HitKit predicts nothing).
    public var predictedSamples: [TouchSample] = []
    /// The pressure (≥ 0), for samples that give none; `nil`: the touch keeps its last value.
    public var force: Double?
    /// The contact radius in points (≥ 0), for samples that give none; `nil`: as for ``force``.
    public var majorRadius: Double?
    /// The device's highest force (≥ 0); `nil`: the touch keeps its last value.
    public var maximumPossibleForce: Double?
    /// How far (points, ≥ 0) the contact radius may be off; `nil`: the touch keeps its last value.
    public var majorRadiusTolerance: Double?

    public init(id: Int, phase: Touch.Phase, location: Point?) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// What the host feeds the application: a timestamp, the touches that changed, and the pointer's
/// state, scroll input and touchpad gesture when they changed. A touch down but not named is stationary; a frame
/// with no input only moves the clock.
public struct InputFrame: Hashable, Sendable {
    /// Seconds, never decreasing from one frame to the next.
    public var timestamp: Double
    public var touches: [TouchInput]
    /// The pointer's state, when it changed in this frame (Behaviour A8); applied after the touches.
    public var pointer: PointerInput?
    /// Scroll input in this frame (Behaviour A8); applied after the pointer.
    public var scroll: ScrollInput?
    /// A touchpad pinch, rotate or hold step (Behaviour A9); applied after the scroll.
    public var touchpadGesture: TouchpadGestureInput?

    public init(timestamp: Double, touches: [TouchInput] = [], pointer: PointerInput? = nil, scroll: ScrollInput? = nil,
                touchpadGesture: TouchpadGestureInput? = nil) {
        self.timestamp = timestamp
        self.touches = touches
        self.pointer = pointer
        self.scroll = scroll
        self.touchpadGesture = touchpadGesture
    }
}
