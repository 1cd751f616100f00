/// The touches of one input frame (UIKit's `UIEvent` of type touches).
public final class Event {
    /// When the frame happened.
    public private(set) var timestamp: Double
    /// Every touch down, stationary ones included, and those that end in this event.
    public private(set) var allTouches: Set<Touch>
    /// The pointer's buttons and modifier keys in this frame (Behaviour A8, see Event+Pointer).
    var pointerState = PointerEventState()

    init(timestamp: Double, allTouches: Set<Touch>) {
        self.timestamp = timestamp
        self.allTouches = allTouches
    }

    /// The dispatcher's registry version at which ``allTouches`` was filled with just the
    /// touches down, while it still holds them; else `nil` (see ``refill(timestamp:version:_:)``).
    private(set) var filledVersion: Int?

    /// Refills a recycled event (the dispatcher reuses an event nobody else holds). `version`
    /// is the registry's when the fill is the touches down and nothing else: an event already
    /// filled at that version keeps its touches, which are the same ones.
    func refill(timestamp: Double, version: Int?, _ fill: (inout Set<Touch>) -> Void) {
        self.timestamp = timestamp
        if let version, version == filledVersion { return }
        allTouches.empty()
        fill(&allTouches)
        filledVersion = version
    }

    /// Empties a recycled event between frames, so it does not keep ended touches alive.
    func removeTouches() {
        allTouches.empty()
        filledVersion = nil
    }

    /// The touches whose hit-test view is `view`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The touches in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }

    /// The touches delivered to `recognizer`.
    public func touches(for recognizer: GestureRecognizer) -> Set<Touch> {
        allTouches.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
    }
}
