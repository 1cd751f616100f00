/// Recognizes a quick straight stroke (UIKit's `UISwipeGestureRecognizer`; Behaviour A4). Discrete:
/// recognized when the touches' centroid has travelled ``minimumDistance`` in an allowed
/// ``direction`` within ``maximumDuration``, while its travel across that direction stays under
/// half its travel along it. It fails when the stroke is too slow, goes the wrong way, has the
/// wrong number of fingers, or lifts first.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// Directions of a swipe (window coordinates: y grows downwards).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Towards greater x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards smaller x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards smaller y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards greater y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    open override class var isDiscrete: Bool { true }

    /// Each single direction with its unit vector, in the order they are tried (a constant
    /// table: a move allocates no list).
    private static let units: [(direction: Direction, vector: Point)] =
        [(.right, Point(1, 0)), (.left, Point(-1, 0)), (.up, Point(0, -1)), (.down, Point(0, 1))]

    /// The allowed directions (default right).
    public var direction: Direction {
        get { settings.direction }
        set { settings.direction = newValue }
    }
    /// Fingers needed (default 1).
    public var numberOfTouchesRequired: Int {
        get { settings.numberOfTouchesRequired }
        set { settings.numberOfTouchesRequired = newValue }
    }
    /// How far (points, window coordinates) the stroke must go (default 50).
    public var minimumDistance: Double {
        get { settings.minimumDistance }
        set { settings.minimumDistance = newValue }
    }
    /// How long (seconds) the stroke may take from the first touch (default 0.5).
    public var maximumDuration: Double {
        get { settings.maximumDuration }
        set { settings.maximumDuration = newValue }
    }

    /// The settings every touch reads (``Settings``).
    // Fenced (``ExclusivityFence``): written only by their accessors, one field at a time.
    #if HITKIT_INTERNAL_CHECKS
    private var settings = Settings()
    #else
    @exclusivity(unchecked) private var settings = Settings()
    #endif

    private struct Settings {
        var direction: Direction = .right
        var numberOfTouchesRequired = 1
        var minimumDistance = 50.0
        var maximumDuration = 0.5
    }

    /// The state of the gesture under way, reset with it.
    private struct Progress {
        var fingersDown = 0
        var start: Point?
        var startTime = 0.0
    }
    // Fenced (``ExclusivityFence``): only this class's touch methods, timers and reset change it.
    #if HITKIT_INTERNAL_CHECKS
    private var progress = Progress()
    #else
    @exclusivity(unchecked) private var progress = Progress()
    #endif

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard requestedState == .possible else { return }
        if progress.fingersDown == 0 && progress.start == nil {
            progress.startTime = currentTime
            schedule(after: maximumDuration) {
                $0.traceTimer(($0 as? SwipeGestureRecognizer)?.maximumDuration ?? 0, "passed before the swipe", named: "maximumDuration")
                $0.failIfPossible()
            }
        }
        progress.fingersDown += touches.count
        if progress.fingersDown > numberOfTouchesRequired {
            traceTooManyFingers(progress.fingersDown, limit: numberOfTouchesRequired, named: "numberOfTouchesRequired")
            return failIfPossible()
        }
        // The stroke is measured from where all its fingers are down.
        if progress.fingersDown == numberOfTouchesRequired { progress.start = location(in: nil) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        judgeTravel()
    }

    /// Recognizes once the stroke has travelled far enough in an allowed direction, and fails
    /// once it has travelled as far any other way.
    private func judgeTravel() {
        guard requestedState == .possible, let start = progress.start,
              progress.fingersDown == numberOfTouchesRequired else { return }
        if Clock.hasPassed(currentTime, progress.startTime + maximumDuration) { return failIfPossible() }
        let travel = difference(location(in: nil), start)
        for unit in Self.units where direction.contains(unit.direction) {
            let unit = unit.vector
            let along = travel.x * unit.x + travel.y * unit.y
            let across = abs(travel.x * unit.y - travel.y * unit.x)
            if DistanceLimit.reaches(along, minimumDistance) && across < along / 2 {
                traceCause("travelled \(TraceFormat.number(along)) pt >= minimumDistance \(TraceFormat.number(minimumDistance)), sideways \(TraceFormat.number(across)) pt",
                           [.init("travelled", along), .init("minimumDistance", minimumDistance), .init("sideways", across)])
                state = .recognized
                return
            }
        }
        if DistanceLimit.reaches(length(travel), minimumDistance) {
            traceCause("travelled \(TraceFormat.number(length(travel))) pt in no allowed direction")
            failIfPossible()
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        // A lift away from the last move is travel too, as it is a tap's movement and a pan's
        // translation: the stroke is judged where the fingers lifted.
        judgeTravel()
        progress.fingersDown = max(0, progress.fingersDown - touches.count)
        guard requestedState == .possible else { return }
        traceCause("lifted before travelling minimumDistance \(TraceFormat.number(minimumDistance)) pt")
        failIfPossible()
    }

    open override func reset() {
        super.reset()
        progress.fingersDown = 0
        progress.start = nil
        progress.startTime = 0
    }
}
