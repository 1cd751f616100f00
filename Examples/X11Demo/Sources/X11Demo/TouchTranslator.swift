import HitKit

/// Turns XI 2 touch events into HitKit fingers (Behaviour A3). The server gives each touch an id
/// unique among those down and its position in window coordinates (already scaled from the
/// device's valuator range onto the screen), so a touch is a `TouchInput` with that id: begin →
/// `began`, update → `moved`, end → `ended`.
///
/// The server reports the fingers of one device frame as separate events with the same time; the
/// translator gathers them into one input frame, as a touch screen's frame is one moment.
struct TouchTranslator {
    private var down: Set<UInt32> = []
    private var pending: InputFrame?
    private var pendingServerTime: UInt = 0

    /// Adds one touch event. Returns the frame gathered so far when this event starts a new one
    /// (another time, or a finger the pending frame already holds).
    mutating func add(_ phase: XInput2.Phase, id: UInt32, at location: Point, serverTime: UInt,
                      time: Double) -> InputFrame? {
        let touchPhase: Touch.Phase
        switch phase {
        case .begin:
            guard down.insert(id).inserted else { return nil }
            touchPhase = .began
        case .update:
            guard down.contains(id) else { return nil }
            touchPhase = .moved
        case .end:
            guard down.remove(id) != nil else { return nil }
            touchPhase = .ended
        }
        let touch = TouchInput(id: Int(id), phase: touchPhase, location: location)
        if var frame = pending, pendingServerTime == serverTime, !frame.touches.contains(where: { $0.id == touch.id }) {
            frame.touches.append(touch)
            pending = frame
            return nil
        }
        let finished = pending
        pending = InputFrame(timestamp: time, touches: [touch])
        pendingServerTime = serverTime
        return finished
    }

    /// The frame gathered so far, to send before any other input or once the queue is drained.
    mutating func flush() -> InputFrame? {
        defer { pending = nil }
        return pending
    }
}
