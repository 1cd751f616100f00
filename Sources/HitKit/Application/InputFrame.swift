/// What the host feeds the application: a timestamp, the touches that changed, and the pointer's
/// state, scroll input and touchpad gesture when they changed. A touch down but not named is stationary; a frame
/// with no input only moves the clock.
public struct InputFrame: Hashable, Sendable {
    /// Seconds, never decreasing from one frame to the next.
    public var timestamp: Double
    /// The fingers that changed in this frame, each named at most once (Behaviour A3); applied first.
    public var touches: [TouchInput]
    // The optional inputs are declared `Optional<…>`, not `T?`, which starts a stored var as an
    // implicit `nil`: with it, the initializer below compiles to a frame built twice and copied,
    // about 220 instructions of every frame a Swift host sends (the benchmark fails a row that
    // makes the copy: `CallgrindRun.unwantedCopies`).
    /// The pointer's state, when it changed in this frame (Behaviour A8); applied after the touches.
    public var pointer: Optional<PointerInput>
    /// Scroll input in this frame (Behaviour A8); applied after the pointer.
    public var scroll: Optional<ScrollInput>
    /// A touchpad pinch, rotate or hold step (Behaviour A9); applied after the keys.
    public var touchpadGesture: Optional<TouchpadGestureInput>
    /// Key events, in order (Behaviour A10); applied after the scroll, before the touchpad gesture.
    public var keys: [KeyInput]

    // Inlinable: a host builds a frame for every event, and across the module boundary each of
    // its arrays and inputs would be copied in and the caller's released.
    /// A frame at `timestamp`, in seconds. Every input defaults to none: `InputFrame(timestamp:)`
    /// only moves the clock.
    @inlinable
    public init(timestamp: Double, touches: [TouchInput] = [], pointer: PointerInput? = nil, scroll: ScrollInput? = nil,
                touchpadGesture: TouchpadGestureInput? = nil, keys: [KeyInput] = []) {
        self.timestamp = timestamp
        self.touches = touches
        self.pointer = pointer
        self.scroll = scroll
        self.touchpadGesture = touchpadGesture
        self.keys = keys
    }
}

/// Why an input was rejected (Behaviour A3): each rejected touch is named; the rest of its frame was
/// delivered normally, and the application's state is as if the rejected input never came.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One rejected input.
    public struct Rejection: Hashable, Sendable, CustomStringConvertible {
        /// The finger id (the pointer's for pointer input), or `nil` for a frame without touches
        /// (a bad time) and for scroll and touchpad gesture input.
        public var touchID: Int?
        /// What was wrong with the input.
        public var reason: Reason

        /// A rejection of finger `touchID`'s input (`nil`: input that names no finger) for `reason`.
        public init(touchID: Int?, reason: Reason) {
            self.touchID = touchID
            self.reason = reason
        }

        public var description: String {
            touchID.map { "touch \($0): \(reason)" } ?? "\(reason)"
        }
    }

    /// What was wrong.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A began for a finger that is already down (or for the id of the pointer's click).
        case duplicateBegan
        /// A began under the id of the pointer on the screen, a button held or not: fingers and
        /// the pointer share one id space, and the pointer came first (Behaviour A8).
        case idOfThePointer
        /// A moved, ended, cancelled or stationary for a finger that is not down.
        case unknownTouch
        /// The finger was already named earlier in the same frame.
        case repeatedInFrame
        /// A began, moved or ended without a location.
        case missingLocation
        /// A NaN or infinite location.
        case nonFiniteLocation
        /// The frame's time is before the application's clock: the whole frame is rejected.
        case timeWentBackwards(now: Double, received: Double)
        /// A NaN or infinite time: the whole frame is rejected.
        case nonFiniteTime
        /// The frame (or `advance(to:)`) came from inside a delivery — a touch method, an action,
        /// a delegate or a timer that a frame, or a call such as a removal, runs — whose steps it
        /// would interleave with, or from a hit-test override that a hit test runs: the whole
        /// frame is rejected. Send it once the call that is delivering has returned.
        case sentDuringDelivery
        /// Bad high-rate input: a sample after the frame, out of order or not finite, or a
        /// negative force or radius (Behaviour A3).
        case invalidSample(SampleProblem)
        /// The frame's pointer state was bad (Behaviour A8); `touchID` is the pointer's id.
        case pointer(PointerProblem)
        /// The frame's scroll input was bad (Behaviour A8); `touchID` is `nil`.
        case scroll(ScrollProblem)
        /// The frame's touchpad gesture was bad (Behaviour A9); `touchID` is `nil`.
        case touchpad(TouchpadProblem)
        /// A key event was bad (Behaviour A10); `touchID` is `nil`.
        case key(KeyProblem)

        public var description: String {
            switch self {
            case .duplicateBegan: "began, but the finger is already down"
            case .idOfThePointer: "began under the id of the pointer on the screen"
            case .unknownTouch: "the finger is not down"
            case .repeatedInFrame: "the finger is named twice in one frame"
            case .missingLocation: "no location"
            case .nonFiniteLocation: "the location is not finite"
            case .timeWentBackwards(let now, let received): "time went backwards from \(now) to \(received)"
            case .nonFiniteTime: "the time is not finite"
            case .sentDuringDelivery: "sent from inside a delivery"
            case .invalidSample(let problem): "\(problem)"
            case .pointer(let problem): problem.description
            case .scroll(let problem): problem.description
            case .touchpad(let problem): problem.description
            case .key(let problem): problem.description
            }
        }

        /// Whether the frame was rejected whole: nothing of it was delivered.
        public var rejectsWholeFrame: Bool {
            switch self {
            case .timeWentBackwards, .nonFiniteTime, .sentDuringDelivery: true
            default: false
            }
        }
    }

    /// The rejected inputs, in the order they were checked: the touches, the pointer and scroll,
    /// the keys, then the touchpad gesture. A frame rejected whole has one per touch it named, or a
    /// single one with no finger.
    public var rejections: [Rejection]
    /// What the frame did besides (its delivery goes on past bad input): what
    /// ``Application/send(_:)`` would have returned.
    public var outcome = FrameOutcome()

    /// An error listing `rejections`, with an empty ``outcome``.
    public init(rejections: [Rejection]) {
        self.rejections = rejections
    }

    public var description: String {
        rejections.map(\.description).joined(separator: "; ")
    }
}
