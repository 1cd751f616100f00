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
